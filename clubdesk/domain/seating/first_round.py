"""Round 1 of the individual draws: NPA chits, gin lots, and gin's starting pairs."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from clubdesk.domain.seating.draw import Chit, Draw, Lot, Pick, random_draw
from clubdesk.domain.seating.stationary import bye_station_card, stationary_rotating
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.errors import UserError


def chit_seating(draw: Draw) -> RoundSeating:
    """Round 1 of a chit draw: seats 1 and 3 (side A) against seats 2 and 4 (side B)."""
    if draw.kind != "chits":
        raise UserError(f"chit seating needs a chit draw, not {draw.kind}")
    seat: dict[tuple[int, int], int] = {}
    for d in draw.drawn:
        if not isinstance(d.pick, Chit):
            raise UserError(f"player {d.entrant} drew {d.pick}, not a chit")
        seat[(d.pick.table, d.pick.seat)] = d.entrant
    tables = len(draw.drawn) // 4
    if len(seat) != len(draw.drawn) or set(seat) != {
        (t, s) for t in range(1, tables + 1) for s in (1, 2, 3, 4)
    }:
        raise UserError("the chit draw is not a complete set of chits; make the draw again")
    return RoundSeating(
        1,
        tuple(
            TableSeating(t, (seat[(t, 1)], seat[(t, 3)]), (seat[(t, 2)], seat[(t, 4)]))
            for t in range(1, tables + 1)
        ),
    )


def pairs_seating(draw: Draw, round_number: int = 1) -> RoundSeating:
    """A random-order draw seated: lot 1 v lot 2 at table 1, 3 v 4 at table 2, ...

    The odd lot out has a bye.
    """
    if draw.kind != "random":
        raise UserError(f"random pairs need a random draw, not {draw.kind}")
    by_lot: dict[int, int] = {}
    for d in draw.drawn:
        if not isinstance(d.pick, Lot):
            raise UserError(f"player {d.entrant} drew {d.pick}, not a lot")
        by_lot[d.pick.number] = d.entrant
    if set(by_lot) != set(range(1, len(draw.drawn) + 1)):
        raise UserError("the random draw is not a complete set of lots; make the draw again")
    order = [by_lot[n] for n in sorted(by_lot)]
    tables = tuple(
        TableSeating(i // 2 + 1, (order[i],), (order[i + 1],)) for i in range(0, len(order) - 1, 2)
    )
    byes = (order[-1],) if len(order) % 2 else ()
    return RoundSeating(round_number, tables, byes)


def random_pairs(
    players: Sequence[int], rng: random.Random, *, round_number: int = 1
) -> RoundSeating:
    """Gin: the players in a random order, 1 v 2, 3 v 4, ...; the final round is the same draw
    among the players who advanced."""
    return pairs_seating(random_draw(players, rng), round_number)


def starting_pairs(
    draw: Draw, round_number: int, active: Collection[int] | None = None
) -> RoundSeating:
    """Gin, a round before the cut: the pairs of the draw play their next match.

    ``active`` = the players still playing (None: everyone in the draw). A
    player whose opponent no longer plays has a bye; a player no longer
    playing leaves the table (or the bye). A player not in the draw (a late
    entry) cannot join the starting pairs: UserError naming them.
    """
    seats = pairs_seating(draw, round_number)
    if active is None:
        return seats
    playing = set(active)
    strangers = sorted(playing - set(draw.entrants))
    if strangers:
        raise UserError(
            f"player {strangers[0]} is not in the draw: a late entry cannot join the pairs "
            f"of round {round_number}; withdraw them, or redo the draw before round 1"
        )
    tables = []
    byes = [b for b in seats.byes if b in playing]
    for table in seats.tables:
        here = [e for e in table.entrants if e in playing]
        if len(here) == len(table.entrants):
            tables.append(table)
        else:
            byes.extend(here)
    return RoundSeating(round_number, tuple(tables), tuple(sorted(byes)))


def first_round(draw: Draw, active: Collection[int] | None = None) -> RoundSeating:
    """Round 1 of any draw. A chit or random draw seats everyone it holds: if a player
    withdrew before round 1, the draw has to be made again."""
    if draw.kind == "cards":
        return stationary_rotating(draw, 1, active)
    if active is not None:
        gone = sorted(set(draw.entrants) - set(active))
        if gone:
            raise UserError(
                f"player {gone[0]} withdrew after the draw; make the draw again without them"
            )
        strangers = sorted(set(active) - set(draw.entrants))
        if strangers:
            raise UserError(f"player {strangers[0]} is not in the draw; make the draw again")
    return chit_seating(draw) if draw.kind == "chits" else pairs_seating(draw)


def late_place(draw: Draw) -> Pick | None:
    """The place a draw still has free for a late entry, or None.

    A card draw of an odd field has its bye station: the late team takes the
    blue card of that station, N/S at a new last table, and the E/W team that
    would sit out there plays it instead. A random draw of an odd field has its
    odd player out: the late player takes the next lot and plays them. A chit
    draw has no free place (the progressive movements seat a late entry
    themselves, from the next round); nor has a field that is already even.
    """
    if draw.kind == "cards":
        return bye_station_card(draw)
    if draw.kind == "random" and len(draw.drawn) % 2 == 1:
        return Lot(len(draw.drawn) + 1)
    return None
