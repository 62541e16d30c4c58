"""What a score sheet's hand asks for, read from what is typed in it so far.

A hand row has a field for every value a hand of the format may hold (docs/cli.md,
"Hands"), but not every hand uses every field, and some fields follow from others.
The window asks only for what the hand uses, and reads a blank the way the rules do:

- A pinochle hand that is not played (no marriage; a side conceded; a bid the bidding
  side cannot reach even with every trick point, where that is a set) has no trick
  points, renege, all tricks or "took a trick". Of its meld only what counts is asked:
  none where no marriage gives the bid to the opponents and "neither side counts
  anything for meld" (seed 000); the opponents' where the bidder is set and "the other
  side scores its meld" (docs/rules.md §3); the side that did not concede. A meld left
  blank there is 0: no zero to type for a side with nothing to show.
- A gin asks for no knock card, and the side that went gin has no deadwood (0).
- Pairs that always add up to the same number (pinochle's trick points, 50 double deck
  and 25 single deck; bid whist's 13 books): one side's number gives the other as the
  rest (``rest``), which a renege or a short hand may still change.

``typed_hand`` turns a row as typed (every field, None where blank) into the hand the
engine scores: fields not asked left out, blanks that mean 0 made 0, a pair left blank
on both sides left out (a hand not played out), a blank knock card left out. Everything
else stays as typed, so the engine names what is missing or wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.games.hands import HAND_SIDES, other
from clubdesk.domain.games.pinochle_hand import counted_meld
from clubdesk.domain.rules import Rules

__all__ = ["Asked", "asked", "fixed_pair", "rest", "typed_hand"]

# pairs the engine reads as "not there" when both halves are blank (a hand not played out;
# bid whist's hand lost to an infraction)
OPTIONAL_PAIRS = ("tricks", "books")
# numbers the engine reads as absent when blank (gin's knock card on a gin)
OPTIONAL_NUMBERS = ("knock_card",)
# the fields that hold a number for each side
PAIRS = ("meld", "tricks", "books", "deadwood")
# what a pinochle hand not played has no use for
_PLAYED_ONLY = ("tricks.A", "tricks.B", "renege", "renege_by", "all_tricks", "took_trick")


@dataclass(frozen=True)
class Asked:
    """What a hand, as typed so far, asks for: ``skipped`` the fields (``"meld.A"``,
    ``"renege"``) it has no use for, ``zero`` the numbers a blank means 0 in."""

    skipped: frozenset[str] = frozenset()
    zero: frozenset[str] = frozenset()


def fixed_pair(rules: Rules) -> tuple[str, int] | None:
    """The pair of numbers every hand of the format adds up to the same total, and that
    total: ``("tricks", 50)``, ``("books", 13)``; None for gin."""
    if rules.pinochle is not None:
        return "tricks", rules.pinochle.trick_points
    if rules.whist is not None:
        return "books", rules.whist.books
    return None


def rest(rules: Rules, key: str, value: int) -> int | None:
    """The other half of a fixed pair when ``key`` (``"tricks.A"``) holds ``value``: the
    rest of the total; None where ``key`` is no such half or ``value`` is beyond it."""
    pair = fixed_pair(rules)
    outer, _, side = key.partition(".")
    if pair is None or outer != pair[0] or side not in HAND_SIDES:
        return None
    return pair[1] - value if 0 <= value <= pair[1] else None


def asked(raw: Mapping[str, Any], rules: Rules) -> Asked:
    """What the hand ``raw`` (a row as typed: each field, None where blank) asks for."""
    if rules.pinochle is not None:
        return _pinochle(raw, rules)
    if rules.gin is not None and raw.get("gin") is True:
        knocker = raw.get("knocker")
        zero = {f"deadwood.{knocker}"} if knocker in HAND_SIDES else set()
        return Asked(frozenset({"knock_card"}), frozenset(zero))
    return Asked()


def _pinochle(raw: Mapping[str, Any], rules: Rules) -> Asked:
    pin = rules.pinochle
    assert pin is not None
    bidder = raw.get("bidder")
    meld = raw.get("meld") if isinstance(raw.get("meld"), Mapping) else {}
    conceded = raw.get("conceded")
    if raw.get("marriage") is False:
        if pin.no_marriage == "bid-to-opponents" or bidder not in HAND_SIDES:
            counts: tuple[str, ...] = ()  # "Neither side counts anything for meld"
        else:
            counts = (other(bidder),)  # the bidder is set; the other side scores its meld
    elif conceded in HAND_SIDES:
        counts = (other(conceded),)
    elif _unplayable(raw, rules, bidder, meld):
        counts = HAND_SIDES
    else:
        return Asked()
    skipped = {*_PLAYED_ONLY, *(f"meld.{s}" for s in HAND_SIDES if s not in counts)}
    return Asked(frozenset(skipped), frozenset(f"meld.{s}" for s in counts))


def _unplayable(raw: Mapping[str, Any], rules: Rules, bidder: Any, meld: Mapping) -> bool:
    """A bid the bidding side cannot make even with every trick point, where that is a set
    (the engine's ``pinochle_hand.unplayable``, on the numbers typed so far)."""
    pin = rules.pinochle
    assert pin is not None
    bid, own = raw.get("bid"), meld.get(bidder) if bidder in HAND_SIDES else None
    if not pin.unplayable_bid_is_set or not isinstance(bid, int) or not isinstance(own, int):
        return False
    return bid - counted_meld(own, pin) > pin.trick_points


def typed_hand(raw: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand the engine scores from a row as typed (see the module's docstring)."""
    found = asked(raw, rules)
    hand: dict[str, Any] = {}
    for key, value in raw.items():
        if key in PAIRS and isinstance(value, Mapping):
            halves = {
                side: _number(f"{key}.{side}", value.get(side), found)
                for side in HAND_SIDES
                if f"{key}.{side}" not in found.skipped or f"{key}.{other(side)}" in found.zero
            }
            if not halves:
                continue
            if key in OPTIONAL_PAIRS and all(v is None for v in halves.values()):
                continue
            hand[key] = {side: halves.get(side, 0) for side in HAND_SIDES}
        elif key in found.skipped or (key in OPTIONAL_NUMBERS and value is None):
            continue
        else:
            hand[key] = value
    return hand


def _number(key: str, value: Any, found: Asked) -> Any:
    if key in found.skipped:
        return 0  # the half of a pair whose other half counts (a side's meld not counted)
    return 0 if value is None and key in found.zero else value
