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

Each game's own reading is here (``pinochle_asks``, ``gin_asks``; bid whist asks for
every field: ``asks_everything``); each game's sheet description holds its own
(``domain.games.sheets``, with ``asked`` and ``typed_hand``, which read it;
docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.games.hands import HAND_SIDES, other
from clubdesk.domain.games.pinochle_hand import counted_meld
from clubdesk.domain.rules import Rules

__all__ = [
    "OPTIONAL_NUMBERS",
    "OPTIONAL_PAIRS",
    "PAIRS",
    "Asked",
    "asks_everything",
    "gin_asks",
    "pinochle_asks",
]

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


def asks_everything(raw: Mapping[str, Any], rules: Rules) -> Asked:
    """A hand that asks for every field, whatever is typed (bid whist)."""
    return Asked()


def gin_asks(raw: Mapping[str, Any], rules: Rules) -> Asked:
    """A gin asks for no knock card, and the side that went gin has no deadwood (0)."""
    if raw.get("gin") is True:
        knocker = raw.get("knocker")
        zero = {f"deadwood.{knocker}"} if knocker in HAND_SIDES else set()
        return Asked(frozenset({"knock_card"}), frozenset(zero))
    return Asked()


def pinochle_asks(raw: Mapping[str, Any], rules: Rules) -> Asked:
    """A pinochle hand not played asks for no trick points, and of its meld only what counts
    (see the module's docstring)."""
    pin = rules.pinochle
    if pin is None:
        return Asked()
    bidder = raw.get("bidder")
    meld = raw.get("meld") if isinstance(raw.get("meld"), Mapping) else {}
    conceded = raw.get("conceded")
    if raw.get("marriage") is False and pin.no_marriage != "off":
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
