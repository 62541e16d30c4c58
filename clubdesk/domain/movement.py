"""Who sits where each round: the four movements of RULES.md.

- ``stationary-rotating`` (Grand Prix, bid whist preliminaries, §1 and §6):
  N/S teams never move; E/W teams move up one station a round, from the last
  table to the bye station (odd fields) and from there to table 1.
  ``stationary_rotating`` seats any round straight from the card draw, so a
  round can be reseated at any time, also after withdrawals: a withdrawn N/S
  team leaves its E/W visitor a bye for the round; a withdrawn E/W team
  leaves the N/S team at its station a bye; whoever is on the bye station
  sits out.
- ``winners-stay`` (NPA, §3): the winning pair stays, the losing pair moves
  to the next higher table (the last table's losers to table 1); the four at
  each table then draw cards for partners. Seats: the two high cards are
  partners in seats 1 (highest) and 3 (second), the two low cards in seats 2
  (third) and 4 (lowest).
- ``winners-down`` (Sun City West, §4): the higher-scoring pair moves to the
  next lower table (table 1's winners stay; table 1's losers go to the last
  table; every other table's losers stay); the two who stayed are split.
  Seats: the stayers take seats 1 and 2, the arrivals seats 3 and 4, each
  in the order they were listed in their pair the round before (seat 1 or 2
  before seat 3 or 4). So seat 1 (stayer) partners seat 3 (arrival) against
  seat 2 (stayer) and seat 4 (arrival).
- ``random-pairs`` (gin, §5): a random order, 1 plays 2, 3 plays 4, ...; an
  odd player out has a bye. Each "table" is a pair: ``a = (p1,)``,
  ``b = (p2,)``. In the rounds before the cut the pairs of the draw play
  again (``starting_pairs``): a player whose opponent withdrew has a bye, and
  a late entry cannot join (refused, naming the player). The rounds after
  the cut draw the players who advanced into new random pairs
  (``random_pairs``).

The progressive movements when players withdraw, are removed or arrive late
(``winners_stay`` and ``winners_down`` given ``active``, the players still
playing, and ``byes_so_far``, how often each has sat out):

1. Tables: ``len(active) // 4`` of them, numbered 1 up. The movement is first
   made over the previous round's tables as usual, each player going to a
   place at a table: the pair that stays (places 1-2) or the pair that
   arrives (places 3-4). A player no longer playing leaves their place
   empty. Tables beyond the new count close (the last tables first); when
   there are more tables than before, the new ones open after the last and
   start empty. (The rules file's ``min_tables`` is for the draw; mid-event
   the movement carries on with the tables the players fill.)
2. Byes: the ``len(active) % 4`` extra players sit out the round. They are
   the players who have sat out fewest rounds so far (so nobody sits out a
   second time before everyone still playing has sat out once; a late entry
   starts with none); among equals, first those the movement sent to a
   table that closes, then arrivals (players not seated in the previous
   round: back from a bye, or a late entry), then those who would move, then
   those who would stay (winners keep their table where they can); then the
   higher table first, then the lower player number.
3. Closing up: the players of the closed tables who do not sit out (in table
   order, stayers before arrivals), then the arrivals who do not sit out (in
   number order), fill the empty places of the open tables, table 1 first,
   each table's places in order (the stayers' places before the arrivals').
   A player who fills an empty place plays in it: at an NPA table they draw
   for partners with the others; at a Sun City West table a stayer's place
   is a stayer's seat (1 or 2) and an arrival's place an arrival's (3 or 4).

So a withdrawal that leaves a multiple of four is filled by a late entry or
a player from the closed table; a field that drops from 12 to 11 closes the
last table, whose players sit out first. A bye scores by the rules file's
``seating.bye_score`` (both progressive formats: ``average-winning``, the
average of the higher pair score of every table that round, as a Grand Prix
bye).

Sides: in team events ``a`` is the N/S team and ``b`` the E/W team; in
individual partnership events ``a`` = (seat 1, seat 3) and ``b`` = (seat 2,
seat 4). A result is given per table as the winning side, "A" or "B".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.draw import Card, Chit, Draw, Lot, random_draw
from clubdesk.domain.hands import Side
from clubdesk.domain.rules import Rules
from clubdesk.domain.text_table import text_table, titled
from clubdesk.errors import UserError

# --- seating values -----------------------------------------------------------------------


@dataclass(frozen=True)
class TableSeating:
    """One table in one round: side A and side B (see the module docstring)."""

    table: int
    a: tuple[int, ...]
    b: tuple[int, ...]

    @property
    def entrants(self) -> tuple[int, ...]:
        return self.a + self.b

    def side(self, side: Side) -> tuple[int, ...]:
        return self.a if side == "A" else self.b

    def side_of(self, entrant: int) -> Side | None:
        if entrant in self.a:
            return "A"
        if entrant in self.b:
            return "B"
        return None

    def seat_of(self, entrant: int) -> int | None:
        """Seat 1-4 at a partnership table (1 and 3 v 2 and 4); None elsewhere."""
        if len(self.a) != 2 or len(self.b) != 2:
            return None
        seats = {self.a[0]: 1, self.b[0]: 2, self.a[1]: 3, self.b[1]: 4}
        return seats.get(entrant)

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "a": _side_json(self.a), "b": _side_json(self.b)}


def _side_json(side: tuple[int, ...]) -> int | list[int]:
    """A side of one entrant (a team, a gin player) is a number; partners are a list."""
    return side[0] if len(side) == 1 else list(side)


RANKS = {14: "A", 13: "K", 12: "Q", 11: "J"}


@dataclass(frozen=True)
class PartnerCard:
    """The card one player drew for partners: rank 2-14 of an ordinary pack, ace high."""

    player: int
    rank: int

    @property
    def label(self) -> str:
        return RANKS.get(self.rank, str(self.rank))


@dataclass(frozen=True)
class PartnerDraw:
    """The partner draw at one table (NPA): who drew which card.

    Ties are drawn again at the table, so the four ranks are different; the
    two high cards play together against the two low cards.
    """

    table: int
    cards: tuple[PartnerCard, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "cards": [{"player": c.player, "card": c.label} for c in self.cards],
        }


@dataclass(frozen=True)
class RoundSeating:
    """Who sits where in one round, who has a bye, and any partner draw made at the tables."""

    round: int
    tables: tuple[TableSeating, ...]
    byes: tuple[int, ...] = ()
    partner_draws: tuple[PartnerDraw, ...] = ()

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(e for t in self.tables for e in t.entrants)

    @property
    def entrants(self) -> tuple[int, ...]:
        """Everyone in the round, seated or on a bye, in number order."""
        return tuple(sorted(self.seated + self.byes))

    def table(self, number: int) -> TableSeating:
        for t in self.tables:
            if t.table == number:
                return t
        raise UserError(f"round {self.round} has no table {number}")

    def table_of(self, entrant: int) -> TableSeating | None:
        """The table ``entrant`` sits at (None on a bye or not playing)."""
        return next((t for t in self.tables if entrant in t.entrants), None)

    def to_json(self) -> dict[str, Any]:
        """The seating output of INTERFACE.md."""
        return {
            "round": self.round,
            "tables": [t.to_json() for t in self.tables],
            "byes": list(self.byes),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundSeating:
        """The inverse of ``to_json``; UserError naming the first bad field."""
        number = _whole(data.get("round"), "round")
        tables = []
        rows = data.get("tables")
        if not isinstance(rows, list):
            raise UserError(f"round {number}: tables must be a list")
        for row in rows:
            if not isinstance(row, Mapping):
                raise UserError(f"round {number}: each table must be an object, not {row!r}")
            table = _whole(row.get("table"), f"round {number}: table")
            where = f"round {number}, table {table}"
            sides = [_side_from_json(row.get(k), f"{where}: {k}") for k in ("a", "b")]
            tables.append(TableSeating(table, sides[0], sides[1]))
        byes = data.get("byes", [])
        if not isinstance(byes, list):
            raise UserError(f"round {number}: byes must be a list")
        return cls(number, tuple(tables), tuple(_whole(b, f"round {number}: byes") for b in byes))


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"{name} must be a whole number, not {value!r}")
    return value


def _side_from_json(value: Any, name: str) -> tuple[int, ...]:
    if isinstance(value, list):
        return tuple(_whole(v, name) for v in value)
    return (_whole(value, name),)


# --- stationary N/S, rotating E/W ---------------------------------------------------------


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


# --- round 1 of the individual draws ------------------------------------------------------


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


# --- progressive movements ----------------------------------------------------------------

# Why a player is where the closing-up finds them (the order in which players sit out).
_CLOSING, _ARRIVING, _MOVING, _STAYING = range(4)


def _results(previous: RoundSeating, winners: Mapping[int, str]) -> dict[int, Side]:
    """The winning side per table of ``previous``; UserError naming tables without a result."""
    numbers = [t.table for t in previous.tables]
    for table in previous.tables:
        if len(table.a) != 2 or len(table.b) != 2:
            raise UserError(f"round {previous.round}, table {table.table} does not seat two pairs")
    unknown = sorted(set(winners) - set(numbers))
    if unknown:
        raise UserError(f"round {previous.round} has no table {unknown[0]}")
    missing = [n for n in sorted(numbers) if n not in winners]
    if missing:
        which = "table" if len(missing) == 1 else "tables"
        listed = ", ".join(str(n) for n in missing)
        raise UserError(
            f"round {previous.round + 1} cannot be seated yet: no result for {which} {listed}"
        )
    results: dict[int, Side] = {}
    for n in numbers:
        value = winners[n]
        side = value.upper() if isinstance(value, str) else value
        if side not in ("A", "B"):
            raise UserError(
                f"round {previous.round}, table {n}: the winner is A or B, not {value!r}"
            )
        results[n] = "A" if side == "A" else "B"
    return results


def _targets(
    previous: RoundSeating, winners: Mapping[int, str], movement: str
) -> list[tuple[tuple[int, ...], int, int]]:
    """Where the movement sends each pair of ``previous``: (pair, table index, half).

    Table indexes count the previous round's tables in number order from 0;
    half 0 is the pair that stays at the table, half 1 the pair that arrives.
    """
    results = _results(previous, winners)
    order = sorted(previous.tables, key=lambda t: t.table)
    won = [t.side(results[t.table]) for t in order]
    lost = [t.side("B" if results[t.table] == "A" else "A") for t in order]
    count = len(order)
    targets: list[tuple[tuple[int, ...], int, int]] = []
    for i in range(count):
        if movement == "winners-stay":
            targets += [(won[i], i, 0), (lost[i], (i + 1) % count, 1)]
        elif i == 0:
            targets += [(won[0], 0, 0), (lost[0], count - 1, 1)]
        else:
            targets += [(lost[i], i, 0), (won[i], i - 1, 1)]
    return targets


def bye_counts(byes: Iterable[Iterable[int]]) -> dict[int, int]:
    """How many rounds each player sat out, from each earlier round's byes."""
    return dict(Counter(player for round_byes in byes for player in round_byes))


