"""The score sheet waits for a game that is over (docs/rules.md, "A finished game") and for a level
game's winner where the next seating needs one, saying why at once, before any refusal; time
called ends a Grand Prix game early; a lateness line counts in the running total. By keyboard
and mouse, as a director enters a sheet."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clubdesk.services import rounds, rulings, sheets
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event
from tests import builder
from tests.ui.test_sheet_columns import players_seated
from tests.ui.test_sheet_dialog import PINOCHLE_HANDS, open_sheet, seated, sign
from tests.ui.test_signature_pad import draw

ALT = Qt.KeyboardModifier.AltModifier
MADE_NPA = {"bidder": "A", "bid": 50, "meld": {"A": 20, "B": 20}, "tricks": {"A": 30, "B": 20}}
LEVEL_NPA = {"bidder": "A", "bid": 50, "meld": {"A": 20, "B": 30}, "tricks": {"A": 30, "B": 20}}


def enter(dialog, hands: list[dict]) -> None:
    for hand in hands:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()


def test_a_grand_prix_sheet_waits_for_500_8_hands_or_time_called(
    qtbot, db, clock, keyboard
) -> None:
    """Seed 000: "A ROUND WILL END WHEN EITHER TEAM SCORES 500 POINTS, OR WHEN THE TIME
    EXPIRES"."""
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    enter(dialog, PINOCHLE_HANDS[:3])
    sign(dialog)
    said = (
        "The game is not over: 3 of 8 hands played, no side has reached 500 and time was "
        "not called."
    )
    assert dialog.game_label.text() == said
    assert not dialog.submit_button.isEnabled() and dialog.submit_button.toolTip() == said
    assert dialog.time_called.isVisible() and not dialog.time_called.isChecked()
    keyboard.press(Qt.Key.Key_T, ALT)  # Time was called
    assert dialog.time_called.isChecked()  # ticked as the key is read
    assert dialog.game_label.text() == ""
    assert dialog.submit_button.isEnabled()
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
    sheet = sheets.table_sheet(db, event_id, 1, 1)
    assert sheet.submitted and sheet.game.time_called and len(sheet.game.hands) == 3
    written = export_event(db, event_id)["rounds"][0]["games"][0]
    assert written["time_called"] is True


def test_the_rounds_clock_ending_calls_time(qtbot, db, clock) -> None:
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    rounds.start_round(Desk(db, event_id, clock), 1)
    clock.advance(minutes=61)  # the hour is up
    dialog = open_sheet(qtbot, db, clock, event_id)
    enter(dialog, PINOCHLE_HANDS[:2])
    assert dialog.time_called.isChecked() and not dialog.time_called.isEnabled()
    assert dialog.time_called.text() == "&Time was called: the round's clock has ended"
    sign(dialog)
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
    assert sheets.table_sheet(db, event_id, 1, 1).game.time_called


def test_a_lateness_line_counts_in_the_running_total_and_ends_the_game_at_500(
    qtbot, db, clock
) -> None:
    """docs/rules.md §1: "A penalty line (lateness: 100 to the opponents) is part of the running
    total, so it can bring a side to 500 and end the game"."""
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    rulings.rule_late(Desk(db, event_id, clock), 1, 1, "b", 7)  # 100 to side A
    dialog = open_sheet(qtbot, db, clock, event_id)
    [(text, total_a, total_b)] = dialog.scroll.lines  # a row of the sheet, above hand 1
    assert text.text() == "Adjustment: +100 to side A (side B 7 minutes late)"
    assert (total_a.text(), total_b.text()) == ("100", "0")
    big = {"bidder": "A", "bid": 60, "meld": {"A": 160, "B": 20}, "tricks": {"A": 40, "B": 10}}
    enter(dialog, [big, big])  # 200 a hand: 100 + 200 + 200 = 500
    assert (dialog.totals[0][0].text(), dialog.totals[1][0].text()) == ("300", "500")
    assert dialog.game_label.text() == "Game over: a side reached 500\nWon by side A"
    assert len(dialog.rows) == 2 and not dialog.add_button.isEnabled()
    sign(dialog)
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
    assert sheets.table_sheet(db, event_id, 1, 1).game.score.a == 500


