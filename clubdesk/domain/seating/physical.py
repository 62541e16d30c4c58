"""A draw made with real cards, chits or lots, typed in as each entrant's pick is printed.

A club that draws from a hat types in what every entrant drew. The rules file's
``seating.draw`` says what they drew (docs/rules.md §1, §3-6), and the deck it came from:

- **cards** (team formats): ``blue 3``, ``red 4`` as printed; also ``B3``, ``r 4``, ``red-4``.
  The deck is blue 1 to the tables and red 1 to the stations (``card_deck``).
- **chits** (NPA, Sun City West): ``table 2 seat 3`` as printed (``Table 2`` over
  ``Seat 3``, seat 1's with ``(deals first)``, which may be typed too); also ``T2 S3``
  and ``2-3``, always the table first. A chit for every seat 1-4 of every table of four.
- **lots** (gin's random order): ``lot 5`` as printed; also ``L5``, ``#5`` or just ``5``.
  Lots 1 to the number of players.

Case and spaces do not matter. A field the draw cannot seat is refused first, in the words
of ``field.py`` (a chit field that is not tables of four, a card field of one team). Then
every entrant of the field needs exactly one pick, none drawn twice, each one of the deck;
as many entrants as the deck holds, so the picks are then the whole deck. Each mistake
names the entrant and the pick. ``check_typed`` checks picks as they are typed: each one on
its own, then those typed twice, as the window shows them beside their fields.

The draw is recorded as one the app made, with ``method = "physical"`` and no seed, so
round 1 is seated from it like any other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.draw import (
    SEATS,
    Card,
    Chit,
    Draw,
    DrawKind,
    Drawn,
    Lot,
    Pick,
    card_deck,
    card_notes,
    chit_notes,
    plural,
    random_draw_notes,
    sorted_entrants,
)
from clubdesk.domain.seating.field import kind_problem
from clubdesk.errors import UserError

NOUNS: dict[str, str] = {"cards": "card", "chits": "chit", "random": "lot"}
EXAMPLES: dict[str, str] = {"cards": "B3 or R4", "chits": "table 2 seat 3", "random": "lot 5"}
QUOTED_MAX = 30  # a typed text longer than this is quoted cut short in a mistake

_CHIT = re.compile(
    r"^(?:t|table)\s*#?\s*(\d{1,4})\s*[,;/]?\s*(?:s|seat)\s*#?\s*(\d{1,4})"
    r"(?:\s*\(\s*deals\s+first\s*\))?$"
)
_CHIT_SHORT = re.compile(r"^(\d{1,4})\s*-\s*(\d{1,4})$")  # 2-3: table 2, seat 3
_LOT = re.compile(r"^(?:lot|l|#)?\s*#?\s*(\d{1,4})$")


@dataclass(frozen=True)
class Deck:
    """What the entrants of a physical draw draw from: the rules file's kind of draw, the
    word for an entrant, and what the field check and the notes need from the format."""

    kind: DrawKind = "cards"
    word: str = ""  # "team" or "player"; by the kind when left empty
    min_tables: int = 1  # chits: the format's smallest number of tables of four
    label: str = "this event"  # chits: the format, named when the field is refused
    rounds: int | None = None  # cards: the note on meeting the same team again

    @classmethod
    def of(cls, rules: Rules) -> Deck:
        """The deck the rules file's ``seating.draw`` asks for."""
        return cls(
            kind=rules.seating.draw,
            word="team" if rules.unit == "team" else "player",
            min_tables=rules.seating.min_tables,
            label=rules.title,
            rounds=rules.schedule.rounds,
        )

    @property
    def noun(self) -> str:
        """What one entrant draws: ``card``, ``chit`` or ``lot``."""
        return NOUNS[self.kind]

    @property
    def entrant(self) -> str:
        return self.word or ("team" if self.kind == "cards" else "player")

    @property
    def example(self) -> str:
        return EXAMPLES[self.kind]

    def picks(self, entrants: int) -> tuple[Pick, ...]:
        """The whole deck for a field of ``entrants``, as it is printed to cut apart."""
        if self.kind == "cards":
            return card_deck(entrants)
        if self.kind == "chits":
            return tuple(Chit(t, s) for t in range(1, entrants // 4 + 1) for s in SEATS)
        return tuple(Lot(n) for n in range(1, entrants + 1))

    def contents(self, entrants: int) -> str:
        """The deck in a few words: ``blue 1-6, red 1-7``, ``tables 1-3, seats 1-4``,
        ``lots 1-18``."""
        if self.kind == "cards":
            tables = entrants // 2
            spans = [("blue", tables), ("red", tables + entrants % 2)]
            return ", ".join(f"{colour} {_span(top)}" for colour, top in spans if top)
        if self.kind == "chits":
            return f"tables {_span(entrants // 4)}, seats 1-4"
        return f"lots {_span(entrants)}"

    def problem(self, entrants: int) -> str | None:
        """Why this draw cannot seat ``entrants`` (None when it can)."""
        return kind_problem(self.kind, entrants, min_tables=self.min_tables, label=self.label)

    def parse(self, text: str) -> Pick:
        """A typed pick; UserError if it is not one of this kind (whatever its number)."""
        if not isinstance(text, str):
            raise UserError(f"{_quoted(text)} is not a {self.noun}; type e.g. {self.example}")
        plain = " ".join(text.split()).lower()
        if self.kind == "cards":
            try:
                return Card.parse(plain)
            except UserError:
                pass
        elif self.kind == "chits":
            found = _CHIT.match(plain) or _CHIT_SHORT.match(plain)
            if found:
                return Chit(int(found.group(1)), int(found.group(2)))
        else:
            found = _LOT.match(plain)
            if found:
                return Lot(int(found.group(1)))
        raise UserError(f"{_quoted(text)} is not a {self.noun}; type e.g. {self.example}")

    def guide(self, entrants: int) -> str:
        """What a pick means and how to type it, for the director typing a draw in."""
        contents = self.contents(entrants)
        if self.kind == "cards":
            return (
                "Blue n: North/South at table n, all event. Red n: East/West, starting at "
                f"table n. Type B3, R4, blue 3 … The cards: {contents}."
            )
        if self.kind == "chits":
            return (
                "Seats 1 and 3 play against seats 2 and 4. Type each chit as printed, "
                f"table 2 seat 3 (or T2 S3, or 2-3: the table first). The chits: {contents}."
            )
        bye = "; the last lot has a bye" if entrants % 2 else ""
        return (
            f"Lot 1 plays lot 2, lot 3 plays lot 4, …{bye}. Type each lot as printed, "
            f"lot 5 (or just 5). The lots: {_span(entrants)}."
        )

    def notes(self, drawn: Sequence[Drawn]) -> tuple[str, ...]:
        """The notes of a complete draw from this deck, as an app-made draw has them."""
        if self.kind == "cards":
            return card_notes(len(drawn), self.rounds)
        if self.kind == "chits":
            return chit_notes(len(drawn))
        return random_draw_notes(drawn)


CARDS = Deck()


@dataclass(frozen=True)
class PickCheck:
    """A physical draw as typed so far: a message per entrant whose pick is wrong, how many
    picks are typed, and the draw once every pick is typed and right.

    ``problem`` is why the draw cannot seat the field at all (then there is no draw);
    ``contents`` names the deck in a few words (``tables 1-3, seats 1-4``).
    """

    errors: Mapping[int, str]
    typed: int
    needed: int
    draw: Draw | None
    contents: str = ""
    problem: str | None = None

    @property
    def complete(self) -> bool:
        return self.draw is not None


def record_physical_draw(
    picks: Mapping[int, str], entrants: Sequence[int], deck: Deck = CARDS
) -> Draw:
    """A draw made with real cards, chits or lots, typed in (``{3: "table 2 seat 3", ...}``).

    Every entrant needs exactly one pick of the deck for the field, and none may be drawn
    twice; the first mistake is refused, naming the entrant and the pick.
    """
    numbers = sorted_entrants(entrants, deck.entrant)
    problem = deck.problem(len(numbers))
    if problem:
        raise UserError(problem)
    registered = set(numbers)
    for number in picks:
        if number not in registered:
            raise UserError(
                f"{deck.entrant} {number} drew {_quoted(picks[number])} but is not registered"
            )
    in_deck = set(deck.picks(len(numbers)))
    holders: dict[Pick, int] = {}
    drawn = []
    for number in numbers:
        text = picks.get(number)
        if text is None or (isinstance(text, str) and not text.strip()):
            raise UserError(f"{deck.entrant} {number} has no {deck.noun}")
        pick = _read(deck, number, text, len(numbers), in_deck)
        if pick in holders:
            raise UserError(_twice(deck, pick, [holders[pick], number]))
        holders[pick] = number
        drawn.append(Drawn(number, pick))
    # Every entrant holds a different pick of the deck, and the deck holds as many picks as
    # there are entrants: the picks are the whole deck.
    return Draw(deck.kind, "physical", None, tuple(drawn), deck.notes(drawn))


def check_typed(deck: Deck, entrants: Sequence[int], picks: Mapping[int, str]) -> PickCheck:
    """Check picks as they are typed, before the draw is complete.

    Blank picks are not typed yet. Each typed pick is checked on its own (is it a pick of
    the deck for this field?), then the picks typed twice: each of their entrants gets the
    message naming the pick and them all. When every entrant has a pick and all is right,
    ``draw`` is the draw.
    """
    numbers = sorted(entrants)
    problem = deck.problem(len(numbers))
    typed = {n: picks[n] for n in numbers if isinstance(picks.get(n), str) and picks[n].strip()}
    in_deck = set(deck.picks(len(numbers)))
    errors: dict[int, str] = {}
    holders: dict[Pick, list[int]] = {}
    for number, text in typed.items():
        try:
            pick = _read(deck, number, text, len(numbers), in_deck)
        except UserError as exc:
            errors[number] = str(exc)
            continue
        holders.setdefault(pick, []).append(number)
    for pick, holding in holders.items():
        if len(holding) > 1:
            for number in holding:
                errors[number] = _twice(deck, pick, holding)
    draw = None
    if not errors and not problem and numbers and len(typed) == len(numbers):
        draw = record_physical_draw(typed, numbers, deck)
    contents = deck.contents(len(numbers)) if numbers else ""
    return PickCheck(
        dict(sorted(errors.items())), len(typed), len(numbers), draw, contents, problem
    )


def _read(deck: Deck, number: int, text: str, entrants: int, in_deck: set[Pick]) -> Pick:
    """Entrant ``number``'s typed pick, read and found in the deck; UserError naming both."""
    try:
        pick = deck.parse(text)
    except UserError as exc:
        raise UserError(f"{deck.entrant} {number}: {exc}") from None
    if pick not in in_deck:
        raise UserError(
            f"{deck.entrant} {number}: there is no {_absent(pick)} for "
            f"{plural(entrants, deck.entrant)} ({deck.contents(entrants)})"
        )
    return pick


def _twice(deck: Deck, pick: Pick, holders: Sequence[int]) -> str:
    """``card B1 drawn twice: teams 1 and 3``; ``lot 5 drawn 3 times: players 2, 4 and 9``."""
    numbers = [str(n) for n in sorted(holders)]
    times = "twice" if len(numbers) == 2 else f"{len(numbers)} times"
    listed = ", ".join(numbers[:-1]) + f" and {numbers[-1]}"
    return f"{_named(pick)} drawn {times}: {deck.entrant}s {listed}"


def _named(pick: Pick) -> str:
    """A pick by its kind and its words: ``card B1``, ``chit table 2 seat 3``, ``lot 5``."""
    if isinstance(pick, Card):
        return f"card {pick.label}"
    return f"chit {pick}" if isinstance(pick, Chit) else str(pick)


def _absent(pick: Pick) -> str:
    """A pick the deck does not hold: ``red 9 card``, ``chit table 4 seat 1``, ``lot 19``."""
    return f"{pick} card" if isinstance(pick, Card) else _named(pick)


def _span(top: int) -> str:
    return f"1-{top}" if top > 1 else "1"


def _quoted(text: object) -> str:
    shown = repr(text)
    return shown if len(shown) <= QUOTED_MAX else f"{shown[: QUOTED_MAX - 4]}...{shown[-1]}"
