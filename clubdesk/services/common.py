"""What the services share: the rules an event is played by, the time, and one command's
context (docs/architecture.md, "One action, from a key to the database and back")."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlmodel import Session

from clubdesk.domain.formats import load_rules, parse_rules
from clubdesk.domain.rules import Rules
from clubdesk.store.audit import add_entry
from clubdesk.store.events import EventRecord, get_event

if TYPE_CHECKING:
    from clubdesk.store.db import Database
    from clubdesk.timesource import TimeSource


def aware(at: dt.datetime) -> dt.datetime:
    """A time from the injected clock, which must carry its timezone."""
    if at.tzinfo is None:
        raise ValueError("the clock must give timezone-aware times")
    return at


def rules_for(event: EventRecord, *, with_settings: bool = True) -> Rules:
    """The rules an event is played by: its own snapshot of the rules file (the file
    by id, for an event stored without one), with the event's settings applied
    (``with_settings=False``: the format's own defaults).

    Every service resolves an event's rules through this one function.
    """
    settings = event.settings if with_settings else {}
    return _parsed(
        event.id, event.rules_id, event.rules_text, json.dumps(dict(settings), sort_keys=True)
    )


@lru_cache(maxsize=32)
def _parsed(event_id: str, rules_id: str, rules_text: str, settings: str) -> Rules:
    base = (
        parse_rules(rules_text, f"the rules of event {event_id}")
        if rules_text
        else load_rules(rules_id)
    )
    return base.with_settings(json.loads(settings))


def event_and_rules(session: Session, event_id: str) -> tuple[EventRecord, Rules]:
    """An event (or UserError naming the id) and the rules it is played by."""
    event = get_event(session, event_id)
    return event, rules_for(event)


@dataclass(frozen=True)
class Command:
    """One user action under way: its transaction, the event and the rules it is played by
    (looked up once), the time it is taken at, and who takes it. What the action calls is
    handed this, not the event's id to look the event and its rules up again."""

    session: Session
    event: EventRecord
    rules: Rules
    at: dt.datetime
    actor: str

    @property
    def event_id(self) -> str:
        return self.event.id

    def audit(self, action: str, details: dict[str, Any]) -> None:
        """The action's audit row, in its transaction."""
        add_entry(self.session, at=self.at, actor=self.actor, action=action,
                  event_id=self.event.id, details=details)  # fmt: skip


@contextmanager
def command(db: Database, event_id: str, clock: TimeSource, actor: str) -> Iterator[Command]:
    """One transaction for an action on event ``event_id`` (UserError naming the id where
    there is none), committed when the block ends, nothing written if it raises."""
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        yield Command(session, event, rules, clock.now(), actor)
