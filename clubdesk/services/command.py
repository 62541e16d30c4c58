"""The one way an act at the desk changes the database: one transaction, the event and its
rules, the time, who acts, the audit row and what changed, all declared once per act
(docs/architecture.md, "One act, from a key to the database and back")."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar

from sqlmodel import Session

from clubdesk.domain.rules import Rules
from clubdesk.errors import PinRefused, UserError
from clubdesk.services import pin_guard
from clubdesk.services.changes import Change, with_changes
from clubdesk.services.common import aware, rules_for
from clubdesk.store import pin as pin_store
from clubdesk.store.audit import AuditEntry, add_entry, entries
from clubdesk.store.errors import DatabaseError
from clubdesk.store.events import EventRecord, get_event

if TYPE_CHECKING:
    from clubdesk.store.db import Database
    from clubdesk.timesource import TimeSource

P = ParamSpec("P")
R = TypeVar("R")


class PinKeeper(Protocol):
    """Where a door keeps the director's PIN between acts (the window, for a few minutes:
    ``ui/pin.py``): the PIN it holds now, and word that an act used it."""

    def given(self) -> str | None: ...

    def worked(self) -> None: ...


@dataclass(frozen=True)
class Desk:
    """Where acts come from: an open database, the event on show (None: the club's own acts,
    or none open yet), the clock and who acts, and the director's PIN the door was given
    (``pin``; else the one its ``keeper`` holds, if any). The window, the command line and
    the tables' server each hold one and hand it to every act."""

    db: Database
    event_id: str | None
    clock: TimeSource
    actor: str = "director"
    pin: str | None = field(default=None, repr=False)
    keeper: PinKeeper | None = field(default=None, repr=False, compare=False)

    def by(self, actor: str) -> Desk:
        """The same desk, with ``actor`` acting (a table's phone, the clock)."""
        return replace(self, actor=actor)

    def on(self, event_id: str | None) -> Desk:
        """The same desk, on another event."""
        return replace(self, event_id=event_id)

    def with_pin(self, pin: str | None) -> Desk:
        """The same desk, given the director's PIN ``pin``."""
        return replace(self, pin=pin)

    def given_pin(self) -> str | None:
        """The PIN an act that needs it is given: the desk's own, else its keeper's."""
        if self.pin is not None:
            return self.pin
        return self.keeper.given() if self.keeper is not None else None


Needs = Callable[..., bool]
"""Whether an act needs the director's PIN: given the ``Command`` and the act's arguments
(``always``, or a condition: a withdrawal once round 1 has started)."""


def always(do: Command, *args: Any, **kwargs: Any) -> bool:
    """The act needs the director's PIN whenever one is set."""
    return True


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
        self.now = at  # the clock's time as the act began (``at`` may be set to a time given)
        self.pin_checked = False  # the director's PIN was given, and right, in this act
        self.pin_was_wrong = False  # and wrong PINs were counted before it

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
        transaction, at this time, by this actor, with its own audit row (and the director's
        PIN checked, where it needs it and this act has not); what it changed is added to
        this act's changes."""
        inner = Command(self.session, self.desk, part.action, part.changes, self.at)
        inner.event_id = self.event_id
        inner.now, inner.pin_checked = self.now, self.pin_checked
        if "event" in self.__dict__:
            inner.__dict__["event"] = self.event
        inner.require_pin(part.needs_pin, args, kwargs)
        result = part.body(inner, *args, **kwargs)
        self.changes |= inner.changes
        self.logged += inner.logged
        self.pin_checked |= inner.pin_checked
        self.pin_was_wrong |= inner.pin_was_wrong
        return result

    def require_pin(self, needs: Needs | None, args: Any, kwargs: Any) -> None:
        """Where a PIN is set and the act needs it (``needs``, with its arguments), the PIN
        the desk was given must be it (``pin_guard.check``; ``PinRefused`` if not)."""
        if needs is None or self.pin_checked:
            return
        record = pin_store.director_pin(self.session)
        if record is None or not needs(self, *args, **kwargs):
            return
        pin_guard.check(record, self.desk.given_pin(), self.now)
        self.pin_checked, self.pin_was_wrong = True, record.wrong > 0


class Act(Generic[P, R]):
    """An act declared with ``@act``: called with a ``Desk``, it runs its body in one
    ``Command``; ``body`` is the act itself, for another act to run (``Command.run``)."""

    def __init__(
        self,
        body: Callable[Concatenate[Command, P], R],
        action: str | None,
        changes: Change,
        needs_pin: Needs | None = None,
    ):
        self.body = body
        self.action = action
        self.changes = changes
        self.needs_pin = needs_pin
        functools.update_wrapper(self, body)

    def __call__(self, desk: Desk, *args: P.args, **kwargs: P.kwargs) -> R:
        at = aware(desk.clock.now())
        done: Command | None = None
        try:
            with desk.db.session() as session:
                done = Command(session, desk, self.action, self.changes, at)
                if desk.event_id is not None:
                    done.event  # noqa: B018 - an act on no such event is refused before it starts
                done.require_pin(self.needs_pin, args, kwargs)
                result = self.body(done, *args, **kwargs)
        except PinRefused as refused:
            if refused.wrong:
                _count_wrong(desk, at, self.action)
            raise
        finally:
            if done is not None and done.pin_was_wrong:
                _pin_right(desk)
        if done.pin_checked and desk.pin is None and desk.keeper is not None:
            desk.keeper.worked()
        return with_changes(result, done.changes)

    def __repr__(self) -> str:
        return f"<act {self.__name__} ({self.action})>"


def act(
    action: str | None, changes: Change, *, pin: Needs | None = None
) -> Callable[[Callable[Concatenate[Command, P], R]], Act[P, R]]:
    """Declare an act: the name of its audit row (None: working state, as a draft kept,
    writes none), the most it may change, and whether it needs the director's PIN where one
    is set (``pin``: ``always``, or a condition given the ``Command`` and the act's
    arguments). Its body takes the ``Command`` first."""

    def declare(body: Callable[Concatenate[Command, P], R]) -> Act[P, R]:
        return Act(body, action, changes, pin)

    return declare


LOCKOUT_ACTION = "pin.lockout"


def _count_wrong(desk: Desk, at: dt.datetime, refused: str | None) -> None:
    """A wrong PIN counted, in a transaction of its own (the refused act's was rolled back);
    the one that refuses every PIN for a while logged. A file that takes no writes (read
    from a copy) counts none: nothing can be done to it either."""
    try:
        with desk.db.session() as session:
            most, lockout = pin_guard.WRONG_MOST, pin_guard.LOCKOUT
            if pin_store.count_wrong(session, most, lockout, at):
                details = {"wrong": most, "until": (at + lockout).isoformat(), "refused": refused}
                add_entry(session, at=at, actor=desk.actor, action=LOCKOUT_ACTION,
                          event_id=desk.event_id, details=details)  # fmt: skip
    except DatabaseError:
        pass


def _pin_right(desk: Desk) -> None:
    """The right PIN given after wrong ones: they are no longer in a row (in a transaction
    of its own, whether the act then stood or not)."""
    try:
        with desk.db.session() as session:
            pin_store.reset_wrong(session)
    except DatabaseError:
        pass


def list_audit(db: Database, event_id: str | None = None) -> list[AuditEntry]:
    """The acts' log in the order it was written, for one event or for the whole file."""
    with db.reading() as session:
        return entries(session, event_id)
