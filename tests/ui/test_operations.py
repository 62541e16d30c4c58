"""Commands say what they changed, pages listen: one page's change shows on another, a refusal
marks its field, and slow work runs off the window's thread."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QWidget

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import UserError
from clubdesk.services import roster_csv
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Desk
from clubdesk.services.entrants import list_entrants
from clubdesk.services.events import NewEvent, create_event
from clubdesk.services.registration import RegisterEntrant, register
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import FieldMarks, run_command
from clubdesk.ui.players.page import PlayersPage
from clubdesk.ui.style import is_invalid


def team_event(db, clock, name: str = "Friday") -> str:
    new = NewEvent(name, date(2024, 3, 8), "", "grand-prix-warmup")
    return create_event(Desk(db, None, clock), new).id


def add(db, event_id, clock, *players: str) -> None:
    register(Desk(db, event_id, clock), RegisterEntrant(list(players), paid_cents=2000))


# --- one page's change shows on the others ----------------------------------------------------


def test_a_registration_reaches_the_draw_page_and_the_status_bar(make_window, db, clock, keyboard):
    event_id = team_event(db, clock)
    add(db, event_id, clock, "Ann Smith", "Bob Jones")
    window = make_window(db)
    keyboard.press(Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "players"
    assert window.draw_page.subtitle.text().endswith("· 1 team")
    assert window.summary_label.text().startswith("1 entrant")

    keyboard.type("Cy Young")
    keyboard.tab()
    keyboard.type("Di Prince")
    keyboard.press(Qt.Key.Key_Return)

    assert window.current_page() == "players"  # the Draw page was never shown
    assert not window.draw_page.isVisible()
    assert window.draw_page.subtitle.text().endswith("· 2 teams")
    assert window.summary_label.text().startswith("2 entrants")


def test_a_draw_reaches_the_players_page(make_window, db, clock, keyboard, message_boxes):
    event_id = team_event(db, clock)
    for n in range(1, 5):
        add(db, event_id, clock, f"Ann{n} Smith", f"Bob{n} Jones")
    window = make_window(db)
    players = window.players_page
    assert not players.draw_note.isVisibleTo(players)
    window.show_page("draw")
    window.draw_page.make_button.click()

    assert window.current_page() == "draw"
    assert players is window.players_page  # the hidden page, read up to date
    assert players.draw_note.isVisibleTo(players)  # numbers are fixed now
    players.select_number(1)
    assert not players.renumber_button.isEnabled()


def test_new_settings_reach_the_players_page(make_window, db, clock, keyboard):
    team_event(db, clock)
    window = make_window(db)
    entry = window.players_page.entry
    assert entry.paid_edit.text() == "20.00"  # the format's entry fee
    window.event_page.edit_event()
    form = window.event_page.form
    form.fee_edit.setText("35")
    form.submit()
    assert not window.event_page.showing_form()

    keyboard.press(Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    keyboard.type("Ann Smith")
    keyboard.tab()
    keyboard.type("Bob Jones")
    keyboard.tab()
    keyboard.type("35")
    keyboard.press(Qt.Key.Key_Return)
    assert entry.paid_edit.text() == "35.00"  # ready for the next arrival at the new fee
    assert window.summary_label.text() == "1 entrant · 1 paid · 0 tables · 1 bye"


def test_opening_another_event_reaches_every_page(make_window, db, clock):
    first = team_event(db, clock, "First")
    clock.advance(minutes=1)
    second = team_event(db, clock, "Second")
    add(db, first, clock, "Ann Smith", "Bob Jones")
    window = make_window(db)
    assert window.context.event_id == second
    assert window.players_page.model.rowCount() == 0
    window.event_page.open_event(first)
    assert window.context.event_id == first
    assert window.players_page.model.rowCount() == 1
    assert window.draw_page.overview.event_id == first
    assert window.summary_label.text().startswith("1 entrant")


def test_the_context_publishes_only_real_changes(qtbot, db, clock):
    context = UiContext(db, clock)
    seen: list[Change] = []
    context.changed.connect(seen.append)
    context.publish(Change.NONE)
    context.publish(Change.ENTRANTS | Change.MONEY)
    context.open_event("some-event")
    assert seen == [Change.ENTRANTS | Change.MONEY, Change.everything()]
    assert context.event_id == "some-event"
    context.open(None, "some-event")
    assert context.event_id is None  # no event without a database


# --- a refusal names its field ------------------------------------------------------------------


def test_a_refusal_marks_the_partner_field(make_window, db, clock, keyboard):
    team_event(db, clock)
    window = make_window(db)
    window.show_page("players")
    entry = window.players_page.entry
    keyboard.type("Ann Smith")
    keyboard.press(Qt.Key.Key_Return)  # no partner
    assert entry.message_text() == "Partner: a name is needed."
    assert is_invalid(entry.partner_edit)
    assert not is_invalid(entry.name_edit)
    assert keyboard.focused() is entry.partner_edit
    keyboard.type("Bob Jones")
    keyboard.press(Qt.Key.Key_Return)
    assert not is_invalid(entry.partner_edit)  # registered: the mark is gone


def test_a_rules_refusal_marks_its_setting(window, keyboard):
    form = window.event_page.form
    form.format_combo.setCurrentIndex(form.format_combo.findData("grand-prix-pinochle"))
    form.drop_spin.setValue(11)
    assert is_invalid(form.drop_spin)
    assert not is_invalid(form.rounds_spin)
    form.drop_spin.setValue(10)
    assert not is_invalid(form.drop_spin)


def test_a_service_refusal_marks_the_field_it_names(window, db, monkeypatch):
    from clubdesk.services import events

    def refuse(*args, **kwargs):
        raise UserError("venue: the hall is double-booked", field="venue")

    monkeypatch.setattr(events, "create_event", refuse)
    form = window.event_page.form
    form.name_edit.setText("Monday")
    form.submit()
    assert is_invalid(form.venue_edit)
    assert form.venue_edit.hasFocus()


@dataclass(frozen=True)
class Done:
    value: int
    changes: Change = changes_field()


def test_run_command_publishes_or_explains(qtbot, db, clock, message_boxes):
    context = UiContext(db, clock)
    page = QWidget()
    qtbot.addWidget(page)
    name, paid = QLineEdit(page), QLineEdit(page)
    fields = FieldMarks({"players[0]": name, "paid_cents": paid}, default=name)
    with qtbot.waitSignal(context.changed) as published:
        result = run_command(
            context, lambda: Done(1, changes=Change.MONEY), parent=page, title="Pay"
        )
    assert result == Done(1) and published.args == [Change.MONEY]

    def refuse() -> Done:
        raise UserError("paid_cents: must be more than $0.00", field="paid_cents")

    with qtbot.assertNotEmitted(context.changed):
        assert run_command(context, refuse, parent=page, title="Pay", fields=fields) is None
    assert message_boxes.texts() == ["Must be more than $0.00."]
    assert is_invalid(paid) and not is_invalid(name)


def test_plain_words_drop_the_field_name():
    assert plain_words(UserError("players[1]: a name is needed", field="players[1]")) == (
        "A name is needed."
    )
    assert plain_words(UserError("round 2, table 3: no such game")) == (
        "Round 2, table 3: no such game."
    )


# --- slow work ----------------------------------------------------------------------------------


@pytest.fixture
def players(qtbot, db, clock) -> PlayersPage:
    page = PlayersPage(UiContext(db, clock, team_event(db, clock)))
    qtbot.addWidget(page)
    page.show()
    return page


def test_a_roster_is_imported_off_the_window_thread(
    players, db, qtbot, tmp_path: Path, monkeypatch
):
    threads: list[threading.Thread] = []
    real_import = roster_csv.import_roster

    def import_roster(*args, **kwargs):
        threads.append(threading.current_thread())
        return real_import(*args, **kwargs)

    monkeypatch.setattr(roster_csv, "import_roster", import_roster)
    roster = tmp_path / "roster.csv"
    roster.write_text("name,partner,paid\nAnn Smith,Bob Jones,20\nCy Young,Di Prince,\n")
    dialog = players.open_import()
    dialog.load_file(roster)

    with qtbot.waitSignal(players.context.changed) as published:
        dialog.import_button.click()
        assert dialog.busy() and dialog.progress.isVisibleTo(dialog)
        assert not dialog.import_button.isEnabled()
        dialog.reject()  # cannot be closed while the import runs
        assert dialog.isVisible()

    assert published.args == [Change.ENTRANTS | Change.MONEY]
    assert threads and threads[0] is not threading.main_thread()
    assert [e.number for e in list_entrants(db, players.event_id)] == [1, 2]
    assert players.model.rowCount() == 2
    assert players.entry.message_text() == "✓ Imported 2 entrants (numbers 1–2)."
    assert not dialog.progress.isVisibleTo(dialog)


def test_a_refused_import_is_explained_in_the_dialog(players, qtbot, tmp_path: Path, monkeypatch):
    def refuse(*args, **kwargs):
        raise UserError("line 2: Ann Smith is already registered (entrant 1)")

    monkeypatch.setattr(roster_csv, "import_roster", refuse)
    roster = tmp_path / "roster.csv"
    roster.write_text("name,partner,paid\nAnn Smith,Bob Jones,20\n")
    dialog = players.open_import()
    dialog.load_file(roster)
    with qtbot.assertNotEmitted(players.context.changed):
        dialog.import_button.click()
        qtbot.waitUntil(lambda: not dialog.busy())
    assert dialog.status.text() == "line 2: Ann Smith is already registered (entrant 1)"
    assert dialog.isVisible() and dialog.choose_button.isEnabled()
    dialog.reject()
