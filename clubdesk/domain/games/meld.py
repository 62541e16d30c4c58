"""Meld: what one player's cards are worth before the play (docs/rules.md §1, §3, §4).

The score sheet offers this calculator when a table disputes a meld. It
counts one player's cards against a format's meld table:

- Type I, runs and marriages: a run is A T K Q J of trump; a royal marriage
  is K Q of trump; a marriage is K Q of another suit. A run's king and queen
  are not also a royal marriage: only a king and queen left over are.
- Type II, pinochles: the jack of diamonds with the queen of spades.
- Type III, arounds: one ace (king, queen, jack) of each suit.
- The round-house (where the table has one): king and queen in all four
  suits. It is not worth more than the marriages and the kings and queens
  around it is made of (8 + 6 + 2 + 2 + 2 + 4 = 24 in a single deck, and the
  double 80 + 60 + 12 + 8 = 160), so it takes their place rather than adding
  to them; it is named when the hand holds one.
- The nine of trump, where the table values it (single deck).

A card counts in at most one meld of each type, so a king and two queens of
a suit make one marriage, while the queen of spades can be in a marriage, a
pinochle and queens around at once. Multiples (single, double, triple,
quadruple) are read from the table; more of a meld than the table lists
counts as the highest listed multiple and the rest again (a table written
for a single deck stays usable with a double deck).

Cards are written rank then suit: ``AS`` ``TH`` (or ``10H``) ``KD`` ``QC``
``JS`` ``9H``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from clubdesk.domain.games.hands import HandError
from clubdesk.domain.rules import Rules
from clubdesk.domain.rules_games import MeldTable

Deck = Literal["double", "single"]
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine"}
RUN_RANKS = ("A", "T", "K", "Q", "J")
DECK_RANKS: dict[str, tuple[str, ...]] = {"double": RUN_RANKS, "single": (*RUN_RANKS, "9")}
DECK_COPIES: dict[str, int] = {"double": 4, "single": 2}

Card = tuple[str, str]  # (rank, suit), e.g. ("T", "H")


class MeldItem(NamedTuple):
    """One meld: its name, how many times over (1 = single, 2 = double...), its points."""

    name: str
    multiple: int
    points: int


@dataclass(frozen=True)
class Meld:
    """A player's meld: the total and the melds it is made of."""

    total: int
    items: tuple[MeldItem, ...]

    def to_json(self) -> dict:
        return {
            "total": self.total,
            "items": [
                {"name": i.name, "multiple": i.multiple, "points": i.points} for i in self.items
            ],
        }


def parse_card(text: str) -> Card:
    """``"TH"`` (or ``"10h"``) as ``("T", "H")``; HandError("cards", ...) if it is no card."""
    if not isinstance(text, str):
        raise HandError("cards", f"{text!r} is not a card")
    written = text.strip().upper()
    written = re.sub(r"^10", "T", written)
    if len(written) != 2 or written[0] not in RANK_NAMES or written[1] not in SUITS:
        raise HandError(
            "cards", f"{text!r} is not a card (write rank then suit: AS, TH, KD, QC, JS, 9H)"
        )
    return written[0], written[1]


def parse_trump(value: str | None) -> str | None:
    """A trump suit as its letter: ``"H"``, ``"hearts"`` -> ``"H"``; None for no trump."""
    if value is None:
        return None
    if isinstance(value, str):
        written = value.strip().upper()
        if written in SUITS:
            return written
        for letter, name in SUIT_NAMES.items():
            if written == name.upper():
                return letter
    raise HandError("trump", f"must be S, H, D, C or none, not {value!r}")


def count_meld(
    cards: Sequence[str] | str, trump: str | None, table: MeldTable, *, deck: Deck = "double"
) -> Meld:
    """The meld one player's cards make with ``trump`` named (None: no trump named).

    ``cards`` is a list of cards, or one string of cards separated by spaces
    or commas. ``deck`` says which cards exist and how many copies of each:
    a double deck has A T K Q J four times, a single deck adds the nines and
    has two of each.
    """
    counts = _count_cards(cards, deck)
    trump_suit = parse_trump(trump)
    best: tuple[int, tuple[MeldItem, ...]] | None = None
    for runs in range(_most_runs(counts, trump_suit) + 1):
        pairs = {s: min(counts[("K", s)], counts[("Q", s)]) for s in SUITS}
        if trump_suit:
            pairs[trump_suit] -= runs
        most_houses = min(min(pairs.values()), len(table.round_house))
        for houses in range(most_houses + 1):
            items = _items(counts, trump_suit, table, runs, houses, pairs)
            total = sum(item.points for item in items)
            # on equal points, prefer more runs and the round-house: that is how players call it
            if best is None or total >= best[0]:
                best = (total, items)
    assert best is not None
    return Meld(total=best[0], items=best[1])


