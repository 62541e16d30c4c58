"""Any format may be given a round clock for an event: its length, warning and round 1's
start set together on the Event page; settings a format does not have are not offered."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clubdesk.services.events import list_events
from clubdesk.ui.style import is_invalid


def choose(keyboard, form, words: str, rules_id: str) -> None:
    keyboard.type(words)  # the combo's keyboard search
    assert form.format_combo.currentData() == rules_id


def test_an_npa_night_given_a_clock_from_the_event_page(window, db, keyboard, qtbot) -> None:
    form = window.event_page.form
    choose(keyboard, form, "NPA", "npa-club-pinochle")
    assert form.minutes_spin.text() == "No clock"
    assert not form.warning_spin.isVisible() and not form.first_round_edit.isVisible()
    keyboard.tab()
    keyboard.type("Tuesday NPA")
    keyboard.tab(6)  # date, venue, fee, returned, rounds, round length
    assert keyboard.focused() is form.minutes_spin
    keyboard.type("30")
    assert form.warning_spin.isVisible() and form.first_round_edit.isVisible()
    keyboard.tab()
    assert keyboard.focused() is form.warning_spin
    keyboard.type("5")
    keyboard.tab()
    assert keyboard.focused() is form.first_round_edit
    keyboard.press(Qt.Key.Key_Return)  # no start time yet: refused at the field
    assert form.error_text("first_round_at") == (
        "The time round 1 starts must be given when rounds have a clock."
    )
    assert is_invalid(form.first_round_edit)
    assert keyboard.focused() is form.first_round_edit
    keyboard.type("25:00")
    keyboard.press(Qt.Key.Key_Return)
    assert form.error_text("first_round_at") == "'25:00' is not a time of day like 10:15 AM."
    form.first_round_edit.selectAll()
    keyboard.type("7 pm")
    keyboard.press(Qt.Key.Key_Return)
    [event] = list_events(db)
    assert event.settings == {"round_minutes": 30, "warning_minutes": 5, "first_round_at": "19:00"}
    window.show_page("rounds")
    page = window.rounds_page
    assert page.pause_button.isVisible()  # a clock to pause
    assert page.tabs.isTabVisible(1)  # and its timetable


def test_back_to_no_clock_drops_the_warning_and_the_start(window, db, keyboard) -> None:
    form = window.event_page.form
    choose(keyboard, form, "NPA", "npa-club-pinochle")
    form.name_edit.setText("Tuesday NPA")
    form.minutes_spin.setValue(30)
    form.warning_spin.setValue(5)
    form.first_round_edit.setText("7:00 PM")
    form.minutes_spin.setValue(0)
    assert not form.first_round_edit.isVisible()
    form.name_edit.setFocus()
    keyboard.press(Qt.Key.Key_Return)
    [event] = list_events(db)
    assert event.settings == {}


def test_formats_with_a_cut_offer_no_dropped_games(window, keyboard) -> None:
    form = window.event_page.form
    choose(keyboard, form, "Bid", "bid-whist")
    assert not form.drop_spin.isVisible()
    form.format_combo.setCurrentIndex(form.format_combo.findData("house-gin"))
    assert not form.drop_spin.isVisible()
    form.format_combo.setCurrentIndex(form.format_combo.findData("grand-prix-pinochle"))
    assert form.drop_spin.isVisible() and form.drop_spin.value() == 1
