"""The round-1 draw: what each entrant drew, and what the director needs told.

Three kinds of draw (the rules file's ``seating.draw``), docs/rules.md §1, §3-6:

- **cards** (Grand Prix, bid whist preliminaries): each team draws one card.
  Blue n = North/South at table n, stationary all event; red n = East/West,
  starting at table n and moving up one table every round. With ``T`` teams
  there are ``T // 2`` tables; an odd field gets one more red card than blue,
  and that extra red card (number tables + 1) is the bye station, placed
  after the last table. The E/W stations (tables plus the bye station) are
  called *stations* below.
- **chits** (NPA, Sun City West): each player draws a chit naming a table and
  a seat 1-4; seats 1 and 3 play against seats 2 and 4. Players sit in fours:
  a field that is not a multiple of four is refused with a message telling
  the director how many players to add or to withdraw (round 1 seats
  everyone). A field that stops being a multiple of four later (a withdrawal,
  a late entry) is the movement's business: extra players sit out a round in
  turn (``movement.py``).
- **random** (gin): the players are put in a random order; each draws the lot
  giving their place in it (1 plays 2, 3 plays 4, ...). The player who drew
  the last lot of an odd field has a bye, named by their entrant number.

A draw is made by the app (``method = "random"``, from a ``random.Random``
passed in; the seed that made it is recorded when the caller knows it) or
typed in from a physical draw made with real cards, chits or lots
(``method = "physical"``, no seed: ``physical.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

DrawKind = Literal["cards", "chits", "random"]
Method = Literal["random", "physical"]
Colour = Literal["blue", "red"]
SEATS = (1, 2, 3, 4)


# --- what one entrant drew ------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Card:
    """A card of a seating draw: blue n = N/S at table n; red n = E/W starting at station n."""

    colour: Colour
    number: int

    @property
    def label(self) -> str:
        """The short form the director types: ``B3``, ``R4``."""
        return f"{self.colour[0].upper()}{self.number}"

    def __str__(self) -> str:
        return f"{self.colour} {self.number}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``B3``, ``b3``, ``blue 3``, ``R 4``, ``red-4`` ...; UserError if it is not a card."""
        found = _CARD.match(text) if isinstance(text, str) else None
        if not found:
            raise UserError(f"{text!r} is not a card; type a colour and a number, e.g. B3 or R4")
        colour: Colour = "blue" if found.group(1).lower().startswith("b") else "red"
        return cls(colour, int(found.group(2)))