def count_meld_for(cards: Sequence[str] | str, trump: str | None, rules: Rules) -> Meld:
    """count_meld with a pinochle format's meld table and deck."""
    if rules.pinochle is None:
        raise HandError("rules", f"{rules.id} is not a pinochle format")
    return count_meld(cards, trump, rules.pinochle.meld, deck=rules.pinochle.deck)


def max_side_meld(table: MeldTable) -> int:
    """An upper bound for one side's meld in a hand under ``table``.

    Every meld at its highest listed multiple at once (marriages in three
    suits beside the royal marriage, a nine of trump four times): no real
    hand reaches it, so anything above it is a typing error.
    """
    tops = (
        table.run,
        table.royal_marriage,
        table.pinochle,
        table.aces_around,
        table.kings_around,
        table.queens_around,
        table.jacks_around,
    )
    return (
        sum(max(values) for values in tops)
        + 3 * max(table.marriage)
        + max(table.round_house, default=0)
        + 4 * table.nine_of_trump
    )


# --- counting ---------------------------------------------------------------------------


def _count_cards(cards: Sequence[str] | str, deck: Deck) -> Counter[Card]:
    if isinstance(cards, str):
        cards = [c for c in re.split(r"[\s,]+", cards) if c]
    if not isinstance(cards, Sequence):
        raise HandError("cards", f"must be a list of cards, not {cards!r}")
    counts: Counter[Card] = Counter(parse_card(card) for card in cards)
    copies = DECK_COPIES[deck]
    for (rank, suit), number in sorted(counts.items()):
        name = f"{rank}{suit}"
        if rank not in DECK_RANKS[deck]:
            raise HandError("cards", f"{name} is not in a {deck} deck (it has no nines)")
        if number > copies:
            raise HandError(
                "cards", f"{number} copies of {name}, but a {deck} deck has {copies} of each card"
            )
    return counts


def _most_runs(counts: Counter[Card], trump: str | None) -> int:
    if trump is None:
        return 0
    return min(counts[(rank, trump)] for rank in RUN_RANKS)


def _items(
    counts: Counter[Card],
    trump: str | None,
    table: MeldTable,
    runs: int,
    houses: int,
    pairs: dict[str, int],
) -> tuple[MeldItem, ...]:
    """The melds with ``runs`` runs and ``houses`` round-houses taken first."""
    items: list[MeldItem] = []

    def add(name: str, multiple: int, values: tuple[int, ...]) -> None:
        if multiple > 0:
            items.append(MeldItem(name, multiple, _value(values, multiple)))

    add("run", runs, table.run)
    if trump is not None:
        add("royal marriage", pairs[trump] - houses, table.royal_marriage)
    for suit in SUITS:
        if suit != trump:
            add("marriage", pairs[suit] - houses, table.marriage)
    add("round-house", houses, table.round_house)
    add("pinochle", min(counts[("J", "D")], counts[("Q", "S")]), table.pinochle)
    for rank, name, values in (
        ("A", "aces around", table.aces_around),
        ("K", "kings around", table.kings_around),
        ("Q", "queens around", table.queens_around),
        ("J", "jacks around", table.jacks_around),
    ):
        in_houses = houses if rank in ("K", "Q") else 0
        add(name, min(counts[(rank, s)] for s in SUITS) - in_houses, values)
    nines = counts[("9", trump)] if trump is not None else 0
    if nines and table.nine_of_trump:
        items.append(MeldItem("nine of trump", nines, nines * table.nine_of_trump))
    return tuple(items)


def _value(values: tuple[int, ...], multiple: int) -> int:
    """Points for a meld held ``multiple`` times; beyond the table, the top value and again."""
    if not values or multiple <= 0:
        return 0
    whole, rest = divmod(multiple, len(values))
    return whole * values[-1] + (values[rest - 1] if rest else 0)
