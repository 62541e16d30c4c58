"""Winners stay (NPA, §3) and winners down (Sun City West, §4): each round from the last.

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
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping

from clubdesk.domain.seating.values import PartnerCard, PartnerDraw, RoundSeating, TableSeating
from clubdesk.domain.sides import Side, other_side
from clubdesk.errors import UserError

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
        side = _WINNERS.get(value) if isinstance(value, str) else None
        if side is None:
            raise UserError(
                f"round {previous.round}, table {n}: the winner is A or B, not {value!r}"
            )
        results[n] = side
    return results


# A winning side as given: ours ("a"/"b"), or as a director says it or hand JSON writes it.
_WINNERS: dict[str, Side] = {"a": "a", "b": "b", "A": "a", "B": "b"}


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
    lost = [t.side(other_side(results[t.table])) for t in order]
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
    """NPA: the next round after ``previous`` given the winning side ("a"/"b") per table.

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
