"""A pinochle hand as the score sheet records it: reading it and checking every field.

The rules file's ``[pinochle]`` section says what a hand may hold (the bid
ladder, the trick points, single deck's "took a trick", a concession); each
problem is a ``HandError`` naming its field. Scoring is in ``pinochle``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from clubdesk.domain.games.hands import (
    HAND_SIDES,
    HandError,
    HandSide,
    require_int,
    require_per_side,
    require_side,
)
from clubdesk.domain.games.meld import max_side_meld
from clubdesk.domain.limits import bid_problem
from clubdesk.domain.rules import Rules
from clubdesk.domain.rules_games import Pinochle

T = TypeVar("T")

HAND_KEYS = (
    "bidder",
    "bid",
    "dropped",
    "marriage",
    "meld",
    "tricks",
    "renege",
    "all_tricks",
    "took_trick",
    "conceded",
    "bid_by",
    "renege_by",
)


@dataclass(frozen=True)
class PerSide(Generic[T]):
    """One value for each side."""

    A: T
    B: T

    def __getitem__(self, side: HandSide) -> T:
        return self.A if side == "A" else self.B


@dataclass(frozen=True)
class PinochleHand:
    """One deal as the score sheet records it (docs/cli.md, pinochle hands).

    ``tricks`` is None when the hand was not played; with a renege it holds
    the trick points taken so far. ``conceded`` is the side that opted not
    to play. ``took_trick`` is None when "took a trick" is read from the
    trick points (more than 0). ``bid_by`` / ``renege_by``: the entrant
    number of the player who bid / reneged, where the sheet names one
    (individual formats only).
    """

    bidder: HandSide
    bid: int
    dropped: bool = False
    marriage: bool = True
    meld: PerSide[int] = PerSide(0, 0)
    tricks: PerSide[int] | None = None
    renege: HandSide | None = None
    all_tricks: HandSide | None = None
    took_trick: PerSide[bool] | None = None
    conceded: HandSide | None = None
    bid_by: int | None = None
    renege_by: int | None = None

    @property
    def played(self) -> bool:
        return self.tricks is not None


def parse_hand(data: dict, rules: Rules) -> PinochleHand:
    """One hand as docs/cli.md writes it, checked against the format; HandError names the field.

    Absent keys: ``dropped`` false, ``marriage`` true (and always true where the format has
    no no-marriage rule, ``no_marriage = "off"``: the flag plays no part), ``meld`` 0 each,
    ``tricks`` not played, ``renege`` / ``all_tricks`` / ``took_trick`` null,
    ``conceded`` false, ``bid_by`` / ``renege_by`` null (nobody named). A
    dropped hand may leave out ``bid`` (it is the minimum bid). A key the
    contract does not name is an error (a typo).
    """
    pin = pinochle_rules(rules)
    if not isinstance(data, dict):
        raise HandError("hand", f"must be an object of the hand's fields, not {data!r}")
    for key in data:
        if key not in HAND_KEYS:
            raise HandError(str(key), "unknown key (a typo?)")
    dropped = _flag(data, "dropped", default=False)
    bidder = require_side(data, "bidder")
    assert bidder is not None
    hand = PinochleHand(
        bidder=bidder,
        bid=_bid(data, pin, dropped),
        dropped=dropped,
        marriage=_flag(data, "marriage", default=True) or pin.no_marriage == "off",
        meld=_per_side(data, "meld", max_side_meld(pin.meld)) or PerSide(0, 0),
        tricks=_per_side(data, "tricks", pin.trick_points),
        renege=require_side(data, "renege", allow_none=True),
        all_tricks=require_side(data, "all_tricks", allow_none=True),
        took_trick=_took_trick(data),
        conceded=_conceded(data, bidder),
        bid_by=_player(data, "bid_by", rules),
        renege_by=_player(data, "renege_by", rules),
    )
    _check(hand, pin)
    return _with_earned_all_tricks(hand, pin)


def _with_earned_all_tricks(hand: PinochleHand, pin: Pinochle) -> PinochleHand:
    """Where all the trick points alone earn the bonus, name the side that took them."""
    if pin.all_tricks_by != "trick-points" or not pin.all_tricks_bonus:
        return hand
    if hand.all_tricks or hand.renege or hand.tricks is None:
        return hand
    for side in HAND_SIDES:
        if hand.tricks[side] == pin.trick_points:
            return replace(hand, all_tricks=side)
    return hand


def ladder(rules: Rules, up_to: int) -> list[int]:
    """Every bid on the format's bid ladder from the minimum bid up to ``up_to``."""
    pin = pinochle_rules(rules)
    top = min(up_to, pin.max_bid) if pin.max_bid is not None else up_to
    return [bid for bid in range(pin.min_bid, top + 1) if _ladder_problem(bid, pin) is None]


