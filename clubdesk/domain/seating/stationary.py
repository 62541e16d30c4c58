"""Stationary N/S, rotating E/W (docs/rules.md §1 and §6): seated straight from the card draw.

See the package's docstring for how the movement goes and what a withdrawal does.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from clubdesk.domain.seating.draw import Card, Draw
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.errors import UserError


@dataclass(frozen=True)
class Rematch:
    """An E/W team meeting an N/S team it met before (fewer stations than rounds)."""

    round: int
    table: int
    ns: int
    ew: int
    first_met: int


def _cards(draw: Draw) -> tuple[dict[int, int], dict[int, int]]:
    """N/S team per table and E/W team per starting station; UserError unless a full deck."""
    if draw.kind != "cards":
        raise UserError(f"a stationary-rotating movement needs a card draw, not {draw.kind}")
    blue: dict[int, int] = {}
    red: dict[int, int] = {}
    for d in draw.drawn:
        if not isinstance(d.pick, Card):
            raise UserError(f"team {d.entrant} drew {d.pick}, not a card")
        (blue if d.pick.colour == "blue" else red)[d.pick.number] = d.entrant
    tables, stations = len(blue), len(red)
    if (
        set(blue) != set(range(1, tables + 1))
        or set(red) != set(range(1, stations + 1))
        or stations - tables not in (0, 1)
        or tables < 1
    ):
        raise UserError("the card draw is not a complete deck; make the draw again")
    return blue, red


def _station(start: int, round_number: int, stations: int) -> int:
    return (start - 1 + round_number - 1) % stations + 1


def stationary_rotating(
    draw: Draw, round_number: int, active: Collection[int] | None = None
) -> RoundSeating:
    """Round ``round_number`` of a card draw; ``active`` = teams still playing (None: all)."""
    if round_number < 1:
        raise UserError(f"there is no round {round_number}; rounds start at 1")
    blue, red = _cards(draw)
    tables, stations = len(blue), len(red)
    playing = set(draw.entrants) if active is None else set(active)
    strangers = sorted(playing - set(draw.entrants))
    if strangers:
        raise UserError(f"team {strangers[0]} has no card in the draw")
    visitor = {_station(start, round_number, stations): team for start, team in red.items()}
    seats: list[TableSeating] = []
    byes: list[int] = []
    for table in range(1, tables + 1):
        north, east = blue[table], visitor[table]
        if north in playing and east in playing:
            seats.append(TableSeating(table, (north,), (east,)))
        elif north in playing:
            byes.append(north)
        elif east in playing:
            byes.append(east)
    if stations > tables and visitor[stations] in playing:
        byes.append(visitor[stations])
    return RoundSeating(round_number, tuple(seats), tuple(sorted(byes)))


def bye_station_card(draw: Draw) -> Card | None:
    """The card a late team takes in a running movement: blue n for the bye station n of an
    odd field (it becomes table n, and the E/W teams reaching it play there); None when the
    field is even (no bye station) or the card is already held."""
    blue, red = _cards(draw)
    tables, stations = len(blue), len(red)
    if stations != tables + 1:
        return None
    return Card("blue", stations)


def repeat_meetings(draw: Draw, rounds: int) -> list[Rematch]:
    """Every meeting in rounds 1..``rounds`` of an N/S and an E/W team that met before."""
    blue, red = _cards(draw)
    stations = len(red)
    found = []
    for number in range(stations + 1, rounds + 1):
        for table in stationary_rotating(draw, number).tables:
            first = (number - 1) % stations + 1
            found.append(Rematch(number, table.table, table.a[0], table.b[0], first))
    return found
