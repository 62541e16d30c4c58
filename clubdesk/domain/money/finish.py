"""The finishing order prizes are paid by, and whether it is final yet.

How each rule is read:

- No round counted yet (no complete round): there is no order, so no prize
  is shown.
- Who can win a prize: an entrant withdrawn before the last round, or removed
  from the tournament (bid whist: ejected) at any time, is not placed for
  prizes (``standings.py``); places and prizes pass to the next, a shared
  place staying shared. In bid whist a team passed over at the cut (gone
  before the playoffs) takes no place either, nor a team ejected during the
  playoffs; a team that withdrew once out at the cut keeps its place.
- Formats without playoffs pay by the standings after the last complete
  round. They are provisional until the event's last round
  (``schedule.rounds``) is complete.
- Gin (docs/rules.md §5: a cut, then a final round; the cut's tie-break is a
  sudden-death match): a tie for a place that carries a prize is not shared;
  it waits for a sudden-death match, recorded as a tie-break in the final
  round, which the standings then apply (``results/ties.py``). Its entrants
  are listed as undecided (not shared) until then. A tie below the prizes
  shares its place. Before the last round ties share as a preview would.
- Bid whist (docs/rules.md §6: the cut comes after the last preliminary round)
  pays by the playoffs, never by the preliminary standings. The playoff
  rounds are the event's rounds after the cut round, their games the
  bracket's matches (``results/playoffs.py``), a game found by its two
  teams. The champion is 1st and the final's loser 2nd; teams that go out
  in the same playoff round share the places they cover (docs/rules.md names no
  match for 3rd place): with 8 teams the two semi-final losers share 3rd
  and 4th, the four quarter-final losers 5th to 8th. Teams out at the cut
  follow, in standings order. A playoff round counts once every match in it
  has a result (one semi-final played decides nothing yet). Teams still in
  the playoffs (before the cut is settled: every active team not out) share
  the top places as undecided, and the order is provisional until the final
  has a result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from clubdesk.domain.event.model import Event
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.playoffs import playoff_rounds
from clubdesk.domain.results.standings import (
    StandingRow,
    compute_standings,
    last_complete_round,
)
from clubdesk.domain.results.ties import final_ties
from clubdesk.domain.rules import Rules

SettledBy = Literal["sudden-death", "playoffs"]


@dataclass(frozen=True)
class Finisher:
    """One entrant's place in the final order (ties share a place).

    ``decided`` False: the place is shared only until a tie-break or the
    playoffs say who finishes where, so its prizes are not handed out yet.
    """

    place: int
    number: int
    name: str
    players: tuple[str, ...] = ()
    decided: bool = True


@dataclass(frozen=True)
class FinalOrder:
    """The order prizes follow; ``provisional`` until the last result is in."""

    finish: tuple[Finisher, ...]
    provisional: bool
    played: bool
    why: str = ""  # what the order still waits for, in words ("" when final)
    settled_by: SettledBy = "sudden-death"  # how an undecided group is settled


def final_order(event: Event, rules: Rules) -> FinalOrder:
    """The finishing order of ``event`` that its prizes are paid by (module docstring)."""
    cut = rules.cut
    if cut is not None and cut.after_round >= rules.schedule.rounds:
        return _by_playoffs(event, rules)
    standings = compute_standings(event, rules)
    played = standings.after_round > 0
    final = standings.after_round >= rules.schedule.rounds
    due = {number for tie in final_ties(event, rules, standings) for number in tie.entrants}
    finish = tuple(
        _finisher(row, decided=row.number not in due) for row in standings.rows if row.placed
    )
    why = "" if final else f"round {rules.schedule.rounds}, the last, is not finished"
    return FinalOrder(finish, provisional=not final, played=played, why=why)


def _finisher(row: StandingRow, *, place: int | None = None, decided: bool = True) -> Finisher:
    return Finisher(place or row.place or 0, row.number, row.name, row.players, decided)


def _by_playoffs(event: Event, rules: Rules) -> FinalOrder:
    cut = rules.cut
    assert cut is not None
    upto = min(last_complete_round(event), cut.after_round)
    standings = compute_standings(event, rules, after_round=upto)
    placed = {row.number for row in standings.rows if row.placed}
    if upto < cut.after_round:
        # before the cut every active team is still in
        active = {e.number for e in event.entrants if e.status == "active"}
        alive = [row for row in standings.rows if row.number in active]
        gone = [row for row in standings.rows if row.number not in active and row.placed]
        finish = [_finisher(row, place=1, decided=False) for row in alive]
        finish += _after(gone, len(alive))
        why = f"the preliminaries (to round {cut.after_round}) and the playoffs are not finished"
        return FinalOrder(tuple(finish), True, upto > 0, why, "playoffs")
    ranked = compute_standings(event, rules, after_round=upto, rank_everyone=True)
    rows = {row.number: row for row in ranked.rows}
    result = compute_cut(event, rules, ranked)
    out_rows = [rows[n] for n in result.out]
    kept = placed - set(result.passed_over)  # the rest pass their places on
    if result.ties:
        alive = [*result.advancing, *(n for tie in result.ties for n in tie.entrants)]
        finish = [_finisher(rows[n], place=1, decided=False) for n in alive]
        finish += _after(out_rows, len(alive))
        why = "a tie at the cut line is not settled and the playoffs are not played"
        return FinalOrder(_passed_on(finish, kept), True, True, why, "playoffs")
    alive, gone = _playoff_result(event, cut.after_round, result.advancing)
    finish = [_finisher(rows[n], place=1, decided=len(alive) == 1) for n in alive]
    for place, losers in gone:
        finish += [_finisher(rows[n], place=place) for n in losers]
    finish += _after(out_rows, len(result.advancing))
    why = "" if len(alive) == 1 else "the playoffs are not finished"
    return FinalOrder(_passed_on(finish, kept), len(alive) > 1, True, why, "playoffs")


def _after(rows: Sequence[StandingRow], ahead: int) -> list[Finisher]:
    """Entrants out at the cut: after the ``ahead`` playoff teams, in standings order."""
    if not rows:
        return []
    first = rows[0].place or 0
    return [_finisher(row, place=ahead + 1 + (row.place or 0) - first) for row in rows]


def _passed_on(finish: Sequence[Finisher], kept: set[int]) -> tuple[Finisher, ...]:
    """The order without the entrants not ``kept`` (gone before their event was played:
    removed, ejected, withdrawn early, passed over at the cut): each place passes to the
    next, a shared place staying shared."""
    staying = [f for f in finish if f.number in kept]
    return tuple(
        replace(f, place=1 + sum(1 for other in staying if other.place < f.place)) for f in staying
    )


def _playoff_result(
    event: Event, cut_round: int, seeds: Sequence[int]
) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """Teams still in, and (place, teams) for each playoff round's losers, best first."""
    if len(seeds) < 2:
        return list(seeds), []
    alive = list(seeds)
    gone: list[tuple[int, list[int]]] = []
    for played in playoff_rounds(seeds, cut_round, event.rounds):
        if not played.complete:
            break  # a playoff round counts once every match in it has a result
        going_on = played.advancing()
        losers = [t for t in alive if t not in going_on]
        place = len(played.matches) + 1  # as many teams reach the next round as there are matches
        gone.insert(0, (place, sorted(losers)))
        alive = [t for t in alive if t in going_on]
    return alive, gone