def _flag(data: dict, key: str, *, default: bool) -> bool:
    value = data.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise HandError(key, f"must be true or false, not {value!r}")
    return value


def _per_side(data: dict, key: str, high: int) -> PerSide[int] | None:
    if data.get(key) is None:
        return None
    values = require_per_side(data, key, 0, high)
    return PerSide(values["A"], values["B"])


def _bid(data: dict, pin: Pinochle, dropped: bool) -> int:
    if dropped and data.get("bid") is None:
        return pin.min_bid
    bid = require_int(data, "bid")
    beyond = bid_problem(bid)
    if beyond:
        raise HandError("bid", beyond.removeprefix(" = "))
    if dropped and bid != pin.min_bid:
        raise HandError(
            "bid",
            f"a dropped bid is {pin.min_bid} (the minimum bid, forced on the dealer), not {bid}",
        )
    problem = _ladder_problem(bid, pin)
    if problem:
        raise HandError("bid", problem)
    return bid


def _ladder_problem(bid: int, pin: Pinochle) -> str | None:
    if bid < pin.min_bid:
        return f"{bid} is below the minimum bid of {pin.min_bid}"
    if pin.max_bid is not None and bid > pin.max_bid:
        return f"{bid} is above the highest bid of {pin.max_bid}"
    step = [s for s in pin.bid_ladder if s.start <= bid][-1]
    if (bid - step.start) % step.step:
        where = "from" if step.start == pin.min_bid else "above"
        return f"{bid} is not on the bid ladder ({where} {step.start} bids go by {step.step})"
    return None


def _took_trick(data: dict) -> PerSide[bool] | None:
    value = data.get("took_trick")
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or set(value) != set(HAND_SIDES)
        or not all(isinstance(v, bool) for v in value.values())
    ):
        raise HandError(
            "took_trick", f'must be {{"A": true/false, "B": true/false}}, not {value!r}'
        )
    return PerSide(value["A"], value["B"])


def _conceded(data: dict, bidder: HandSide) -> HandSide | None:
    value = data.get("conceded")
    if value is None or value is False:
        return None
    if value is True:
        return bidder
    if value in HAND_SIDES:
        return value
    raise HandError(
        "conceded",
        f'must be false, true (the bidding side conceded) or the side "A"/"B", not {value!r}',
    )


def _player(data: dict, key: str, rules: Rules) -> int | None:
    """An entrant number naming the player a fine is charged to, or None."""
    value = data.get(key)
    if value is None:
        return None
    if rules.unit != "individual":
        raise HandError(key, f"{rules.title} is a team event: a fine is the team's, name no player")
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise HandError(key, f"must be the player's entrant number, not {value!r}")
    return value


