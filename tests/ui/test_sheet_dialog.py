"""The score sheet dialog: hands typed by keyboard, the engine's totals, refusals, submitting."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.domain import games
from clubdesk.services import sheets
from clubdesk.services.command import Desk
from clubdesk.services.events import event_rules
from clubdesk.ui.context import UiContext
from clubdesk.ui.sheet.dialog import SheetDialog
from clubdesk.ui.style import is_invalid
from tests import builder
from tests.ui.pictures import picture
from tests.ui.showing import show_active

PINOCHLE_HANDS = [
    {"bidder": "A", "bid": 50, "meld": {"A": 20, "B": 20}, "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 55, "meld": {"A": 24, "B": 30}, "tricks": {"A": 22, "B": 28}},
    {"bidder": "A", "bid": 60, "meld": {"A": 36, "B": 0}, "tricks": {"A": 20, "B": 30}},
    {"bidder": "B", "bid": 51, "meld": {"A": 20, "B": 26}, "tricks": {"A": 24, "B": 26}},
    {"bidder": "A", "bid": 52, "meld": {"A": 22, "B": 20}, "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 50, "meld": {"A": 0, "B": 24}, "tricks": {"A": 26, "B": 24}},
    {"bidder": "A", "bid": 53, "meld": {"A": 28, "B": 20}, "tricks": {"A": 31, "B": 19}},
    {"bidder": "B", "bid": 50, "meld": {"A": 20, "B": 20}, "tricks": {"A": 20, "B": 30}},
]


def open_sheet(qtbot, db, clock, event_id: str, table: int = 1) -> SheetDialog:
    dialog = SheetDialog(UiContext(db, clock, event_id), 1, table)
    dialog.confirm = lambda title, question: True  # closing at the end drops what was typed
    qtbot.addWidget(dialog)
    dialog.resize(1280, 700)
    show_active(dialog)
    dialog.rows[0].first().setFocus()
    return dialog


def seated(db, clock, rules_id: str, entrants: int) -> str:
    event_id = builder.event(
        db, clock, rules_id, entrants=entrants,
        players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"][: builder_size(rules_id)],
    )  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    return event_id


def builder_size(rules_id: str) -> int:
    return 1 if rules_id in ("house-gin", "npa-club-pinochle") else 2


@pytest.fixture
def pinochle(db, clock) -> str:
    return seated(db, clock, "grand-prix-pinochle", 4)


def type_pinochle_hand(keyboard, hand: dict) -> None:
    keyboard.type(hand["bidder"])
    keyboard.tab()
    keyboard.type(str(hand["bid"]))
    keyboard.tab(3)  # dropped, marriage: as they are
    for key in ("meld", "tricks"):
        for side in "AB":
            keyboard.type(str(hand[key][side]))
            keyboard.tab()
    keyboard.tab()  # renege, all tricks: none
    keyboard.press(Qt.Key.Key_Return)


def test_a_full_pinochle_sheet_by_keyboard_shows_the_engines_totals(
    qtbot, db, clock, pinochle, keyboard
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    for hand in PINOCHLE_HANDS:
        type_pinochle_hand(keyboard, hand)
    engine = games.score_game(PINOCHLE_HANDS, event_rules(db, pinochle))
    assert dialog.hands() == [{**h, "dropped": False, "marriage": True, "renege": None,
                               "all_tricks": None} for h in PINOCHLE_HANDS]  # fmt: skip
    for (label_a, label_b), running in zip(dialog.totals, engine.totals, strict=False):
        assert (int(label_a.text()), int(label_b.text())) == (running["A"], running["B"])
    assert dialog.total_label.text() == f"Total  A {engine.total['A']}  ·  B {engine.total['B']}"
    assert dialog.game_label.text() == "Game over: all 8 hands played\nWon by side A"
    assert len(dialog.rows) == 8  # the game is over: Enter adds no ninth hand
    assert not dialog.add_button.isEnabled()


def test_reaching_500_ends_the_game(qtbot, db, clock, pinochle, keyboard) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    big = {"bidder": "A", "bid": 60, "meld": {"A": 260, "B": 20}, "tricks": {"A": 40, "B": 10}}
    type_pinochle_hand(keyboard, big)
    type_pinochle_hand(keyboard, big)
    assert dialog.game_label.text() == "Game over: a side reached 500\nWon by side A"
    assert len(dialog.rows) == 2


@pytest.mark.parametrize(
    ("typed", "field", "message"),
    [
        ({"bid": "49"}, "bid", "Hand 1, Bid: 49 is below the minimum bid of 50."),
        ({"meld.A": "9999"}, "meld.A", "Hand 1, Meld A: must be at most 1140, not 9999."),
        ({"tricks.A": "30", "tricks.B": "30"}, "tricks.A", "Hand 1, Tricks: "),
        ({"bid": ""}, "bid", "Hand 1, Bid: must be a whole number (left blank)."),
        (
            {"tricks.A": ""},
            "tricks.A",
            "Hand 1, Tricks A: blank; type both sides' trick points, or neither when the hand "
            "was not played.",
        ),
    ],
)
def test_an_invalid_value_is_marked_at_its_field_with_the_reason(
    qtbot, db, clock, pinochle, typed, field, message
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    row = dialog.rows[0]
    good = {"bid": "50", "meld.A": "20", "meld.B": "20", "tricks.A": "30", "tricks.B": "20"}
    for key, text in {**good, **typed}.items():
        row.widgets[key].setText(text)
    assert is_invalid(row.widgets[field])
    assert message in dialog.problem.text()
    assert dialog.problem.text().startswith("Hand 1, ")
    assert not dialog.add_button.isEnabled()
    assert [w for k, w in row.widgets.items() if k != field and is_invalid(w)] == []


def sign(dialog: SheetDialog) -> None:
    dialog.paper.setChecked(True)


def test_submitting_a_sheet_then_it_reopens_read_only(qtbot, db, clock, pinochle, keyboard):
    dialog = open_sheet(qtbot, db, clock, pinochle)
    assert not dialog.submit_button.isEnabled()  # the signed paper is not received yet
    for hand in PINOCHLE_HANDS:
        type_pinochle_hand(keyboard, hand)
    signers = builder.signers(db, pinochle, 1, 1)
    assert dialog.scorekeeper.currentData() == signers["scorekeeper"]
    assert dialog.countersign.currentData() == signers["countersign"]
    sign(dialog)
    dialog.submit_button.click()
    engine = games.score_game(PINOCHLE_HANDS, event_rules(db, pinochle)).total
    sheet = sheets.table_sheet(db, pinochle, 1, 1)
    assert sheet.submitted and len(sheet.game.hands) == 8
    assert (sheet.game.score.a, sheet.game.score.b) == (engine["A"], engine["B"])
    assert dialog.total_label.text() == f"Submitted · counts {engine['A']} to {engine['B']}"
    assert not dialog.submit_button.isEnabled()
    assert dialog.rows[0].widgets["bid"].isReadOnly()

    sheets.amend_sheet(
        Desk(db, pinochle, clock), 1, 1, score=(400, 300), director="Dee Rector",
        reason="meld miscounted",
    )  # fmt: skip
    again = open_sheet(qtbot, db, clock, pinochle)
    assert len(again.rows) == 8 and all(r.widgets["bid"].isReadOnly() for r in again.rows)
    assert "Amended by Dee Rector (meld miscounted)" in again.amendments.text()
    assert again.total_label.text() == "Submitted · counts 400 to 300"
    picture(again, "sheet-submitted")


def test_a_refused_submission_is_shown_in_plain_words(qtbot, db, clock, pinochle) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    for hand in PINOCHLE_HANDS:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    sign(dialog)
    # meanwhile the paper sheet is typed in at another window
    sheets.submit_sheet(
        Desk(db, pinochle, clock), 1, 1, final_score=(400, 300),
        signatures=builder.signers(db, pinochle, 1, 1),
    )  # fmt: skip
    dialog.submit_button.click()
    assert "already submitted" in dialog.problem.text()
    assert sheets.table_sheet(db, pinochle, 1, 1).game.score.a == 400


def test_final_score_only(qtbot, db, clock, pinochle, keyboard) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    dialog.final_only.setChecked(True)
    assert QApplication.focusWidget() is dialog.score_a
    keyboard.type("512")
    keyboard.tab()
    keyboard.type("388")
    sign(dialog)
    dialog.submit_button.click()
    sheet = sheets.table_sheet(db, pinochle, 1, 1)
    assert sheet.submitted and sheet.game.hands == ()
    assert (sheet.game.score.a, sheet.game.score.b) == (512, 388)


def test_a_gin_sheet_fills_the_hollywood_columns(qtbot, db, clock) -> None:
    event_id = seated(db, clock, "house-gin", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    hands = [
        {"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 20}},
        {"knocker": "B", "gin": False, "deadwood": {"A": 30, "B": 5}, "knock_card": 10},
    ]
    for hand in hands:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    engine = games.score_game(hands, event_rules(db, event_id))
    grid = dialog.hollywood.text()  # a row per side, a column per game, then the boxes
    for side in ("A", "B"):
        cells = [c[side] for c in engine.extra["games"]] + [engine.extra["boxes"][side]]
        row = "".join(f"<td align='right'>{cell}</td>" for cell in cells)
        assert f"<tr><th>Side {side}&nbsp;</th>{row}</tr>" in grid
    assert dialog.hollywood.isVisible()
    assert (dialog.totals[1][0].text(), dialog.totals[1][1].text()) == (
        str(engine.totals[1]["A"]), str(engine.totals[1]["B"]),
    )  # fmt: skip
    sign(dialog)
    assert not dialog.submit_button.isEnabled()  # seed 003: "to a total of 120 points in each"
    assert dialog.game_label.text() == (
        "The match is not over: game 1 at 25 of 120, game 2 at 0 of 120 and game 3 at 0 of 120."
    )
    gin = {"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 90}}
    while games.score_game(hands, event_rules(db, event_id)).ended_by is None:
        hands.append(gin)
        dialog.rows[-1].set_hand(gin)
        dialog.add_hand()
    assert dialog.submit_button.isEnabled()
    dialog.submit_button.click()
    assert sheets.table_sheet(db, event_id, 1, 1).submitted


def test_bid_whist_offers_a_fifth_hand_only_on_a_level_game(qtbot, db, clock) -> None:
    event_id = seated(db, clock, "bid-whist", 4)
    rules = event_rules(db, event_id)
    dialog = open_sheet(qtbot, db, clock, event_id)
    kind = rules.whist.kinds[0]
    made = {"A": {"A": 10, "B": 3}, "B": {"A": 3, "B": 10}}
    level = [{"bidder": s, "bid": 4, "kind": kind, "books": made[s]} for s in "ABAB"]
    for hand in level:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    assert games.score_game(level, rules).total["A"] == games.score_game(level, rules).total["B"]
    assert len(dialog.rows) == 5  # the fifth, tiebreak hand is offered
    dialog.rows[-1].set_hand({"bidder": "A", "bid": 4, "kind": kind, "books": made["A"]})
    assert (
        dialog.game_label.text()
        == "Game over: all 4 hands and the tiebreak hand played\nWon by side A"
    )
    assert not dialog.add_button.isEnabled()
    sign(dialog)
    dialog.submit_button.click()
    assert sheets.table_sheet(db, event_id, 1, 1).game.winner == "a"


def test_bid_whist_offers_no_fifth_hand_after_a_decided_game(qtbot, db, clock) -> None:
    event_id = seated(db, clock, "bid-whist", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    kind = event_rules(db, event_id).whist.kinds[0]
    for _ in range(4):
        dialog.rows[-1].set_hand({"bidder": "A", "bid": 4, "kind": kind,
                                  "books": {"A": 10, "B": 3}})  # fmt: skip
        dialog.add_hand()
    assert len(dialog.rows) == 4
    assert not dialog.add_button.isEnabled()


def test_a_typed_final_score_is_dropped_only_when_the_recorder_says_so(
    qtbot, db, clock, pinochle, keyboard
) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    asked: list[str] = []
    answer = [False]
    dialog.confirm = lambda title, question: asked.append(question) or answer[0]
    keyboard.press(Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(dialog.final_only.isChecked)
    keyboard.type("512")
    keyboard.press(Qt.Key.Key_Escape)
    assert dialog.isVisible() and asked == [
        "The final score is not submitted. Close the sheet and lose it?"
    ]
    answer[0] = True
    keyboard.press(Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_hands_typed_are_kept_as_a_draft_and_brought_back(
    qtbot, db, db_path, clock, pinochle, keyboard
) -> None:
    """A crash, a closed lid or a closed dialog loses no typed hand."""
    import json
    import sqlite3

    from clubdesk.services import drafts

    dialog = open_sheet(qtbot, db, clock, pinochle)
    asked: list[str] = []
    dialog.confirm = lambda title, question: asked.append(question) or False
    for hand in PINOCHLE_HANDS[:3]:
        type_pinochle_hand(keyboard, hand)
    keyboard.type("B")  # the fourth hand begun: its bidder and bid, not finished
    keyboard.tab()
    keyboard.type("52")
    # after each Enter the hands are committed to the file: another connection reads them,
    # as the window would after a crash
    other = sqlite3.connect(db_path)
    try:
        [(kept,)] = other.execute("SELECT hands FROM sheet_draft").fetchall()
    finally:
        other.close()
    assert [h["bid"] for h in json.loads(kept)] == [50, 55, 60]
    keyboard.press(Qt.Key.Key_Escape)  # closes at once: nothing is lost
    assert not dialog.isVisible() and asked == []
    again = open_sheet(qtbot, db, clock, pinochle)
    assert [row.hand()["bid"] for row in again.rows[:3]] == [50, 55, 60]
    begun = again.rows[3].hand()  # the hand begun, as it was left
    assert (begun["bidder"], begun["bid"], begun.get("tricks")) == ("B", 52, None)
    assert again.draft.note.text() == "4 hands brought back, as typed until 9:30 AM."
    for number, hand in enumerate(PINOCHLE_HANDS[3:], start=3):
        again.rows[number].set_hand(hand)
        again.add_hand()
    again.paper.setChecked(True)
    again.submit_button.click()
    assert again.submitted
    assert drafts.table_draft(db, pinochle, 1, 1) is None  # the sheet is in: no draft
