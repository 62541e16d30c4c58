"""The score sheet's columns where a format uses them (docs/cli.md "Hands"): a conceded
hand and who took a trick (Sun City West), the players a fine is charged to (NPA with
fines), bid whist's loss of hand, and the tie's winner under level hands. By keyboard."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from clubdesk.domain import games
from clubdesk.domain.formats import load_rules
from clubdesk.services import seating, sheets
from clubdesk.services.events import event_rules
from clubdesk.ui.style import is_invalid
from tests import builder
from tests.ui.test_sheet_dialog import open_sheet, seated, sign


def players_seated(db, clock, rules: str, players: int) -> str:
    """An individual event of ``players``, drawn, round 1 published."""
    event_id = builder.event(db, clock, rules, entrants=players,
                             players=lambda n: [f"Player{n} Name"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    return event_id


def headings(dialog) -> list[str]:
    return [column.heading for column in dialog.columns]


def test_sun_city_west_has_conceded_and_took_a_trick_and_no_all_tricks(qtbot, db, clock):
    # and no Marriage: seed 002 has no no-marriage rule (its rules file's no_marriage = "off")
    event_id = players_seated(db, clock, "sun-city-west-pinochle", 8)
    dialog = open_sheet(qtbot, db, clock, event_id)
    assert headings(dialog) == [
        "Bidder", "Bid", "Dropped", "Conceded", "Meld A", "Meld B",
        "Tricks A", "Tricks B", "Took a trick", "Renege",
    ]  # fmt: skip
    row = dialog.rows[0]
    row.widgets["bid"].setFocus()
    qtbot.keyClicks(row.widgets["bid"], "50")
    qtbot.keyClick(row.widgets["bid"], Qt.Key.Key_Tab)  # Dropped
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)  # Conceded
    assert dialog.focusWidget() is row.widgets["conceded"]
    qtbot.keyClicks(row.widgets["conceded"], "A")  # the bidding side conceded
    for key, text in (("meld.A", "20"), ("meld.B", "16")):
        row.widgets[key].setText(text)
    hand = row.hand()
    assert hand["conceded"] == "A" and "tricks" not in hand
    rules = event_rules(db, event_id)
    engine = games.score_game([hand], rules)
    assert dialog.totals[0][0].text() == str(engine.totals[0]["A"])
    assert dialog.totals[0][1].text() == str(engine.totals[0]["B"])
    assert dialog.error is None


def test_took_a_trick_said_for_both_sides_reaches_the_engine(qtbot, db, clock):
    event_id = players_seated(db, clock, "sun-city-west-pinochle", 8)
    dialog = open_sheet(qtbot, db, clock, event_id)
    row = dialog.rows[0]
    for key, text in (("bid", "50"), ("meld.A", "20"), ("meld.B", "16"),
                      ("tricks.A", "25"), ("tricks.B", "0")):  # fmt: skip
        row.widgets[key].setText(text)
    took = row.widgets["took_trick"]
    took.setFocus()
    qtbot.keyClicks(took, "both")  # B took a trick without a counter in it
    assert row.hand()["took_trick"] == {"A": True, "B": True}
    rules = event_rules(db, event_id)
    said = games.score_game([row.hand()], rules)
    took.setCurrentIndex(0)  # "by points": B took none
    read = games.score_game([row.hand()], rules)
    assert row.hand()["took_trick"] is None
    assert said.totals[0]["B"] != read.totals[0]["B"]  # B keeps its meld only when said
    assert dialog.totals[0][1].text() == str(read.totals[0]["B"])


def npa_with_fines(tmp_path: Path) -> str:
    source = Path(load_rules("npa-club-pinochle").source_path).read_text(encoding="utf-8")
    fined = source.replace("fine_set_cents = 0", "fine_set_cents = 100", 1)
    path = tmp_path / "npa-fines.toml"
    path.write_text(fined, encoding="utf-8")
    return str(path)


def test_npa_with_fines_names_who_bid_and_who_reneged(qtbot, db, clock, tmp_path):
    event_id = players_seated(db, clock, npa_with_fines(tmp_path), 12)
    dialog = open_sheet(qtbot, db, clock, event_id)
    assert "Bid by" in headings(dialog) and "Renege by" in headings(dialog)
    table = seating.seating(db, event_id, 1).table(1)
    picker = dialog.rows[0].widgets["bid_by"]
    listed = [picker.itemData(n) for n in range(picker.count())]
    assert listed == [None, *table.a]  # the bidding side's players
    bidder = dialog.rows[0].widgets["bidder"]
    bidder.setCurrentIndex(bidder.findData("B"))
    assert [picker.itemData(n) for n in range(picker.count())] == [None, *table.b]
    renege_by = dialog.rows[0].widgets["renege_by"]
    assert renege_by.count() == 1  # no renege: nobody to name
    bidder.setCurrentIndex(bidder.findData("A"))
    row = dialog.rows[0]
    picker.setFocus()
    qtbot.keyClicks(picker, str(table.a[1]))  # the player's number picks them
    assert row.hand()["bid_by"] == table.a[1]
    for key, text in (("bid", "50"), ("meld.A", "20"), ("meld.B", "20"),
                      ("tricks.A", "10"), ("tricks.B", "40")):  # fmt: skip
        row.widgets[key].setText(text)
    made = {"bidder": "A", "bid": 50, "meld": {"A": 20, "B": 20}, "tricks": {"A": 30, "B": 20}}
    for _ in range(7):  # the round's other hands: a sheet goes in once its game is over
        dialog.add_hand()
        dialog.rows[-1].set_hand(made)
    sign(dialog)
    dialog.final_only.setFocus()
    dialog.submit_button.click()
    stored = sheets.table_sheet(db, event_id, 1, 1).game
    assert stored.hands[0]["bid_by"] == table.a[1]


def test_npa_with_fines_lists_only_the_players_of_the_side_named(qtbot, db, clock, tmp_path):
    event_id = players_seated(db, clock, npa_with_fines(tmp_path), 12)
    dialog = open_sheet(qtbot, db, clock, event_id)
    table = seating.seating(db, event_id, 1).table(1)
    row = dialog.rows[0]
    picker = row.widgets["bid_by"]
    picker.setCurrentIndex(picker.findData(table.a[0]))
    row.widgets["renege"].setCurrentIndex(row.widgets["renege"].findData("B"))
    renege_by = row.widgets["renege_by"]
    assert [renege_by.itemData(n) for n in range(renege_by.count())] == [None, *table.b]
    row.widgets["bidder"].setCurrentIndex(row.widgets["bidder"].findData("B"))
    assert picker.currentData() is None  # A's player no longer listed: the pick is cleared
    assert row.hand()["bid_by"] is None


def test_without_fines_npa_names_no_player(qtbot, db, clock):
    event_id = players_seated(db, clock, "npa-club-pinochle", 12)
    dialog = open_sheet(qtbot, db, clock, event_id)
    assert "Bid by" not in headings(dialog) and "All tricks" in headings(dialog)


def test_bid_whist_records_a_loss_of_hand(qtbot, db, clock):
    event_id = seated(db, clock, "bid-whist", 4)
    rules = event_rules(db, event_id)
    dialog = open_sheet(qtbot, db, clock, event_id)
    assert headings(dialog)[-1] == "Infraction"
    row = dialog.rows[0]
    row.set_hand({"bidder": "A", "bid": 4, "kind": rules.whist.kinds[0]})  # books blank
    infraction = row.widgets["infraction"]
    infraction.setFocus()
    qtbot.keyClicks(infraction, "A")
    hand = row.hand()
    assert hand["infraction"] == "A"
    engine = games.score_game([hand], rules)
    assert dialog.error is None
    assert dialog.totals[0][1].text() == str(engine.totals[0]["B"])


def test_a_level_game_asks_who_won_the_tie_and_submits_it(qtbot, db, clock):
    event_id = seated(db, clock, "bid-whist", 4)
    rules = event_rules(db, event_id)
    dialog = open_sheet(qtbot, db, clock, event_id)
    kind = rules.whist.kinds[0]
    made = {"A": {"A": 10, "B": 3}, "B": {"A": 3, "B": 10}}
    assert not dialog.tie_box.isVisible()
    for side in "ABAB":
        dialog.rows[-1].set_hand({"bidder": side, "bid": 4, "kind": kind, "books": made[side]})
        dialog.add_hand()
    assert dialog.tie_box.isVisible()  # a fifth hand, or who won the tie
    assert dialog.game_label.text().splitlines()[0] == (
        "Level after all 4 hands: a fifth hand decides"
    )
    assert len(dialog.rows) == 5  # the fifth hand's row, open to type
    dialog.tie_winner.setFocus()
    qtbot.keyClick(dialog.tie_winner, Qt.Key.Key_End)  # the last: "B won the tie"
    assert dialog.tie_winner.currentData() == "b"
    sign(dialog)
    qtbot.keyClick(dialog.tie_winner, Qt.Key.Key_Return)  # Enter there submits
    sheet = sheets.table_sheet(db, event_id, 1, 1)
    assert sheet.submitted and sheet.game.winner == "b"


def test_enter_after_a_level_game_with_no_more_hands_goes_to_the_tie(qtbot, db, clock):
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    level = {"bidder": "A", "bid": 50, "meld": {"A": 0, "B": 0}, "tricks": {"A": 25, "B": 25}}
    rules = event_rules(db, event_id)
    hands = [dict(level, bidder=side) for side in "AB" * (rules.game_end.max_hands // 2)]
    engine = games.score_game(hands, rules)
    assert engine.total["A"] == engine.total["B"] and engine.ended_by == "hands"
    for hand in hands:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    last = dialog.rows[-1].widgets["tricks.B"]
    last.setFocus()
    qtbot.keyClick(last, Qt.Key.Key_Return)
    assert dialog.focusWidget() is dialog.tie_winner


def test_bid_whist_books_left_blank_are_named_plainly(qtbot, db, clock):
    event_id = seated(db, clock, "bid-whist", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    dialog.rows[0].widgets["bid"].setText("4")
    assert dialog.problem.text() == "Hand 1, Books: left blank; type both sides' books."
    assert is_invalid(dialog.rows[0].widgets["books.A"])
