"""Every command says what it changed; reading changes nothing."""

from __future__ import annotations

from datetime import date

from clubdesk.services import draw, events, payments, registration, roster_csv
from clubdesk.services import entrants as entrants_service
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Command, Desk, act
from clubdesk.services.events import EventChanges, NewEvent
from clubdesk.services.registration import RegisterEntrant


def test_commands_say_what_they_changed(db, clock) -> None:
    event = events.create_event(
        Desk(db, None, clock), NewEvent("Friday", date(2024, 3, 8), "", "grand-prix-warmup")
    )
    assert event.changes == Change.EVENT
    assert events.get_event(db, event.id).changes == Change.NONE
    assert events.get_event(db, event.id) == event  # what changed is not part of the value

    entrant = registration.register(Desk(db, event.id, clock), RegisterEntrant(["Ann", "Bob"]))
    assert entrant.changes == Change.ENTRANTS | Change.MONEY
    assert entrants_service.list_entrants(db, event.id)[0].changes == Change.NONE
    paid = payments.record_payment(Desk(db, event.id, clock), 1, 500, "cash")
    assert Change.MONEY in paid.changes

    preview = roster_csv.preview_roster(db, event.id, "name,partner\nCy,Di\nEd,Flo\n")
    imported = roster_csv.import_roster(Desk(db, event.id, clock), preview)
    assert imported.changes == Change.ENTRANTS | Change.MONEY
    assert [info.number for info in imported] == [2, 3] and len(imported) == 2

    made = draw.make_draw(Desk(db, event.id, clock), 7)
    assert made.changes == Change.DRAW | Change.SEATING
    assert draw.current_draw(db, event.id).changes == Change.NONE

    updated = events.update_event(Desk(db, event.id, clock), EventChanges(name="Saturday"))
    assert updated.changes == Change.EVENT


def test_an_act_keeps_its_name_and_says_what_it_writes(db, clock) -> None:
    assert registration.register.__name__ == "register"
    assert registration.register.changes == (
        Change.ENTRANTS | Change.MONEY | Change.DRAW | Change.SEATING
    )

    @act(None, Change.CLOCK)
    def plain(do: Command) -> int:
        return 3

    assert plain(Desk(db, None, clock)) == 3  # a result without a changes field is as it is
    assert changes_of(3) == Change.NONE
    assert Change.everything() & Change.SHEETS
