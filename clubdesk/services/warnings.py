"""Bid whist's warning infractions (docs/rules.md §6), logged by the director from the board.

``warning_preview`` says what a new infraction by a team would be before anything is
stored: the team's infractions so far over the whole event and "Warning 1", or "Loss of
hand proposed: confirm?" (in the playoffs a loss of hand at once). ``log_warning`` logs
it with the director's decision; each is a ``warning`` row with the ruling it got, never
changed, and one audit row.

A confirmed loss of hand is scored on the table's sheet: the hand in play is entered with
its infraction against the team's side (the other side scores the bid). The sheet is
the scorekeeper's and the director's to write; what is logged here says which table and
side, so the board can tell the director where to mark it (``WarningLogged.text``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.limits import line_problem
from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.rulings.warnings import (
    LoggedWarning,
    WarningKind,
    WarningRuling,
    decided,
    of_team,
    rule_on_warning,
    warnings_allowed,
)
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import event_and_rules
from clubdesk.store import entrants as store
from clubdesk.store import rulings as rulings_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database

WARNING_ACTION = "warning.log"


@dataclass(frozen=True)
class WarningPreview:
    """What a new infraction by ``team`` in ``round_number`` would be, and where it sits."""

    round_number: int
    team: int
    ruling: WarningRuling
    table: int
    side: str  # "a" or "b": the team's side at its table


@dataclass(frozen=True)
class WarningLogged:
    """A warning infraction logged, and the ruling it got."""

    round_number: int
    team: int
    kind: WarningKind
    count: int  # the team's infractions over the event, this one included
    table: int
    side: str
    changes: Change = changes_field()

    @property
    def loss_of_hand(self) -> bool:
        return self.kind == "loss-of-hand"

    @property
    def text(self) -> str:
        """What the board says once it is logged: a warning, or where to mark the loss of
        hand on the sheet."""
        if not self.loss_of_hand:
            return f"Team {self.team}: warning logged (infraction {self.count} of the event)."
        other = "B" if self.side == "a" else "A"
        return (
            f"Team {self.team} loses the hand: on table {self.table}'s sheet, enter the hand "
            f"with its infraction against side {self.side.upper()} (side {other} scores the bid)."
        )


def warning_preview(db: Database, event_id: str, round: int, team: int) -> WarningPreview:
    """What a new infraction by ``team`` in round ``round`` would be (nothing stored)."""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        return _preview(session, event_id, rules, round, team)


def _preview(
    session: Session, event_id: str, rules: Rules, round: int, team: int
) -> WarningPreview:
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise UserError(f"round: must be a round number from 1, not {round!r}", field="round")
    if isinstance(team, bool) or not isinstance(team, int):
        raise UserError(f"team: must be a team's number, not {team!r}", field="team")
    playoff = has_playoffs(rules) and round > rules.schedule.rounds
    warnings_allowed(rules, playoff=playoff)
    record = store.entrant_by_number(session, event_id, team)
    if record is None:
        raise UserError(f"team: there is no team {team} in this event", field="team")
    if record.status != "active":
        raise UserError(f"team: team {team} is {record.status}", field="team")
    seating = seat_store.load_seating(session, event_id, round)
    if seating is None:
        raise UserError(f"round: round {round}'s seating is not published yet", field="round")
    table = next((t for t in seating.tables if team in t.entrants), None)
    if table is None:
        where = "has a bye" if team in seating.byes else "is not seated"
        raise UserError(f"team: team {team} {where} in round {round}", field="team")
    logged = rulings_store.warnings(session, event_id)
    ruling = rule_on_warning(logged, rules, team=team, playoff=playoff)
    return WarningPreview(round, team, ruling, table.table, "a" if team in table.a else "b")


@act(WARNING_ACTION, Change.SHEETS | Change.ENTRANTS)
def log_warning(
    do: Command, round: int, team: int, reason: str, *, loss_of_hand: bool | None = None
) -> WarningLogged:
    """Log a warning infraction by a team seated at a table in round ``round``.

    A team's first infraction is a warning; after it a loss of hand is proposed and
    ``loss_of_hand`` is the director's decision (True: the loss of hand confirmed, False:
    a further warning; without it the infraction is refused). In the playoffs (bid whist's
    rounds after the cut) every infraction is a loss of hand.
    """
    reason = " ".join(str(reason).split())
    if not reason:
        raise UserError("reason: say what the infraction was", field="reason")
    if line_problem(reason):
        raise UserError(f"reason{line_problem(reason)}", field="reason")
    session, event_id = do.session, do.event.id
    preview = _preview(session, event_id, do.rules, round, team)
    kind = decided(preview.ruling, loss_of_hand, team)
    record = store.entrant_by_number(session, event_id, team)
    assert record is not None  # the preview found it
    playoff = preview.ruling.playoff
    rulings_store.add_warning(
        session,
        event_id,
        rulings_store.NewWarning(round, playoff, record.id, reason, kind, do.actor, do.at),
    )
    do.log(
        {
            "round": round,
            "team": team,
            "reason": reason,
            "playoff": playoff,
            "ruling": kind,
            "proposed": preview.ruling.kind,
            "count": preview.ruling.count,
        }
    )
    return WarningLogged(round, team, kind, preview.ruling.count, preview.table, preview.side)


def warnings_logged(
    db: Database, event_id: str, *, team: int | None = None, round_number: int | None = None
) -> list[LoggedWarning]:
    """The warnings logged in the event, in order; only one team's, or one round's, when
    asked."""
    with db.reading() as session:
        event_and_rules(session, event_id)  # the event exists
        logged = rulings_store.warnings(session, event_id)
    if team is not None:
        logged = of_team(logged, team)
    return [w for w in logged if round_number is None or w.round == round_number]
