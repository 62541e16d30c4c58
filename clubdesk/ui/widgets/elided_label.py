"""A one-line label that gives way where a row is short of room: cut short with "…", its
whole text then in its tooltip, while the labels beside it stay whole (the status bar's
last announcement and file name beside its clock).

A layout shrinks the labels of a row that can shrink; a plain label cannot (it asks for
all its text), so where a row's labels ask for more than it has, Qt cuts every one of them,
the clock's with the rest. This one asks for its whole text but can do with ``keeps``
characters and "…" (and, where it is told to, its last ``tail`` characters after that:
the status bar's phones count stays beside a server's address cut short).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QToolTip, QWidget

ELLIPSIS = "…"


class ElidedLabel(QLabel):
    """A label of one line drawn cut short with "…" where it is narrower than its text."""

    def __init__(self, keeps: int = 0, parent: QWidget | None = None, *, tail: int = 0):
        super().__init__(parent)
        self.keeps = keeps  # the characters it shows whole before it gives way
        self.tail = tail  # and the last ones it shows whole after the "…"

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        text = self.text()
        if len(text) <= self.keeps + self.tail:
            return hint
        metrics = self.fontMetrics()
        cut = metrics.horizontalAdvance(text) - metrics.horizontalAdvance(
            text[: self.keeps] + ELLIPSIS + self._end(text)
        )
        return QSize(max(0, hint.width() - cut), hint.height())

    def _end(self, text: str) -> str:
        return text[len(text) - self.tail :] if self.tail else ""

    def shown_text(self) -> str:
        """The text as drawn at the label's present width."""
        text, room, metrics = self.text(), self.contentsRect().width(), self.fontMetrics()
        end = self._end(text)
        if not end or metrics.horizontalAdvance(text) <= room:
            return metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
        head, left = text[: len(text) - len(end)], room - metrics.horizontalAdvance(end)
        return metrics.elidedText(head, Qt.TextElideMode.ElideRight, left) + end

    def tooltip_text(self) -> str:
        """The tooltip given it, else its whole text where it is cut short."""
        if self.toolTip():
            return self.toolTip()
        return self.text() if self.shown_text() != self.text() else ""

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        self.style().drawItemText(painter, self.contentsRect(), int(align), self.palette(),
                                  self.isEnabled(), shown, self.foregroundRole())  # fmt: skip
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_text()
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)
