"""A pad to sign on with the mouse, a finger or a pen, and the same pad showing a signature.

The signer draws above a baseline with their name printed under it. What is
kept is the strokes as drawn, each a list of (x, y) points given as fractions
(0 to 1) of the pad's width and height (``domain.limits``): the pad always has
the shape ``SIGNATURE_PAD_ASPECT`` wherever it is shown, so a signature redraws
in its own proportions at any size, on screen or on paper. Undo takes back the
last stroke, Redo puts it back, Clear starts again. Lines are drawn smooth
(curves through the midpoints of the points sampled).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QTabletEvent,
    QTouchEvent,
)
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from clubdesk.domain.limits import (
    SIGNATURE_PAD_ASPECT,
    SIGNATURE_POINTS_MAX,
    STROKE_POINTS_MAX,
    STROKES_MAX,
    Strokes,
)

INK = QColor("#1a2a6c")
LINE = QColor("#8a96a3")
PAPER = QColor("#ffffff")
MIN_STEP = 1.5  # pixels: a point closer than this to the last one adds nothing
BASELINE = 0.74  # the baseline's height on the pad, a fraction from the top
DECIMALS = 4  # a ten-thousandth of the pad: finer than any screen or pen


class SignatureCanvas(QWidget):
    """The surface signed on (``read_only``: a signature shown, not taken)."""

    changed = Signal()  # a stroke was drawn, taken back, put back or cleared

    def __init__(self, name: str = "", *, read_only: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self._name = name
        self._read_only = read_only
        self._strokes: list[list[tuple[float, float]]] = []
        self._undone: list[list[tuple[float, float]]] = []
        self._current: list[tuple[float, float]] | None = None
        self._last_pixel: QPointF | None = None
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, not read_only)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(175, 50)
        self.setCursor(Qt.CursorShape.ArrowCursor if read_only else Qt.CursorShape.CrossCursor)

    # what it holds ------------------------------------------------------------------------
    def strokes(self) -> Strokes:
        """The signature: strokes of (x, y) fractions of the pad."""
        return tuple(tuple(stroke) for stroke in self._strokes)

    def is_empty(self) -> bool:
        return not self._strokes

    def set_strokes(self, strokes: Strokes) -> None:
        """Show a signature as drawn before (e.g. on a submitted sheet)."""
        self._strokes = [list(stroke) for stroke in strokes]
        self._undone.clear()
        self.update()

    def set_name(self, name: str) -> None:
        self._name = name
        self.update()

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self._current = None
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, not read_only)
        self.setCursor(Qt.CursorShape.ArrowCursor if read_only else Qt.CursorShape.CrossCursor)

    def clear(self) -> None:
        """Start again: every stroke goes (and cannot be put back)."""
        self._strokes.clear()
        self._undone.clear()
        self._current = None
        self.update()
        self.changed.emit()

    def undo(self) -> None:
        """Take back the last stroke."""
        if self._strokes:
            self._undone.append(self._strokes.pop())
            self.update()
            self.changed.emit()

    def redo(self) -> None:
        """Put back the stroke last taken back."""
        if self._undone:
            self._strokes.append(self._undone.pop())
            self.update()
            self.changed.emit()

    def can_undo(self) -> bool:
        return bool(self._strokes)

    def can_redo(self) -> bool:
        return bool(self._undone)

    # the shape ----------------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(350, 100)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return max(self.minimumHeight(), round(width / SIGNATURE_PAD_ASPECT))

    def area(self) -> QRectF:
        """Where the pad is: the widest rectangle of the pad's shape inside the widget."""
        box = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        width = min(box.width(), box.height() * SIGNATURE_PAD_ASPECT)
        height = width / SIGNATURE_PAD_ASPECT
        return QRectF(
            box.left() + (box.width() - width) / 2,
            box.top() + (box.height() - height) / 2,
            width,
            height,
        )

    def _fraction(self, pixel: QPointF) -> tuple[float, float]:
        area = self.area()
        x = (pixel.x() - area.left()) / max(area.width(), 1.0)
        y = (pixel.y() - area.top()) / max(area.height(), 1.0)
        return (round(min(max(x, 0.0), 1.0), DECIMALS), round(min(max(y, 0.0), 1.0), DECIMALS))

    def _pixel(self, point: tuple[float, float]) -> QPointF:
        area = self.area()
        return QPointF(area.left() + point[0] * area.width(), area.top() + point[1] * area.height())

    # drawing ------------------------------------------------------------------------------
    def _begin(self, pixel: QPointF) -> None:
        points = sum(len(stroke) for stroke in self._strokes)
        if self._read_only or len(self._strokes) >= STROKES_MAX or points >= SIGNATURE_POINTS_MAX:
            return
        self._current = [self._fraction(pixel)]
        self._last_pixel = pixel
        self._strokes.append(self._current)
        self._undone.clear()
        self.update()

    def _extend(self, pixel: QPointF) -> None:
        current, last = self._current, self._last_pixel
        if current is None or last is None or len(current) >= STROKE_POINTS_MAX:
            return
        if sum(len(stroke) for stroke in self._strokes) >= SIGNATURE_POINTS_MAX:
            return
        if abs(pixel.x() - last.x()) + abs(pixel.y() - last.y()) < MIN_STEP:
            return
        point = self._fraction(pixel)
        if point != current[-1]:
            current.append(point)
            self._last_pixel = pixel
            self.update()

    def _end(self, pixel: QPointF | None = None) -> None:
        if self._current is None:
            return
        if pixel is not None:
            self._extend(pixel)
        self._current, self._last_pixel = None, None
        self.changed.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.LeftButton:
            self._begin(event.position())
            event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        self._extend(event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.LeftButton:
            self._end(event.position())

    def tabletEvent(self, event: QTabletEvent) -> None:  # noqa: N802 (Qt's name)
        """A pen: taken here, so Qt makes no mouse events of it."""
        kind = event.type()
        if kind == QEvent.Type.TabletPress:
            self._begin(event.position())
        elif kind == QEvent.Type.TabletMove:
            self._extend(event.position())
        elif kind == QEvent.Type.TabletRelease:
            self._end(event.position())
        event.accept()

    def event(self, event: QEvent) -> bool:
        """A finger on a touch screen: the first touch point draws."""
        kinds = (QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd)
        if event.type() in kinds and isinstance(event, QTouchEvent) and event.points():
            pixel = event.points()[0].position()
            if event.type() == QEvent.Type.TouchBegin:
                self._begin(pixel)
            elif event.type() == QEvent.Type.TouchUpdate:
                self._extend(pixel)
            else:
                self._end(pixel)
            event.accept()
            return True
        if event.type() == QEvent.Type.TouchCancel:
            self._end()
            return True
        return super().event(event)

    # painting -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = self.area()
        painter.setPen(QPen(LINE, 1))
        painter.setBrush(PAPER)
        painter.drawRoundedRect(area, 6, 6)
        base_y = area.top() + BASELINE * area.height()
        margin = area.width() * 0.04
        painter.setPen(QPen(LINE, 1.2))
        left, right = area.left() + margin, area.right() - margin
        painter.drawLine(QPointF(left, base_y), QPointF(right, base_y))
        if not self._read_only:
            painter.drawText(QPointF(area.left() + margin, base_y - 4), "✗")
        if self._name:
            font = painter.font()
            font.setPointSizeF(max(7.0, min(10.0, area.height() / 11)))
            painter.setFont(font)
            painter.setPen(QPen(LINE.darker(130)))
            below = QRectF(area.left() + margin, base_y + 2, area.width() - 2 * margin,
                           area.bottom() - base_y - 4)  # fmt: skip
            painter.drawText(below, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                             self._name)  # fmt: skip
        ink = QPen(INK, max(1.2, area.height() / 55))
        ink.setCapStyle(Qt.PenCapStyle.RoundCap)
        ink.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(ink)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for stroke in self._strokes:
            painter.drawPath(smooth_path([self._pixel(point) for point in stroke]))
        painter.end()


def smooth_path(points: list[QPointF]) -> QPainterPath:
    """A smooth line through sampled points: curves from midpoint to midpoint, each bent
    towards the point between them (a single point: a dot)."""
    path = QPainterPath()
    if not points:
        return path
    path.moveTo(points[0])
    if len(points) == 1:
        path.lineTo(points[0] + QPointF(0.1, 0.1))
        return path
    for before, point in zip(points, points[1:], strict=False):
        path.quadTo(before, (before + point) / 2)
    path.lineTo(points[-1])
    return path


class SignaturePad(QWidget):
    """A signer's pad: the canvas, and Undo, Redo and Clear under it (``beside``: in a
    column to its right, where the room is in width, not height; none when read-only)."""

    changed = Signal()

    def __init__(
        self,
        name: str = "",
        *,
        read_only: bool = False,
        beside: bool = False,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.canvas = SignatureCanvas(name, read_only=read_only)
        layout = QHBoxLayout(self) if beside else QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.canvas, 1)
        self.buttons = QWidget()
        if beside:
            self.buttons.setObjectName("padButtons")  # narrow (style.SHEET_STYLE)
        row = QVBoxLayout(self.buttons) if beside else QHBoxLayout(self.buttons)
        row.setContentsMargins(0, 0, 0, 0)
        self.undo_button = QPushButton("Undo stroke")
        self.redo_button = QPushButton("Redo")
        self.clear_button = QPushButton("Clear")
        row.addStretch(1)
        for button, act in (
            (self.undo_button, self.canvas.undo),
            (self.redo_button, self.canvas.redo),
            (self.clear_button, self.canvas.clear),
        ):
            button.setAutoDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes through the sheet's fields
            button.clicked.connect(act)
            row.addWidget(button)
        if beside:
            row.addStretch(1)
        layout.addWidget(self.buttons)
        self.canvas.changed.connect(self._changed)
        self.set_read_only(read_only)
        self._changed()

    def strokes(self) -> Strokes:
        return self.canvas.strokes()

    def is_empty(self) -> bool:
        """Nothing drawn yet."""
        return self.canvas.is_empty()

    def clear(self) -> None:
        self.canvas.clear()

    def set_name(self, name: str) -> None:
        """The signer's name, printed under the baseline."""
        self.canvas.set_name(name)

    def set_strokes(self, strokes: Strokes) -> None:
        self.canvas.set_strokes(strokes)
        self._changed()

    def set_read_only(self, read_only: bool) -> None:
        self.canvas.set_read_only(read_only)
        self.buttons.setVisible(not read_only)

    def _changed(self) -> None:
        self.undo_button.setEnabled(self.canvas.can_undo())
        self.redo_button.setEnabled(self.canvas.can_redo())
        self.clear_button.setEnabled(self.canvas.can_undo() or self.canvas.can_redo())
        self.changed.emit()
