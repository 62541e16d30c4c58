"""Pinochle hands and games (RULES.md §1-§4), one implementation for every format.

The rules file's ``[pinochle]`` switches choose the reading: Grand Prix
(progressive: sets give the bid to the other side, Boston bonus on top),
NPA club (sets subtract, unplayable bids, "pinochle" for all 50 trick
points) and Sun City West (single deck, one-trick rule, dropped bid free,
concede). No number of the rules is written here.

A hand is scored by the first of these that applies:

1. ``conceded``: the conceding side scores 0, the other side all trick
   points plus its meld (RULES.md §4).
2. No marriage: the hand is not played. ``no_marriage = "bid-to-opponents"``:
   the other side scores the bid, nobody scores meld (§1 rule 1);
   ``"bidder-set"``: the bidder is set and the other side scores its meld (§3).
3. Short meld (``short_meld_loses_bid``): the bidding side's meld is under
   ``meld_minimum``; the bid is lost unplayed and the other side scores its
   meld, and its tricks (at least ``tricks_minimum``) if the cards were
   played anyway (§1 rule 2).
4. Unplayable (``unplayable_bid_is_set``): the bid less the bidding side's
   meld is more than the hand's trick points; the bidder is set and the
   other side scores its meld (§3).
5. Renege: as ``renege`` says (§1 rule 5, §3, §4); the other side's meld
   counts whether or not it had taken a trick when the hand stopped.
6. Played: the bidding side makes its bid with at least ``tricks_minimum``
   trick points and meld + trick points >= bid, and then scores both; else
   it is set (§1 rules 3-4). A side under ``tricks_minimum`` scores nothing
   of its own; with ``must_take_trick`` a side that took no trick loses its
   meld (§4). A dropped bid with ``dropped_bid_free`` is never set (§4).

Everywhere, a side's meld counts only when it is at least ``meld_minimum``.
"Set" means ``set_scoring``: the bid goes to the other side, or is
subtracted from the bidding side. The all-tricks bonus goes to the side the
hand names in ``all_tricks``: on top of what it scores (Grand Prix Boston),
or in place of its trick points (NPA "pinochle": bonus + meld).

In individual formats (partners change every round) a hand may also name
the players a fine is charged to (RULES.md §3, fines): ``bid_by`` the
entrant number of the player who bid, ``renege_by`` the one who reneged.
Both are optional and do not change the score. A hand checks only that they
are entrant numbers (and ``renege_by`` that there was a renege); whether
that player sat on the bidding / reneging side is for whoever knows the
seating (``fines.check_players``). Team formats refuse them: there the fine
is the team's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from clubdesk.domain.games.hands import (
    HAND_SIDES,
    EndedBy,
    GameResult,
    HandError,
    HandResult,
    HandSide,
    other,
    require_int,
    require_per_side,
    require_side,
)
from clubdesk.domain.games.meld import max_side_meld
from clubdesk.domain.rules import Pinochle, Rules

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
    """One deal as the score sheet records it (INTERFACE.md, pinochle hands).

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


# --- reading a hand ---------------------------------------------------------------------


def parse_hand(data: dict, rules: Rules) -> PinochleHand:
    """One hand as INTERFACE.md writes it, checked against the format; HandError names the field.

    Absent keys: ``dropped`` false, ``marriage`` true, ``meld`` 0 each,
    ``tricks`` not played, ``renege`` / ``all_tricks`` / ``took_trick`` null,
    ``conceded`` false, ``bid_by`` / ``renege_by`` null (nobody named). A
    dropped hand may leave out ``bid`` (it is the minimum bid). A key the
    contract does not name is an error (a typo).
    """
    pin = _pinochle(rules)
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
        marriage=_flag(data, "marriage", default=True),
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
    pin = _pinochle(rules)
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

    if hand.renege and _short_meld(hand, pin):
        raise HandError(
            "renege",
            f"the bid was lost on meld before the play (side {hand.bidder} melded "
            f"{hand.meld[hand.bidder]}, under {pin.meld_minimum}); a renege does not change it",
        )
    if hand.tricks is None and not hand.renege and not _short_meld(hand, pin):
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
    if _unplayable(hand, pin):
        meld = _counted(hand.meld[hand.bidder], pin)
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


# --- scoring ------------------------------------------------------------------------------


