"""The window victim of tests/kill_harness.py: the director's real window (offscreen, a
FakeTime, timers fired only by hand, its settings in a file beside the database) plays the
night through its own pages, printing one line after each step as the services victim does.

On the Rounds page it starts each round (Start round), opens every table's sheet from the
board with a double-click, fills in the hands, draws both signatures on the pads with the
mouse and submits, and closes the round (Close round…, any question answered yes); Start
round seats a round not published yet (round 1 from the draw, a stationary movement's next).
Its snapshots at round start and close are written to the user data folder for real.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from clubdesk.ui.clock.ticker import FakeTimer
from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.sheet.dialog import SheetDialog
from clubdesk.ui.sheet.signature_pad import SignaturePad

START = dt.datetime(2024, 3, 9, 19, 30, tzinfo=dt.UTC)
ROUNDS = 4
LEFT = Qt.MouseButton.LeftButton


def play(path: Path, event_id: str, hands: list[dict[str, Any]]) -> None:
    """The night in the window on the database at ``path``; a line a step, ``done`` last."""
    app = QApplication.instance() or QApplication([])
    yes = QMessageBox.StandardButton.Yes
    QMessageBox.question = staticmethod(lambda *args, **kwargs: yes)  # type: ignore[method-assign]
    clock = FakeTime(START)
    settings = QSettings(str(path.with_name("settings.ini")), QSettings.Format.IniFormat)
    window = MainWindow(
        open_database(path, create=False),
        settings=settings,
        clock=clock,
        make_timer=FakeTimer,
        speech_engine="mock",
    )
    window.show()
    window.event_page.open_event(event_id)
    window.show_page("rounds")
    page = window.rounds_page
    page.confirm = lambda title, question: True
    for number in range(1, ROUNDS + 1):
        seated = number in _published(window)
        QTest.mouseClick(page.start_button, LEFT)
        _expect(page.view.status is not None and page.view.status.round == number, "started")
        if not seated:  # Start round seated it from the draw
            _said("published", number)
        _said("started", number)
        for row in range(page.model.rowCount()):
            clock.advance(minutes=3)
            table = _submit(page, row, hands)
            _said("submitted", number, table)
        QTest.mouseClick(page.close_button, LEFT)
        _expect(page.view.board is not None and not page.view.board.missing, "closed")
        _said("closed", number)
    window.close()
    app.processEvents()
    _said("done")


def _submit(page: RoundsPage, row: int, hands: list[dict[str, Any]]) -> int:
    """Open the board's row ``row`` with a double-click, fill in and sign its sheet, submit;
    the table's number."""
    view = page.table_view
    spot = view.visualRect(page.model.index(row, 0)).center()
    QTest.mouseClick(view.viewport(), LEFT, pos=spot)
    QTest.mouseDClick(view.viewport(), LEFT, pos=spot)
    [dialog] = [d for d in page.findChildren(SheetDialog) if d.isVisible()]
    dialog.confirm = lambda title, question: True
    QTest.qWaitForWindowExposed(dialog)
    for hand in hands:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    if dialog.time_called.isVisible() and not dialog.time_called.isChecked():
        QTest.keyClick(dialog, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # Time was called
        _expect(dialog.time_called.isChecked(), "time was called")
    _sign(dialog.signers.pads["scorekeeper"], (0.1, 0.6), (0.2, 0.3), (0.3, 0.6))
    _sign(dialog.signers.pads["countersign"], (0.1, 0.5), (0.5, 0.5))
    QTest.mouseClick(dialog.submit_button, LEFT)
    _expect(dialog.submitted, f"submitted: {dialog.problem.text()}")
    table = dialog.table
    dialog.close()
    QApplication.processEvents()
    return table


def _sign(pad: SignaturePad, *points: tuple[float, float]) -> None:
    """One stroke through ``points`` (fractions of the pad) drawn with the mouse."""
    area = pad.canvas.area()

    def at(point: tuple[float, float]) -> QPoint:
        x = area.left() + point[0] * area.width()
        return QPoint(round(x), round(area.top() + point[1] * area.height()))

    QTest.mousePress(pad.canvas, LEFT, pos=at(points[0]))
    for point in points[1:]:
        QTest.mouseMove(pad.canvas, at(point))
    QTest.mouseRelease(pad.canvas, LEFT, pos=at(points[-1]))


def _published(window: MainWindow) -> set[int]:
    from clubdesk.store import seating

    context = window.context
    assert context.db is not None and context.event_id is not None
    with context.db.session() as session:
        return set(seating.published_rounds(session, context.event_id))


def _expect(done: bool, step: str) -> None:
    """Stop with a one-line reason when a step did not happen (the parent reports it)."""
    if not done:
        print(f"the window did not do it: {step}", file=sys.stderr, flush=True)
        raise SystemExit(3)


def _said(*words: object) -> None:
    print(*words, flush=True)
