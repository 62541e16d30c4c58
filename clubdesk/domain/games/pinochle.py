"""Pinochle hands and games (docs/rules.md §1-§4), one implementation for every format.

The rules file's ``[pinochle]`` switches choose the reading: Grand Prix
(progressive: sets give the bid to the other side, Boston bonus on top),
NPA club (sets subtract, unplayable bids, "pinochle" for all 50 trick
points) and Sun City West (single deck, one-trick rule, dropped bid free,
concede). No number of the rules is written here.

A hand is scored by the first of these that applies:

1. ``conceded``: the conceding side scores 0, the other side all trick
   points plus its meld (docs/rules.md §4).
2. No marriage: the hand is not played. ``no_marriage = "bid-to-opponents"``:
   the other side scores the bid, nobody scores meld (§1 rule 1);
   ``"bidder-set"``: the bidder is set and the other side scores its meld (§3);
   ``"off"``: the format has no such rule (Sun City West), a hand's marriage flag
   plays no part and the hand is scored as played.
3. Short meld (``short_meld_loses_bid``) with no renege: the bidding side's
   meld is under ``meld_minimum``; the bid is lost unplayed and the other
   side scores its meld, and its tricks (at least ``tricks_minimum``) if the
   cards were played anyway (§1 rule 2).
4. Unplayable (``unplayable_bid_is_set``): the bid less the bidding side's
   meld is more than the hand's trick points; the bidder is set and the
   other side scores its meld (§3).
5. Renege: as ``renege`` says (§1 rule 5, §3, §4); the other side's meld
   counts whether or not it had taken a trick when the hand stopped.

   A renege upheld on a hand played after the bidder fell short of meld
   (rule 2's "cards played anyway") is scored by rule 5 as written, for
   rule 5 names no exception: the hand stops, the reneging side scores 0
   and the other side scores the bid + its meld (if at least
   ``meld_minimum``) + its trick points so far (if at least
   ``tricks_minimum``). When the bidding side reneged, that is what rule 2
   gives the other side, counted on the tricks so far. When the other side
   reneged, it loses what rule 2 would have given it, and the bidding side
   scores the bid as the penalty (its own meld, under the minimum, counts
   nothing); the bid counts as not lost (``set`` false).
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
the players a fine is charged to (docs/rules.md §3, fines): ``bid_by`` the
entrant number of the player who bid, ``renege_by`` the one who reneged.
Both are optional and do not change the score. A hand checks only that they
are entrant numbers (and ``renege_by`` that there was a renege); whether
that player sat on the bidding / reneging side is for whoever knows the
seating (``fines.check_players``). Team formats refuse them: there the fine
is the team's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from clubdesk.domain.games.hands import (
    EndedBy,
    GameResult,
    HandError,
    HandResult,
    HandSide,
    other,
)
from clubdesk.domain.games.pinochle_hand import (
    PinochleHand,
    counted_meld,
    parse_hand,
    pinochle_rules,
    short_meld,
    took_a_trick,
    unplayable,
)
from clubdesk.domain.rules import Rules
from clubdesk.domain.rules_games import Pinochle

# --- scoring ------------------------------------------------------------------------------


def score_hand(hand: PinochleHand, rules: Rules) -> HandResult:
    """The points each side gains from one hand (negative where a set subtracts).

    ``detail`` holds ``bidder``, ``bid``, ``set`` (the bidding side lost its
    bid: what a fine per set counts), ``made`` for a hand played out, and
    ``dropped``, ``renege``, ``conceded``, ``all_tricks`` (the side paid the
    bonus), ``bid_by``, ``renege_by`` (the players named) where they apply.
    """
    return _Scoring(hand, pinochle_rules(rules)).result()


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
        if short_meld(hand, pin) and not hand.renege:
            self._short_meld()
            return "short-meld"
        if unplayable(hand, pin):
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
        other side is credited with every trick point (docs/rules.md §4).
        """
        hand, pin = self.hand, self.pin
        self.detail["renege"] = offender
        winner = other(offender)
        so_far = hand.tricks[winner] if hand.tricks is not None else 0
        meld = counted_meld(hand.meld[winner], pin)
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
        if pin.must_take_trick and hand.tricks is not None and not took_a_trick(hand, side):
            return 0
        return counted_meld(hand.meld[side], pin)

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


# --- a game -------------------------------------------------------------------------------


def score_game(
    hands: Sequence[dict],
    rules: Rules,
    *,
    final: bool = False,
    start: Mapping[str, int] | None = None,
) -> GameResult:
    """A table's game hand by hand, with running totals and how it ended.

    The game ends when a side's total reaches ``game_end.point_limit``
    ("limit"; 0 = no limit) or after ``game_end.max_hands`` hands ("hands";
    0 = no limit); a hand listed after that is an error. ``start`` is what
    each side ("A", "B") has before the first hand (points the sheet's
    adjustment lines give, such as 100 to the opponents of a late team): it is
    part of every running total, so it counts towards the point limit too.
    ``final`` is accepted for the common signature: pinochle has no final-round
    target.
    """
    pinochle_rules(rules)
    if isinstance(hands, str | bytes | dict) or not isinstance(hands, Sequence):
        raise HandError("hands", f"must be a list of hands, not {hands!r}")
    limit, most = rules.game_end.point_limit, rules.game_end.max_hands
    total: dict[str, int] = {"A": 0, "B": 0}
    if start is not None:
        total = {"A": start.get("A", 0), "B": start.get("B", 0)}
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
            ended_by, why = "hands", f"all {most} {rules.game_end.hand_word}s were played"
    return GameResult(
        hands=tuple(results),
        totals=tuple(totals),
        total=total,
        ended_by=ended_by,
    )
