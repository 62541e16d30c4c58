"""The Draw page: making, typing in and redoing the draw; the room picture and the seating list."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QScrollArea

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.services import draw as draw_service
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk
from clubdesk.ui.context import UiContext
from clubdesk.ui.draw.page import DrawPage
from clubdesk.ui.draw.physical import PhysicalDrawDialog
from clubdesk.ui.draw.seating_model import SeatingListModel
from clubdesk.ui.style import is_invalid
from clubdesk.ui.widgets.table_map import TableMap, grid_shape, place_seats
from tests import builder
from tests.ui.pictures import picture
from tests.ui.showing import show_active

INDIVIDUAL = {"npa-club-pinochle", "sun-city-west-pinochle", "house-gin"}


def new_event(db, clock, rules_id: str, count: int) -> str:
    """A "Spring" event with ``count`` entrants: teams ``Smith{n} / Jones{n}`` (Ann{n} Smith
    and Bob{n} Jones), or players ``Pat {n}``."""
    if rules_id in INDIVIDUAL:
        return builder.event(
            db, clock, rules_id, name="Spring", entrants=count, players=lambda n: [f"Pat {n}"]
        )
    return builder.event(
        db,
        clock,
        rules_id,
        name="Spring",
        entrants=count,
        players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"],
        entrant_name=lambda n: f"Smith{n} / Jones{n}",
    )


@pytest.fixture
def open_page(qtbot, db, clock):
    def make(rules_id: str = "grand-prix-pinochle", count: int = 13) -> DrawPage:
        event_id = new_event(db, clock, rules_id, count)
        page = DrawPage(UiContext(db, clock, event_id))
        qtbot.addWidget(page)
        page.resize(1400, 900)
        show_active(page)
        page.setFocus(Qt.FocusReason.OtherFocusReason)
        return page

    return make


def everyone(page: DrawPage) -> list[int]:
    shown = page.table_map.shown_tables()
    seated = {seat.entrant for table in shown for seat in table.seats}
    return sorted([*seated, *page.table_map.shown_byes()])


def proxy_column(page: DrawPage, column: int) -> list[str]:
    proxy = page.proxy
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


# --- making the draw ----------------------------------------------------------------------------


def test_make_the_draw_for_13_teams_by_keyboard(
    open_page, db, keyboard, message_boxes, qtmodeltester
):
    page = open_page()
    assert page.table_map.message().startswith("No draw yet.")
    assert page.make_button.isEnabled() and not page.redo_button.isEnabled()

    keyboard.press(Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)

    [box] = message_boxes.shown
    assert box["kind"] == "question" and box["title"] == "Make the draw"
    assert "Make the round-1 draw for 13 teams?" in box["text"]
    info = draw_service.current_draw(db, page.overview.event_id)
    assert info is not None and info.method == "random"
    assert f"seed {info.seed}" in page.status_label.text()
    assert "With 7 stations and 11 rounds E/W teams meet the same N/S team again from round 8." in (
        page.notes_label.text()
    )
    assert "red 7 is the bye station" in page.notes_label.text()
    assert page.notes_frame.isVisibleTo(page)

    shown = page.table_map.shown_tables()
    assert [t.table for t in shown] == [1, 2, 3, 4, 5, 6]
    assert everyone(page) == list(range(1, 14))
    [bye] = page.table_map.shown_byes()
    assert page.table_map.bye_text() == f"Bye: {bye} Smith{bye} / Jones{bye}"
    expected = seating_service.seating(db, page.overview.event_id, 1)
    for table in shown:
        seats = {s.position: s.entrant for s in table.seats}
        ns, ew = expected.table(table.table).a[0], expected.table(table.table).b[0]
        assert seats == {"top": ns, "bottom": ns, "left": ew, "right": ew}
        assert table.at("top").name == f"Smith{ns} / Jones{ns}"

    model = page.list_model
    qtmodeltester.check(model)
    assert model.rowCount() == 13
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Team"
    rows = {r.entrant: r for r in model.seat_rows()}
    assert rows[bye].table is None and rows[bye].direction == "—"
    assert rows[expected.table(2).a[0]].direction == "N/S"
    assert rows[expected.table(2).b[0]].direction == "E/W"
    assert not page.make_button.isEnabled() and page.redo_button.isEnabled()


def test_cancelling_the_confirmation_makes_no_draw(open_page, db, monkeypatch):
    page = open_page()
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Cancel)
    )
    page.make_button.click()
    assert draw_service.current_draw(db, page.overview.event_id) is None
    assert page.make_button.isEnabled()


def test_a_field_too_small_is_said_before_the_draw(open_page, message_boxes):
    page = open_page(count=1)
    assert not page.make_button.isEnabled()
    assert page.notes_label.text() == (
        "•  The draw cannot seat this field: a card draw needs at least 2 teams; 1 registered."
    )


def test_without_an_event_the_page_says_so(qtbot, clock):
    page = DrawPage(UiContext(None, clock))
    qtbot.addWidget(page)
    assert page.table_map.message() == "Open or create an event on the Event page first."
    assert not page.make_button.isEnabled() and not page.round_spin.isEnabled()


def test_set_event_switches_events(open_page, db, clock, message_boxes):
    page = open_page()
    page.make_button.click()
    other = new_event(db, clock, "npa-club-pinochle", 12)
    page.context.open_event(other)
    assert page.overview.event_id == other
    assert page.table_map.message().startswith("No draw yet.")
    assert page.physical_button.isEnabled()  # chits drawn by hand are typed in
    assert page.physical_button.toolTip() == "Type in the chits drawn by hand, as printed on them"
    page.context.open_event(None)
    assert page.overview is None


# --- rounds and the list ------------------------------------------------------------------------


def test_switch_rounds(open_page, db, keyboard, message_boxes, qtmodeltester):
    page = open_page()
    page.make_button.click()
    event_id = page.overview.event_id
    assert page.round_spin.maximum() == 11 and page.round_spin.suffix() == " of 11"
    page.round_spin.setFocus()
    keyboard.press(Qt.Key.Key_Up)
    keyboard.press(Qt.Key.Key_Up)
    assert page.round_spin.value() == 3
    third = seating_service.seating(db, event_id, 3)
    assert page.shown_seating() == third
    assert everyone(page) == list(range(1, 14))
    assert page.table_map.shown_byes() == third.byes
    assert "from the draw, not published yet" in page.round_hint.text()
    qtmodeltester.check(page.list_model)
    by_table = {(r.table, r.direction): r.entrant for r in page.list_model.seat_rows()}
    assert by_table[(1, "E/W")] == third.table(1).b[0]

    seating_service.publish_seating(Desk(db, event_id, page._clock), 1)
    page.refresh()
    page.show_round(1)
    assert page.round_spin.value() == 1 and "published" in page.round_hint.text()
    assert page.shown_seating() == seating_service.seating(db, event_id, 1)


def test_the_list_sorts_by_entrant_and_by_table(open_page, message_boxes):
    page = open_page()
    page.make_button.click()
    seating = page.shown_seating()
    page.list_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert proxy_column(page, 0) == [str(n) for n in range(1, 14)]
    page.list_view.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    tables = proxy_column(page, 2)
    assert tables == [str(t) for t in (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)] + ["Bye"]
    assert proxy_column(page, 3)[:2] == ["N/S", "E/W"]
    assert proxy_column(page, 0)[:2] == [str(seating.table(1).a[0]), str(seating.table(1).b[0])]
    page.list_view.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    assert proxy_column(page, 2)[0] == "Bye"


def test_a_field_the_draw_cannot_seat_is_said_before_make_draw(open_page, db, clock, message_boxes):
    page = open_page("npa-club-pinochle", 14)
    problem = (
        "NPA Club Pinochle seats players in fours; 14 registered: add 2 players or withdraw 2."
    )
    assert page.notes_frame.isVisibleTo(page)
    assert page.notes_label.text() == f"•  The draw cannot seat this field: {problem}"
    assert not page.make_button.isEnabled() and not page.make_action.isEnabled()
    assert page.make_button.toolTip() == problem
    assert page.status_label.text() == "No draw yet."
    assert page.table_map.message() == f"No draw yet.\n{problem}"
    page.make_draw()
    assert message_boxes.shown == []  # nothing to confirm and then refuse
    builder.add_entrants(db, page.overview.event_id, page.context.clock, [15, 16])
    page.context.publish(Change.ENTRANTS)
    assert page.make_button.isEnabled() and not page.notes_frame.isVisibleTo(page)
    assert page.status_label.text() == "No draw yet. Ctrl+D makes it."


def test_a_progressive_round_says_which_tables_are_missing(open_page, message_boxes):
    page = open_page("npa-club-pinochle", 12)
    page.make_button.click()
    assert [t.table for t in page.table_map.shown_tables()] == [1, 2, 3]
    first = page.table_map.shown_tables()[0]
    marks = [(s.position, s.mark) for s in first.seats]
    assert marks == [("top", "1"), ("right", "2"), ("bottom", "3"), ("left", "4")]
    assert page.list_model.headerData(0, Qt.Orientation.Horizontal) == "Player"
    page.round_spin.setValue(2)
    assert page.table_map.message() == "Round 2 cannot be seated yet: no result for tables 1, 2, 3."
    assert page.table_map.shown_tables() == () and page.list_model.rowCount() == 0


def test_gin_shows_pairs_and_a_bye(open_page, message_boxes):
    page = open_page("house-gin", 9)
    page.make_button.click()
    shown = page.table_map.shown_tables()
    assert len(shown) == 4 and all(len(t.seats) == 2 for t in shown)
    [bye] = page.table_map.shown_byes()
    # the draw's note and the line under it name the bye the same way: by entrant number
    assert f"Odd number of players: player {bye} has a bye." in page.notes_label.text()
    assert f"4 tables · player {bye} has a bye · " in page.round_hint.text()
    page.round_spin.setValue(3)
    assert "after the cut" in page.table_map.message()


# --- the physical draw --------------------------------------------------------------------------


def test_the_physical_draw_dialog_refuses_a_duplicate_card(open_page, qtbot, message_boxes):
    page = open_page(count=5)
    dialog = page.physical_dialog()
    qtbot.addWidget(dialog)
    assert list(dialog.edits) == [1, 2, 3, 4, 5]
    assert dialog.summary.text() == "0 of 5 cards typed"
    assert not dialog.save_button.isEnabled()

    for number, card in ((1, "B1"), (2, "R1"), (3, "b1")):
        qtbot.keyClicks(dialog.edits[number], card)
    message = "Card B1 drawn twice: teams 1 and 3."
    assert dialog.error_text(1) == message and dialog.error_text(3) == message
    assert is_invalid(dialog.edits[3])
    assert dialog.error_text(2) == ""
    assert dialog.summary.text() == "2 cards to correct"

    dialog.edits[3].clear()
    qtbot.keyClicks(dialog.edits[3], "B2")
    qtbot.keyClicks(dialog.edits[4], "R9")
    assert dialog.error_text(4) == (
        "Team 4: there is no red 9 card for 5 teams (blue 1-2, red 1-3)."
    )
    dialog.edits[4].clear()
    qtbot.keyClicks(dialog.edits[4], "R2")
    assert dialog.summary.text() == "4 of 5 cards typed" and not dialog.save_button.isEnabled()
    qtbot.keyClicks(dialog.edits[5], "red 3")
    assert dialog.save_button.isEnabled()
    assert dialog.picks() == {1: "B1", 2: "R1", 3: "B2", 4: "R2", 5: "red 3"}
    qtbot.keyClick(dialog.edits[5], Qt.Key.Key_Return)  # the last field's Return saves
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_record_a_physical_draw_from_the_page(open_page, db, monkeypatch, message_boxes):
    page = open_page(count=5)

    def typed_in(dialog: PhysicalDrawDialog) -> int:
        for number, card in {1: "B1", 2: "R1", 3: "B2", 4: "R2", 5: "R3"}.items():
            dialog.edits[number].setText(card)
        assert dialog.check.complete
        return int(QDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(PhysicalDrawDialog, "exec", typed_in)
    page.physical_button.click()
    info = draw_service.current_draw(db, page.overview.event_id)
    assert info is not None and info.method == "physical"
    assert page.status_label.text().startswith("Physical card draw")
    assert page.shown_seating().to_json()["tables"] == [
        {"table": 1, "a": 1, "b": 2},
        {"table": 2, "a": 3, "b": 4},
    ]
    assert page.table_map.shown_byes() == (5,)


def test_a_cancelled_physical_draw_saves_nothing(open_page, db, monkeypatch):
    page = open_page(count=5)
    monkeypatch.setattr(PhysicalDrawDialog, "exec", lambda self: 0)
    page.physical_button.click()
    assert draw_service.current_draw(db, page.overview.event_id) is None


# --- a physical draw with chits or lots, typed in by keyboard -----------------------------------


def shown(dialog: PhysicalDrawDialog, qtbot) -> PhysicalDrawDialog:
    """The dialog shown over the page, active, its first field taking the keyboard."""
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    first = dialog.edits[min(dialog.edits)]
    qtbot.waitUntil(first.hasFocus)
    return dialog


def typed_from_the_slips(qtbot, keyboard, slips: dict[int, str], seen: list):
    """``PhysicalDrawDialog.exec`` as a director works it: the dialog shown, each slip typed
    into the field that has the focus and Return pressed for the next; the last Return
    saves the draw."""

    def exec_(dialog: PhysicalDrawDialog) -> int:
        shown(dialog, qtbot)
        seen.append((dialog.windowTitle(), dialog.summary.text()))
        for number, text in slips.items():
            assert keyboard.focused() is dialog.edits[number]
            keyboard.type(text)
            keyboard.press(Qt.Key.Key_Return)
        return dialog.result()

    return exec_


def test_an_npa_chit_draw_typed_in_by_keyboard_seats_round_1(
    open_page, db, qtbot, keyboard, monkeypatch, message_boxes
):
    # seed 001: "Select a "chit" for your starting table number and seat position"
    page = open_page("npa-club-pinochle", 12)
    slips = {
        1: "Table 2 Seat 3", 2: "T1 S1", 3: "table 3 seat 2", 4: "1-2", 5: "table 1 seat 3",
        6: "table 1 seat 4", 7: "Table 2 Seat 1 (deals first)", 8: "table 2 seat 2",
        9: "table 2 seat 4", 10: "table 3 seat 1", 11: "TABLE 3 SEAT 3", 12: "t3s4",
    }  # fmt: skip
    seen: list = []
    monkeypatch.setattr(
        PhysicalDrawDialog, "exec", typed_from_the_slips(qtbot, keyboard, slips, seen)
    )
    qtbot.mouseClick(page.physical_button, Qt.MouseButton.LeftButton)

    assert seen == [("Record a physical draw", "0 of 12 chits typed")]
    info = draw_service.current_draw(db, page.overview.event_id)
    assert (info.kind, info.method, info.seed) == ("chits", "physical", None)
    assert page.status_label.text().startswith("Physical chit draw · typed in")
    assert "12 players at 3 tables; seats 1 and 3 play against seats 2 and 4." in (
        page.notes_label.text()
    )
    seats = [(t.table, t.a, t.b) for t in page.shown_seating().tables]
    assert seats == [(1, (2, 5), (4, 6)), (2, (7, 1), (8, 9)), (3, (10, 11), (3, 12))]
    first = page.table_map.shown_tables()[0]
    assert [(s.mark, s.entrant) for s in first.seats] == [("1", 2), ("2", 4), ("3", 5), ("4", 6)]
    assert "3 tables · from the draw, not published yet" in page.round_hint.text()
    assert not page.make_button.isEnabled() and page.redo_button.isEnabled()


def test_a_gin_lot_draw_typed_in_by_keyboard_pairs_1_with_2(
    open_page, db, qtbot, keyboard, monkeypatch, message_boxes
):
    # seed 003: "players will be matched against the number that immediate follows them.
    # (1 will play 2, 3 will play 4, 5 will play 6, etc.)"
    page = open_page("house-gin", 9)
    slips = {1: "lot 4", 2: "Lot 9", 3: "1", 4: "L2", 5: "lot 3", 6: "lot 8", 7: "lot 5",
             8: "#7", 9: "lot 6"}  # fmt: skip
    seen: list = []
    monkeypatch.setattr(
        PhysicalDrawDialog, "exec", typed_from_the_slips(qtbot, keyboard, slips, seen)
    )
    qtbot.mouseClick(page.physical_button, Qt.MouseButton.LeftButton)

    assert seen == [("Record a physical draw", "0 of 9 lots typed")]
    info = draw_service.current_draw(db, page.overview.event_id)
    assert (info.kind, info.method) == ("random", "physical")
    assert page.status_label.text().startswith("Physical lot draw · typed in")
    pairs = [(t.a[0], t.b[0]) for t in page.shown_seating().tables]
    assert pairs == [(3, 4), (5, 1), (7, 9), (8, 6)]  # lots 1 v 2, 3 v 4, 5 v 6, 7 v 8
    assert page.table_map.shown_byes() == (2,)  # lot 9, the odd one out
    assert "Odd number of players: player 2 has a bye." in page.notes_label.text()
    page.round_spin.setValue(2)  # before the cut, the same pairs again
    assert [(t.a[0], t.b[0]) for t in page.shown_seating().tables] == pairs


def open_dialog(page: DrawPage, qtbot) -> PhysicalDrawDialog:
    dialog = page.physical_dialog()
    qtbot.addWidget(dialog)
    return shown(dialog, qtbot)


def retype(keyboard, text: str) -> None:
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.type(text)


def test_each_chit_mistake_is_named_beside_its_field_as_it_is_typed(open_page, qtbot, keyboard):
    page = open_page("npa-club-pinochle", 12)
    dialog = open_dialog(page, qtbot)
    assert "The chits: tables 1-3, seats 1-4." in dialog.findChild(QLabel, "guide").text()
    for text in ("table 1 seat 1", "T1 S1", "table 4 seat 1", "seat 3"):
        keyboard.type(text)
        keyboard.press(Qt.Key.Key_Return)
    twice = "Chit table 1 seat 1 drawn twice: players 1 and 2."
    assert dialog.error_text(1) == dialog.error_text(2) == twice
    assert dialog.error_text(3) == (
        "Player 3: there is no chit table 4 seat 1 for 12 players (tables 1-3, seats 1-4)."
    )
    assert dialog.error_text(4) == "Player 4: 'seat 3' is not a chit; type e.g. table 2 seat 3."
    assert all(is_invalid(dialog.edits[n]) for n in (1, 2, 3, 4))
    assert dialog.summary.text() == "4 chits to correct" and not dialog.save_button.isEnabled()

    dialog.edits[2].setFocus()
    retype(keyboard, "1-2")
    dialog.edits[3].setFocus()
    retype(keyboard, "table 3 seat 1")
    assert dialog.error_text(1) == dialog.error_text(2) == dialog.error_text(3) == ""
    assert not is_invalid(dialog.edits[2]) and dialog.summary.text() == "1 chit to correct"
    dialog.reject()


def test_a_lot_beyond_the_field_or_typed_twice_is_named(open_page, qtbot, keyboard):
    page = open_page("house-gin", 18)
    dialog = open_dialog(page, qtbot)
    for text in ("lot 19", "5", "#5"):
        keyboard.type(text)
        keyboard.press(Qt.Key.Key_Return)
    assert dialog.error_text(1) == "Player 1: there is no lot 19 for 18 players (lots 1-18)."
    assert dialog.error_text(2) == dialog.error_text(3) == "Lot 5 drawn twice: players 2 and 3."
    assert dialog.summary.text() == "3 lots to correct"
    dialog.reject()


@pytest.mark.parametrize(("rules_id", "count"), [("npa-club-pinochle", 48), ("house-gin", 9)])
def test_the_dialog_over_the_window_at_1280_by_820_shows_everything(
    make_window, db, clock, qtbot, keyboard, rules_id, count
):
    first = ["Margo", "Theodora", "Rosalind", "Frederick", "Annabelle", "Leopold", "Ida"]
    last = ["Donovan-Whitcombe", "Whitman", "Castro", "Harrington", "Okafor", "Lindqvist"]
    builder.event(
        db, clock, rules_id, name="Spring", entrants=count,
        players=lambda n: [f"{first[n % 7]} {last[n % 6]} {n}"],
    )  # fmt: skip
    window = make_window(db)
    window.resize(1280, 820)
    qtbot.waitUntil(lambda: window.size().width() == 1280)
    window.show_page("draw")
    dialog = open_dialog(window.draw_page, qtbot)
    keyboard.type("table 9 seat 9" if rules_id.startswith("npa") else "lot 99")  # a mistake
    assert dialog.error_text(1)
    assert dialog.width() <= 1280 and dialog.height() <= 820
    scroll = dialog.findChild(QScrollArea)
    assert scroll.horizontalScrollBar().maximum() == 0  # nothing scrolls sideways
    for label in dialog.findChildren(QLabel):
        if label.isVisibleTo(dialog):  # every text whole: wrapped where it is long
            assert label.width() >= label.minimumSizeHint().width(), label.text()
            if label.wordWrap():
                assert label.height() >= label.heightForWidth(label.width()), label.text()
    for button in (dialog.save_button, dialog.cancel_button):
        assert button.width() >= button.sizeHint().width()
    for edit in dialog.edits.values():
        assert edit.width() >= edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    picture(dialog, f"{rules_id}-dialog")
    dialog.reject()


# --- redoing the draw ---------------------------------------------------------------------------


def test_redo_the_draw_before_round_1(open_page, db, message_boxes):
    page = open_page()
    page.make_button.click()
    event_id = page.overview.event_id
    old = draw_service.current_draw(db, event_id)
    page.redo_button.click()
    confirm = message_boxes.shown[-1]
    assert confirm["title"] == "Redo the draw"
    assert "stays in the event's log, marked as replaced" in confirm["text"]
    assert f"seed {old.seed}" in confirm["text"]
    history = draw_service.draw_history(db, event_id)
    assert [d.superseded for d in history] == [True, False]
    assert page.overview.draw.draw_id == history[1].draw_id
    assert f"seed {history[1].seed}" in page.status_label.text()


def test_redo_is_not_offered_once_round_1_has_started(open_page, db, message_boxes):
    page = open_page()
    page.make_button.click()
    event_id = page.overview.event_id
    builder.publish(db, event_id, 1, page._clock)
    builder.start(db, event_id, 1, page._clock)
    page.refresh()
    assert not page.redo_button.isEnabled() and not page.physical_button.isEnabled()
    assert "Round 1 has started" in page.redo_button.toolTip()
    shown = len(message_boxes.shown)
    page.redo_draw()  # e.g. a stale shortcut: nothing happens
    assert len(message_boxes.shown) == shown


# --- the picture --------------------------------------------------------------------------------


def grid_of(count: int) -> RoundSeating:
    tables = tuple(TableSeating(n, (2 * n - 1,), (2 * n,)) for n in range(1, count + 1))
    return RoundSeating(1, tables, (2 * count + 1,))


def test_the_map_fits_24_tables_into_its_size(qtbot):
    view = TableMap()
    qtbot.addWidget(view)
    view.resize(900, 650)
    names = {n: f"Longname{n} / Otherlongname{n}" for n in range(1, 50)}
    view.set_seating(grid_of(24), names, "teams")
    cells = view.cells()
    assert sorted(cells) == list(range(1, 25))
    bounds = view.rect()
    for number, cell in cells.items():
        assert bounds.contains(cell.toRect().adjusted(1, 1, -1, -1)), number
        assert view.table_rect(cell).width() >= 60  # big enough for a big number
        for other, rect in cells.items():
            if other != number:
                assert not view.card_rect(cell).intersects(view.card_rect(rect))
    number_px, name_px = view.label_sizes(next(iter(cells.values())))
    assert number_px >= 13 and name_px >= 9
    view.resize(1800, 1200)
    assert view.table_rect(view.cells()[1]).width() > 100  # it grows with the widget
    assert view.bye_text() == "Bye: 49 Longname49 / Otherlongname49"
    view.grab()  # paints without error


def test_grid_shape_prefers_wide_cells():
    assert grid_shape(12, QSize(900, 650).toSizeF()) == (3, 4)
    assert grid_shape(1, QSize(900, 650).toSizeF()) == (1, 1)
    assert grid_shape(0, QSize(900, 650).toSizeF()) == (0, 0)


def test_seats_around_a_table():
    names = {1: "One", 2: "Two", 3: "Three", 4: "Four"}
    partners = place_seats(TableSeating(3, (1, 3), (2, 4)), "partners", names)
    assert [(s.position, s.entrant, s.direction) for s in partners] == [
        ("top", 1, "Seat 1"),
        ("right", 2, "Seat 2"),
        ("bottom", 3, "Seat 3"),
        ("left", 4, "Seat 4"),
    ]
    pairs = place_seats(TableSeating(1, (1,), (2,)), "pairs", names)
    assert [(s.position, s.entrant, s.name) for s in pairs] == [
        ("top", 1, "One"),
        ("bottom", 2, "Two"),
    ]


def test_the_list_model_alone(qtmodeltester):
    model = SeatingListModel()
    qtmodeltester.check(model)
    model.set_seating(grid_of(3), {1: "A"}, "pairs", "Player")
    qtmodeltester.check(model)
    assert model.rowCount() == 7 and model.columnCount() == 4
    assert model.index(6, 2).data() == "Bye"
    assert model.index(0, 1).data() == "A"


def test_sentences():
    assert sentence("round 2 cannot be seated yet") == "Round 2 cannot be seated yet."
    assert sentence("Done.") == "Done."
    assert sentence("") == ""


def test_the_page_looks_right_at_1400_by_900(open_page, message_boxes):
    page = open_page(count=48)
    page.make_button.click()
    picture(page, "draw")
    assert page.table_map.width() > 800 and page.list_view.width() >= 300


def test_an_event_under_way_opens_on_its_current_round(
    qtbot, tmp_path, clock, new_demo, demo_database
) -> None:
    from clubdesk.store.db import open_database

    with open_database(new_demo(tmp_path / "demo.sqlite")) as db:
        event = demo_database.event
        page = DrawPage(UiContext(db, clock))
        qtbot.addWidget(page)
        page.show()  # a page reads what changed while it is on show
        page.context.open_event(event.id)
        assert page.round_spin.value() == 4
        assert [t.table for t in page.table_map.shown_tables()] == list(range(1, 9))
        assert "· published" in page.round_hint.text()
