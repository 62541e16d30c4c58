"""Rounds: start one (its clock starts), close one, and undo a close.

Starting a round is starting its clock (``services/roundclock.py``): the round
before it must have ended, not closed, since the clock never waits for
paperwork.

The clock's state is stored, so a restart picks it up where real time says
it is (docs/architecture.md, "Facts and results").

A round closes when every table's sheet is in, or when the director closes
it with tables missing after naming exactly which (``missing_ok``). Where
the next round's seating depends on this round's results (a progressive
movement: winners stay, winners down; gin's final after the cut round; bid
whist's playoff rounds after the last preliminary round and after each
playoff round: ``seating.follows_from``), closing publishes it in the same
transaction, ready for the projector; when it cannot be made yet (a table
missing, a tie at the cut line) the close says why, and after the final it
says who won. A close can be undone (``reopen_round``) until the next round
starts: the round runs again, a next seating the close published is taken
back, and the round's clock keeps its end.

A round in which no game was played (every table a DQ or a removal, or without its sheet)
has no average winning score for its byes and the opponents of a side disqualified
(``model.needs_award``): the close then takes the director's award (the points, the
director who rules), recorded with it and in the audit row, and refuses to close without
it. Undoing the close takes the award back; the next close asks again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.event.model import needs_award
from clubdesk.domain.event.names import clean_name
from clubdesk.domain.limits import POINTS_MAX, name_problem
from clubdesk.domain.roundclock.state import ClockFact, ClockStatus
from clubdesk.domain.rounds import STORED_STATES, RoundLine, RoundsStatus
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.errors import UserError
from clubdesk.services import roundclock as clock_service
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act, always
from clubdesk.services.common import event_and_rules
from clubdesk.services.playoffs import PlayoffsOver, round_titles
from clubdesk.services.round_checks import check_winners_in
from clubdesk.services.seating import follows_from, publish_in, seating
from clubdesk.store import eventfile as event_store
from clubdesk.store import roundclock as clock_store
from clubdesk.store import rulings as rulings_store
from clubdesk.store import seating as store
from clubdesk.store import sheets as sheets_store
from clubdesk.store.db import Database
from clubdesk.store.seating import RoundRecord


@dataclass(frozen=True)
class RoundChanged:
    """A round started: its clock's start, and the clock's status just after it (None where
    rounds have no clock)."""

    event_id: str
    round_number: int
    status: str
    at: dt.datetime
    fact: ClockFact
    clock: ClockStatus | None
    changes: Change = changes_field()  # what the command that made it changed


def status(db: Database, event_id: str) -> RoundsStatus:
    """Every round of the event: its state, tables and sheets in, when it started and
    ended; and whether rounds have a clock (docs/cli.md, ``round status``)."""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        total = clock_service.event_rounds(session, event_id, rules)
        titles = round_titles(session, event_id)
        started: dict[int, dt.datetime] = {}
        ended: dict[int, dt.datetime] = {}
        for fact in clock_store.facts(session, event_id):
            if fact.kind == "start":
                started[fact.round] = fact.at
            elif fact.kind == "end":
                ended[fact.round] = fact.at
        lines = []
        for number in range(1, total + 1):
            title = titles.get(number) or f"Round {number}"
            found = store.find_round(session, event_id, number)
            if found is None:
                lines.append(RoundLine(number, title, "pending"))
                continue
            sheets, tables = sheets_store.sheets_in(session, found.id)
            lines.append(
                RoundLine(number, title, STORED_STATES[found.status], tables, sheets,
                          started.get(number), ended.get(number))
            )  # fmt: skip
    return RoundsStatus(event_id, rules.schedule.timed, tuple(lines),
                        _waits(db, event_id, rules, lines))  # fmt: skip


def _waits(db: Database, event_id: str, rules: Rules, lines: list[RoundLine]) -> str:
    """Why the round after the last one closed cannot be seated yet, where it is seated from
    that round's results (a tie at the cut to break first); "" when it can be."""
    following = next((r for r in lines if r.state == "pending"), None)
    if following is None or following.number == 1:
        return ""
    before = lines[following.number - 2]
    if before.state != "closed" or not follows_from(rules, before.number):
        return ""
    try:
        seating(db, event_id, following.number)
    except PlayoffsOver:
        return ""
    except UserError as exc:
        return exc.reason
    return ""