def _progress(
    previous: RoundSeating,
    winners: Mapping[int, str],
    movement: str,
    active: Collection[int] | None,
    byes_so_far: Mapping[int, int] | None,
) -> tuple[list[list[int]], tuple[int, ...]]:
    """The next round's players per table, as places [stay, stay, arrive, arrive], and
    who sits out; the reading is in the module docstring."""
    targets = _targets(previous, winners, movement)
    playing = set(previous.entrants) if active is None else set(active)
    number = previous.round + 1
    tables = len(playing) // 4
    if tables == 0:
        word = "player is" if len(playing) == 1 else "players are"
        raise UserError(
            f"round {number} cannot be seated: {len(playing)} {word} still playing "
            "and a table needs 4"
        )
    sat_out = Counter(previous.byes) if byes_so_far is None else Counter(byes_so_far)
    places: list[list[int | None]] = [[None] * 4 for _ in range(max(tables, len(previous.tables)))]
    why: dict[int, tuple[int, int]] = {}  # player: (_CLOSING.., table index)
    for pair, index, half in targets:
        for k, player in enumerate(pair):
            if player in playing:
                places[index][2 * half + k] = player
                kind = _CLOSING if index >= tables else (_MOVING if half else _STAYING)
                why[player] = (kind, index)
    for player in playing - set(why):
        why[player] = (_ARRIVING, -1)
    extra = len(playing) - 4 * tables
    ranked = sorted(playing, key=lambda p: (sat_out[p], why[p][0], -why[p][1], p))
    byes = set(ranked[:extra])
    floaters = [p for row in places[tables:] for p in row if p is not None and p not in byes]
    floaters += sorted(p for p in playing if why[p][0] == _ARRIVING and p not in byes)
    seated: list[list[int]] = []
    for row in places[:tables]:
        filled = []
        for player in row:
            if player is None or player in byes:
                player = floaters.pop(0)
            filled.append(player)
        seated.append(filled)
    return seated, tuple(sorted(byes))


