"""House gin rummy: hand scoring and Hollywood matches (docs/rules.md section 5).

A hand is written as docs/cli.md shows it::

    {"knocker": "A", "gin": false, "deadwood": {"A": 4, "B": 19}, "knock_card": 10}

``knocker`` null means the stock ran out. For a gin, ``knocker`` is the side
that went gin. Every number a club might change (columns, targets, box
points, the undercut multiplier, the highest knock card) comes from the
rules file's ``[gin]`` section.

A Hollywood match is three games ("columns") played at once. A player's
winning hand is written in every column the player has entered that is not
over, and also enters the first column, not over, the player has not entered
yet. A sudden-death match (to break a tie at the cut or in the final order)
is the same game in one column to ``sudden_death_target``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

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
from clubdesk.domain.rules_games import Gin
from clubdesk.errors import UserError

# The cards of one suit, ace low, faces 10 (A, 2-10, J, Q, K).
CARD_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
# Cards a player holds when a hand ends (a knock is declared before drawing;
# gin is declared after the discard; an exhausted stock leaves ten each).
HAND_SIZE = 10


def max_deadwood() -> int:
    """The most deadwood a ten-card hand can count: 98.

    The highest count belongs to a hand with no meld at all. Such a hand
    holds at most two cards of any rank (three would be a set), so at best
    two each of K, Q, J and 10 (8 x 10) and two 9s (2 x 9). Spread over the
    suits, e.g. 10S 10H JD JC QS QH KD KC 9D 9C, those cards form no run
    either, so 98 is reached.
    """
    two_of_each_rank = sorted(CARD_VALUES * 2, reverse=True)
    return sum(two_of_each_rank[:HAND_SIZE])


MAX_DEADWOOD = max_deadwood()


@dataclass(frozen=True)
class GinHand:
    """One hand as recorded: who knocked or went gin, and both deadwood counts."""

    knocker: HandSide | None
    gin: bool
    deadwood: dict[HandSide, int] = field(hash=False)
    knock_card: int | None = None


def _gin_rules(rules: Rules) -> Gin:
    if rules.gin is None:
        raise UserError(f"rules: {rules.id} is not a gin format")
    return rules.gin


def parse_hand(data: dict, rules: Rules) -> GinHand:
    """Validate one hand; raise HandError naming the field that is wrong."""
    gin_rules = _gin_rules(rules)
    if not isinstance(data, dict):
        raise HandError("hand", f"must be an object with knocker, gin, deadwood, not {data!r}")
    knocker = require_side(data, "knocker", allow_none=True)
    went_gin = data.get("gin", False)
    if went_gin is None:
        went_gin = False
    if not isinstance(went_gin, bool):
        raise HandError("gin", f"must be true or false, not {went_gin!r}")
    deadwood = require_per_side(data, "deadwood", 0, MAX_DEADWOOD)
    knock_card = None
    if data.get("knock_card") is not None or (knocker is not None and not went_gin):
        knock_card = require_int(data, "knock_card", 1, gin_rules.knock_limit)
    if went_gin:
        if knocker is None:
            raise HandError("knocker", "a gin needs the side that went gin, not null")
        if deadwood[knocker] != 0:
            raise HandError(
                f"deadwood.{knocker}",
                f"{deadwood[knocker]}, but a gin leaves no deadwood (must be 0)",
            )
    elif knocker is not None and knock_card is not None and deadwood[knocker] >= knock_card:
        raise HandError(
            f"deadwood.{knocker}",
            f"{deadwood[knocker]} is not below the knock card ({knock_card})",
        )
    return GinHand(knocker, went_gin, deadwood, knock_card)


def _won(side: HandSide, points: int, outcome: str) -> HandResult:
    return HandResult(
        A=points if side == "A" else 0,
        B=points if side == "B" else 0,
        outcome=outcome,
        detail={"winner": side},
    )


def score_hand(hand: GinHand | dict, rules: Rules) -> HandResult:
    """Points for one hand; ``detail["winner"]`` is the side that won it, or None.

    Outcomes: "knock", "undercut", "replay" (equal deadwood on a knock),
    "gin", "exhausted" and "exhausted-even".
    """
    gin_rules = _gin_rules(rules)
    if isinstance(hand, dict):
        hand = parse_hand(hand, rules)
    deadwood = hand.deadwood
    if hand.knocker is None:
        if deadwood["A"] == deadwood["B"]:
            return HandResult(0, 0, "exhausted-even", {"winner": None})
        lower: HandSide = "A" if deadwood["A"] < deadwood["B"] else "B"
        return _won(lower, abs(deadwood["A"] - deadwood["B"]), "exhausted")
    knocker, defender = hand.knocker, other(hand.knocker)
    if hand.gin:
        return _won(knocker, deadwood[defender], "gin")
    difference = deadwood[defender] - deadwood[knocker]
    if difference > 0:
        return _won(knocker, difference, "knock")
    if difference < 0:
        return _won(defender, gin_rules.undercut_multiplier * -difference, "undercut")
    return HandResult(0, 0, "replay", {"winner": None})


@dataclass(frozen=True)
class _Match:
    """The scored hands of a match and its columns, as the hands left them."""

    hands: tuple[HandResult, ...]
    totals: tuple[dict[str, int], ...]
    games: tuple[dict[str, int], ...]
    boxes: dict[str, int]
    over: tuple[bool, ...]
    target: int


def _match_score(
    games: Sequence[dict[str, int]], boxes: dict[str, int], box_points: int
) -> dict[str, int]:
    return {
        side: sum(game[side] for game in games) + box_points * boxes[side] for side in HAND_SIDES
    }


def _play(hands: Sequence[Any], rules: Rules, columns: int, target: int) -> _Match:
    box_points = _gin_rules(rules).box_points
    games: list[dict[str, int]] = [{"A": 0, "B": 0} for _ in range(columns)]
    entered: dict[HandSide, set[int]] = {"A": set(), "B": set()}
    over = [False] * columns
    boxes = {"A": 0, "B": 0}
    results: list[HandResult] = []
    totals: list[dict[str, int]] = []
    ended_with: int | None = None
    for number, data in enumerate(hands, start=1):
        if ended_with is not None:
            raise HandError(
                "hands", f"the match was over after hand {ended_with}; no hand can follow it"
            ).in_hand(number)
        try:
            result = score_hand(parse_hand(data, rules), rules)
        except HandError as exc:
            raise exc.in_hand(number) from None
        winner: HandSide | None = result.detail["winner"]
        written: list[int] = []
        if winner is not None:
            written = [c for c in range(columns) if c in entered[winner] and not over[c]]
            fresh = next(
                (c for c in range(columns) if c not in entered[winner] and not over[c]), None
            )
            if fresh is not None:
                entered[winner].add(fresh)
                written = sorted([*written, fresh])
            points = result.points(winner)
            for column in written:
                games[column][winner] += points
                if games[column][winner] >= target:
                    over[column] = True
        hand_boxes = len(written) if result.outcome == "gin" else 0
        if winner is not None:
            boxes[winner] += hand_boxes
        detail = {**result.detail, "columns": [c + 1 for c in written], "boxes": hand_boxes}
        results.append(replace(result, detail=detail))
        totals.append(_match_score(games, boxes, box_points))
        if all(over):
            ended_with = number
    return _Match(
        hands=tuple(results),
        totals=tuple(totals),
        games=tuple(dict(game) for game in games),
        boxes=dict(boxes),
        over=tuple(over),
        target=target,
    )


def match_score(
    games: Sequence[dict[str, int]], boxes: dict[str, int], rules: Rules
) -> dict[str, int]:
    """A player's match score: the sum of the game columns + box points x boxes."""
    return _match_score(games, boxes, _gin_rules(rules).box_points)


