"""The Players page, driven as the front table drives it: by keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from clubdesk.services.command import Desk
from clubdesk.services.entrants import EntrantInfo, list_entrants
from clubdesk.services.registration import RegisterEntrant, register, withdraw
from clubdesk.ui.context import UiContext
from clubdesk.ui.players.dialogs import PaymentDialog, RenumberDialog, WithdrawDialog
from clubdesk.ui.players.entry import summary_text
from clubdesk.ui.players.model import EntrantTableModel, RosterPreviewModel
from clubdesk.ui.players.page import PlayersPage
from tests import builder
from tests.ui.showing import show_active

SPRING = "Spring Grand Prix"


@pytest.fixture
def make_page(qtbot, db, clock):
    def make(event_id: str | None) -> PlayersPage:
        page = PlayersPage(UiContext(db, clock, event_id))
        qtbot.addWidget(page)
        page.resize(1400, 900)
        show_active(page)
        return page

    return make


@pytest.fixture
def teams(db, clock) -> str:
    return builder.event(db, clock, name=SPRING)


@pytest.fixture
def page(make_page, teams) -> PlayersPage:
    return make_page(teams)


def add(db, event_id, clock, *players: str, paid: int = 5000) -> EntrantInfo:
    return register(Desk(db, event_id, clock), RegisterEntrant(list(players), paid_cents=paid))


# --- registering by keyboard -----------------------------------------------------------------


def test_register_a_field_of_13_teams_by_keyboard(page, db, teams, keyboard, qtbot) -> None:
    summaries: list[str] = []
    page.summary_changed.connect(summaries.append)
    entry = page.entry
    assert keyboard.focused() is entry.name_edit
    page.search_edit.setFocus()
    page.setFocus()  # as the window does when it shows the page
    assert keyboard.focused() is entry.name_edit
    assert entry.paid_edit.text() == "50.00"  # the event's entry fee
    assert page.summary_text() == "0 entrants · 0 paid · 0 tables"

    for n in range(1, 14):
        keyboard.type(f"North{n} Player")
        keyboard.tab()
        assert keyboard.focused() is entry.partner_edit
        keyboard.type(f"South{n} Player")
        keyboard.tab()
        assert keyboard.focused() is entry.paid_edit
        if n == 13:
            keyboard.type("20")  # Tab selected the fee: typing replaces it
            keyboard.tab()
            assert keyboard.focused() is entry.method_combo
            keyboard.type("ch")  # the list's keyboard search: Check
        keyboard.press(Qt.Key.Key_Return)
        assert keyboard.focused() is entry.name_edit
        assert entry.name_edit.text() == entry.partner_edit.text() == ""
        assert entry.paid_edit.text() == "50.00"

    saved = list_entrants(db, teams)
    assert [(e.number, e.players) for e in saved] == [
        (n, (f"North{n} Player", f"South{n} Player")) for n in range(1, 14)
    ]
    assert [e.paid_cents for e in saved] == [5000] * 12 + [2000]
    assert page.model.rowCount() == 13
    assert page.selected_entrant() == saved[-1]  # the newest arrival is selected
    assert entry.message_text() == "✓ Entrant 13: North13 Player / South13 Player · paid $20.00"
    assert page.summary_text() == "13 entrants · 12 paid · 6 tables · 1 bye"
    assert page.count_label.text() == page.summary_text()
    assert summaries[-1] == page.summary_text()
    assert summaries[0] == "1 entrant · 1 paid · 0 tables · 1 bye"
    assert len(summaries) == 13


def test_the_payment_method_is_recorded(page, db, teams, keyboard) -> None:
    from sqlmodel import select

    from clubdesk.store.models import LedgerEntry

    keyboard.type("Ann Smith")
    keyboard.tab()
    keyboard.type("Bob Jones")
    keyboard.tab(2)
    keyboard.type("o")
    keyboard.press(Qt.Key.Key_Enter)
    with db.session() as session:
        [fee] = session.exec(select(LedgerEntry)).all()
    assert (fee.cents, fee.method) == (5000, "other")


def test_40_players_register_by_keyboard_in_an_individual_event(
    make_page, db, clock, keyboard
) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", name=SPRING)
    page = make_page(event_id)
    assert page.entry.partner_edit.isHidden()
    for n in range(1, 41):
        keyboard.type(f"Player {n}")
        keyboard.tab()
        assert keyboard.focused() is page.entry.paid_edit  # no partner to skip
        keyboard.press(Qt.Key.Key_Return)
    assert [e.name for e in list_entrants(db, event_id)] == [f"Player {n}" for n in range(1, 41)]
    assert page.summary_text() == "40 entrants · 40 paid · 10 tables"


def test_a_name_already_registered_is_flagged_before_saving(page, db, teams, clock, keyboard):
    for n in range(1, 4):
        add(db, teams, clock, f"P{n} North", f"P{n} South")
    add(db, teams, clock, "Ann Smith", "Bob Jones")  # entrant 4
    page.refresh()

    keyboard.type("Carl Diaz")
    keyboard.tab()
    keyboard.type("ann  smith")
    keyboard.press(Qt.Key.Key_Return)
    message = page.entry.message_text()
    assert message.startswith("Ann Smith is already entrant 4: Ann Smith / Bob Jones.")
    assert "press Enter again to register a second Ann Smith" in message
    assert page.entry.message_role() == "warning"
    assert len(list_entrants(db, teams)) == 4  # nothing saved yet
    assert page.entry.partner_edit.text() == "ann  smith"  # the row is kept as typed

    keyboard.press(Qt.Key.Key_Return)  # yes: a second Ann Smith
    saved = list_entrants(db, teams)
    assert [e.players for e in saved][-1] == ("Carl Diaz", "ann smith")
    assert keyboard.focused() is page.entry.name_edit


def test_changing_a_flagged_name_asks_again(page, db, teams, clock, keyboard) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    page.refresh()
    keyboard.type("Ann Smith")
    keyboard.tab()
    keyboard.type("Carl Diaz")
    keyboard.press(Qt.Key.Key_Return)
    assert page.entry.message_role() == "warning"
    assert keyboard.focused() is page.entry.partner_edit
    keyboard.press(Qt.Key.Key_Backspace)  # an edit: the warning no longer applies
    assert page.entry.message_text() == ""
    keyboard.type("z")
    keyboard.press(Qt.Key.Key_Return)
    assert page.entry.message_role() == "warning"  # flagged again, not saved
    assert len(list_entrants(db, teams)) == 1


def test_a_missing_name_is_shown_beside_the_row(page, db, teams, keyboard) -> None:
    keyboard.type("Ann Smith")
    keyboard.press(Qt.Key.Key_Return)  # no partner
    assert page.entry.message_text() == "Partner: a name is needed."
    assert page.entry.message_role() == "error"
    assert keyboard.focused() is page.entry.partner_edit
    assert list_entrants(db, teams) == []


def test_each_name_box_has_its_own_message(page, db, teams, keyboard) -> None:
    entry = page.entry
    keyboard.tab()
    keyboard.type("Bob Jones")
    keyboard.press(Qt.Key.Key_Return)  # no name, a partner
    assert (entry.message_text(), keyboard.focused()) == ("Name: a name is needed.",
                                                          entry.name_edit)  # fmt: skip
    keyboard.type("Ann Smith")
    keyboard.tab()
    keyboard.press(Qt.Key.Key_End)
    keyboard.type("x" * 80)
    keyboard.press(Qt.Key.Key_Return)
    assert entry.message_text().startswith("Partner: a name can be at most ")
    assert keyboard.focused() is entry.partner_edit
    entry.partner_edit.selectAll()
    keyboard.type("ann smith")
    keyboard.press(Qt.Key.Key_Return)
    assert entry.message_text() == "Partner: Ann Smith is named twice in this entrant."
    assert list_entrants(db, teams) == []


def test_a_late_entry_after_the_draw(page, db, teams, clock, keyboard) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    add(db, teams, clock, "Carl Diaz", "Dee Lee")
    builder.draw(db, teams, clock)
    clock.advance(minutes=20)
    page.refresh()
    assert page.draw_note.isVisible()
    keyboard.type("Slow Coach")
    keyboard.tab()
    keyboard.type("Last Minute")
    keyboard.press(Qt.Key.Key_Return)
    assert "late entry" in page.entry.message_text()
    row = page.model.row_of(3)
    assert page.model.index(row, EntrantTableModel.LATE).data() == "Late entry"
    page.select_number(1)
    assert not page.renumber_button.isEnabled()
    assert page.renumber_button.toolTip() == "Numbers are fixed once the draw is made"


# --- the list --------------------------------------------------------------------------------


def test_search_filters_as_it_is_typed(page, db, teams, clock, keyboard, qtbot) -> None:
    add(db, teams, clock, "José Díaz", "Ann Smith")
    add(db, teams, clock, "Bob Jones", "Carl Diaz")
    add(db, teams, clock, "Dee Lee", "Eve Moss")
    page.refresh()
    keyboard.press(Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert keyboard.focused() is page.search_edit
    keyboard.type("DIAZ")
    assert page.visible_numbers() == [1, 2]
    assert page.shown_label.text() == "2 of 3 shown"
    keyboard.type(" jo")
    assert page.visible_numbers() == [1, 2]  # José, and Jones
    page.search_edit.clear()
    keyboard.type("#3")
    assert page.visible_numbers() == [3]
    keyboard.press(Qt.Key.Key_Return)  # to the list, the match selected
    assert keyboard.focused() is page.table
    assert page.selected_entrant().number == 3
    page.search_edit.setFocus()
    keyboard.press(Qt.Key.Key_Escape)  # clears the search
    assert page.visible_numbers() == [1, 2, 3]
    keyboard.press(Qt.Key.Key_Escape)  # and again: back to the name field
    assert keyboard.focused() is page.entry.name_edit


def test_a_new_arrival_hidden_by_the_search_clears_it(page, db, teams, keyboard) -> None:
    page.search_edit.setText("nobody")
    page.focus_entry()
    keyboard.type("Ann Smith")
    keyboard.tab()
    keyboard.type("Bob Jones")
    keyboard.press(Qt.Key.Key_Return)
    assert page.search_edit.text() == ""
    assert page.visible_numbers() == [1]


def test_the_models_pass_the_model_tester(page, db, teams, clock, qtmodeltester) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    add(db, teams, clock, "Carl Diaz", "Dee Lee", paid=0)
    withdraw(Desk(db, teams, clock), 2, "")
    page.refresh()
    qtmodeltester.check(page.model, force_py=True)
    page.search_edit.setText("ann")
    qtmodeltester.check(page.proxy, force_py=True)
    preview = RosterPreviewModel()
    from clubdesk.services.roster_csv import preview_roster

    preview.set_preview(preview_roster(db, teams, "name,partner,paid\nA B,C D,x\nE F,G H,5\n"))
    qtmodeltester.check(preview, force_py=True)


def test_the_list_shows_money_status_and_lateness(page, db, teams, clock) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones", paid=2000)
    register(
        Desk(db, teams, clock),
        RegisterEntrant(["Carl Diaz", "Dee Lee"], name="The Aces", paid_cents=5000),
    )
    withdraw(Desk(db, teams, clock), 2, "")
    page.refresh()

    def row(number: int) -> list[str]:
        r = page.model.row_of(number)
        return [page.model.index(r, c).data() for c in range(page.model.columnCount())]

    assert row(1) == ["1", "Ann Smith / Bob Jones", "$20.00", "$30.00", "Active", ""]
    assert row(2) == ["2", "The Aces (Carl Diaz / Dee Lee)", "$50.00", "", "Withdrawn", ""]


# --- actions on the selected entrant ---------------------------------------------------------


def test_record_a_payment(page, db, teams, clock, monkeypatch) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones", paid=0)
    page.refresh()
    page.select_number(1)

    def exec_(dialog: PaymentDialog) -> int:
        assert dialog.amount_edit.text() == "50.00"  # what is owed
        dialog.amount_edit.setText("30")
        dialog.method_combo.setCurrentIndex(1)  # check
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PaymentDialog, "exec", exec_)
    page.payment_button.click()
    [info] = list_entrants(db, teams)
    assert (info.paid_cents, info.owed_cents) == (3000, 2000)
    r = page.model.row_of(1)
    assert page.model.index(r, EntrantTableModel.PAID).data() == "$30.00"
    assert page.summary_text() == "1 entrant · 0 paid · 0 tables · 1 bye"
    assert page.entry.message_text() == "✓ Paid $30.00 check for 1 Ann Smith / Bob Jones"


def test_withdraw_then_reinstate(page, db, teams, clock, monkeypatch, message_boxes) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    add(db, teams, clock, "Carl Diaz", "Dee Lee")
    page.refresh()
    page.select_number(2)
    assert page.status_button.text() == "&Withdraw…"

    def exec_(dialog: WithdrawDialog) -> int:
        dialog.reason_edit.setText("went home ill")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(WithdrawDialog, "exec", exec_)
    page.status_button.click()
    assert [e.status for e in list_entrants(db, teams)] == ["active", "withdrawn"]
    assert page.summary_text() == "1 entrant · 1 paid · 0 tables · 1 bye"
    assert page.status_button.text() == "Rein&state…"
    assert page.entry.message_text() == "✓ Withdrew 2 Carl Diaz / Dee Lee"

    page.status_button.click()  # asks first (the stub answers OK)
    assert message_boxes.texts() == ["Reinstate entrant 2, Carl Diaz / Dee Lee?"]
    assert [e.status for e in list_entrants(db, teams)] == ["active", "active"]
    assert page.entry.message_text() == "✓ Reinstated 2 Carl Diaz / Dee Lee"


def test_cancelling_a_withdrawal_changes_nothing(page, db, teams, clock, monkeypatch) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    page.refresh()
    page.select_number(1)
    monkeypatch.setattr(WithdrawDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    page.status_button.click()
    assert list_entrants(db, teams)[0].status == "active"


def test_renumber_before_the_draw(page, db, teams, clock, monkeypatch, message_boxes) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    add(db, teams, clock, "Carl Diaz", "Dee Lee")
    page.refresh()
    page.select_number(1)
    wanted = iter([2, 7])

    def exec_(dialog: RenumberDialog) -> int:
        dialog.number_spin.setValue(next(wanted))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(RenumberDialog, "exec", exec_)
    page.renumber_button.click()  # 2 is taken
    assert message_boxes.texts() == ["2 is already taken (Carl Diaz / Dee Lee)."]
    page.renumber_button.click()
    assert [e.number for e in list_entrants(db, teams)] == [2, 7]
    assert page.selected_entrant().number == 7
    assert page.entry.message_text() == "✓ Renumbered 1 Ann Smith / Bob Jones as 7"


# --- importing a roster ----------------------------------------------------------------------


def test_a_roster_with_two_bad_rows_cannot_be_imported(page, db, teams, tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "Name,Partner,Paid\nAnn Smith,Bob Jones,50\nCarl Diaz,,50\nDee Lee,Eve Moss,fifty\n",
        encoding="utf-8",
    )
    dialog = page.open_import()
    assert dialog is page.import_dialog and dialog.isVisible()
    dialog.load_file(roster)
    model = dialog.model
    lines = [model.index(r, RosterPreviewModel.LINE).data() for r in range(model.rowCount())]
    problems = [model.index(r, RosterPreviewModel.PROBLEMS).data() for r in range(3)]
    assert lines == ["2", "3", "4"]
    assert problems == [
        "",
        "partner: missing (a team event registers two players)",
        "paid: 'fifty' is not an amount",
    ]
    assert model.index(1, 0).data(Qt.ItemDataRole.BackgroundRole) is not None  # highlighted
    assert model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) is None
    assert not dialog.import_button.isEnabled()
    assert "2 rows with problems (lines 3, 4)" in dialog.status.text()
    dialog.reject()
    assert list_entrants(db, teams) == []


def test_a_good_roster_is_imported(page, db, teams, tmp_path: Path, qtbot) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name,partner,paid\nAnn Smith,Bob Jones,50\nCarl Diaz,Dee Lee,\n")
    dialog = page.open_import()
    dialog.load_file(roster)
    assert dialog.import_button.isEnabled()
    assert dialog.import_button.text() == "&Import 2 entrants"
    with qtbot.waitSignal(page.summary_changed):
        dialog.import_button.click()
    assert [e.name for e in list_entrants(db, teams)] == [
        "Ann Smith / Bob Jones",
        "Carl Diaz / Dee Lee",
    ]
    assert page.model.rowCount() == 2
    assert page.entry.message_text() == "✓ Imported 2 entrants (numbers 1–2)."
    assert page.summary_text() == "2 entrants · 1 paid · 1 table"
    assert page.import_dialog is None


def test_an_import_clears_a_search_that_would_hide_the_new_rows(
    page, db, teams, clock, tmp_path: Path, qtbot
) -> None:
    add(db, teams, clock, "Ann Smith", "Bob Jones")
    page.refresh()
    page.search_edit.setText("smith")
    assert page.visible_numbers() == [1]
    roster = tmp_path / "roster.csv"
    roster.write_text("name,partner,paid\nCarl Diaz,Dee Lee,50\nEve Moss,Fay Ng,50\n")
    dialog = page.open_import()
    dialog.load_file(roster)
    with qtbot.waitSignal(page.summary_changed):
        dialog.import_button.click()
    assert page.search_edit.text() == ""
    assert page.visible_numbers() == [1, 2, 3]
    assert page.entry.message_text() == "✓ Imported 2 entrants (numbers 2–3)."


def test_a_file_that_cannot_be_read_is_explained(page, tmp_path: Path) -> None:
    dialog = page.open_import()
    dialog.load_file(tmp_path / "nowhere.csv")
    assert dialog.file_problems.text().endswith("nowhere.csv: no such file")
    assert not dialog.import_button.isEnabled()
    dialog.reject()


def test_a_field_the_draw_cannot_seat_is_flagged_while_registering(
    make_page, db, clock, keyboard
) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=13)
    page = make_page(event_id)
    assert page.field_note.isVisibleTo(page)
    assert page.field_note.text() == (
        "The draw cannot seat this field: NPA Club Pinochle seats players in fours; "
        "13 registered: add 3 players or withdraw 1."
    )
    keyboard.type("Pat Fourteen")
    keyboard.press(Qt.Key.Key_Return)
    assert "14 registered: add 2 players or withdraw 2" in page.field_note.text()
    for name in ("Pat Fifteen", "Pat Sixteen"):
        keyboard.type(name)
        keyboard.press(Qt.Key.Key_Return)
    assert page.summary_text() == "16 entrants · 3 paid · 4 tables"
    assert not page.field_note.isVisibleTo(page)


# --- no event, and the count line ------------------------------------------------------------


def test_without_an_event_the_page_says_so(make_page, db, clock, qtbot) -> None:
    page = make_page(None)
    assert page.stack.currentIndex() == 0
    assert page.summary_text() == ""
    event_id = builder.event(db, clock, name=SPRING)
    add(db, event_id, clock, "Ann Smith", "Bob Jones")
    with qtbot.waitSignal(page.summary_changed) as changed:
        page.context.open_event(event_id)
    assert changed.args == ["1 entrant · 1 paid · 0 tables · 1 bye"]
    assert page.stack.currentIndex() == 1
    assert page.event_label.text() == "Spring Grand Prix"


def test_the_count_line() -> None:
    from clubdesk.services.entrants import RegistrationSummary

    assert summary_text(RegistrationSummary(24, 22, 12)) == "24 entrants · 22 paid · 12 tables"
    assert (
        summary_text(RegistrationSummary(13, 13, 4, empty_seats=3))
        == "13 entrants · 13 paid · 4 tables · 3 empty seats"
    )


def test_a_24_team_field_fits_the_window(page, db, teams, clock) -> None:
    for n in range(1, 25):
        add(db, teams, clock, f"Firstname{n} Longsurname", f"Partner{n} Otherlongname")
    page.refresh()
    assert page.summary_text() == "24 entrants · 24 paid · 12 tables"
    assert not page.table.horizontalScrollBar().isVisible()
    assert page.table.rowHeight(0) >= page.fontMetrics().height() + 12  # room between rows
    assert page.font().pointSize() == 12
    image = page.grab()
    assert (image.width(), image.height()) == (1400, 900)


def running_grand_prix(db, clock) -> str:
    """Fifteen Grand Prix teams, round 1 running, round 2 published (the bye station free)."""
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=15)
    builder.draw(db, event, clock, seed=4)
    builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    builder.publish(db, event, 2, clock)
    return event


def test_a_late_entry_is_told_where_it_plays_not_sent_to_the_draw_page(
    make_page, db, clock, keyboard
) -> None:
    event = running_grand_prix(db, clock)
    page = make_page(event)
    assert "Draw page" not in page.draw_note.text()
    for n in (16, 17):
        keyboard.type(f"Late{n} Player")
        keyboard.tab()
        keyboard.type(f"Partner{n} Player")
        keyboard.press(Qt.Key.Key_Return)
        if n == 16:  # the draw places it at the bye station: not a late entry
            assert "late entry" not in page.entry.message_text()
    assert page.entry.message_text().endswith(
        "· late entry: this movement has no free place for them; not seated"
    )


def test_a_withdrawal_that_could_not_reseat_the_next_round_says_so(
    make_page, db, clock, monkeypatch
) -> None:
    from clubdesk.services import rulings, seating

    event = running_grand_prix(db, clock)
    rulings.rule_late(Desk(db, event, clock), 2, 1, "b", 7)  # written on round 2's sheet
    leaving = seating.seating(db, event, 2).table(3).a[0]
    page = make_page(event)
    page.select_number(leaving)
    monkeypatch.setattr(WithdrawDialog, "exec", lambda dialog: QDialog.DialogCode.Accepted)
    page.status_button.click()
    text = page.entry.message_text()
    assert text.startswith(f"✓ Withdrew {leaving} ")
    assert "· Round 2 was not seated again after " in text
    assert "table 1's sheet is already written on" in text


def test_a_late_player_in_a_progressive_movement_plays_from_the_next_round(
    make_page, db, clock, keyboard
) -> None:
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event, clock, seed=3)
    builder.publish(db, event, 1, clock)
    page = make_page(event)
    keyboard.type("Late Player")
    keyboard.press(Qt.Key.Key_Return)
    assert page.entry.message_text().endswith("· late entry: plays from round 2")


def test_clicking_the_current_row_that_is_not_selected_offers_its_actions(
    page, db, teams, clock, qtbot
) -> None:
    for n in (1, 2):
        add(db, teams, clock, f"North{n} Player", f"South{n} Player")
    page.refresh()
    page.select_number(2)
    page.list.table.selectionModel().clearSelection()  # the current row stays, unselected
    assert not page.status_button.isEnabled()
    index = page.list.table.selectionModel().currentIndex()
    rect = page.list.table.visualRect(index)
    qtbot.mouseClick(page.list.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.selected_entrant().number == 2
    assert page.status_button.isEnabled() and page.payment_button.isEnabled()