def _check(hand: PinochleHand, pin: Pinochle) -> None:
    """What no single field shows: the fields against each other and the format."""
    if hand.renege_by is not None and hand.renege is None:
        raise HandError(
            "renege_by", 'names who reneged, but the hand has no renege ("renege": null)'
        )
    if hand.conceded and not pin.concede_allowed:
        raise HandError("conceded", "this format does not let a side concede a hand")
    if hand.took_trick is not None and not pin.must_take_trick:
        raise HandError("took_trick", "this format has no rule about taking a trick")
    if hand.all_tricks and not pin.all_tricks_bonus:
        raise HandError("all_tricks", "this format has no bonus for taking all the tricks")

    not_played = _not_played_reason(hand, pin)
    if hand.conceded and not_played:
        raise HandError("conceded", f"there was no hand to concede: {not_played}")
    if hand.conceded:
        not_played = f"side {hand.conceded} conceded, so the hand was not played"
    if not_played:
        for key in ("tricks", "renege", "all_tricks", "took_trick"):
            if getattr(hand, key) is not None:
                raise HandError(key, not_played)
        return

    if hand.tricks is None and not hand.renege and not short_meld(hand, pin):
        raise HandError(
            "tricks",
            f"the hand was played, so each side's trick points are needed "
            f"(adding up to {pin.trick_points})",
        )
    if hand.tricks is not None:
        total = hand.tricks.A + hand.tricks.B
        if total > pin.trick_points or (total < pin.trick_points and not hand.renege):
            raise HandError(
                "tricks",
                f"{hand.tricks.A} + {hand.tricks.B} = {total}, "
                f"but a hand has {pin.trick_points} trick points",
            )
    _check_all_tricks(hand, pin)
    _check_took_trick(hand, pin)


def _not_played_reason(hand: PinochleHand, pin: Pinochle) -> str | None:
    if not hand.marriage:
        return "the bidder had no marriage, so the hand was not played"
    if unplayable(hand, pin):
        meld = counted_meld(hand.meld[hand.bidder], pin)
        return (
            f"the hand is not playable: bid {hand.bid} less meld {meld} leaves "
            f"{hand.bid - meld} to take, more than the {pin.trick_points} trick points"
        )
    return None


def _check_all_tricks(hand: PinochleHand, pin: Pinochle) -> None:
    side = hand.all_tricks
    if side is None:
        return
    if hand.renege:
        raise HandError("all_tricks", "a hand stopped by a renege has no all-tricks bonus")
    if hand.tricks is None:
        raise HandError("all_tricks", "the hand's tricks are needed to show that side took them")
    if hand.tricks[side] != pin.trick_points:
        raise HandError(
            "all_tricks",
            f"side {side} took {hand.tricks[side]} of the {pin.trick_points} trick points, "
            "not all of them",
        )


def _check_took_trick(hand: PinochleHand, pin: Pinochle) -> None:
    took = hand.took_trick
    if took is None:
        return
    if hand.tricks is None:
        raise HandError("took_trick", "the hand's tricks are needed to show who took one")
    for side in HAND_SIDES:
        if not took[side] and hand.tricks[side] > 0:
            raise HandError(
                f"took_trick.{side}",
                f"side {side} has {hand.tricks[side]} trick points, so it took a trick",
            )


def pinochle_rules(rules: Rules) -> Pinochle:
    if rules.pinochle is None:
        raise HandError("rules", f"{rules.id} is not a pinochle format")
    return rules.pinochle


def counted_meld(meld: int, pin: Pinochle) -> int:
    return meld if meld >= pin.meld_minimum else 0


def took_a_trick(hand: PinochleHand, side: HandSide) -> bool:
    if hand.took_trick is not None:
        return hand.took_trick[side]
    return hand.tricks is not None and hand.tricks[side] > 0


def short_meld(hand: PinochleHand, pin: Pinochle) -> bool:
    return pin.short_meld_loses_bid and hand.marriage and hand.meld[hand.bidder] < pin.meld_minimum


def unplayable(hand: PinochleHand, pin: Pinochle) -> bool:
    needed = hand.bid - counted_meld(hand.meld[hand.bidder], pin)
    return pin.unplayable_bid_is_set and hand.marriage and needed > pin.trick_points
