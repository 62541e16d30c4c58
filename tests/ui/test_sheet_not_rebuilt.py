"""A score sheet that never makes the director wait: submitting switches the same fields
read-only (nothing built again), no widget of a sheet is given a style sheet of its own as
it opens or is submitted (the application's style sheet has the sheet's looks), and a hand
row's lists share their items, made once, instead of being filled item by item on every
open. benchmarks/bench_sheet.py times the same on the demo night."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QWidget
from shiboken6 import isValid

from clubdesk.ui import style
from clubdesk.ui.sheet.dialog import SheetDialog
from tests.ui.pictures import picture
from tests.ui.test_sheet_dialog import PINOCHLE_HANDS, open_sheet, seated, type_pinochle_hand


@pytest.fixture
def pinochle(db, clock) -> str:
    return seated(db, clock, "grand-prix-pinochle", 4)


@pytest.fixture
def style_sheets_given(monkeypatch) -> Counter:
    """Every style sheet given to a widget from here on, counted by the widget's class."""
    given: Counter = Counter()
    give = QWidget.setStyleSheet

    def counted(widget: QWidget, sheet: str) -> None:
        given[type(widget).__name__] += 1
        give(widget, sheet)

    monkeypatch.setattr(QWidget, "setStyleSheet", counted)
    return given


def fields(dialog: SheetDialog) -> list[QWidget]:
    return [widget for row in dialog.rows for widget in row.widgets.values()]


def test_submitting_switches_the_same_fields_read_only(
    qtbot, db, clock, pinochle, keyboard, styled, style_sheets_given
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    for hand in PINOCHLE_HANDS:
        type_pinochle_hand(keyboard, hand)
    typed = fields(dialog)
    edits, lists = set(dialog.findChildren(QLineEdit)), set(dialog.findChildren(QComboBox))
    dialog.paper.setChecked(True)
    keyboard.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.submitted, dialog.problem.text()
    assert len(dialog.rows) == len(PINOCHLE_HANDS)
    assert fields(dialog) == typed  # the very widgets the hands were typed into
    assert set(dialog.findChildren(QLineEdit)) == edits  # and none made beside them
    assert set(dialog.findChildren(QComboBox)) == lists
    for row, hand in zip(dialog.rows, PINOCHLE_HANDS, strict=True):
        assert row.widgets["bid"].isReadOnly() and row.widgets["bid"].text() == str(hand["bid"])
        assert row.widgets["bid"].focusPolicy() == Qt.FocusPolicy.NoFocus
        assert not row.widgets["bidder"].isEnabled()
        assert row.widgets["bidder"].currentData() == hand["bidder"]
        assert style.role_of(row.widgets["bidder"]) == "read"  # drawn as read, no frame
    assert dialog.banner.isVisible() and dialog.amend_button.isVisible()
    assert not dialog.add_button.isVisible() and not dialog.submit_button.isVisible()
    assert sum(style_sheets_given.values()) == 0, style_sheets_given
    QApplication.processEvents()  # the rows' numbers and totals, shown as laid out
    assert all(number.isVisible() for number in dialog.scroll.numbers)
    assert [(a.text(), b.text()) for a, b in dialog.totals][-1] == ("367", "330")
    assert all(a.isVisible() and b.isVisible() for a, b in dialog.totals)
    picture(dialog, "sheet-submitted-in-place")


def test_opening_sheets_gives_no_style_sheets_and_fills_no_lists_item_by_item(
    qtbot, db, clock, pinochle, styled, style_sheets_given, monkeypatch
) -> None:
    filled: list[QComboBox] = []
    add_item = QComboBox.addItem

    def counted(combo: QComboBox, *given) -> None:
        filled.append(combo)
        add_item(combo, *given)

    monkeypatch.setattr(QComboBox, "addItem", counted)
    first = open_sheet(qtbot, db, clock, pinochle, table=1)
    for hand in PINOCHLE_HANDS[:3]:
        first.rows[-1].set_hand(hand)
        first.add_hand()
    second = open_sheet(qtbot, db, clock, pinochle, table=2)
    assert sum(style_sheets_given.values()) == 0, style_sheets_given
    rows = first.rows + second.rows
    lists = [w for row in rows for w in row.widgets.values() if isinstance(w, QComboBox)]
    assert lists and not set(lists) & set(filled)  # no hand row's list filled item by item
    for key in ("bidder", "renege", "all_tricks"):  # each column's items made once
        assert len({row.widgets[key].model() for row in rows}) == 1
    assert [first.rows[0].widgets["renege"].itemText(n) for n in range(3)] == ["–", "A", "B"]
    assert first.rows[0].widgets["renege"].itemData(0) is None
    assert first.rows[0].widgets["bidder"].currentData() == PINOCHLE_HANDS[0]["bidder"]


def test_a_final_score_submitted_takes_the_blank_hand_row_away(
    qtbot, db, clock, pinochle, keyboard
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    blank = fields(dialog)
    assert len(dialog.rows) == 1 and dialog.rows[0].is_blank()
    keyboard.press(Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    keyboard.type("512")
    keyboard.tab()
    keyboard.type("388")
    dialog.paper.setChecked(True)
    keyboard.press(Qt.Key.Key_Return)
    assert dialog.submitted, dialog.problem.text()
    assert dialog.rows == [] and dialog.totals == []
    assert not any(isValid(widget) and widget.isVisible() for widget in blank)  # gone too
    assert dialog.total_label.text() == "Submitted · counts 512 to 388"
    assert dialog.score_a.isReadOnly() and dialog.score_a.text() == "512"
