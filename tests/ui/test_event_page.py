"""The Event page: creating, opening and editing events, driven from the keyboard."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox

from clubdesk.domain.formats import load_rules
from clubdesk.errors import UserError
from clubdesk.services.command import Desk
from clubdesk.services.events import EventInfo, NewEvent, create_event, list_events
from clubdesk.ui.event.overview import EventListModel
from clubdesk.ui.event.settings import payout_summary, plain_setting_error


def add_event(db, clock, name="Friday Night Pinochle", rules_id="npa-club-pinochle", **settings):
    new = NewEvent(
        name=name, date=date(2024, 3, 8), venue="Hall B", rules_id=rules_id, settings=settings
    )
    return create_event(Desk(db, None, clock), new)


# --- creating an event by keyboard ------------------------------------------------------------


def test_an_empty_database_opens_on_the_new_event_form(window):
    page = window.event_page
    assert page.showing_form()
    assert page.form.heading.text() == "New event"
    assert page.form.cancel_button.isHidden()  # nothing to go back to
    assert window.windowTitle() == "clubdesk"
    assert window.event_page.form.date_edit.value() == date(2024, 3, 9)  # the clock's today


def test_create_an_event_with_the_keyboard(window, db, keyboard, clock):
    form = window.event_page.form
    assert isinstance(keyboard.focused(), QComboBox)

    keyboard.type("Grand")  # the combo's keyboard search (a space would open its list)
    assert form.format_combo.currentData() == "grand-prix-pinochle"
    assert "11 rounds" in form.description.text()
    assert form.rounds_spin.value() == 11 and form.drop_spin.value() == 1
    assert form.fee_edit.text() == "50.00"

    keyboard.tab()
    assert keyboard.focused() is form.name_edit
    keyboard.type("Spring Grand Prix")
    keyboard.tab()  # the date: today is fine, and one Tab leaves it
    assert keyboard.focused() is form.date_edit
    keyboard.tab()
    assert keyboard.focused() is form.venue_edit
    keyboard.type("Clubhouse")
    keyboard.tab()
    assert keyboard.focused() is form.fee_edit
    keyboard.type("45")  # Tab selected the old amount
    keyboard.tab(2)
    assert keyboard.focused() is form.rounds_spin
    keyboard.type("9")
    keyboard.tab(2)  # the round length
    assert keyboard.focused() is form.warning_spin
    keyboard.tab()
    assert keyboard.focused() is form.first_round_edit
    assert form.first_round_edit.text() == "10:15 AM"  # the format's
    keyboard.tab()
    assert keyboard.focused() is form.drop_spin
    keyboard.press(Qt.Key.Key_Return)

    [event] = list_events(db)
    assert event.name == "Spring Grand Prix"
    assert event.venue == "Clubhouse"
    assert event.date == date(2024, 3, 9)
    assert event.rules_id == "grand-prix-pinochle"
    assert event.settings == {"entry_fee_cents": 4500, "rounds": 9}  # only what differs
    assert event.created_at == clock.now()

    page = window.event_page
    assert not page.showing_form()
    assert page.current_event == event
    assert window.windowTitle() == "clubdesk — Spring Grand Prix"
    assert page.overview.value_text("entry_fee_cents") == "$45.00   (format: $50.00)"
    assert page.overview.value_text("rounds") == "9   (format: 11)"
    assert page.overview.value_text("venue") == "Clubhouse"


def test_the_formats_defaults_are_filled_in_when_the_format_changes(window):
    form = window.event_page.form
    form.fee_edit.setText("12.34")
    form.format_combo.setCurrentIndex(form.format_combo.findData("house-gin"))
    gin = load_rules("house-gin")
    assert form.fee_edit.cents() == gin.money.entry_fee_cents
    assert form.rounds_spin.value() == gin.schedule.rounds
    assert form.payout_label.text() == payout_summary(gin)
    assert "$35.00" in form.payout_label.text()  # a fixed prize


def test_defaults_left_alone_store_no_settings(window, db, keyboard):
    form = window.event_page.form
    form.name_edit.setFocus()
    keyboard.type("Tuesday Gin")
    keyboard.press(Qt.Key.Key_Enter)
    [event] = list_events(db)
    assert event.settings == {}
    assert event.rules_id == form.format_combo.itemData(0)


def test_drop_lowest_equal_to_rounds_is_refused_beside_the_field(window, db, keyboard):
    form = window.event_page.form
    form.format_combo.setCurrentIndex(form.format_combo.findData("grand-prix-pinochle"))
    form.name_edit.setText("Spring Grand Prix")
    form.drop_spin.setFocus()
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.type("11")

    message = "Drop lowest must be less than the number of rounds."
    assert form.error_text("drop_lowest") == message  # said as soon as it is typed
    keyboard.press(Qt.Key.Key_Return)

    assert list_events(db) == []
    assert window.event_page.showing_form()
    assert form.error_text("drop_lowest") == message
    assert keyboard.focused() is form.drop_spin

    keyboard.press(Qt.Key.Key_Down)  # 10: fixed
    assert form.error_text("drop_lowest") == ""
    keyboard.press(Qt.Key.Key_Return)
    [event] = list_events(db)
    assert event.settings == {"drop_lowest": 10}


def test_a_missing_name_is_asked_for(window, db, keyboard):
    form = window.event_page.form
    form.venue_edit.setFocus()
    keyboard.type("Clubhouse")
    keyboard.press(Qt.Key.Key_Return)
    assert list_events(db) == []
    assert form.error_text("name") == "Give the event a name."
    assert keyboard.focused() is form.name_edit
    keyboard.type("Monday")
    assert form.error_text("name") == ""


def test_an_amount_that_is_not_money_is_refused(window, db):
    form = window.event_page.form
    form.name_edit.setText("Monday")
    form.fee_edit.setText(".")
    assert form.error_text("entry_fee_cents").startswith("Type an amount")
    form.submit()
    assert list_events(db) == []


def test_a_refusal_from_the_service_is_shown_beside_its_field(window, db, monkeypatch):
    from clubdesk.services import events

    def refuse(*args, **kwargs):
        raise UserError("venue: the hall is double-booked", field="venue")

    monkeypatch.setattr(events, "create_event", refuse)
    form = window.event_page.form
    form.name_edit.setText("Monday")
    form.submit()
    assert form.error_text("venue") == "The hall is double-booked"
    assert window.event_page.showing_form()


# --- opening and editing ----------------------------------------------------------------------


def test_a_database_with_events_opens_on_the_newest(make_window, db, clock):
    add_event(db, clock, name="Older")
    clock.advance(days=1)
    newest = add_event(db, clock, name="Newest", entry_fee_cents=1500)
    window = make_window(db)
    page = window.event_page
    assert not page.showing_form()
    assert page.current_event == newest
    assert window.windowTitle() == "clubdesk — Newest"
    assert page.overview.value_text("format") == "NPA Club Pinochle"
    assert page.overview.value_text("entry_fee_cents") == "$15.00   (format: $10.00)"
    assert page.overview.value_text("payout") == "1st 50% · 2nd 30% · 3rd 20%"


def test_open_another_event_from_the_list(make_window, db, clock, keyboard):
    add_event(db, clock, name="Older")
    clock.advance(days=1)
    add_event(db, clock, name="Newest")
    window = make_window(db)
    overview = window.event_page.overview
    assert keyboard.focused() is overview.list_view
    names = [overview.model.event_at(row).name for row in range(overview.model.rowCount())]
    keyboard.press(Qt.Key.Key_Home)
    keyboard.press(Qt.Key.Key_Down if names[0] == "Newest" else Qt.Key.Key_Up)
    keyboard.press(Qt.Key.Key_Return)
    assert window.event_page.current_event.name == "Older"
    assert window.windowTitle() == "clubdesk — Older"
    bold = overview.model.index(names.index("Older"), 0).data(Qt.ItemDataRole.FontRole)
    assert bold is not None and bold.bold()


def test_edit_an_event(make_window, db, clock, keyboard):
    event = add_event(db, clock, name="Friday", return_percent=90)
    window = make_window(db)
    page = window.event_page
    page.overview.edit_button.click()
    form = page.form
    assert page.showing_form()
    assert not form.format_combo.isEnabled()
    assert form.return_spin.value() == 90
    assert keyboard.focused() is form.name_edit
    keyboard.type("Friday Night Pinochle")
    form.venue_edit.setFocus()
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.type("Main hall")
    form.return_spin.setFocus()
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.type("100")  # back to the format's own value
    form.rounds_spin.setFocus()
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.type("4")
    form.date_edit.setDate(QDate(2024, 3, 15))
    keyboard.press(Qt.Key.Key_Return)

    [saved] = list_events(db)
    assert saved.id == event.id
    assert saved.name == "Friday Night Pinochle"
    assert saved.venue == "Main hall"
    assert saved.date == date(2024, 3, 15)
    assert saved.settings == {"rounds": 4}
    assert not page.showing_form()
    assert window.windowTitle() == "clubdesk — Friday Night Pinochle"


def test_escape_leaves_the_edit_form_unsaved(make_window, db, clock, keyboard):
    event = add_event(db, clock, name="Friday")
    window = make_window(db)
    window.event_page.edit_event()
    keyboard.type("Something else")
    keyboard.press(Qt.Key.Key_Escape)
    assert not window.event_page.showing_form()
    assert list_events(db) == [event]


def test_new_event_from_the_overview_and_back(qtbot, make_window, db, clock, keyboard):
    add_event(db, clock, name="Friday")
    window = make_window(db)
    page = window.event_page
    keyboard.press(Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)  # clicked as the key is read
    assert page.showing_form()
    assert page.form.format_combo.currentData() == "npa-club-pinochle"  # the current one's
    assert page.form.cancel_button.isVisible()
    page.form.cancel_button.click()
    assert not page.showing_form()


# --- pieces -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "path", "field", "plain"),
    [
        (
            "settings: standings.drop_lowest must be less than schedule.rounds",
            "settings.drop_lowest",
            "drop_lowest",
            "Drop lowest must be less than the number of rounds.",
        ),
        (
            "settings.money.return_percent: must be less than or equal to 100",
            "settings.return_percent",
            "return_percent",
            "The share returned as prizes must be less than or equal to 100.",
        ),
        (
            "settings.schedule: warning_minutes must be less than round_minutes",
            "settings.warning_minutes",
            "warning_minutes",
            "The warning time must be less than the round length.",
        ),
        (
            "settings.money: payout percentages add up to 90, not 100",
            "settings.money",
            None,  # shown below the form
            "Payout percentages add up to 90, not 100.",
        ),
        (
            "settings.schedule: a break or day change refers to round 9 of 4",
            "settings.schedule",
            "rounds",
            "A break or day change refers to round 9 of 4.",
        ),
    ],
)
def test_rules_messages_in_plain_words(message, path, field, plain):
    assert plain_setting_error(UserError(message, field=path)) == (field, plain)


@pytest.mark.parametrize(
    ("settings", "path"),
    [
        ({"drop_lowest": 99}, "settings.drop_lowest"),
        ({"return_percent": 120}, "settings.return_percent"),
        ({"round_minutes": 4}, "settings.warning_minutes"),
        ({"no_such_thing": 1}, "settings.no_such_thing"),
    ],
)
def test_the_rules_name_the_setting_a_refusal_is_about(settings, path):
    with pytest.raises(UserError) as refused:
        load_rules("grand-prix-pinochle").with_settings(settings)
    assert refused.value.field == path


def test_the_event_list_model(qtmodeltester, qapp, clock):
    model = EventListModel()
    qtmodeltester.check(model)
    events = [
        EventInfo(f"e{n}", f"Event {n}", date(2024, 3, n), "", "house-gin", {}, clock.now())
        for n in (1, 2, 3)
    ]
    model.set_events(events, {"house-gin": "House Gin Rummy (Hollywood)"})
    model.set_current("e2")
    qtmodeltester.check(model)
    assert model.index(1, 0).data(EventListModel.EventIdRole) == "e2"
    assert "House Gin Rummy" in model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(0, 0).data(Qt.ItemDataRole.FontRole) is None
    model.set_current("e3")
    qtmodeltester.check(model)


def test_the_form_fields_are_plain_widgets(window):
    form = window.event_page.form
    assert isinstance(form.name_edit, QLineEdit)
    assert isinstance(form.rounds_spin, QSpinBox)
    assert form.date_edit.calendarPopup()


def test_a_clubs_rules_file_with_a_mistake_is_named_on_the_form(make_window, db):
    from clubdesk import paths

    paths.user_rules_dir().mkdir(parents=True, exist_ok=True)
    text = load_rules("house-gin").source_path
    broken = paths.user_rules_dir() / "our-gin.toml"
    with open(text, encoding="utf-8") as source:
        broken.write_text(source.read().replace("target = 120", "target = 0"), encoding="utf-8")
    window = make_window(db)
    note = window.event_page.form.skipped_note
    assert note.isVisible()
    assert note.text().startswith(f"Left out, it has a mistake: {broken}:")
    assert "gin.target" in note.text()


def test_a_clubs_own_file_with_a_bundled_id_is_named_so_and_used(make_window, db, keyboard):
    from clubdesk import paths
    from clubdesk.services.events import event_rules

    paths.user_rules_dir().mkdir(parents=True, exist_ok=True)
    with open(load_rules("house-gin").source_path, encoding="utf-8") as source:
        text = source.read().replace("target = 120", "target = 100")
    ours = paths.user_rules_dir() / "our-gin.toml"
    ours.write_text(text, encoding="utf-8")
    window = make_window(db)
    form = window.event_page.form
    combo = form.format_combo
    at = combo.findData("house-gin")
    assert combo.itemText(at) == (
        "House Gin Rummy (Hollywood) (the club's own, in place of the bundled one)"
    )
    assert combo.itemData(at, Qt.ItemDataRole.ToolTipRole) == str(ours)
    assert combo.itemText(combo.findData("bid-whist")) == "Bid Whist"  # bundled, as ever
    assert [combo.itemData(i) for i in range(combo.count())].count("house-gin") == 1

    keyboard.type("House")  # the combo's keyboard search
    assert combo.currentData() == "house-gin"
    keyboard.tab()
    keyboard.type("Our gin night")
    keyboard.press(Qt.Key.Key_Return)
    [event] = list_events(db)
    assert event.rules_id == "house-gin"
    assert event_rules(db, event.id).gin.target == 100  # the club's file, not the bundled one


def test_an_event_is_put_in_a_season_on_the_form(window, db, keyboard):
    # docs/rules.md "Seasons": the event's setting season
    form = window.event_page.form
    form.format_combo.setCurrentIndex(form.format_combo.findData("npa-club-pinochle"))
    form.name_edit.setFocus()
    keyboard.type("Tuesday Pinochle")
    keyboard.press(Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    assert keyboard.focused() is form.season_edit
    keyboard.type("2027  spring ")
    keyboard.press(Qt.Key.Key_Return)
    [event] = list_events(db)
    assert event.settings == {"season": "2027 spring"}
    assert window.event_page.overview.value_text("season") == "2027 spring"

    window.event_page.overview.edit_button.click()
    assert form.season_edit.text() == "2027 spring"
    form.season_edit.clear()
    form.submit()
    assert list_events(db)[0].settings == {}