def winners_stay(
    previous: RoundSeating,
    winners: Mapping[int, str],
    rng: random.Random,
    *,
    active: Collection[int] | None = None,
    byes_so_far: Mapping[int, int] | None = None,
) -> RoundSeating:
    """NPA: the next round after ``previous`` given the winning side ("A"/"B") per table.

    ``active``: the players still playing (None: everyone in ``previous``,
    seated or on a bye); ``byes_so_far``: how many rounds each player has sat
    out up to and including ``previous`` (None: ``previous.byes`` once each).

    At each table the two who stayed and the two who arrived each draw a card
    (the stayers first, then the arrivals, each pair in seat order; a player
    who fills an empty place draws in that place); the high pair sits in
    seats 1 (highest card) and 3, the low pair in seats 2 and 4.
    """
    seated, byes = _progress(previous, winners, "winners-stay", active, byes_so_far)
    tables: list[TableSeating] = []
    draws: list[PartnerDraw] = []
    for index, four in enumerate(seated):
        ranks = rng.sample(range(2, 15), 4)
        cards = tuple(PartnerCard(p, r) for p, r in zip(four, ranks, strict=True))
        high = sorted(cards, key=lambda c: -c.rank)
        tables.append(
            TableSeating(
                index + 1, (high[0].player, high[1].player), (high[2].player, high[3].player)
            )
        )
        draws.append(PartnerDraw(index + 1, cards))
    return RoundSeating(previous.round + 1, tuple(tables), byes, tuple(draws))