def test_sun_city_west_waits_for_its_six_deals(qtbot, db, clock) -> None:
    """Seed 002: "Six deals per table with six tables of play"."""
    event_id = players_seated(db, clock, "sun-city-west-pinochle", 8)
    dialog = open_sheet(qtbot, db, clock, event_id)
    deal = {"bidder": "A", "bid": 20, "meld": {"A": 12, "B": 6}, "tricks": {"A": 15, "B": 10}}
    enter(dialog, [deal])
    sign(dialog)
    assert dialog.game_label.text() == "The game is not over: 1 of 6 deals played."
    assert not dialog.submit_button.isEnabled() and not dialog.time_called.isVisible()
    enter(dialog, [deal] * 5)
    assert dialog.submit_button.isEnabled()


def test_bid_whist_gives_no_round_on_two_hands(qtbot, db, clock) -> None:
    """Seed 004: "The team that accumulates the most points after 4 hands wins the round"."""
    event_id = seated(db, clock, "bid-whist", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    made = {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}}
    enter(dialog, [made, made])
    sign(dialog)
    assert dialog.game_label.text() == "The game is not over: 2 of 4 hands played."
    assert not dialog.submit_button.isEnabled()


def test_an_npa_level_game_asks_who_won_before_it_goes_in(qtbot, db, clock, keyboard) -> None:
    """Seed 001: "Winners will stay at the table, losers will move to the next higher
    numbered table"."""
    event_id = players_seated(db, clock, "npa-club-pinochle", 12)
    dialog = open_sheet(qtbot, db, clock, event_id)
    enter(dialog, [LEVEL_NPA, {**LEVEL_NPA, "bidder": "B", "meld": {"A": 30, "B": 20},
                               "tricks": {"A": 20, "B": 30}}] * 4)  # fmt: skip
    assert dialog.total_label.text() == "Total  A 400  ·  B 400"
    sign(dialog)
    assert dialog.tie_box.isVisible() and dialog.tie_winner.currentText() == "who won?"
    said = (
        "The game is level at 400 to 400: record who won the tie (the winning pair stays at "
        "the table for round 2)."
    )
    assert dialog.game_label.text().endswith(said)
    assert not dialog.submit_button.isEnabled() and dialog.submit_button.toolTip() == said
    dialog.tie_winner.setFocus()
    keyboard.press(Qt.Key.Key_End)  # "B won the tie"
    assert dialog.submit_button.isEnabled()
    keyboard.press(Qt.Key.Key_Return)  # Enter there submits
    assert sheets.table_sheet(db, event_id, 1, 1).game.winner == "b"


def test_an_npa_paper_sheet_of_a_level_game_names_its_winner_and_amend_changes_it(
    qtbot, db, clock, keyboard
) -> None:
    event_id = players_seated(db, clock, "npa-club-pinochle", 12)
    dialog = open_sheet(qtbot, db, clock, event_id)
    dialog.final_only.setChecked(True)
    keyboard.type("250")
    keyboard.tab()
    keyboard.type("250")
    sign(dialog)
    assert not dialog.submit_button.isEnabled()
    assert dialog.game_label.text().startswith("The game is level at 250 to 250")
    dialog.tie_winner.setCurrentIndex(dialog.tie_winner.findData("a"))
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
    assert sheets.table_sheet(db, event_id, 1, 1).game.winner == "a"
    amend = dialog.amend()  # "Amend can change that winner"
    qtbot.addWidget(amend)
    assert not amend.tie_winner.isHidden() and amend.tie_winner.currentData() == "a"
    qtbot.keyClick(amend.tie_winner, Qt.Key.Key_End)  # "B won the tie"
    qtbot.keyClicks(amend.reason, "the cut of the cards was read wrong")
    qtbot.keyClicks(amend.director, "Dee Rector")
    draw(qtbot, amend.pad, (0.1, 0.6), (0.3, 0.2))
    qtbot.mouseClick(amend.amend_button, Qt.MouseButton.LeftButton)
    game = sheets.table_sheet(db, event_id, 1, 1).game
    assert game.winner == "b" and game.amendments[0].before.winner == "a"


def test_a_level_game_in_the_last_npa_round_may_stay_a_tie(qtbot, db, clock) -> None:
    event_id = builder.event(
        db, clock, "npa-club-pinochle", entrants=12, settings={"rounds": 1},
        players=lambda n: [f"Player{n} Name"],
    )  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    dialog = open_sheet(qtbot, db, clock, event_id)
    dialog.final_only.setChecked(True)
    dialog.score_a.setText("250")
    dialog.score_b.setText("250")
    sign(dialog)
    assert dialog.tie_winner.currentText() == "no tie" and dialog.submit_button.isEnabled()