@act("round.start", Change.CLOCK | Change.SEATING)
@clock_service.in_range
def start_round(do: Command, round_number: int, *, at: dt.datetime | None = None) -> RoundChanged:
    """Start a round: it is running, and its clock starts where rounds have one, now or
    ``at`` (the round before has ended, its sheets may still be coming in; without a
    clock, the round before is closed). A round not published yet is published first when
    its seating can be made (round 1 from the draw, a stationary movement's next round), in
    the same transaction. The one way a round starts: the window, ``clubdesk round start``,
    ``clubdesk clock start`` and the demo all call it."""
    session, event_id = do.session, do.event.id
    now = clock_service.given_reading(session, event_id, do.desk.clock, at)
    do.at = now.at
    fact, published = clock_service.start_in(do, round_number, now)
    timed = do.rules.schedule.timed
    after = clock_service.status_at(session, event_id, now) if timed else None
    if not published:
        do.changes &= Change.CLOCK
    return RoundChanged(event_id, round_number, "running", now.at, fact, after)


@dataclass(frozen=True)
class RoundClosed:
    """A round closed: the tables closed without a sheet, and the next round's seating
    when the close published it (else ``seating_note`` says why not, if it depends on
    this round)."""

    event_id: str
    round_number: int
    at: dt.datetime
    missing: tuple[int, ...] = ()
    next_seating: RoundSeating | None = None
    seating_note: str = ""
    award: int | None = None  # the director's award, for a round with no game played
    changes: Change = changes_field()  # what the command that made it changed


def award_needed(db: Database, event_id: str, round_number: int) -> bool:
    """Does closing the round take the director's award: no game played in it, and a bye or
    the opponents of a side disqualified to score it (module docstring)?"""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        event = event_store.load_event(session, event_id, results_only=True)
    return needs_award(event.round(round_number), rules)


def _checked_award(
    session: Session, event_id: str, rules: Rules, number: int, award: int | None, director: str
) -> tuple[int, str] | None:
    """The award given at a round's close, checked against the round: given where it is
    needed, and only there; None where none is needed."""
    round_ = event_store.load_event(session, event_id, results_only=True).round(number)
    if not needs_award(round_, rules):
        if award is not None:
            raise UserError(
                f"award: round {number} needs no award: "
                + ("it has a game played, whose average stands" if round_.played
                   else "nobody in it scores the round's average"),
                field="award",
            )  # fmt: skip
        return None
    if award is None:
        tables = "a DQ or a removal"
        if not all(game.award is not None for game in round_.games):
            tables = "a DQ, a removal or without its sheet"
        raise UserError(
            f"award: round {number} had no game played (every table {tables}), so it has no "
            "average winning score; give the points its byes and the opponents of a side "
            "disqualified score instead",
            field="award",
        )
    return checked_award(award, director)


def checked_award(award: int, director: str) -> tuple[int, str]:
    """An award's points and the director who gives it, as a close takes them (the window's
    dialog checks them as typed); UserError names the field."""
    if not 0 <= award <= POINTS_MAX:
        raise UserError(f"award: {award} is not from 0 to {POINTS_MAX:,} points", field="award")
    named = clean_name(str(director))
    if not named:
        raise UserError("director: the director who gives the award is named", field="director")
    if name_problem(named):
        raise UserError(f"director{name_problem(named)}", field="director")
    return award, named


@act("round.close", Change.CLOCK | Change.SEATING)
def close_round(
    do: Command,
    round_number: int,
    *,
    missing_ok: Sequence[int] = (),
    award: int | None = None,
    director: str = "",
    at: dt.datetime | None = None,
) -> RoundClosed:
    """Close a round once every table's sheet is in, or with the tables ``missing_ok``
    names still out (they must be exactly the tables missing); its clock ends if it is
    still running (every table finished early). A round with no game played takes the
    ``award`` its byes and the opponents of a side disqualified score, by the ``director``
    named (module docstring).

    Where the next round is seated from this one's results, its seating is published too.
    ``at``: when it closed, if not now.
    """
    named = sorted(set(missing_ok))
    session, event_id = do.session, do.event.id
    now = clock_service.given_reading(session, event_id, do.desk.clock, at)
    at = do.at = now.at
    found = round_record(session, event_id, round_number)
    if found.status == "closed":
        raise UserError(f"round: round {round_number} is already closed")
    missing = store.unsubmitted_tables(session, event_id, round_number) or []
    if named != missing:
        raise UserError(_missing_text(round_number, missing, named))
    check_winners_in(session, event_id, round_number)  # a level table the next needs
    rules = do.rules
    given = _checked_award(session, event_id, rules, round_number, award, director)
    store.set_round_status(session, found.id, "closed")
    clock_service.end_in(do, round_number, now)
    details: dict[str, object] = {"round": round_number, "missing": missing}
    if given is not None:
        rulings_store.give_round_award(session, found.id, given[0], given[1], at)
        details["award"] = {"points": given[0], "director": given[1]}
    do.at = at
    do.log(details)
    following = round_number + 1
    seats, note = None, ""
    if follows_from(rules, round_number) and store.find_round(session, event_id, following) is None:
        try:
            seats = publish_in(do, following).seating
        except PlayoffsOver as over:
            note = over.plain
        except UserError as exc:
            note = f"round {following}'s seating cannot be made yet: {exc}"
    if seats is None:
        do.changes &= Change.CLOCK
    points = None if given is None else given[0]
    return RoundClosed(event_id, round_number, at, tuple(missing), seats, note, points)


