"""Bid whist: bids, hand scoring and a round of hands (docs/rules.md section 6).

A hand is written as docs/cli.md shows it::

    {"bidder": "B", "bid": 5, "kind": "no", "books": {"A": 4, "B": 9}, "infraction": null}

``books`` counts every book of the hand, the kitty included as the bidder's
book. With an ``infraction`` (a loss of hand) the hand may have stopped
early, so ``books`` may be partial or absent. Every number a club might
change comes from the rules file's ``[whist]`` and ``[game_end]`` sections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from clubdesk.domain.games.hands import (
    HAND_SIDES,
    GameResult,
    HandError,
    HandResult,
    HandSide,
    other,
    require_int,
    require_per_side,
    require_side,
)
from clubdesk.domain.rules import Rules
from clubdesk.domain.rules_games import Whist
from clubdesk.errors import UserError

Kind = Literal["cards", "special", "no"]

# At one number, CARDS (uptown) and SPECIAL (downtown) rank alike; NO outranks both.
KIND_RANK: dict[str, int] = {"cards": 0, "special": 0, "no": 1}


@dataclass(frozen=True)
class WhistHand:
    """One hand as recorded: the contract, the books taken and any loss of hand."""

    bidder: HandSide
    bid: int
    kind: Kind
    books: dict[HandSide, int] | None = field(default=None, hash=False)
    infraction: HandSide | None = None


def _whist_rules(rules: Rules) -> Whist:
    if rules.whist is None:
        raise UserError(f"rules: {rules.id} is not a bid whist format")
    return rules.whist


def bid_name(bid: int, kind: str) -> str:
    """A bid as players say it, e.g. ``5 NO``."""
    return f"{bid} {kind.upper()}"


def _require_kind(value: Any, kinds: Sequence[str]) -> Kind:
    kind = value.lower() if isinstance(value, str) else value
    if kind not in kinds:
        allowed = ", ".join(f'"{k}"' for k in kinds)
        raise HandError("kind", f"must be one of {allowed}, not {value!r}")
    return kind


def parse_hand(data: dict, rules: Rules) -> WhistHand:
    """Validate one hand; raise HandError naming the field that is wrong."""
    whist = _whist_rules(rules)
    if not isinstance(data, dict):
        raise HandError("hand", f"must be an object with bidder, bid, kind, books, not {data!r}")
    bidder = require_side(data, "bidder")
    bid = require_int(data, "bid", whist.min_bid, whist.max_bid)
    kind = _require_kind(data.get("kind"), whist.kinds)
    infraction = require_side(data, "infraction", allow_none=True)
    books: dict[HandSide, int] | None = None
    if infraction is None or data.get("books") is not None:
        books = require_per_side(data, "books", 0, whist.books)
        counted = books["A"] + books["B"]
        if infraction is None and counted != whist.books:
            raise HandError(
                "books",
                f"{books['A']} + {books['B']} = {counted}, but a hand has {whist.books} books "
                "(the kitty is the bidder's book)",
            )
        if counted > whist.books:
            raise HandError(
                "books", f"{books['A']} + {books['B']} = {counted}, more than {whist.books} books"
            )
        if infraction is None and books[bidder] == 0:
            raise HandError(
                f"books.{bidder}", "0, but the bidding side always has the kitty as a book"
            )
    return WhistHand(bidder, bid, kind, books, infraction)


def score_hand(hand: WhistHand | dict, rules: Rules) -> HandResult:
    """Points for one hand; exactly one side scores. Outcomes: "made", "set", "infraction".

    ``detail`` holds ``need`` (the books the bid needs), ``bidder``, ``bid``,
    ``kind``, ``set`` (the bidding side played the hand and fell short: what
    a fine per set counts) and, for a loss of hand, ``infraction`` (the side
    that lost it).
    """
    whist = _whist_rules(rules)
    if isinstance(hand, dict):
        hand = parse_hand(hand, rules)
    multiplier = whist.no_trump_multiplier if hand.kind == "no" else 1
    need = hand.bid + whist.book_base
    if hand.infraction is not None:
        side, points, outcome = other(hand.infraction), hand.bid * multiplier, "infraction"
    elif hand.books is not None and hand.books[hand.bidder] >= need:
        side, outcome = hand.bidder, "made"
        points = (hand.books[hand.bidder] - whist.book_base) * multiplier
    else:
        side, points, outcome = other(hand.bidder), hand.bid * multiplier, "set"
    detail: dict[str, Any] = {
        "need": need,
        "bidder": hand.bidder,
        "bid": hand.bid,
        "kind": hand.kind,
        "set": outcome == "set",
    }
    if hand.infraction is not None:
        detail["infraction"] = hand.infraction
    return HandResult(
        A=points if side == "A" else 0,
        B=points if side == "B" else 0,
        outcome=outcome,
        detail=detail,
    )


# --- bidding ------------------------------------------------------------------------------


def bid_rank(bid: int, kind: str) -> tuple[int, int]:
    """A bid's place on the ladder: higher ranks outrank lower ones."""
    if kind not in KIND_RANK:
        raise HandError("kind", f'must be one of "cards", "special", "no", not {kind!r}')
    return (bid, KIND_RANK[kind])