_CARD = re.compile(r"^\s*(b|blue|r|red)\s*[-#]?\s*(\d{1,4})\s*$", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Chit:
    """A chit of an individual draw: a table and a seat 1-4 (1 and 3 v 2 and 4)."""

    table: int
    seat: int

    def __str__(self) -> str:
        """As printed on the chit and typed back: ``table 2 seat 3``."""
        return f"table {self.table} seat {self.seat}"


@dataclass(frozen=True, order=True)
class Lot:
    """A place in a random order (gin: 1 plays 2, 3 plays 4, ...)."""

    number: int

    def __str__(self) -> str:
        return f"lot {self.number}"


Pick = Card | Chit | Lot


@dataclass(frozen=True)
class Drawn:
    """One entrant and what they drew."""

    entrant: int
    pick: Pick


@dataclass(frozen=True)
class Draw:
    """A round-1 draw as recorded: how it was made, who drew what, and notes for the director.

    ``drawn`` is in entrant-number order. ``notes`` are plain sentences the
    draw page and the command line show when the draw is made.
    """

    kind: DrawKind
    method: Method
    seed: int | None
    drawn: tuple[Drawn, ...]
    notes: tuple[str, ...] = ()

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(d.entrant for d in self.drawn)

    def pick_of(self, entrant: int) -> Pick:
        for d in self.drawn:
            if d.entrant == entrant:
                return d.pick
        raise UserError(f"entrant {entrant} is not in the draw")

    def holder(self, pick: Pick) -> int | None:
        """Who drew ``pick`` (None if nobody did)."""
        return next((d.entrant for d in self.drawn if d.pick == pick), None)

    @property
    def tables(self) -> int:
        """Tables in play: blue cards, chit tables, or pairs of lots."""
        if self.kind == "cards":
            return sum(1 for d in self.drawn if _colour(d.pick) == "blue")
        if self.kind == "chits":
            return len(self.drawn) // 4
        return len(self.drawn) // 2

    @property
    def stations(self) -> int:
        """Card draws: E/W stations (the tables, plus the bye station in an odd field)."""
        return sum(1 for d in self.drawn if _colour(d.pick) == "red")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "method": self.method,
            "seed": self.seed,
            "drawn": [{"entrant": d.entrant, **_pick_json(d.pick)} for d in self.drawn],
            "notes": list(self.notes),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Draw:
        """The inverse of ``to_json``; UserError naming the first bad field."""
        try:
            kind = data["kind"]
            method = data["method"]
            seed = data.get("seed")
            if kind not in ("cards", "chits", "random"):
                raise UserError(f"draw.kind: {kind!r} is not cards, chits or random")
            if method not in ("random", "physical"):
                raise UserError(f"draw.method: {method!r} is not random or physical")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise UserError(f"draw.seed: must be a whole number or null, not {seed!r}")
            drawn = tuple(_drawn_from_json(kind, row) for row in data["drawn"])
            notes = tuple(str(n) for n in data.get("notes", ()))
        except (KeyError, TypeError) as exc:
            raise UserError(f"draw: missing or malformed field {exc}") from None
        return cls(kind, method, seed, drawn, notes)


def _colour(pick: Pick) -> str | None:
    return pick.colour if isinstance(pick, Card) else None


def _pick_json(pick: Pick) -> dict[str, Any]:
    if isinstance(pick, Card):
        return {"card": pick.label}
    if isinstance(pick, Chit):
        return {"chit": {"table": pick.table, "seat": pick.seat}}
    return {"lot": pick.number}


def _drawn_from_json(kind: str, row: Mapping[str, Any]) -> Drawn:
    entrant = row["entrant"]
    if isinstance(entrant, bool) or not isinstance(entrant, int) or entrant < 1:
        raise UserError(f"draw.drawn: {entrant!r} is not an entrant number")
    if kind == "cards":
        return Drawn(entrant, Card.parse(row["card"]))
    if kind == "chits":
        return Drawn(entrant, Chit(int(row["chit"]["table"]), int(row["chit"]["seat"])))
    return Drawn(entrant, Lot(int(row["lot"])))


def sorted_entrants(entrants: Iterable[int], what: str) -> list[int]:
    """Entrant numbers sorted; UserError on a duplicate or a number that is not positive."""
    numbers = list(entrants)
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise UserError(f"{n!r} is not an entrant number")
    seen: set[int] = set()
    for n in numbers:
        if n in seen:
            raise UserError(f"{what} {n} is entered twice in the draw")
        seen.add(n)
    return sorted(numbers)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- cards: stationary N/S, rotating E/W --------------------------------------------------


def card_deck(teams: int) -> tuple[Card, ...]:
    """The cards for a field of ``teams``: blue 1..tables, red 1..stations."""
    tables = teams // 2
    stations = tables + teams % 2
    return tuple(Card("blue", n) for n in range(1, tables + 1)) + tuple(
        Card("red", n) for n in range(1, stations + 1)
    )


def repeat_note(stations: int, rounds: int) -> str | None:
    """The warning for a field with fewer stations than rounds (None when there is none)."""
    if rounds <= stations:
        return None
    return (
        f"with {plural(stations, 'station')} and {plural(rounds, 'round')} "
        f"E/W teams meet the same N/S team again from round {stations + 1}"
    )


def card_notes(teams: int, rounds: int | None) -> tuple[str, ...]:
    tables = teams // 2
    stations = tables + teams % 2
    notes = [
        f"{plural(teams, 'team')} at {plural(tables, 'table')}: blue cards sit North/South "
        "and stay all event; red cards sit East/West and move up one table every round"
    ]
    if teams % 2:
        notes.append(
            f"odd number of teams: red {stations} is the bye station after table {tables}; "
            f"E/W move from table {tables} to the bye station and from it to table 1"
        )
    note = repeat_note(stations, rounds) if rounds is not None else None
    if note:
        notes.append(note)
    return tuple(notes)


def cards_problem(teams: int) -> str | None:
    """Why a card draw cannot seat ``teams`` teams (None when it can: 2 or more)."""
    if teams < 2:
        return f"a card draw needs at least 2 teams; {teams} registered"
    return None


def card_draw(
    entrants: Sequence[int],
    rng: random.Random,
    *,
    seed: int | None = None,
    rounds: int | None = None,
) -> Draw:
    """Deal one card to each team (docs/rules.md §1, §6).

    ``seed`` is recorded as the seed that made ``rng`` (when known);
    ``rounds`` adds the repeat-meeting note when there are fewer stations
    than rounds.
    """
    teams = sorted_entrants(entrants, "team")
    too_few = cards_problem(len(teams))
    if too_few:
        raise UserError(too_few)
    deck = list(card_deck(len(teams)))
    rng.shuffle(deck)
    drawn = tuple(Drawn(team, card) for team, card in zip(teams, deck, strict=True))
    return Draw("cards", "random", seed, drawn, card_notes(len(teams), rounds))


# --- chits: table and seat ----------------------------------------------------------------


def fours_problem(players: int, *, min_tables: int = 1, label: str = "this event") -> str | None:
    """Why ``players`` do not fill at least ``min_tables`` tables of four exactly (None when
    they do)."""
    if players < 4 * min_tables:
        return (
            f"{label} needs at least {plural(min_tables, 'table')} ({4 * min_tables} players); "
            f"{players} registered"
        )
    extra = players % 4
    if extra:
        return (
            f"{label} seats players in fours; {players} registered: "
            f"add {plural(4 - extra, 'player')} or withdraw {extra}"
        )
    return None


def check_fours(players: int, *, min_tables: int = 1, label: str = "this event") -> None:
    """UserError unless ``players`` fill at least ``min_tables`` tables of four exactly."""
    problem = fours_problem(players, min_tables=min_tables, label=label)
    if problem:
        raise UserError(problem)


def chit_draw(
    players: Sequence[int],
    rng: random.Random,
    *,
    min_tables: int = 1,
    label: str = "this event",
    seed: int | None = None,
) -> Draw:
    """Give each player a chit naming table and seat (docs/rules.md §3, §4).

    ``label`` names the event or format in the error for a field that is too
    small or not a multiple of four.
    """
    numbers = sorted_entrants(players, "player")
    check_fours(len(numbers), min_tables=min_tables, label=label)
    tables = len(numbers) // 4
    chits = [Chit(t, s) for t in range(1, tables + 1) for s in SEATS]
    rng.shuffle(chits)
    drawn = tuple(Drawn(p, c) for p, c in zip(numbers, chits, strict=True))
    return Draw("chits", "random", seed, drawn, chit_notes(len(numbers)))


def chit_notes(players: int) -> tuple[str, ...]:
    """A chit draw's note: how many tables, and who plays whom."""
    return (
        f"{plural(players, 'player')} at {plural(players // 4, 'table')}; "
        "seats 1 and 3 play against seats 2 and 4",
    )


# --- random order (gin) -----------------------------------------------------------------


RANDOM_EMPTY = "a draw needs at least 1 player; 0 registered"


def random_draw(players: Sequence[int], rng: random.Random, *, seed: int | None = None) -> Draw:
    """Put the players in a random order: lot 1 plays lot 2, lot 3 plays lot 4, ...

    An odd player out (the last lot) has a bye.
    """
    numbers = sorted_entrants(players, "player")
    if not numbers:
        raise UserError(RANDOM_EMPTY)
    lots = list(range(1, len(numbers) + 1))
    rng.shuffle(lots)
    drawn = tuple(Drawn(p, Lot(n)) for p, n in zip(numbers, lots, strict=True))
    return Draw("random", "random", seed, drawn, random_draw_notes(drawn))


def random_draw_notes(drawn: Sequence[Drawn]) -> tuple[str, ...]:
    """A random draw's notes: how the lots pair up, and who has the bye in an odd field."""
    notes = [f"{plural(len(drawn), 'player')}: 1 plays 2, 3 plays 4, ..."]
    last = next((d.entrant for d in drawn if d.pick == Lot(len(drawn))), None)
    if len(drawn) % 2 and last is not None:
        notes.append(f"odd number of players: {bye_words([last], 'player')}")
    return tuple(notes)


def bye_words(byes: Sequence[int], word: str) -> str:
    """Who sits out, by entrant number: ``player 5 has a bye``, ``teams 3 and 8 have a bye``.

    The draw's note and the Draw page's line under it both say a bye this way.
    """
    numbers = [str(n) for n in byes]
    if len(numbers) == 1:
        return f"{word} {numbers[0]} has a bye"
    listed = ", ".join(numbers[:-1]) + f" and {numbers[-1]}"
    return f"{word}s {listed} have a bye"


# --- by the rules file --------------------------------------------------------------------


def draw_for(
    rules: Rules, entrants: Sequence[int], rng: random.Random, *, seed: int | None = None
) -> Draw:
    """The round-1 draw the rules file's ``seating.draw`` asks for."""
    kind = rules.seating.draw
    if kind == "cards":
        return card_draw(entrants, rng, seed=seed, rounds=rules.schedule.rounds)
    if kind == "chits":
        return chit_draw(
            entrants, rng, min_tables=rules.seating.min_tables, label=rules.title, seed=seed
        )
    return random_draw(entrants, rng, seed=seed)
