"""A round with no game played, closed from the Rounds page (docs/rules.md §1): the window
asks the director's award in a small dialog, and the standings give it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from clubdesk.services import results, rulings
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.rounds.ruling_dialogs import AwardDialog
from tests import builder


@pytest.fixture
def page(qtbot, db, clock) -> RoundsPage:
    """A warm-up of five teams, round 1 running at two tables and a bye: table 1 a DQ for
    lateness against side B, table 2 side A removed from the table; no game played."""
    event_id = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=5)
    builder.draw(db, event_id, clock, seed=5)
    builder.start(db, event_id, 1, clock)
    rulings.rule_late(Desk(db, event_id, clock), 1, 1, "b", 11)
    rulings.remove_from_table(Desk(db, event_id, clock), 1, 2, "a", "abusive language")
    context = UiContext(db, clock, event_id)
    shown = RoundsPage(context, ClockWatch(context, Ticker(clock, FakeTimer, context), context))
    qtbot.addWidget(shown)
    shown.resize(1280, 820)
    shown.show()
    return shown


def test_closing_a_round_with_no_game_played_asks_the_award(page, qtbot, db) -> None:
    # RULES: "A round in which no game was played (every table a DQ or a removal) has no
    # average winning score: the director is asked for the award (the window and `round
    # close` say so) instead of a silent 0."
    said: list[str] = []

    def answer() -> None:  # the dialog, as the director sees it and types in it
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, AwardDialog)
        said.append(dialog.lead.text())
        assert dialog.focusWidget() is dialog.points
        qtbot.keyClick(dialog.points, Qt.Key.Key_Return)  # nothing typed yet
        said.append(dialog.error.text())
        qtbot.keyClicks(dialog.points, "350")
        qtbot.keyClick(dialog.points, Qt.Key.Key_Tab)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)  # no director named
        said.append(dialog.error.text())
        assert dialog.focusWidget() is dialog.director
        qtbot.keyClicks(dialog.director, "Pat Lee")
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    qtbot.keyClick(page, Qt.Key.Key_F9, Qt.KeyboardModifier.ControlModifier)
    assert said == [
        "No game was played in round 1 (every table a DQ or a removal), so it has no average "
        "winning score. What do its byes and the opponents of a side disqualified score?",
        "Points: type the points as a whole number, e.g. 350.",
        "Director: the director who gives the award is named.",
    ]
    assert page.board().status == "closed"
    event_id = page.context.event_id
    seating = seating_service.seating(db, event_id, 1)
    scored = {row.number: row.rounds[0] for row in results.standings(db, event_id).rows}
    assert [scored[bye] for bye in seating.byes] == [350]
    table = {t.table: t for t in seating.tables}
    assert scored[table[1].a[0]] == 350 and scored[table[2].b[0]] == 500


def test_cancelling_the_award_leaves_the_round_open(page, qtbot) -> None:
    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, AwardDialog)
        qtbot.keyClick(dialog.points, Qt.Key.Key_Escape)

    QTimer.singleShot(0, cancel)
    page.close_button.click()
    assert page.board().status == "running"
    assert not page.error_label.isVisible()
