"""Who signs a sheet, by seat and side; how a submitted sheet reads; and one result on screen and
in the service: a lateness line shown as a row of the sheet and counted, the totals shown
equal to what ``clubdesk sheet`` prints."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton

from clubdesk.services import entrants as entrants_service
from clubdesk.services import rulings, seating
from clubdesk.services.command import Desk
from tests.cli.helpers import clubdesk
from tests.sheet_typing import type_hand
from tests.ui.test_sheet_columns import players_seated
from tests.ui.test_sheet_dialog import PINOCHLE_HANDS, open_sheet, seated
from tests.ui.test_signature_pad import draw as draw_stroke


def names(db, event_id: str, numbers) -> list[str]:
    players = {e.number: e.players for e in entrants_service.list_entrants(db, event_id)}
    return [p for n in numbers for p in players[n]]


def listed(picker) -> list[str]:
    return [picker.itemData(n) for n in range(picker.count())]


def test_the_npa_scorekeeper_is_seat_4_and_an_opponent_countersigns(qtbot, db, clock) -> None:
    """Seed 001: "Position 1 will start the "deal." Position 4 will keep score"; seats 1 and 3
    play against 2 and 4."""
    event_id = players_seated(db, clock, "npa-club-pinochle", 12)
    table = seating.seating(db, event_id, 1).table(1)
    dialog = open_sheet(qtbot, db, clock, event_id)
    [seat_4] = names(db, event_id, [table.b[1]])
    assert dialog.scorekeeper.currentData() == seat_4
    assert listed(dialog.countersign) == names(db, event_id, table.a)  # seats 1 and 3 only


def test_the_countersigners_list_holds_the_other_side_and_moves_with_the_scorekeeper(
    qtbot, db, clock
) -> None:
    """Seed 000: "signed by the scorekeeper and countersigned by one opponent"."""
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    table = seating.seating(db, event_id, 1).table(1)
    side_a, side_b = names(db, event_id, table.a), names(db, event_id, table.b)
    dialog = open_sheet(qtbot, db, clock, event_id)
    assert listed(dialog.scorekeeper) == side_a + side_b
    assert dialog.scorekeeper.currentData() == side_a[0]  # seat 1: the Grand Prix's own
    assert listed(dialog.countersign) == side_b
    dialog.scorekeeper.setFocus()
    qtbot.keyClick(dialog.scorekeeper, Qt.Key.Key_End)  # a scorekeeper of side B
    assert dialog.scorekeeper.currentData() == side_b[-1]
    assert listed(dialog.countersign) == side_a and dialog.countersign.currentData() == side_a[0]
    assert dialog.signers.pads["countersign"].canvas._name == side_a[0]


def submitted_with_a_lateness_line(qtbot, db, clock, keyboard):
    """Round 1, table 1 of a Grand Prix, side B 7 minutes late, three hands typed, time
    called, signed on the pads and submitted with Ctrl+Enter."""
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    rulings.rule_late(
        Desk(db, event_id, clock), 1, 1, "b", 7
    )  # docs/rules.md §1: 100 to the opponents
    dialog = open_sheet(qtbot, db, clock, event_id)
    for number, hand in enumerate(PINOCHLE_HANDS[:3]):
        type_hand(keyboard, dialog.rows[number], hand)
        keyboard.press(Qt.Key.Key_Return)
    keyboard.press(Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # Time was called
    qtbot.waitUntil(dialog.time_called.isChecked)
    for pad in dialog.signers.pads.values():
        draw_stroke(qtbot, pad, (0.1, 0.6), (0.3, 0.3), (0.5, 0.6))
    return dialog, event_id


def test_a_lateness_line_is_a_row_of_the_sheet_and_the_totals_are_the_services(
    qtbot, db, db_path, clock, keyboard
) -> None:
    """docs/rules.md §1: "Late more than 5 minutes: 100 points to the opponents (an adjustment line
    on the sheet)" and "A penalty line ... is part of the running total"."""
    dialog, event_id = submitted_with_a_lateness_line(qtbot, db, clock, keyboard)
    [(line, line_a, line_b)] = dialog.scroll.lines
    assert line.text() == "Adjustment: +100 to side A (side B 7 minutes late)"
    assert (line_a.text(), line_b.text()) == ("100", "0")
    shown = [(int(a.text()), int(b.text())) for a, b in dialog.totals[:3]]
    assert shown == [(150, 40), (196, 98), (196, 188)]  # from 100 to 0, hand by hand
    assert dialog.total_label.text() == "Total  A 196  ·  B 188"
    keyboard.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.submitted, dialog.problem.text()
    db.close()  # the window lets the file go, as when it closes; the command line reads it
    ran = clubdesk("sheet", "--db", db_path, "--event", event_id, "--round", "1", "--table", "1")
    assert (ran.code, ran.err) == (0, "")
    printed = json.loads(ran.out)
    assert printed["score"] == {"a": 196, "b": 188} == dict(zip("ab", shown[-1], strict=True))
    assert printed["adjustments"] == [
        {"side": "a", "points": 100, "reason": "side B 7 minutes late"}
    ]
    assert printed["hands"] == [row.hand() for row in dialog.rows]
    assert dialog.total_label.text() == "Submitted · counts 196 to 188"
    assert [(a.text(), b.text()) for a, b in dialog.totals] == [
        (str(a), str(b)) for a, b in shown
    ]  # the submitted sheet shows the same totals


def test_a_submitted_sheet_reads_as_submitted(qtbot, db, clock, keyboard) -> None:
    dialog, _ = submitted_with_a_lateness_line(qtbot, db, clock, keyboard)
    keyboard.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.submitted
    assert dialog.banner.isVisible() and dialog.banner.text() == (
        "Submitted at 9:30 AM · counts 196 to 188 · read only: Amend… to correct it"
    )
    actions = [
        b.text() for b in dialog.findChildren(QPushButton) if b.isVisible() and b.isEnabled()
    ]
    assert sorted(actions) == ["Amend…", "Close"]  # Amend… the only thing to do
    assert not dialog.final_only.isVisible() and not dialog.meld_button.isVisible()
    fields = [w for row in dialog.rows for w in row.widgets.values()]
    assert all(w.isReadOnly() for w in fields if isinstance(w, QLineEdit))
    assert all(w.focusPolicy() == Qt.FocusPolicy.NoFocus or not w.isEnabled() for w in fields)
    for role, pad in dialog.signers.pads.items():
        assert pad.isVisible() and pad.strokes() and pad.buttons.isHidden()
        assert dialog.signers.notes[role].text() == "Drawn on the pad at 9:30 AM"
    assert dialog.time_called.isVisible() and not dialog.time_called.isEnabled()
    assert QApplication.focusWidget() is dialog.amend_button
