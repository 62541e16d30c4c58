"""The one way an act at the desk changes the database: one transaction, the event and its
rules, the time, who acts, the audit row and what changed, all declared once per act
(docs/architecture.md, "One act, from a key to the database and back")."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar

from sqlmodel import Session

from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, with_changes
from clubdesk.services.common import aware, rules_for
from clubdesk.store.audit import AuditEntry, add_entry, entries
from clubdesk.store.events import EventRecord, get_event

if TYPE_CHECKING:
    from clubdesk.store.db import Database
    from clubdesk.timesource import TimeSource

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Desk:
    """Where acts come from: an open database, the event on show (None: the club's own acts,
    or none open yet), the clock and who acts. The window, the command line and the tables'
    server each hold one and hand it to every act."""

    db: Database
    event_id: str | None
    clock: TimeSource
    actor: str = "director"

    def by(self, actor: str) -> Desk:
        """The same desk, with ``actor`` acting (a table's phone, the clock)."""
        return replace(self, actor=actor)

    def on(self, event_id: str | None) -> Desk:
        """The same desk, on another event."""
        return replace(self, event_id=event_id)


class Command:
    """One act under way: its transaction (``session``), the event and its rules (looked up
    once, when first asked), the time it is taken at and who takes it. The act writes its
    audit row with ``log``; ``changes`` is what it changed (the act's declared changes, which
    it may narrow to what it did)."""

    def __init__(
        self, session: Session, desk: Desk, action: str | None, changes: Change, at: dt.datetime
    ):
        self.session = session
        self.desk = desk
        self.action = action
        self.changes = changes
        self.at = at
        self.actor = desk.actor
        self.event_id: str | None = desk.event_id  # an act that makes an event names it here
        self.logged = 0

    @cached_property
    def event(self) -> EventRecord:
        """The event acted on (UserError naming the id where there is none)."""
        if self.event_id is None:
            raise UserError("event: no event is open; open or create one first", field="event")
        return get_event(self.session, self.event_id)

    @property
    def rules(self) -> Rules:
        """The rules the event is played by."""
        return rules_for(self.event)

    def log(self, details: dict[str, Any], *, action: str | None = None) -> None:
        """The act's audit row, in its transaction, just before what it guards. ``action``:
        a second row of the same act under its own name (the director's choice of two
        sheets beside the sheet they chose)."""
        name = action or self.action
        if name is None:
            raise TypeError("an act declared without an audit row writes none")
        add_entry(self.session, at=self.at, actor=self.actor, action=name,
                  event_id=self.event_id, details=details)  # fmt: skip
        self.logged += 1

    def run(self, part: Act[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Another act, run as part of this one (a refund with a withdrawal): in this
        transaction, at this time, by this actor, with its own audit row; what it changed
        is added to this act's changes."""
        inner = Command(self.session, self.desk, part.action, part.changes, self.at)
        inner.event_id = self.event_id
        if "event" in self.__dict__:
            inner.__dict__["event"] = self.event
        result = part.body(inner, *args, **kwargs)
        self.changes |= inner.changes
        self.logged += inner.logged
        return result


class Act(Generic[P, R]):
    """An act declared with ``@act``: called with a ``Desk``, it runs its body in one
    ``Command``; ``body`` is the act itself, for another act to run (``Command.run``)."""

    def __init__(
        self, body: Callable[Concatenate[Command, P], R], action: str | None, changes: Change
    ):
        self.body = body
        self.action = action
        self.changes = changes
        functools.update_wrapper(self, body)

    def __call__(self, desk: Desk, *args: P.args, **kwargs: P.kwargs) -> R:
        at = aware(desk.clock.now())
        with desk.db.session() as session:
            done = Command(session, desk, self.action, self.changes, at)
            if desk.event_id is not None:
                done.event  # noqa: B018 - an act on no such event is refused before it starts
            result = self.body(done, *args, **kwargs)
        return with_changes(result, done.changes)

    def __repr__(self) -> str:
        return f"<act {self.__name__} ({self.action})>"


def act(
    action: str | None, changes: Change
) -> Callable[[Callable[Concatenate[Command, P], R]], Act[P, R]]:
    """Declare an act: the name of its audit row (None: working state, as a draft kept,
    writes none) and the most it may change. Its body takes the ``Command`` first."""

    def declare(body: Callable[Concatenate[Command, P], R]) -> Act[P, R]:
        return Act(body, action, changes)

    return declare


def list_audit(db: Database, event_id: str | None = None) -> list[AuditEntry]:
    """The acts' log in the order it was written, for one event or for the whole file."""
    with db.reading() as session:
        return entries(session, event_id)