def score_game(hands: Sequence[dict], rules: Rules, *, final: bool = False) -> GameResult:
    """A Hollywood match; ``final`` plays every column to ``final_target``.

    ``total`` is the match score; ``extra`` holds ``games`` (one ``{"A", "B"}``
    per column) and ``boxes``. Each hand's detail lists the ``columns``
    (1-based) it was written in and the ``boxes`` it earned.
    """
    gin_rules = _gin_rules(rules)
    target = gin_rules.final_target if final else gin_rules.target
    match = _play(hands, rules, gin_rules.columns, target)
    return GameResult(
        hands=match.hands,
        totals=match.totals,
        total=_match_score(match.games, match.boxes, gin_rules.box_points),
        ended_by="limit" if all(match.over) else None,
        extra={"games": [dict(game) for game in match.games], "boxes": dict(match.boxes)},
    )


def hollywood(result: GameResult | None) -> dict[str, Any] | None:
    """A match's Hollywood columns and boxes as its hands left them, as the paper sheet has
    them: ``games`` (one ``{"A", "B"}`` per column) and ``boxes`` (``{"A", "B"}``); None for
    no hands yet, or a game of another kind."""
    if result is None or "games" not in result.extra:
        return None
    boxes = result.extra.get("boxes", {})
    return {
        "games": [{side: game[side] for side in HAND_SIDES} for game in result.extra["games"]],
        "boxes": {side: boxes.get(side, 0) for side in HAND_SIDES},
    }


def score_sudden_death(hands: Sequence[dict], rules: Rules) -> GameResult:
    """A sudden-death match: one column to ``sudden_death_target``.

    The first player whose column total reaches the target wins; ``extra``
    holds ``winner`` once that has happened (boxes are counted in ``total``
    as in any match, but do not decide the winner). The match's score is
    not added to a player's standing; see ``sudden_death_bonus``.
    """
    gin_rules = _gin_rules(rules)
    match = _play(hands, rules, 1, gin_rules.sudden_death_target)
    column = match.games[0]
    extra: dict[str, Any] = {"games": [dict(column)], "boxes": dict(match.boxes)}
    if match.over[0]:
        extra["winner"] = "A" if column["A"] >= match.target else "B"
    return GameResult(
        hands=match.hands,
        totals=match.totals,
        total=_match_score(match.games, match.boxes, gin_rules.box_points),
        ended_by="limit" if match.over[0] else None,
        extra=extra,
    )


def sudden_death_bonus(winner: HandSide, rules: Rules) -> dict[str, int]:
    """What a sudden-death match adds to each player's combined score."""
    bonus = _gin_rules(rules).sudden_death_bonus
    return {side: bonus if side == winner else 0 for side in HAND_SIDES}
