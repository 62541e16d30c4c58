"""Events: create one, list them, read one, change its name, date, venue or settings.

Each act runs as one command (``services/command.py``); acts and reads return plain
frozen dataclasses.
"""

import datetime as dt
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import Session

from clubdesk.domain.formats import load_rules
from clubdesk.domain.limits import EVENT_TEXT_MAX, date_problem, name_problem
from clubdesk.domain.rules import SETTING_SECTIONS, Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import rules_for
from clubdesk.store import events as store
from clubdesk.store.db import Database
from clubdesk.store.events import EventRecord

_ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_ID_MAX = 60


@dataclass(frozen=True)
class NewEvent:
    name: str
    date: dt.date
    venue: str
    rules_id: str  # a format id, or a path to a rules file
    settings: Mapping[str, Any] = field(default_factory=dict)
    id: str | None = None  # derived from the name and date when not given


@dataclass(frozen=True)
class EventChanges:
    """What to change; None leaves a value as it is. ``settings`` replaces all overrides."""

    name: str | None = None
    date: dt.date | None = None
    venue: str | None = None
    settings: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class EventInfo:
    id: str
    name: str
    date: dt.date
    venue: str
    rules_id: str
    settings: dict[str, Any]
    created_at: dt.datetime
    changes: Change = changes_field()  # what the command that made it changed


@act("event.create", Change.EVENT)
def create_event(do: Command, new: NewEvent) -> EventInfo:
    """Record a new event with a snapshot of its rules file."""
    name = _check_name(new.name)
    _check_date(new.date)
    if not new.rules_id.strip():
        raise UserError("rules: choose the event's format", field="rules")
    rules = load_rules(new.rules_id)
    settings = _checked_settings(rules, new.settings)
    rules_text = Path(rules.source_path).read_text(encoding="utf-8")
    session = do.session
    if new.id is None:
        event_id = _free_id(session, f"{_slug(name)}-{new.date.isoformat()}")
    else:
        event_id = _check_id(new.id)
        if store.event_exists(session, event_id):
            raise UserError(f"id: there is already an event with id {event_id!r}", field="id")
    record = store.add_event(
        session,
        event_id=event_id,
        name=name,
        date=new.date,
        venue=_check_venue(new.venue),
        rules_id=rules.id,
        rules_text=rules_text,
        settings=settings,
        created_at=do.at,
    )
    do.event_id = event_id
    do.log(
        {
            "name": name,
            "date": new.date.isoformat(),
            "venue": record.venue,
            "rules_id": rules.id,
            "settings": settings,
        }
    )
    return _info(record)


def list_events(db: Database) -> list[EventInfo]:
    """Every event in the file, the latest first (an event replaced by an import is kept
    in the file, archived, and not listed)."""
    with db.reading() as session:
        return [_info(record) for record in store.current_events(session)]


def get_event(db: Database, event_id: str) -> EventInfo:
    with db.reading() as session:
        return _info(store.get_event(session, event_id))


@act("event.update", Change.EVENT)
def update_event(do: Command, changes: EventChanges) -> EventInfo:
    """Change an event's name, date, venue or settings; nothing is written when nothing changes."""
    new_values: dict[str, Any] = {}
    if changes.name is not None:
        new_values["name"] = _check_name(changes.name)
    if changes.date is not None:
        _check_date(changes.date)
        new_values["date"] = changes.date
    if changes.venue is not None:
        new_values["venue"] = _check_venue(changes.venue)
    record = do.event
    if changes.settings is not None:
        new_values["settings"] = _checked_settings(
            rules_for(record, with_settings=False), changes.settings
        )
    changed = {
        key: {"old": _plain(getattr(record, key)), "new": _plain(value)}
        for key, value in new_values.items()
        if getattr(record, key) != value
    }
    if not changed:
        return _info(record)
    # The audit row first: once round 1 has started the database takes new settings
    # only just after the row that logs them.
    do.log(changed)
    record = store.update_event(do.session, do.event.id, {key: new_values[key] for key in changed})
    return _info(record)


def event_rules(db: Database, event_id: str, *, with_settings: bool = True) -> Rules:
    """The rules an event is played by: its own snapshot of the rules file, with the
    event's settings applied (``with_settings=False``: the format's own defaults)."""
    with db.reading() as session:
        return rules_for(store.get_event(session, event_id), with_settings=with_settings)


# --- checks ----------------------------------------------------------------------------------


def _check_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise UserError("name: an event needs a name", field="name")
    wrong = name_problem(name, EVENT_TEXT_MAX)
    if wrong:
        raise UserError(f"name{wrong}", field="name")
    return name


def _check_venue(venue: str) -> str:
    venue = venue.strip()
    wrong = name_problem(venue, EVENT_TEXT_MAX)
    if wrong:
        raise UserError(f"venue{wrong}", field="venue")
    return venue


def _check_date(date: object) -> None:
    if not isinstance(date, dt.date) or isinstance(date, dt.datetime):
        raise UserError("date: must be a calendar date", field="date")
    wrong = date_problem(date)
    if wrong:
        raise UserError(f"date:{wrong}", field="date")


def _check_id(event_id: str) -> str:
    event_id = event_id.strip()
    if not _ID_PATTERN.match(event_id) or len(event_id) > _ID_MAX:
        raise UserError(
            f"id: {event_id!r} must be lower-case letters, digits and dashes "
            f"(at most {_ID_MAX}), starting with a letter or digit",
            field="id",
        )
    return event_id


def _checked_settings(rules: Rules, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The overrides as the rules read them (e.g. ``"5000"`` becomes 5000 cents)."""
    settings = dict(settings)
    try:
        json.dumps(settings)
    except (TypeError, ValueError):
        raise UserError(
            "settings: values must be numbers, text, lists or tables", field="settings"
        ) from None
    values = rules.with_settings(settings).model_dump(mode="json", exclude_none=True)
    return {key: values[SETTING_SECTIONS[key]].get(key) for key in settings}


# --- rows ------------------------------------------------------------------------------------


def _info(record: EventRecord) -> EventInfo:
    return EventInfo(
        id=record.id,
        name=record.name,
        date=record.date,
        venue=record.venue,
        rules_id=record.rules_id,
        settings=dict(record.settings),
        created_at=record.created_at,
    )


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:40].rstrip("-") or "event"


def _free_id(session: Session, base: str) -> str:
    candidate, n = base, 1
    while store.event_exists(session, candidate):
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value
