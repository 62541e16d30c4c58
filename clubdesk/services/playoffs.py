"""Bid whist's playoff rounds as the seating service sees them, and the cut they follow.

A format whose cut comes after its last round (bid whist) plays a playoff
bracket in the rounds numbered on after it (``domain/results/playoffs.py``):
the first is the bracket from the cut, each later one the winners of the one
before in bracket order, until the final. Here:

- ``settled_cut``: the cut, once every sheet up to it is in and a tie at the
  line is settled (gin's final and the playoffs both wait for it);
- ``playoff_in`` / ``playoff_round``: a playoff round (its matches, name and
  results), once it can be seated: each waits for every result of the round
  before (the tables missing named); after the final ``PlayoffsOver``;
- ``playoff_seating``: its seating, a table per match in bracket order, the
  better seed on side a (N/S), a team with a bye on a bye;
- ``round_title`` / ``round_titles``: how a round is named on screen ("Round
  2 of 3", "Playoffs: quarter-final");
- ``check_playoffs_stand``: a change to a result that would change who meets
  whom in the playoff rounds already seated is refused.

Readers open one session; the ``session`` functions work in the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from clubdesk.domain.eventfile import checks
from clubdesk.domain.results import playoffs as bracket
from clubdesk.domain.results.cut import CutResult, compute_cut
from clubdesk.domain.results.playoffs import PlayoffRound, has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.errors import UserError
from clubdesk.services.common import event_and_rules
from clubdesk.store import eventfile as event_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.store.events import EventRecord as Event


def settled_cut(session: Session, event: Event, rules: Rules, lead: str) -> CutResult:
    """The cut, once every sheet up to it is in and no tie at the line is left; else
    UserError starting with ``lead`` (or naming the tie)."""
    cut = rules.cut
    if cut is None:
        raise UserError(f"{rules.title} has no cut: every entrant plays every round")
    for number in range(1, cut.after_round + 1):
        missing = seat_store.unsubmitted_tables(session, event.id, number)
        if missing is None:
            raise UserError(f"{lead}: round {number} is not seated yet")
        found = seat_store.find_round(session, event.id, number)
        closed = found is not None and found.status == "closed"
        if missing and not closed:  # closed without them: those tables scored nothing
            which = "table" if len(missing) == 1 else "tables"
            raise UserError(
                f"{lead}: round {number} is not finished "
                f"(no sheet yet from {which} {listed(missing)})"
            )
    result = compute_cut(event_store.load_event(session, event.id, results_only=True), rules)
    if result.ties:
        texts = [_tie_text(result.after_round, tie.entrants, cut.tie) for tie in result.ties]
        raise UserError("; ".join(texts))
    return result


def _tie_text(after_round: int, entrants: Sequence[int], kind: str) -> str:
    many = len(entrants) > 2
    if kind == "sudden-death":
        what = "sudden-death matches" if many else "sudden-death match"
    else:
        what = "play-off hands" if many else "play-off hand"
    who = ", ".join(str(n) for n in entrants[:-1]) + f" and {entrants[-1]}"
    return f"the cut after round {after_round} is tied between {who}: record the {what} first"


def listed(numbers: Sequence[int]) -> str:
    """Numbers as a refusal lists them: ``1, 2, 3``."""
    return ", ".join(str(n) for n in numbers)


class PlayoffsOver(UserError):
    """Asked for a playoff round after the final: the playoffs are over."""

    def __init__(self, champion: int):
        self.champion = champion
        self.plain = f"the playoffs are over: team {champion} won"
        super().__init__(f"round: {self.plain}")


def playoff_round(db: Database, event_id: str, number: int) -> PlayoffRound | None:
    """Round ``number`` as a playoff round (its matches, stage and name, the results in);
    None for a round that is not one. UserError while it cannot be said yet."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        if not has_playoffs(rules) or number <= rules.schedule.rounds:
            return None
        return playoff_in(session, event, rules, number)


