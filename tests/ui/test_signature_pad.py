"""The signature pad: strokes drawn with the mouse (the pen and touch go the same way), kept as
fractions of the pad, Undo, Redo and Clear, and the same pad showing a signature read-only."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QInputDevice, QPointingDevice, QTabletEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from clubdesk.domain.limits import SIGNATURE_PAD_ASPECT, strokes_problem
from clubdesk.ui.sheet.signature_pad import SignaturePad
from tests.ui.showing import exposed


def make_pad(qtbot, name: str = "Ann Smith", width: int = 700) -> SignaturePad:
    pad = SignaturePad(name)
    qtbot.addWidget(pad)
    pad.resize(width, round(width / SIGNATURE_PAD_ASPECT) + 40)
    pad.show()
    exposed(pad)
    return pad


def draw(qtbot, pad: SignaturePad, *points: tuple[float, float]) -> None:
    """One stroke through ``points``, given as fractions of the pad."""
    area = pad.canvas.area()

    def at(point: tuple[float, float]) -> QPoint:
        return QPoint(
            round(area.left() + point[0] * area.width()),
            round(area.top() + point[1] * area.height()),
        )

    left = Qt.MouseButton.LeftButton
    qtbot.mousePress(pad.canvas, left, pos=at(points[0]))
    for point in points[1:]:
        qtbot.mouseMove(pad.canvas, at(point))
    qtbot.mouseRelease(pad.canvas, left, pos=at(points[-1]))


def test_a_stroke_is_kept_as_fractions_of_the_pad(qtbot) -> None:
    pad = make_pad(qtbot)
    assert pad.is_empty()
    draw(qtbot, pad, (0.1, 0.5), (0.2, 0.3), (0.3, 0.6), (0.4, 0.4))
    [stroke] = pad.strokes()
    assert len(stroke) == 4
    for got, wanted in zip(stroke, [(0.1, 0.5), (0.2, 0.3), (0.3, 0.6), (0.4, 0.4)], strict=True):
        assert abs(got[0] - wanted[0]) < 0.01 and abs(got[1] - wanted[1]) < 0.02
    assert not pad.is_empty() and strokes_problem(pad.strokes()) is None


def test_the_same_signature_at_another_size_gives_the_same_fractions(qtbot) -> None:
    small, large = make_pad(qtbot, width=350), make_pad(qtbot, width=1050)
    for pad in (small, large):
        draw(qtbot, pad, (0.1, 0.5), (0.5, 0.2), (0.9, 0.7))
    for a, b in zip(small.strokes()[0], large.strokes()[0], strict=True):
        assert abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.03


def test_a_point_off_the_pad_is_kept_on_its_edge(qtbot) -> None:
    pad = make_pad(qtbot)
    area = pad.canvas.area()
    left = Qt.MouseButton.LeftButton
    qtbot.mousePress(pad.canvas, left, pos=QPoint(round(area.center().x()), 5))
    qtbot.mouseMove(pad.canvas, QPoint(pad.canvas.width() - 1, pad.canvas.height() - 1))
    qtbot.mouseRelease(pad.canvas, left, pos=QPoint(pad.canvas.width() - 1, 5))
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pad.strokes()[0])


def test_undo_redo_and_clear(qtbot) -> None:
    pad = make_pad(qtbot)
    assert not pad.undo_button.isEnabled() and not pad.clear_button.isEnabled()
    draw(qtbot, pad, (0.1, 0.5), (0.3, 0.5))
    draw(qtbot, pad, (0.5, 0.5), (0.7, 0.4))
    first, second = pad.strokes()
    pad.undo_button.click()
    assert pad.strokes() == (first,) and pad.redo_button.isEnabled()
    pad.redo_button.click()
    assert pad.strokes() == (first, second) and not pad.redo_button.isEnabled()
    pad.undo_button.click()
    draw(qtbot, pad, (0.6, 0.6), (0.8, 0.6))  # a new stroke: what was taken back is gone
    assert len(pad.strokes()) == 2 and not pad.redo_button.isEnabled()
    pad.clear_button.click()
    assert pad.is_empty() and not pad.undo_button.isEnabled()


def test_a_read_only_pad_shows_strokes_and_takes_none(qtbot) -> None:
    pad = make_pad(qtbot)
    shown = (((0.1, 0.5), (0.4, 0.2)),)
    pad.set_strokes(shown)
    pad.set_read_only(True)
    draw(qtbot, pad, (0.5, 0.5), (0.7, 0.4))
    assert pad.strokes() == shown and pad.buttons.isHidden()


def test_the_pad_signed_is_drawn(qtbot) -> None:
    pad = make_pad(qtbot)
    blank = pad.canvas.grab().toImage()
    draw(qtbot, pad, (0.1, 0.5), (0.3, 0.2), (0.5, 0.6))
    signed = pad.canvas.grab().toImage()
    assert signed != blank


def test_a_finger_on_a_touch_screen_draws(qtbot) -> None:
    pad = make_pad(qtbot)
    finger = QTest.createTouchDevice()
    QTest.touchEvent(pad.canvas, finger).press(0, QPoint(100, 100)).commit()
    QTest.touchEvent(pad.canvas, finger).move(0, QPoint(200, 120)).commit()
    QTest.touchEvent(pad.canvas, finger).release(0, QPoint(300, 90)).commit()
    [stroke] = pad.strokes()
    first = pad.canvas._fraction(QPointF(100, 100))
    assert len(stroke) == 3 and abs(stroke[0][0] - first[0]) < 0.01


def test_a_pen_draws(qtbot) -> None:
    pad = make_pad(qtbot)
    pen = QPointingDevice(
        "pen", 1, QInputDevice.DeviceType.Stylus, QPointingDevice.PointerType.Pen,
        QInputDevice.Capability.Position | QInputDevice.Capability.Pressure, 1, 3,
    )  # fmt: skip
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    for kind, x, buttons in (
        (QEvent.Type.TabletPress, 100, left),
        (QEvent.Type.TabletMove, 200, left),
        (QEvent.Type.TabletRelease, 260, none),
    ):
        at = QPointF(x, 150)
        event = QTabletEvent(
            kind, pen, at, at, 0.5, 0, 0, 0, 0, 0, Qt.KeyboardModifier.NoModifier, left, buttons
        )
        QApplication.sendEvent(pad.canvas, event)
    [stroke] = pad.strokes()
    assert len(stroke) == 3 and stroke[-1] == pad.canvas._fraction(QPointF(260, 150))
