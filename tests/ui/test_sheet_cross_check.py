"""Both sides' paper sheets typed and compared in the window, where the event says so (the
Event page's "Both sides' sheets"): every hand where the two disagree shown side by side,
the sheet submitted only when they agree or the director accepts one and says why. Seed
000: "After each hand, each team's score sheet will be compared and verbally verified for
accuracy by the opponent's scorekeeper"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services import sheets
from clubdesk.services.command import list_audit
from clubdesk.services.events import event_rules, list_events
from clubdesk.ui.style import is_invalid
from tests import builder
from tests.sheet_typing import type_hand
from tests.ui.test_sheet_dialog import open_sheet

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier
HAND = {"bidder": "A", "bid": 50, "meld": {"A": 0, "B": 0}, "tricks": {"A": 25, "B": 25}}
HANDS = [HAND, {**HAND, "bidder": "B"}] * 4
MISREAD = [*HANDS[:2], {**HAND, "meld": {"A": 24, "B": 0}}, *HANDS[3:]]


def test_the_director_turns_it_on_for_the_event(make_window, db, clock, keyboard) -> None:
    event_id = builder.event(db, clock, "grand-prix-pinochle", name="Friday")
    window = make_window(db)
    page = window.event_page
    page.overview.edit_button.click()
    form = page.form
    assert not form.cross_check.isChecked()  # the format's own: one sheet typed
    keyboard.press(Qt.Key.Key_B, ALT)  # &Both sides' sheets
    assert keyboard.focused() is form.cross_check
    keyboard.press(Qt.Key.Key_Space)
    keyboard.press(Qt.Key.Key_Return)
    [saved] = list_events(db)
    assert saved.settings == {"cross_check": True}
    assert event_rules(db, event_id).sheets.cross_check


def both_sheets(qtbot, db, clock, keyboard, second: list[dict]):
    """A Grand Prix comparing both sides' sheets: sheet 1 typed, then sheet 2 (Alt+2)."""
    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=4,
                             settings={"cross_check": True})  # fmt: skip
    builder.draw(db, event_id, clock, seed=5)
    builder.publish(db, event_id, 1, clock)
    dialog = open_sheet(qtbot, db, clock, event_id)
    for number, hand in enumerate(HANDS):
        type_hand(keyboard, dialog.rows[number], hand)
        keyboard.press(Qt.Key.Key_Return)
    assert dialog.cross.state.text() == (
        "Type sheet 2 too (Alt+2): this event compares both sides' sheets."
    )
    assert not dialog.submit_button.isEnabled()
    keyboard.press(Qt.Key.Key_2, ALT)
    assert dialog.scroll is dialog.grids[1]  # switched as the key is read
    assert QApplication.focusWidget() is dialog.grids[1].rows[0].first()
    for number, hand in enumerate(second):
        type_hand(keyboard, dialog.rows[number], hand)
        keyboard.press(Qt.Key.Key_Return)
    keyboard.press(Qt.Key.Key_P, ALT)  # the signed paper sheets received
    qtbot.waitUntil(dialog.paper.isChecked)
    return dialog, event_id


def test_two_sheets_that_agree_go_in(qtbot, db, clock, keyboard) -> None:
    dialog, event_id = both_sheets(qtbot, db, clock, keyboard, HANDS)
    assert dialog.cross.state.text() == "The two sheets agree."
    assert dialog.cross.accepting.isHidden()
    keyboard.press(Qt.Key.Key_Return, CTRL)
    assert dialog.submitted, dialog.problem.text()
    stored = sheets.table_sheet(db, event_id, 1, 1).game.hands
    assert [(h["bidder"], h["meld"], h["tricks"]) for h in stored] == [
        (h["bidder"], h["meld"], h["tricks"]) for h in HANDS
    ]


def test_sheets_that_disagree_are_shown_side_by_side_and_one_is_accepted_with_a_reason(
    qtbot, db, clock, keyboard
) -> None:
    dialog, event_id = both_sheets(qtbot, db, clock, keyboard, MISREAD)
    bar = dialog.cross
    assert bar.state.text() == "They disagree on hand 3."
    assert "<td>3</td><td>Meld A</td><td align='right'>0</td><td align='right'>24</td>" in (
        bar.compared.text()
    )
    assert is_invalid(dialog.rows[2].widgets["meld.A"])  # marked on the sheet being typed
    held = "The two sheets disagree on hand 3: accept one of them, and say why."
    assert dialog.submit_button.toolTip() == held and not dialog.submit_button.isEnabled()
    keyboard.press(Qt.Key.Key_Return, CTRL)  # refused at the field to act on
    assert not dialog.submitted and dialog.problem.text() == held
    assert QApplication.focusWidget() is bar.accept and dialog.keys.callout.isVisible()
    keyboard.press(Qt.Key.Key_End)  # "sheet 2 is right"
    keyboard.tab()
    assert QApplication.focusWidget() is bar.reason
    keyboard.type("meld recounted at the table")
    keyboard.press(Qt.Key.Key_Return, CTRL)
    assert dialog.submitted, dialog.problem.text()
    assert sheets.table_sheet(db, event_id, 1, 1).game.hands[2]["meld"] == {"A": 24, "B": 0}
    [logged] = [e for e in list_audit(db, event_id) if e.action == "sheet.cross_check"]
    assert (logged.details["accepted"], logged.details["reason"]) == (
        "second", "meld recounted at the table"
    )  # fmt: skip
    assert bar.isHidden()  # a submitted sheet is the one that went in
