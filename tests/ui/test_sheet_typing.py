"""A paper sheet typed into the window with as few keys as it takes: the other side's trick
points (books) filled in as the rest, a hand not played asking for no trick points and no
zero meld, Enter on to the next hand, Ctrl+Enter to submit; a refusal puts the cursor on the
bad field with the reason beside it, and typing never wanders into an earlier hand.

The example sheets, one for each seed's format, are typed key by key (``tests/sheet_typing``)
and the keys counted: an ordinary pinochle hand takes its numbers and at most one key per
field, and the total is held."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

from clubdesk.domain import games
from clubdesk.domain.games.samples import sample_game
from clubdesk.services import sheets
from clubdesk.services.events import event_rules
from tests.sheet_typing import CountedKeys, type_hand
from tests.ui.test_sheet_columns import players_seated
from tests.ui.test_sheet_dialog import PINOCHLE_HANDS, open_sheet, seated

GIN_MATCH = [
    {"knocker": "A", "gin": False, "deadwood": {"A": 4, "B": 31}, "knock_card": 10},
    {"knocker": "B", "gin": True, "deadwood": {"A": 22, "B": 0}},
    *[{"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 25}}] * 6,
]
WHIST_HANDS = [
    {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}},
    {"bidder": "B", "bid": 4, "kind": "no", "books": {"A": 4, "B": 9}},
    {"bidder": "A", "bid": 6, "kind": "cards", "books": {"A": 9, "B": 4}},
    {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 3, "B": 10}},
]
# seed: (format, players a side, the example sheet)
EXAMPLES = {
    "000": ("grand-prix-pinochle", 2, None),
    "001": ("npa-club-pinochle", 1, None),
    "002": ("sun-city-west-pinochle", 1, None),
    "003": ("house-gin", 1, GIN_MATCH),
    "004": ("bid-whist", 2, WHIST_HANDS),
}
HELD = {"000": 119, "001": 112, "002": 90, "003": 67, "004": 29}  # keys, Ctrl+Enter included


def sheet_for(db, clock, rules_id: str, per_side: int) -> str:
    if per_side == 1:
        return players_seated(db, clock, rules_id, 12 if rules_id.startswith("npa") else 8)
    return seated(db, clock, rules_id, 4)


def test_the_seeds_example_sheets_take_few_keys(qtbot, db, clock) -> None:
    counted: dict[str, int] = {}
    for seed, (rules_id, per_side, hands) in EXAMPLES.items():
        event_id = sheet_for(db, clock, rules_id, per_side)
        rules = event_rules(db, event_id)
        hands = hands or sample_game(rules, random.Random(int(seed)))
        dialog = open_sheet(qtbot, db, clock, event_id)
        keys = CountedKeys(qtbot)
        for number, hand in enumerate(hands):
            row = dialog.rows[number]
            assert keys.focused() is row.first()
            before, digits = keys.count, keys.digits
            type_hand(keys, row, hand)
            keys.press(Qt.Key.Key_Return)
            assert dialog.error is None, dialog.problem.text()
            if rules.game == "pinochle":  # its numbers and at most one key per field
                assert keys.count - before - (keys.digits - digits) <= len(row.columns), hand
        typed = games.score_game(dialog.hands(), rules)
        assert typed.total == games.score_game(hands, rules).total
        assert typed.ended_by is not None
        keys.press(Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)  # the signed paper
        assert dialog.paper.isChecked()  # ticked as the key is read, before the next
        keys.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # submits
        assert dialog.submitted, dialog.problem.text()
        counted[seed] = keys.count - 1  # the paper's Alt+P is not typing the sheet
        dialog.reject()
    assert counted == HELD
    assert sum(counted.values()) == 417


@pytest.fixture
def pinochle(db, clock) -> str:
    return seated(db, clock, "grand-prix-pinochle", 4)


def test_the_other_sides_trick_points_fill_in_and_can_be_typed_over(qtbot, db, clock, pinochle):
    """Seed 000: 50 trick points a hand (48 counters and the last trick)."""
    dialog = open_sheet(qtbot, db, clock, pinochle)
    row = dialog.rows[0]
    tricks_a, tricks_b = row.widgets["tricks.A"], row.widgets["tricks.B"]
    tricks_a.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClicks(tricks_a, "31")
    assert tricks_b.text() == "19"
    qtbot.keyClick(tricks_a, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is tricks_b and tricks_b.selectedText() == "19"
    qtbot.keyClicks(tricks_b, "15")  # a renege stopped the hand: typed over
    qtbot.keyClick(tricks_b, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(tricks_a, "30")
    assert (tricks_a.text(), tricks_b.text()) == ("30", "15")  # the typed half stays
    single = open_sheet(qtbot, db, clock, players_seated(db, clock, "sun-city-west-pinochle", 8))
    edit = single.rows[0].widgets["tricks.A"]
    edit.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClicks(edit, "10")  # seed 002: 25 trick points (single deck)
    assert single.rows[0].widgets["tricks.B"].text() == "15"


def test_a_hand_without_a_marriage_asks_for_no_trick_points_and_no_meld(
    qtbot, db, clock, pinochle, keyboard
) -> None:
    """Seed 000: "the hand is not played ... Neither side counts anything for meld"."""
    dialog = open_sheet(qtbot, db, clock, pinochle)
    row = dialog.rows[0]
    keyboard.type("B")
    keyboard.tab()
    keyboard.type("55")
    keyboard.tab(2)  # Dropped, then Marriage
    keyboard.press(Qt.Key.Key_Space)  # B bid without a marriage
    skipped = ("meld.A", "meld.B", "tricks.A", "tricks.B", "renege", "all_tricks")
    assert not any(row.widgets[key].isEnabled() for key in skipped)
    keyboard.press(Qt.Key.Key_Return)  # complete as it is: on to hand 2
    assert QApplication.focusWidget() is dialog.rows[1].first()
    assert (dialog.totals[0][0].text(), dialog.totals[0][1].text()) == ("55", "0")  # to A


def test_an_npa_hand_without_a_marriage_asks_only_for_the_opponents_meld(
    qtbot, db, clock, keyboard
) -> None:
    """Seed 001: "No trump will be named but opponents can "meld" if they have over 20"."""
    dialog = open_sheet(qtbot, db, clock, players_seated(db, clock, "npa-club-pinochle", 12))
    row = dialog.rows[0]
    keyboard.tab()
    keyboard.type("52")
    keyboard.tab(2)
    keyboard.press(Qt.Key.Key_Space)  # side A bid without a marriage
    assert not row.widgets["meld.A"].isEnabled() and row.widgets["meld.B"].isEnabled()
    keyboard.tab()
    assert QApplication.focusWidget() is row.widgets["meld.B"]
    keyboard.press(Qt.Key.Key_Return)  # B had nothing to meld: no 0 to type
    assert (dialog.totals[0][0].text(), dialog.totals[0][1].text()) == ("-52", "0")


def beside(callout: QRect, field: QRect) -> bool:
    """Is the callout right under the field, or right over it, and level with it?"""
    touching = abs(callout.top() - field.bottom()) <= 6 or abs(callout.bottom() - field.top()) <= 6
    return touching and callout.left() <= field.right() and callout.right() >= field.left()


def test_a_bid_off_the_ladder_puts_the_cursor_on_the_bid_with_the_reason_beside_it(
    qtbot, db, clock, keyboard
) -> None:
    """Seed 001: "The bidding between 60 & 100 will be by 5's"."""
    dialog = open_sheet(qtbot, db, clock, players_seated(db, clock, "npa-club-pinochle", 12))
    made = {"bidder": "A", "bid": 55, "meld": {"A": 20, "B": 20}, "tricks": {"A": 35, "B": 15}}
    type_hand(keyboard, dialog.rows[0], made)
    keyboard.press(Qt.Key.Key_Return)
    type_hand(keyboard, dialog.rows[1], {**made, "bid": 63})
    keyboard.press(Qt.Key.Key_Return)  # refused
    bid = dialog.rows[1].widgets["bid"]
    assert QApplication.focusWidget() is bid and bid.selectedText() == "63"
    callout = dialog.keys.callout
    assert callout.isVisible() and "not on the bid ladder" in callout.text()
    assert callout.text().startswith("Hand 2, Bid: 63 is not on the bid ladder")
    field = QRect(bid.mapTo(dialog, QPoint(0, 0)), bid.size())
    assert beside(callout.geometry(), field)
    assert len(dialog.rows) == 2
    keyboard.type("65")  # typed over the bad bid, nothing else
    assert not callout.isVisible()
    keyboard.press(Qt.Key.Key_Return)
    assert len(dialog.rows) == 3 and QApplication.focusWidget() is dialog.rows[2].first()
    assert [row.hand()["bid"] for row in dialog.rows[:2]] == [55, 65]


def test_typing_on_past_the_last_field_never_changes_an_earlier_hand(
    qtbot, db, clock, pinochle, keyboard
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    for hand in PINOCHLE_HANDS[:2]:
        type_hand(keyboard, dialog.rows[len(dialog.rows) - 1], hand)
        keyboard.press(Qt.Key.Key_Return)
    before = [row.hand() for row in dialog.rows[:2]]
    newest = dialog.rows[2]
    went: list[int | None] = []
    for _ in range(40):  # Tab on and on past the end of the sheet, typing as it goes
        keyboard.type("7")
        keyboard.tab()
        went.append(dialog.row_of(QApplication.focusWidget()))
    assert set(went) == {None, 2}  # round the signers and back to the newest hand only
    assert [row.hand() for row in dialog.rows[:2]] == before
    assert dialog.row_of(QApplication.focusWidget()) in (None, 2)
    assert newest.widgets["bid"].text().startswith("7")


def test_enter_on_the_last_hand_goes_to_the_signers_and_ctrl_enter_submits(
    qtbot, db, clock, pinochle, keyboard
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    for number, hand in enumerate(PINOCHLE_HANDS):
        type_hand(keyboard, dialog.rows[number], hand)
        keyboard.press(Qt.Key.Key_Return)
    assert QApplication.focusWidget() is dialog.scorekeeper  # the game is over
    keyboard.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert not dialog.submitted  # nobody has signed
    assert dialog.problem.text().startswith("Sign on both pads, or tick Signed paper sheet")
    assert dialog.keys.callout.isVisible() and QApplication.focusWidget() is dialog.paper
    keyboard.press(Qt.Key.Key_Space)  # the signed paper sheet received
    keyboard.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.submitted and sheets.table_sheet(db, pinochle, 1, 1).submitted
