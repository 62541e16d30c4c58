"""Creating, listing, reading and changing events."""

import datetime as dt
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.events import (
    EventChanges,
    EventInfo,
    NewEvent,
    create_event,
    get_event,
    list_events,
    update_event,
)
from clubdesk.store.db import Database, open_database
from clubdesk.store.models import Event

NIGHT = dt.date(2026, 11, 29)
RULES_DIR = Path(__file__).resolve().parents[2] / "rules"


def grand_prix(**changes: object) -> NewEvent:
    fields: dict[str, object] = {
        "name": "Grand Prix",
        "date": NIGHT,
        "venue": "Elks Lodge",
        "rules_id": "grand-prix-pinochle",
    }
    return NewEvent(**{**fields, **changes})  # type: ignore[arg-type]


def test_create_then_read_back(db: Database, clock) -> None:
    info = create_event(Desk(db, None, clock), grand_prix(settings={"entry_fee_cents": 2500}))
    assert info == EventInfo(
        id="grand-prix-2026-11-29",
        name="Grand Prix",
        date=NIGHT,
        venue="Elks Lodge",
        rules_id="grand-prix-pinochle",
        settings={"entry_fee_cents": 2500},
        created_at=clock.now(),
    )
    assert get_event(db, info.id) == info
    assert list_events(db) == [info]
    with pytest.raises(FrozenInstanceError):
        info.name = "Other"  # type: ignore[misc]


def test_an_event_survives_reopening_the_file(tmp_path: Path, clock) -> None:
    path = tmp_path / "club.sqlite"
    with open_database(path, backups=tmp_path / "backups") as db:
        created = create_event(Desk(db, None, clock), grand_prix(id="gp-2026"))
    with open_database(path, backups=tmp_path / "backups") as db:
        assert get_event(db, "gp-2026") == created


def test_the_rules_file_is_kept_with_the_event(db: Database, clock) -> None:
    create_event(Desk(db, None, clock), grand_prix())
    with db.session() as session:
        text = session.exec(select(Event.rules_text)).one()
    assert text == (RULES_DIR / "grand-prix-pinochle.toml").read_text(encoding="utf-8")


def test_a_rules_file_path_is_accepted(db: Database, clock) -> None:
    info = create_event(
        Desk(db, None, clock), grand_prix(rules_id=str(RULES_DIR / "house-gin.toml"))
    )
    assert info.rules_id == "house-gin"


def test_ids_are_derived_readable_and_unique(db: Database, clock) -> None:
    ids = [
        create_event(Desk(db, None, clock), grand_prix(name=name)).id
        for name in ("Grand Prix", "Grand Prix", "  Café Night! ", "!!!")
    ]
    assert ids == [
        "grand-prix-2026-11-29",
        "grand-prix-2026-11-29-2",
        "cafe-night-2026-11-29",
        "event-2026-11-29",
    ]


def test_settings_are_stored_as_the_rules_read_them(db: Database, clock) -> None:
    settings = {
        "entry_fee_cents": "2500",
        "payout": [{"place": 1, "percent": 60}, {"place": 2, "percent": 40}],
    }
    info = create_event(Desk(db, None, clock), grand_prix(settings=settings))
    assert info.settings == {
        "entry_fee_cents": 2500,
        "payout": [{"place": 1, "percent": 60}, {"place": 2, "percent": 40}],
    }


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "   "}, "name: an event needs a name"),
        ({"date": dt.datetime(2026, 11, 29, 19, 0)}, "date: must be a calendar date"),
        ({"rules_id": ""}, "rules: choose the event's format"),
        ({"rules_id": "no-such-format"}, "rules: no format with id 'no-such-format'"),
        ({"id": "GP 2011"}, "id: 'GP 2011' must be lower-case letters, digits and dashes"),
        ({"settings": {"entry_fee_cents": 12.5}}, "settings.entry_fee_cents: "),
        ({"settings": {"colour": "red"}}, "settings.colour: not a setting an event can change"),
        ({"settings": {"rounds": NIGHT}}, "settings: values must be numbers, text, lists"),
    ],
)
def test_bad_input_is_refused_naming_the_field(
    db: Database, clock, changes: dict, message: str
) -> None:
    with pytest.raises(UserError) as caught:
        create_event(Desk(db, None, clock), grand_prix(**changes))
    assert str(caught.value).startswith(message)
    assert list_events(db) == []
    assert list_audit(db) == []


def test_a_taken_id_is_refused(db: Database, clock) -> None:
    create_event(Desk(db, None, clock), grand_prix(id="gp-2011"))
    with pytest.raises(UserError, match="^id: there is already an event with id 'gp-2011'$"):
        create_event(Desk(db, None, clock), grand_prix(id="gp-2011", name="Another"))
    assert [e.name for e in list_events(db)] == ["Grand Prix"]


def test_an_unknown_event_is_named(db: Database) -> None:
    with pytest.raises(UserError, match="^event: there is no event with id 'gp-1999'$"):
        get_event(db, "gp-1999")