def winners_down(
    previous: RoundSeating,
    winners: Mapping[int, str],
    *,
    active: Collection[int] | None = None,
    byes_so_far: Mapping[int, int] | None = None,
) -> RoundSeating:
    """Sun City West: the next round after ``previous`` given the winning side per table.

    Seats 1 and 2 go to the two who stayed, seats 3 and 4 to the two who
    arrived (each pair in its previous seat order), so every stayer partners
    an arrival; a player who fills an empty place takes its seat.
    ``active`` and ``byes_so_far`` as for ``winners_stay``.
    """
    seated, byes = _progress(previous, winners, "winners-down", active, byes_so_far)
    tables = tuple(
        TableSeating(index + 1, (stay1, arrive1), (stay2, arrive2))
        for index, (stay1, stay2, arrive1, arrive2) in enumerate(seated)
    )
    return RoundSeating(previous.round + 1, tables, byes)


def progressive_round(
    movement: str,
    previous: RoundSeating,
    winners: Mapping[int, str],
    rng: random.Random,
    *,
    active: Collection[int] | None = None,
    byes_so_far: Mapping[int, int] | None = None,
) -> RoundSeating:
    """The next round of a progressive movement (``winners-stay`` or ``winners-down``)."""
    if movement == "winners-stay":
        return winners_stay(previous, winners, rng, active=active, byes_so_far=byes_so_far)
    if movement == "winners-down":
        return winners_down(previous, winners, active=active, byes_so_far=byes_so_far)
    raise UserError(f"{movement} is not a progressive movement")


def side_labels(rules: Rules) -> tuple[str, str]:
    """What a seating list calls sides a and b in this format."""
    if rules.unit == "team":
        return ("N/S", "E/W")
    if rules.game == "gin":
        return ("Player", "Player")
    return ("Seats 1 & 3", "Seats 2 & 4")


def seating_text(
    seating: RoundSeating, names: Mapping[int, str], title: str, labels: tuple[str, str]
) -> str:
    """Who sits where, a line per table, to read out or pin up."""

    def side(numbers: tuple[int, ...]) -> str:
        return " & ".join(f"{n} {names.get(n, '')}".rstrip() for n in numbers)

    rows = [[str(t.table), side(t.a), side(t.b)] for t in seating.tables]
    lines = titled(title) + text_table(["Table", *labels], rows, left={1, 2})
    if seating.byes:
        lines += ["", "Bye: " + ", ".join(side((n,)) for n in seating.byes)]
    return "\n".join(lines) + "\n"