def outranks(new: tuple[int, str], old: tuple[int, str]) -> bool:
    """Whether bid ``new`` (number, kind) may follow bid ``old``."""
    return bid_rank(*new) > bid_rank(*old)


def improper_bid_correction(
    bid: int, kind: str, standing_bid: tuple[int, str], rules: Rules
) -> tuple[int, Kind]:
    """The bid a player must make after bidding ``bid kind`` over ``standing_bid``.

    A bid that outranks the standing bid stands as it is. An improper bid
    (the same as or lower than the standing bid) goes to the next higher
    number in the same kind: the lowest bid of that kind that outranks the
    standing bid. When there is none up to ``max_bid``, HandError.
    """
    whist = _whist_rules(rules)
    number = require_int({"bid": bid}, "bid", whist.min_bid, whist.max_bid)
    kind = _require_kind(kind, whist.kinds)
    standing = (standing_bid[0], _require_kind(standing_bid[1], whist.kinds))
    while not outranks((number, kind), standing):
        number += 1
        if number > whist.max_bid:
            raise HandError(
                "bid",
                f"{bid_name(bid, kind)} is improper over {bid_name(*standing)}, and there is "
                f"no higher {kind.upper()} bid (bids go up to {whist.max_bid})",
            )
    return (number, kind)


# --- a round ------------------------------------------------------------------------------


def score_game(hands: Sequence[dict], rules: Rules, *, final: bool = False) -> GameResult:
    """A round of ``game_end.max_hands`` hands, and a tiebreak hand on a tie.

    ``ended_by`` is "hands" once the regular hands are in, unless they end level and the
    format plays a tiebreak hand: then it is None until that hand (the game may go on:
    the fifth hand decides). ``extra["winner"]``
    is set once the round is decided: after the regular hands unless they
    end tied, else by the tiebreak hand, whose points are shown on the hand
    (``detail["tiebreak"]``) but not added to the totals. ``final`` changes
    nothing in bid whist.
    """
    whist = _whist_rules(rules)
    regular = rules.game_end.max_hands
    total = {"A": 0, "B": 0}
    results: list[HandResult] = []
    totals: list[dict[str, int]] = []
    winner: HandSide | None = None
    for number, data in enumerate(hands, start=1):
        tiebreak = bool(regular) and number > regular
        if tiebreak:
            _check_tiebreak_allowed(number, regular, total, whist)
        try:
            result = score_hand(parse_hand(data, rules), rules)
        except HandError as exc:
            raise exc.in_hand(number) from None
        if tiebreak:
            # exactly one side scores in any hand, so the tiebreak hand always decides
            winner = "A" if result.A > result.B else "B"
            result = replace(result, detail={**result.detail, "tiebreak": True})
        else:
            total = {side: total[side] + result.points(side) for side in HAND_SIDES}
            if number == regular and total["A"] != total["B"]:
                winner = "A" if total["A"] > total["B"] else "B"
        results.append(result)
        totals.append(dict(total))
    extra: dict[str, Any] = {"winner": winner} if winner is not None else {}
    found = GameResult(tuple(results), tuple(totals), dict(total), None, extra)
    if regular and len(results) >= regular and not tiebreak_hand_due(found, rules):
        found = replace(found, ended_by="hands")
    return found


def tiebreak_hand_due(result: GameResult, rules: Rules) -> bool:
    """Is a tiebreak hand to be played: the regular hands are in and level, and the format
    plays one."""
    regular = rules.game_end.max_hands
    return (
        _whist_rules(rules).tiebreak_hand
        and bool(regular)
        and len(result.hands) == regular
        and result.total["A"] == result.total["B"]
    )


def _check_tiebreak_allowed(number: int, regular: int, total: dict[str, int], whist: Whist) -> None:
    score = f"A {total['A']}, B {total['B']}"
    if number > regular + 1:
        raise HandError(
            "hands",
            f"the round was decided by its tiebreak hand (hand {regular + 1}); "
            "no hand can follow it",
        ).in_hand(number)
    if total["A"] != total["B"]:
        raise HandError(
            "hands",
            f"the round was over after {regular} hands ({score}); "
            "a tiebreak hand is played only on a tie",
        ).in_hand(number)
    if not whist.tiebreak_hand:
        raise HandError(
            "hands",
            f"the round was over after {regular} hands ({score}); "
            "this format plays no tiebreak hand",
        ).in_hand(number)