def score_hand(hand: PinochleHand, rules: Rules) -> HandResult:
    """The points each side gains from one hand (negative where a set subtracts).

    ``detail`` holds ``bidder``, ``bid``, ``set`` (the bidding side lost its
    bid: what a fine per set counts), ``made`` for a hand played out, and
    ``dropped``, ``renege``, ``conceded``, ``all_tricks`` (the side paid the
    bonus), ``bid_by``, ``renege_by`` (the players named) where they apply.
    """
    return _Scoring(hand, _pinochle(rules)).result()


class _Scoring:
    """One hand being scored: the points so far and the facts the result reports."""

    def __init__(self, hand: PinochleHand, pin: Pinochle):
        self.hand = hand
        self.pin = pin
        self.bidder: HandSide = hand.bidder
        self.opponents: HandSide = other(hand.bidder)
        self.points: dict[HandSide, int] = {"A": 0, "B": 0}
        self.free = hand.dropped and pin.dropped_bid_free
        self.lost_bid = False
        self.bonus_to: HandSide | None = None
        self.detail: dict[str, Any] = {"bidder": hand.bidder, "bid": hand.bid}
        if hand.dropped:
            self.detail["dropped"] = True
        if hand.bid_by is not None:
            self.detail["bid_by"] = hand.bid_by
        if hand.renege_by is not None:
            self.detail["renege_by"] = hand.renege_by

    def result(self) -> HandResult:
        outcome = self._score()
        if self.bonus_to is not None:
            self.detail["all_tricks"] = self.bonus_to
        self.detail["set"] = self.lost_bid
        return HandResult(self.points["A"], self.points["B"], outcome, self.detail)

    def _score(self) -> str:
        hand, pin = self.hand, self.pin
        if hand.conceded:
            self._conceded(hand.conceded)
            return "conceded"
        if not hand.marriage:
            self._no_marriage()
            return "no-marriage"
        if _short_meld(hand, pin):
            self._short_meld()
            return "short-meld"
        if _unplayable(hand, pin):
            self._set()
            self.points[self.opponents] += self._meld(self.opponents)
            return "unplayable"
        if hand.renege:
            self._renege(hand.renege)
            return "renege"
        return self._played()

    # the cases, in the order above

    def _conceded(self, side: HandSide) -> None:
        self.detail["conceded"] = side
        winner = other(side)
        self.points[winner] += self.pin.trick_points + self._meld(winner)

    def _no_marriage(self) -> None:
        if self.pin.no_marriage == "bid-to-opponents":
            if not self.free:
                self.points[self.opponents] += self.hand.bid
                self.lost_bid = True
        else:
            self._set()
            self.points[self.opponents] += self._meld(self.opponents)

    def _short_meld(self) -> None:
        self._set()
        self.points[self.opponents] += self._meld(self.opponents)
        if self.hand.tricks is not None:
            self.points[self.opponents] += self._tricks(self.opponents) or 0
            self._bonus_on_top()

    def _renege(self, offender: HandSide) -> None:
        """The hand stops; the other side scores as ``renege`` says.

        The other side's meld (at least ``meld_minimum``) counts whether or
        not it had taken a trick before the hand was stopped: the one-trick
        rule judges a hand played out, and under "tricks-to-other-side" the
        other side is credited with every trick point (RULES.md §4).
        """
        hand, pin = self.hand, self.pin
        self.detail["renege"] = offender
        winner = other(offender)
        so_far = hand.tricks[winner] if hand.tricks is not None else 0
        meld = _counted(hand.meld[winner], pin)
        if pin.renege == "bid-to-other-side":
            took = so_far if so_far >= pin.tricks_minimum else 0
            self.points[winner] += hand.bid + meld + took
            self.lost_bid = offender == self.bidder
        elif pin.renege == "set-offender":
            if offender == self.bidder:
                self._set()
            self.points[winner] += meld + so_far
        else:  # "tricks-to-other-side": nobody is set
            self.points[winner] += pin.trick_points + meld

    def _played(self) -> str:
        hand, pin = self.hand, self.pin
        assert hand.tricks is not None
        bidder, opponents = self.bidder, self.opponents
        made = (
            hand.tricks[bidder] >= pin.tricks_minimum
            and self._meld(bidder) + hand.tricks[bidder] >= hand.bid
        )
        self.detail["made"] = made
        if made or self.free:
            self.points[bidder] += self._own(bidder)
        else:
            self._set()
        self.points[opponents] += self._own(opponents)
        self._bonus_on_top()
        if self.bonus_to is not None:
            return "all-tricks"
        if made:
            return "made"
        return "dropped-free" if self.free else "set"

    # the pieces

    def _meld(self, side: HandSide) -> int:
        """The side's meld as it scores: at least the minimum, and kept by taking a trick."""
        hand, pin = self.hand, self.pin
        if pin.must_take_trick and hand.tricks is not None and not _took_a_trick(hand, side):
            return 0
        return _counted(hand.meld[side], pin)

    def _tricks(self, side: HandSide) -> int | None:
        """The side's trick points as they score, or None under the tricks minimum."""
        hand, pin = self.hand, self.pin
        assert hand.tricks is not None
        if hand.tricks[side] < pin.tricks_minimum:
            return None
        if hand.all_tricks == side and pin.all_tricks_scoring == "replaces-tricks":
            self.bonus_to = side
            return pin.all_tricks_bonus
        return hand.tricks[side]

    def _own(self, side: HandSide) -> int:
        """What a side scores of its own in a hand played out: meld + tricks, or nothing."""
        tricks = self._tricks(side)
        return 0 if tricks is None else self._meld(side) + tricks

    def _set(self) -> None:
        """The bidding side loses its bid, as the format's set scoring says (unless free)."""
        if self.free:
            return
        self.lost_bid = True
        if self.pin.set_scoring == "subtract-bid":
            self.points[self.bidder] -= self.hand.bid
        else:
            self.points[self.opponents] += self.hand.bid

    def _bonus_on_top(self) -> None:
        side = self.hand.all_tricks
        if side is not None and self.pin.all_tricks_scoring == "bonus-on-top":
            self.points[side] += self.pin.all_tricks_bonus
            self.bonus_to = side


