"""Results from the database: standings and payouts, computed afresh every time.

The event is read without its hand records (the stored final scores are
enough) and its rules come from the snapshot stored with it, with the
event's settings applied; the domain does the rest.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from clubdesk.domain.event.model import Event
from clubdesk.domain.money.payouts import Payouts
from clubdesk.domain.results.cut import compute_cut, cut_size
from clubdesk.domain.results.playoff_order import PlayoffPlace, playoff_order
from clubdesk.domain.results.standings import (
    Standings,
    compute_standings,
    standings_with_running,
)
from clubdesk.domain.results.ties import TieDue, ties_due
from clubdesk.domain.rules import Rules
from clubdesk.services import final_payouts
from clubdesk.services.common import rules_for
from clubdesk.store import eventfile as store
from clubdesk.store import events
from clubdesk.store import rulings as rulings_store
from clubdesk.store.db import Database


def standings(db: Database, event_id: str, after_round: int | None = None) -> Standings:
    """The standings after round ``after_round`` (default: the last complete round)."""
    event, rules = _results(db, event_id)
    return compute_standings(event, rules, after_round)


@dataclass(frozen=True)
class CutLine:
    """Where the cut falls in the standings shown: below the first ``above`` rows.

    ``made`` is true once the cut round is complete (the line is the cut's own
    answer); before it, the line is where the cut would fall on today's field.
    ``tied`` lists the entrants level across the line who still need a tie-break.
    """

    above: int
    after_round: int
    size: int
    made: bool
    tied: tuple[int, ...] = ()
    advancing: tuple[int, ...] = ()  # once made: who advances, in seed order


@dataclass(frozen=True)
class StandingsBoard:
    """What the Standings page shows: the standings, how far the event has got, each
    entrant's running total after every round, the cut line where the format has one, the
    tie-breaks due, and bid whist's final order from its playoffs once the final is played."""

    standings: Standings
    rounds: int  # how many rounds the event plays
    running: dict[int, tuple[int, ...]]  # entrant number -> total after rounds 1, 2, ...
    counts_wins: bool
    cut: CutLine | None
    ties: tuple[TieDue, ...] = ()  # tie-breaks the standings call for now
    playoff_order: tuple[PlayoffPlace, ...] = ()  # bid whist after its final: the final order
    warnings: tuple[tuple[int, int], ...] = ()  # (entrant, warnings logged), by entrant number


def standings_board(db: Database, event_id: str) -> StandingsBoard:
    """The standings after the last complete round with their running totals and cut line."""
    event, rules = _results(db, event_id)
    current, running = standings_with_running(event, rules)
    counts_wins = "wins" in rules.standings.rank_by or (
        rules.cut is not None and rules.cut.always_advance_wins is not None
    )
    return StandingsBoard(
        standings=current,
        rounds=rules.schedule.rounds,
        running={row.number: running[row.number] for row in current.rows},
        counts_wins=counts_wins,
        cut=_cut_line(event, rules, current),
        ties=ties_due(event, rules),
        playoff_order=playoff_order(event, rules),
        warnings=_warned(db, event_id),
    )


def _warned(db: Database, event_id: str) -> tuple[tuple[int, int], ...]:
    """How many warnings each entrant warned has had over the event, by entrant number."""
    with db.reading() as session:
        counted = Counter(w.team for w in rulings_store.warnings(session, event_id))
    return tuple(sorted(counted.items()))


def _cut_line(event: Event, rules: Rules, current: Standings) -> CutLine | None:
    cut = rules.cut
    if cut is None or current.after_round == 0:
        return None
    if current.after_round < cut.after_round:
        active = {e.number for e in event.entrants if e.status == "active"}
        field = sum(1 for row in current.rows if row.number in active)
        size = cut_size(field, cut)
        above = counted = 0
        for row in current.rows:  # withdrawn entrants listed above the line do not count
            if counted == size:
                break
            above += 1
            counted += row.number in active
        rows = current.rows
        tied: tuple[int, ...] = ()
        if 0 < above < len(rows) and rows[above - 1].place == rows[above].place:
            place = rows[above].place  # a group level across the line, as things stand
            tied = tuple(row.number for row in rows if row.place == place)
        return CutLine(above, cut.after_round, size, made=False, tied=tied)
    result = compute_cut(event, rules)
    advancing = set(result.advancing)
    above = 0  # under the last place that advances (a withdrawn entrant above it is passed over)
    for index, row in enumerate(current.rows, start=1):
        if row.number in advancing and row.placed:  # one removed since is listed at the end
            above = index
    tied = tuple(number for tie in result.ties for number in tie.entrants)
    return CutLine(
        above, cut.after_round, result.size, made=True, tied=tied, advancing=result.advancing
    )


def payouts(db: Database, event_id: str) -> Payouts:
    """The prize pool and who wins what, by the event's final order as far as it is known
    (the standings after the last complete round; bid whist's playoffs), marked
    provisional until it is final."""
    with db.reading() as session:
        return final_payouts.payouts_in(session, event_id)


def _results(db: Database, event_id: str) -> tuple[Event, Rules]:
    with db.reading() as session:  # read off the window's thread too (ui/standings)
        record = events.get_event(session, event_id)
        event = store.load_event(session, event_id, results_only=True)
    return event, rules_for(record)
