"""What the services share: the rules an event is played by, and the time."""

from __future__ import annotations

import datetime as dt
import json
from functools import lru_cache

from sqlmodel import Session

from clubdesk.domain.formats import load_rules, parse_rules
from clubdesk.domain.rules import Rules
from clubdesk.store.events import EventRecord, get_event


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