def _pinochle(rules: Rules) -> Pinochle:
    if rules.pinochle is None:
        raise HandError("rules", f"{rules.id} is not a pinochle format")
    return rules.pinochle


def _counted(meld: int, pin: Pinochle) -> int:
    return meld if meld >= pin.meld_minimum else 0


def _took_a_trick(hand: PinochleHand, side: HandSide) -> bool:
    if hand.took_trick is not None:
        return hand.took_trick[side]
    return hand.tricks is not None and hand.tricks[side] > 0


def _short_meld(hand: PinochleHand, pin: Pinochle) -> bool:
    return pin.short_meld_loses_bid and hand.marriage and hand.meld[hand.bidder] < pin.meld_minimum


def _unplayable(hand: PinochleHand, pin: Pinochle) -> bool:
    needed = hand.bid - _counted(hand.meld[hand.bidder], pin)
    return pin.unplayable_bid_is_set and hand.marriage and needed > pin.trick_points


# --- a game -------------------------------------------------------------------------------


def score_game(hands: Sequence[dict], rules: Rules, *, final: bool = False) -> GameResult:
    """A table's game hand by hand, with running totals and how it ended.

    The game ends when a side's total reaches ``game_end.point_limit``
    ("limit"; 0 = no limit) or after ``game_end.max_hands`` hands ("hands";
    0 = no limit); a hand listed after that is an error. ``final`` is
    accepted for the common signature: pinochle has no final-round target.
    """
    _pinochle(rules)
    if isinstance(hands, str | bytes | dict) or not isinstance(hands, Sequence):
        raise HandError("hands", f"must be a list of hands, not {hands!r}")
    limit, most = rules.game_end.point_limit, rules.game_end.max_hands
    total: dict[str, int] = {"A": 0, "B": 0}
    results: list[HandResult] = []
    totals: list[dict[str, int]] = []
    ended_by: EndedBy = None
    why = ""
    for number, data in enumerate(hands, start=1):
        if ended_by is not None:
            raise HandError("hands", f"hand {number} comes after the game ended ({why})")
        try:
            result = score_hand(parse_hand(data, rules), rules)
        except HandError as error:
            raise error.in_hand(number) from None
        total = {"A": total["A"] + result.A, "B": total["B"] + result.B}
        results.append(result)
        totals.append(total)
        if limit and max(total.values()) >= limit:
            ended_by, why = "limit", f"a side reached {limit} in hand {number}"
        elif most and number >= most:
            ended_by, why = "hands", f"all {most} hands were played"
    return GameResult(
        hands=tuple(results),
        totals=tuple(totals),
        total=total,
        ended_by=ended_by,
    )
