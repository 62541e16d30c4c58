"""The meld calculator: counting a side's meld from the cards shown, and F4 in a score sheet
filling the meld field the cursor is in (docs/rules.md §1, §4 meld tables)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from clubdesk.domain.formats import load_rules
from clubdesk.ui.sheet.meld_dialog import MeldDialog
from clubdesk.ui.style import is_invalid
from tests.ui.test_sheet_dialog import open_sheet, seated

GRAND_PRIX = load_rules("grand-prix-pinochle")


def calculator(qtbot, rules=GRAND_PRIX) -> MeldDialog:
    dialog = MeldDialog(rules, "A", 1)
    qtbot.addWidget(dialog)
    return dialog


def ok_button(dialog: MeldDialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_partners_melds_are_counted_and_added_up(qtbot) -> None:
    dialog = calculator(qtbot)
    assert dialog.total() is None and not ok_button(dialog).isEnabled()
    dialog.trump.setCurrentIndex(dialog.trump.findData("H"))
    dialog.cards[0].setText("AH TH KH QH JH JD JD QS QS")  # a run and a double pinochle
    assert dialog.lines[0].text() == "run 15 · pinochle ×2 30  = 45"
    dialog.cards[1].setText("ks qs, 10d")  # a marriage; any case, commas, 10 for the ten
    assert dialog.lines[1].text() == "marriage 2  = 2"
    assert dialog.total() == 47
    assert dialog.total_label.text() == "Side's meld: 47"
    assert ok_button(dialog).text() == "Use 47" and ok_button(dialog).isEnabled()
    dialog.trump.setCurrentIndex(dialog.trump.findData(None))  # no trump: no run
    assert dialog.lines[0].text() == "marriage 2 · pinochle ×2 30  = 32"
    assert dialog.total() == 34


def test_a_card_that_is_not_in_the_deck_is_named_at_its_field(qtbot) -> None:
    dialog = calculator(qtbot)
    dialog.cards[0].setText("KS QS")
    dialog.cards[1].setText("9H KH")  # the Grand Prix plays a double deck without nines
    assert dialog.problem.text() == "Partner's cards: 9H is not in a double deck (it has no nines)."
    assert is_invalid(dialog.cards[1])
    assert dialog.total() is None and not ok_button(dialog).isEnabled()
    dialog.cards[1].setText("ZZ")
    assert dialog.problem.text().startswith("Partner's cards: 'ZZ' is not a card")
    dialog.cards[1].clear()
    assert dialog.problem.text() == "" and dialog.total() == 2


def test_a_single_deck_format_counts_the_nine_of_trump(qtbot) -> None:
    dialog = calculator(qtbot, load_rules("sun-city-west-pinochle"))
    dialog.trump.setCurrentIndex(dialog.trump.findData("S"))
    dialog.cards[0].setText("9S 9S KS QS")  # RULES §4: 9 of trump 1 each; marriage in trump 4
    assert dialog.total() == 6


def test_f4_in_a_sheet_fills_the_meld_field_with_the_cursor(
    qtbot, db, clock, monkeypatch, keyboard
) -> None:
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    sheet = open_sheet(qtbot, db, clock, event_id)
    assert sheet.meld_button.isVisible() and sheet.meld_button.text() == "Count meld… (F4)"
    seen: list[str] = []

    def exec_(dialog: MeldDialog) -> int:
        seen.append(dialog.windowTitle())
        dialog.trump.setCurrentIndex(dialog.trump.findData("H"))
        dialog.cards[0].setText("AH TH KH QH JH JD JD QS QS")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(MeldDialog, "exec", exec_)
    meld_b = sheet.rows[0].widgets["meld.B"]
    meld_b.setFocus()
    keyboard.press(Qt.Key.Key_F4)
    assert seen == ["Meld of side B, hand 1"]
    assert meld_b.text() == "45" and keyboard.focused() is meld_b
    assert sheet.hands()[0]["meld"] == {"A": None, "B": 45}  # scored as if typed
    sheet.rows[0].widgets["bid"].setFocus()  # elsewhere in a hand: side A's meld of that hand
    sheet.meld_button.click()
    assert seen[-1] == "Meld of side A, hand 1" and sheet.rows[0].widgets["meld.A"].text() == "45"


def test_cancelling_the_calculator_leaves_the_field_as_it_was(
    qtbot, db, clock, monkeypatch, keyboard
) -> None:
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    sheet = open_sheet(qtbot, db, clock, event_id)
    meld_a = sheet.rows[0].widgets["meld.A"]
    meld_a.setText("20")
    meld_a.setFocus()
    monkeypatch.setattr(MeldDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    keyboard.press(Qt.Key.Key_F4)
    assert meld_a.text() == "20"


def test_gin_has_no_meld_calculator(qtbot, db, clock) -> None:
    event_id = seated(db, clock, "house-gin", 4)
    sheet = open_sheet(qtbot, db, clock, event_id)
    assert not sheet.meld_button.isVisible() and not sheet.meld_button.isEnabled()


def test_tab_reaches_count_meld_and_space_counts_the_newest_hands_meld(
    qtbot, db, clock, monkeypatch, keyboard
) -> None:
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    sheet = open_sheet(qtbot, db, clock, event_id)
    seen: list[str] = []

    def exec_(dialog: MeldDialog) -> int:
        seen.append(dialog.windowTitle())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(MeldDialog, "exec", exec_)
    sheet.rows[0].widgets["bid"].setFocus()
    for _ in range(40):  # through the hand's fields to the buttons below them
        if keyboard.focused() is sheet.meld_button:
            break
        keyboard.tab()
    assert keyboard.focused() is sheet.meld_button
    keyboard.press(Qt.Key.Key_Space)
    assert seen == ["Meld of side A, hand 1"]