def round_title(db: Database, event_id: str, number: int) -> str:
    """How round ``number`` is named on screen: "Round 2 of 3", or a playoff round by its
    stage, "Playoffs: quarter-final" (as published, else as it would be seated now)."""
    with db.reading() as session:
        return round_title_in(session, event_id, number)


def round_title_in(session: Session, event_id: str, number: int) -> str:
    """``round_title`` inside the caller's transaction."""
    event, rules = event_and_rules(session, event_id)
    return _round_title(session, event, rules, number)


def round_titles(session: Session, event_id: str) -> dict[int, str]:
    """The name of every published playoff round (``round_title``), by round number."""
    event, rules = event_and_rules(session, event_id)
    later = [n for n in seat_store.published_rounds(session, event_id) if n > rules.schedule.rounds]
    return {n: _round_title(session, event, rules, n) for n in later}


def _round_title(session: Session, event: Event, rules: Rules, number: int) -> str:
    rounds = rules.schedule.rounds
    if number <= rounds or not has_playoffs(rules):
        return bracket.round_title(number, rounds)
    stored = seat_store.load_seating(session, event.id, number)
    if stored is not None:  # a bye is a match of its own
        stage = bracket.stage_name(len(stored.tables) + len(stored.byes))
        return bracket.round_title(number, rounds, stage)
    try:
        stage = playoff_in(session, event, rules, number).name
    except UserError:
        stage = ""
    return bracket.round_title(number, rounds, stage)


def playoff_in(session: Session, event: Event, rules: Rules, number: int) -> PlayoffRound:
    """Playoff round ``number``, once it can be seated: the cut is made, and the playoff
    round before it has all its results in; PlayoffsOver after the final."""
    cut_round = rules.schedule.rounds
    lead = f"round {number} cannot be seated yet"
    missing = seat_store.unsubmitted_tables(session, event.id, number - 1)
    if number > cut_round + 1 and missing:
        which = "table" if len(missing) == 1 else "tables"
        raise UserError(f"{lead}: no result for {which} {listed(missing)}")
    result = settled_cut(
        session, event, rules, f"{lead}: the cut after round {cut_round} cannot be made"
    )
    seeds = [team for _, team in result.seeds()]
    facts = event_store.load_event(session, event.id, results_only=True)
    found = bracket.playoff_rounds(seeds, cut_round, facts.rounds)
    last = found[-1]
    if number <= last.number:
        return found[number - cut_round - 1]
    if last.champion is not None:
        raise PlayoffsOver(last.champion)
    if missing is None:
        raise UserError(f"{lead}: round {number - 1} is not seated yet")
    raise UserError(f"{lead}: round {last.number}, the {last.name}, is not finished")


def check_playoffs_stand(session: Session, event_id: str, field: str) -> None:
    """UserError naming ``field`` when the playoff rounds already seated no longer follow
    from the results, in the caller's transaction: a change to a result (an amendment, a
    tie-break at the cut) that would change who meets whom is refused."""
    event, rules = event_and_rules(session, event_id)
    published = seat_store.published_rounds(session, event_id)
    if not has_playoffs(rules) or not any(n > rules.schedule.rounds for n in published):
        return
    found = checks.playoffs(event_store.load_event(session, event_id, results_only=True), rules)
    if found:
        raise UserError(
            f"{field}: the playoff rounds seated so far would no longer follow from the results "
            f"({found[0]}); reopen the round before them to seat them again"
        )


def playoff_seating(session: Session, event: Event, rules: Rules, number: int) -> RoundSeating:
    """A playoff round's seating (bid whist): a table per match in bracket order, the
    better seed on side a (N/S); a team with a bye sits out."""
    found = playoff_in(session, event, rules, number)
    played = [m for m in found.matches if m.b is not None]
    tables = tuple(
        TableSeating(table, (m.a,), (m.b,))  # type: ignore[arg-type]
        for table, m in enumerate(played, start=1)
    )
    byes = tuple(m.a for m in found.matches if m.bye)
    return RoundSeating(number, tables, byes)
