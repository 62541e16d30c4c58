"""A sheet says a hand in the club's own word, from its rules file (``game_end.hand_word``):
Sun City West's sheet counts deals, in the window, on paper and in the engine's words."""

from __future__ import annotations

from clubdesk.services import printouts
from tests.printing.reading import Printed
from tests.ui.test_sheet_columns import players_seated
from tests.ui.test_sheet_dialog import open_sheet, sign
from tests.ui.test_sheet_finished import enter

DEAL = {"bidder": "A", "bid": 20, "meld": {"A": 12, "B": 6}, "tricks": {"A": 15, "B": 10}}


def test_sun_city_wests_sheet_counts_deals(qtbot, db, clock) -> None:
    event_id = players_seated(db, clock, "sun-city-west-pinochle", 8)
    dialog = open_sheet(qtbot, db, clock, event_id)
    [grid] = dialog.grids
    assert grid.grid.itemAtPosition(0, 0).widget().text() == "Deal"
    enter(dialog, [DEAL] * 6)
    sign(dialog)
    assert dialog.game_label.text() == "Game over: all 6 deals played\nWon by side A"
    printed = Printed(printouts.build_document(db, event_id, "scoresheets", clock, round_number=1))
    assert printed.in_order("Deal score", "Deal Bidder Bid", "1", "6", "Final")
    assert "Hand" not in printed.text


def test_a_wrong_deal_is_named_a_deal(qtbot, db, clock) -> None:
    event_id = players_seated(db, clock, "sun-city-west-pinochle", 8)
    dialog = open_sheet(qtbot, db, clock, event_id)
    dialog.rows[-1].set_hand({**DEAL, "bid": 5})  # Sun City West's bids start at 15
    assert dialog.problem.text().startswith("Deal 1, Bid: ")