def _missing_text(number: int, missing: list[int], named: list[int]) -> str:
    if not named:
        listed = ", ".join(str(t) for t in missing)
        return (
            f"round: round {number} still waits for tables {listed}; "
            "to close it without them, name them"
        )
    if not missing:
        return f"tables: every sheet of round {number} is in; name no missing tables"
    listed = ", ".join(str(t) for t in missing)
    given = ", ".join(str(t) for t in named)
    return f"tables: round {number} waits for tables {listed}, not {given}"


@dataclass(frozen=True)
class RoundReopened:
    """A close undone: the round runs again; the next round's seating taken back, if any."""

    event_id: str
    round_number: int
    at: dt.datetime
    unpublished: int | None = None  # the next round, when its seating was taken back
    changes: Change = changes_field()  # what the command that made it changed


@act("round.reopen", Change.CLOCK | Change.SEATING, pin=always)
def reopen_round(do: Command, round_number: int, *, at: dt.datetime | None = None) -> RoundReopened:
    """Undo a round's close while the next round has not started.

    The round is running again (sheets still out can be handed in, amendments
    made before the next round is seated); an award given at its close is taken
    back. Where the next round's seating is made from this round's results, it is
    taken back and made again at the next close.
    """
    following = round_number + 1
    session, event_id = do.session, do.event.id
    at = do.at = clock_service.given_reading(session, event_id, do.desk.clock, at).at
    found = round_record(session, event_id, round_number)
    if found.status != "closed":
        raise UserError(f"round: round {round_number} is not closed")
    if store.round_started(session, event_id, following):
        raise UserError(
            f"round: round {following} has started; round {round_number}'s close stands"
        )
    rules = do.rules
    unpublished = None
    if follows_from(rules, round_number) and store.unpublish_round(session, event_id, following):
        unpublished = following
    store.set_round_status(session, found.id, "running")
    details: dict[str, object] = {"round": round_number, "unpublished": unpublished}
    if rulings_store.take_back_round_award(session, found.id):
        details["award_taken_back"] = True  # the next close asks again
    do.log(details)
    if unpublished is None:
        do.changes &= Change.CLOCK
    return RoundReopened(event_id, round_number, at, unpublished)


def seat_following_in(done: Command, round_number: int) -> RoundSeating | None:
    """As part of the act ``done``: once round ``round_number`` is closed and every sheet of
    it is in (a sheet recorded after a close with that table missing), publish the round
    seated from its results, if that one is not published yet. None when nothing was
    published (the round is not closed, a sheet is still out, or it cannot be seated)."""
    session, event_id = done.session, done.event_id
    found = store.find_round(session, event_id, round_number)
    following = round_number + 1
    if found is None or found.status != "closed":
        return None
    if store.unsubmitted_tables(session, event_id, round_number):
        return None
    if not follows_from(done.rules, round_number):
        return None
    if store.find_round(session, event_id, following) is not None:
        return None
    try:
        return publish_in(done, following).seating
    except UserError:  # the playoffs are over, or a tie at the cut waits for the director
        return None


def round_record(session: Session, event_id: str, number: int) -> RoundRecord:
    """A round whose seating is published, or UserError."""
    found = store.find_round(session, event_id, number)
    if found is None:
        raise UserError(f"round: round {number}'s seating is not published yet")
    return found
