"""The whole score sheet in view, as a director opens it from the Rounds board, in the app's own
fonts and style sheet: at the window's default 1280x820 and at 1600x1000 every hand row of
the format, the running totals, the adjustment lines, the result and both signature pads
(at least 300x90 pixels each) are shown whole without scrolling, in every format; gin's
match, longer than the room, keeps its newest hand, its totals and the pads in view.
Measured by the geometry of the real widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

from clubdesk.services import rulings
from clubdesk.services.command import Desk
from clubdesk.services.events import event_rules
from clubdesk.store.db import open_database
from clubdesk.ui.sheet.dialog import SheetDialog
from tests import builder
from tests.ui.pictures import picture
from tests.ui.showing import exposed
from tests.ui.window_sizes import SIZES

# format: entrants, players per entrant
FORMATS = {
    "grand-prix-pinochle": (4, 2),
    "grand-prix-warmup": (4, 2),
    "npa-club-pinochle": (12, 1),
    "sun-city-west-pinochle": (8, 1),
    "bid-whist": (4, 2),
    "house-gin": (4, 1),
}


def hands_of(rules) -> list[dict]:
    """Every hand of the format's game (bid whist: four level ones, the fifth row follows;
    gin: 25 hands of a match far from over)."""
    if rules.game == "gin":
        knock = {"knocker": "A", "gin": False, "deadwood": {"A": 5, "B": 7}, "knock_card": 10}
        return [knock] * 25
    if rules.game == "bid-whist":
        made = {"A": {"A": 10, "B": 3}, "B": {"A": 3, "B": 10}}
        return [{"bidder": s, "bid": 4, "kind": "cards", "books": made[s]} for s in "ABAB"]
    pin = rules.pinochle
    half = pin.trick_points // 2
    hand = {"bid": pin.min_bid, "meld": {"A": 0, "B": 0},
            "tricks": {"A": half, "B": pin.trick_points - half}}  # fmt: skip
    return [dict(hand, bidder=side) for side in "AB" * (rules.game_end.max_hands // 2)]


def whole(widget: QWidget, dialog: SheetDialog) -> bool:
    """Is ``widget`` shown whole in the sheet's window, and, in the hands, in the room they
    have without scrolling?"""
    if not widget.isVisible():
        return False
    if not dialog.rect().contains(QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())):
        return False
    viewport = dialog.scroll.viewport()
    if viewport.isAncestorOf(widget):
        shown = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
        return viewport.rect().contains(shown)
    return True


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rules_id", list(FORMATS))
def test_the_whole_sheet_is_in_view(
    styled, make_window, db_path, new_database, clock, qtbot, rules_id, size
):
    entrants, size_of_team = FORMATS[rules_id]
    db = open_database(new_database(db_path))
    names = lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"][:size_of_team]  # noqa: E731
    event_id = builder.event(db, clock, rules_id, entrants=entrants, players=names)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    rules = event_rules(db, event_id)
    late = rules.penalties.late_points > 0  # docs/rules.md §1: "Late more than 5 minutes: 100"
    if late:
        rulings.rule_late(Desk(db, event_id, clock), 1, 1, "b", 7)
    window = make_window(db)
    window.show_page("rounds")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.rounds_page
    row = next(r for r in range(page.model.rowCount()) if page.model.table_at(r).table == 1)
    dialog = page.open_sheet(page.model.index(row, 0))
    assert dialog is not None
    exposed(dialog)
    assert dialog.geometry() == window.geometry()  # over the window: larger with it
    for hand in hands_of(rules):
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    laid_out = (dialog.rows[-1].first(), *dialog.totals[-1])
    qtbot.waitUntil(lambda: all(w.isVisible() and w.height() > 0 for w in laid_out))
    picture(dialog, f"sheet-{rules_id}-{size[0]}")

    shown = dialog.rows if rules.game != "gin" else dialog.rows[-1:]  # gin: the newest hand
    for number, hand_row in enumerate(shown, start=1):
        for key, widget in hand_row.widgets.items():
            assert whole(widget, dialog), (number, key)
    totals = dialog.totals if rules.game != "gin" else dialog.totals[-2:]
    for label_a, label_b in totals:
        assert whole(label_a, dialog) and whole(label_b, dialog)
    assert all(label.text() for pair in totals[:-1] for label in pair)  # a total per hand
    if rules.game != "gin":
        assert dialog.scroll.verticalScrollBar().maximum() == 0  # nothing scrolled out of view
        assert len(dialog.rows) == {"bid-whist": 5}.get(rules.game, rules.game_end.max_hands)
    else:
        assert len(dialog.rows) == 26 and dialog.scroll.verticalScrollBar().maximum() > 0
    assert dialog.scroll.horizontalScrollBar().maximum() == 0  # never sideways
    for cells in dialog.scroll.lines:  # the lateness line, with the totals after it
        assert all(whole(cell, dialog) for cell in cells)
    assert len(dialog.scroll.lines) == (1 if late else 0)
    for label in (dialog.total_label, dialog.game_label):
        assert label.text() and whole(label, dialog)
    if rules.game == "gin":
        assert whole(dialog.hollywood, dialog)
    for role, pad in dialog.signers.pads.items():
        area = pad.canvas.area()
        assert area.width() >= 300 and area.height() >= 90, (role, area)
        assert whole(pad.canvas, dialog) and whole(dialog.signers.pickers[role], dialog)
    for button in (dialog.submit_button, dialog.close_button):
        assert whole(button, dialog)
    dialog.reject()