def test_events_are_listed_latest_first(db: Database, clock) -> None:
    for day in (3, 29, 10):
        create_event(Desk(db, None, clock), grand_prix(name="Night", date=dt.date(2026, 11, day)))
    assert [e.date.day for e in list_events(db)] == [29, 10, 3]


def test_update_changes_what_is_given(db: Database, clock) -> None:
    created = create_event(Desk(db, None, clock), grand_prix(settings={"entry_fee_cents": 2500}))
    clock.advance(minutes=5)
    changed = update_event(
        Desk(db, created.id, clock),
        EventChanges(name=" Grand Prix 2026 ", venue="Hall B", settings={"return_percent": 90}),
    )
    assert changed == EventInfo(
        id=created.id,
        name="Grand Prix 2026",
        date=NIGHT,
        venue="Hall B",
        rules_id="grand-prix-pinochle",
        settings={"return_percent": 90},
        created_at=created.created_at,
    )
    assert get_event(db, created.id) == changed


def test_update_checks_its_input(db: Database, clock) -> None:
    created = create_event(Desk(db, None, clock), grand_prix())
    with pytest.raises(UserError, match="^name: an event needs a name$"):
        update_event(Desk(db, created.id, clock), EventChanges(name=""))
    with pytest.raises(UserError, match="^settings.rounds: "):
        update_event(Desk(db, created.id, clock), EventChanges(settings={"rounds": 0}))
    with pytest.raises(UserError, match="^event: there is no event with id 'nope'$"):
        update_event(Desk(db, "nope", clock), EventChanges(name="X"))
    assert get_event(db, created.id) == created


def test_every_change_is_in_the_audit_log(db: Database, clock) -> None:
    created = create_event(
        Desk(db, None, clock), grand_prix(id="gp", settings={"entry_fee_cents": 2500})
    )
    clock.advance(minutes=5)
    update_event(
        Desk(db, "gp", clock), EventChanges(date=dt.date(2026, 11, 30), venue="Elks Lodge")
    )
    update_event(Desk(db, "gp", clock), EventChanges(name="Grand Prix"))  # nothing changes
    entries = list_audit(db, "gp")
    assert [(e.action, e.actor, e.at) for e in entries] == [
        ("event.create", "director", created.created_at),
        ("event.update", "director", clock.now()),
    ]
    assert entries[0].details == {
        "name": "Grand Prix",
        "date": "2026-11-29",
        "venue": "Elks Lodge",
        "rules_id": "grand-prix-pinochle",
        "settings": {"entry_fee_cents": 2500},
    }
    assert entries[1].details == {"date": {"old": "2026-11-29", "new": "2026-11-30"}}
    assert list_audit(db) == entries


def test_the_actor_is_recorded(db: Database, clock) -> None:
    create_event(Desk(db, None, clock).by("cli"), grand_prix())
    assert [e.actor for e in list_audit(db)] == ["cli"]


def test_a_clock_without_a_timezone_is_a_programming_error(db: Database) -> None:
    with pytest.raises(ValueError, match="timezone"):
        create_event(Desk(db, None, NaiveClock()), grand_prix())


def test_event_rules_come_from_the_events_own_snapshot(db, clock) -> None:
    from clubdesk.services.events import event_rules

    info = create_event(
        Desk(db, None, clock),
        NewEvent(
            "Spring Warm-up",
            dt.date(2026, 4, 1),
            "Hall",
            "grand-prix-warmup",
            {"entry_fee_cents": 2500},
        ),
    )
    assert event_rules(db, info.id).money.entry_fee_cents == 2500
    assert event_rules(db, info.id, with_settings=False).money.entry_fee_cents == 2000
    with pytest.raises(UserError, match="event: there is no event with id 'nope'"):
        event_rules(db, "nope")


def test_every_service_reads_an_events_rules_the_same_way(db, clock) -> None:
    from clubdesk.services import draw
    from clubdesk.services import entrants as entrants_service
    from clubdesk.services.common import event_and_rules, rules_for
    from clubdesk.services.events import event_rules
    from clubdesk.store import events as store

    new = NewEvent("Warm-up", NIGHT, "Hall", "grand-prix-warmup", {"entry_fee_cents": 2500})
    info = create_event(Desk(db, None, clock), new)
    with db.session() as session:
        record, rules = event_and_rules(session, info.id)
    assert rules is rules_for(record) is event_rules(db, info.id)
    assert rules_for(record, with_settings=False) is event_rules(db, info.id, with_settings=False)
    assert entrants_service.registration_setup(db, info.id).entry_fee_cents == 2500
    assert draw.draw_overview(db, info.id).rules_title == rules.title
    with db.session() as session:
        store.update_event(session, info.id, {"settings": {"entry_fee_cents": 3000}})
    assert event_rules(db, info.id).money.entry_fee_cents == 3000
    assert entrants_service.registration_setup(db, info.id).entry_fee_cents == 3000


class NaiveClock:
    """A clock that forgets the time zone."""

    def now(self) -> dt.datetime:
        return dt.datetime(2026, 11, 29, 19, 0)

    def monotonic(self) -> float:
        return 0.0
