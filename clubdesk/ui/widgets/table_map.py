"""The room as a picture: a grid of tables with who sits where, readable from a metre away.

``TableMap`` draws one ``RoundSeating`` and the entrants' names, nothing
else: which side sits where comes from the seating, and the layout only says
how to place the sides around a table:

- ``teams``: side a (N/S) top and bottom, side b (E/W) left and right;
- ``partners``: seats 1-4 clockwise from the top (1 top, 2 right, 3 bottom,
  4 left), so partners sit opposite;
- ``pairs``: side a on top, side b below.

Entrants on a bye are listed apart in a strip along the bottom. The grid
picks the number of columns that gives the biggest tables for the widget's
size; fonts scale with the tables.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from clubdesk.domain.seating.values import RoundSeating, TableSeating

Layout = Literal["teams", "partners", "pairs"]
Position = Literal["top", "right", "bottom", "left"]

FELT = QColor("#dfeadf")
FELT_EDGE = QColor("#2f6b3a")
INK = QColor("#1b1b1b")
SOFT_INK = QColor("#555555")
MARK = QColor("#2f6b3a")
BYE_FILL = QColor("#fff1c9")
BYE_EDGE = QColor("#b7862a")
CARD_FILL = QColor("#f5f6f4")
CARD_EDGE = QColor("#d6dbd4")
FONT_FAMILY = "DejaVu Sans"

CELL_RATIO = 1.55  # a cell's best width : height (names left and right need room)


@dataclass(frozen=True)
class Seat:
    """One entrant placed at a table: where, the mark inside the table edge, and the name."""

    position: Position
    entrant: int
    mark: str  # "N", "E", "S", "W"; "1".."4"; or "" (one against one)
    direction: str  # the seat in words for a list: "N/S", "E/W", "Seat 1", "A", "B"
    name: str


@dataclass(frozen=True)
class ShownTable:
    table: int
    seats: tuple[Seat, ...]

    def at(self, position: Position) -> Seat | None:
        return next((s for s in self.seats if s.position == position), None)


def place_seats(table: TableSeating, layout: Layout, names: Mapping[int, str]) -> tuple[Seat, ...]:
    """The seats around one table as the layout places them."""

    def seat(position: Position, entrant: int, mark: str, direction: str) -> Seat:
        return Seat(position, entrant, mark, direction, names.get(entrant, ""))

    a, b = table.a, table.b
    if layout == "teams" and len(a) == 1 and len(b) == 1:
        return (
            seat("top", a[0], "N", "N/S"),
            seat("right", b[0], "E", "E/W"),
            seat("bottom", a[0], "S", "N/S"),
            seat("left", b[0], "W", "E/W"),
        )
    if layout == "partners" and len(a) == 2 and len(b) == 2:
        return (
            seat("top", a[0], "1", "Seat 1"),
            seat("right", b[0], "2", "Seat 2"),
            seat("bottom", a[1], "3", "Seat 3"),
            seat("left", b[1], "4", "Seat 4"),
        )
    # one against one (gin), or any other shape: side a on top, side b below
    seats = [seat("top", e, "", "A") for e in a[:1]] + [seat("bottom", e, "", "B") for e in b[:1]]
    extra = [seat("left", e, "", "A") for e in a[1:2]] + [seat("right", e, "", "B") for e in b[1:2]]
    return tuple(seats + extra)


def grid_shape(count: int, size: QSizeF) -> tuple[int, int]:
    """Columns and rows that give the biggest cells of about CELL_RATIO in ``size``."""
    if count <= 0:
        return 0, 0
    best = (1, count)
    best_scale = -1.0
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        width = size.width() / columns
        height = size.height() / rows
        scale = min(width / CELL_RATIO, height)
        if scale > best_scale + 1e-9:
            best, best_scale = (columns, rows), scale
    return best


class TableMap(QWidget):
    """Draws a round's tables in a grid, byes apart; a message in place of the room when there
    is no seating to show."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._tables: tuple[ShownTable, ...] = ()
        self._byes: tuple[tuple[int, str], ...] = ()
        self._message = ""
        self._round: int | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 240)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    # what to draw

    def set_seating(self, seating: RoundSeating, names: Mapping[int, str], layout: Layout) -> None:
        self._round = seating.round
        self._tables = tuple(
            ShownTable(t.table, place_seats(t, layout, names))
            for t in sorted(seating.tables, key=lambda t: t.table)
        )
        self._byes = tuple((e, names.get(e, "")) for e in seating.byes)
        self._message = ""
        self._describe()
        self.update()

    def show_message(self, message: str) -> None:
        """Nothing to seat: say why (no draw yet, results missing, ...)."""
        self._tables, self._byes, self._round = (), (), None
        self._message = message
        self.setAccessibleDescription(message)
        self.update()

    def shown_tables(self) -> tuple[ShownTable, ...]:
        """The tables as drawn, in table order."""
        return self._tables

    def shown_byes(self) -> tuple[int, ...]:
        return tuple(e for e, _ in self._byes)

    def bye_text(self) -> str:
        """The bye strip's text, e.g. ``Bye: 15 Smith / Jones`` (empty when nobody sits out)."""
        if not self._byes:
            return ""
        return "Bye: " + " · ".join(f"{e} {name}".strip() for e, name in self._byes)

    def message(self) -> str:
        return self._message

    def _describe(self) -> None:
        parts = [f"Round {self._round}: {len(self._tables)} tables"]
        if self._byes:
            parts.append(self.bye_text())
        self.setAccessibleDescription("; ".join(parts))

    def sizeHint(self) -> QSize:
        return QSize(900, 600)

    # geometry

    def _bye_height(self) -> float:
        return max(40.0, min(52.0, self.height() * 0.07)) if self._byes else 0.0

    def cells(self) -> dict[int, QRectF]:
        """Each table's cell in the widget, by table number."""
        area = QRectF(self.rect()).adjusted(8, 8, -8, -8)
        area.setBottom(area.bottom() - (self._bye_height() + 8 if self._byes else 0))
        count = len(self._tables)
        columns, rows = grid_shape(count, area.size())
        if not count:
            return {}
        width = area.width() / columns
        height = area.height() / rows
        # keep cells near CELL_RATIO: a very wide or tall widget leaves a margin around the grid
        width = min(width, height * CELL_RATIO * 1.35)
        height = min(height, width / CELL_RATIO * 1.35)
        left = area.left() + (area.width() - width * columns) / 2
        top = area.top() + (area.height() - height * rows) / 2
        found = {}
        for index, shown in enumerate(self._tables):
            row, column = divmod(index, columns)
            found[shown.table] = QRectF(left + column * width, top + row * height, width, height)
        return found

    @staticmethod
    def card_rect(cell: QRectF) -> QRectF:
        """The card that groups a table with its seats: the cell less a gap to its neighbours."""
        gap = max(3.0, min(cell.width(), cell.height()) * 0.035)
        return cell.adjusted(gap, gap, -gap, -gap)

    @staticmethod
    def table_rect(cell: QRectF) -> QRectF:
        """The table's rounded square inside its cell (the seats go around it)."""
        card = TableMap.card_rect(cell)
        band_v = card.height() * 0.2
        band_h = card.width() * 0.27
        inner = card.adjusted(band_h, band_v, -band_h, -band_v)
        side = max(8.0, min(inner.width(), inner.height()))
        return QRectF(inner.center().x() - side / 2, inner.center().y() - side / 2, side, side)

    @staticmethod
    def label_sizes(cell: QRectF) -> tuple[float, float]:
        """Pixel sizes of an entrant number and of a name in a cell of this size."""
        number = max(11.0, min(30.0, cell.height() * 0.115, cell.width() * 0.085))
        return number, max(9.0, min(20.0, number * 0.74))

    # painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        if not self._tables and not self._byes:
            self._paint_message(painter)
            painter.end()
            return
        cells = self.cells()
        for shown in self._tables:
            self._paint_table(painter, shown, cells[shown.table])
        if self._byes:
            self._paint_byes(painter)
        painter.end()

    def _paint_message(self, painter: QPainter) -> None:
        font = _font(max(14.0, min(22.0, self.width() / 40)))
        painter.setFont(font)
        painter.setPen(SOFT_INK)
        box = QRectF(self.rect()).adjusted(40, 40, -40, -40)
        painter.drawText(
            box, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), self._message
        )

    def _paint_table(self, painter: QPainter, shown: ShownTable, cell: QRectF) -> None:
        card = self.card_rect(cell)
        painter.setPen(QPen(CARD_EDGE, 1.0))
        painter.setBrush(CARD_FILL)
        painter.drawRoundedRect(card, 8, 8)

        table = self.table_rect(cell)
        side = table.width()
        radius = side * 0.16
        painter.setPen(QPen(FELT_EDGE, max(1.5, side * 0.025)))
        painter.setBrush(FELT)
        painter.drawRoundedRect(table, radius, radius)

        marked = any(seat.mark for seat in shown.seats)
        mark_size = side * 0.2
        inset = side * 0.04
        # the table number fills the middle, clear of the seat marks
        room = side - 2 * (mark_size + inset) if marked else side * 0.8
        number_text = str(shown.table)
        number_font = _font(side * 0.44, bold=True)
        width = QFontMetricsF(number_font).horizontalAdvance(number_text)
        if width > room:
            number_font = _font(side * 0.44 * room / width, bold=True)
        painter.setFont(number_font)
        painter.setPen(INK)
        painter.drawText(table, int(Qt.AlignmentFlag.AlignCenter), number_text)

        painter.setFont(_font(max(9.0, side * 0.13), bold=True))
        painter.setPen(MARK)
        for seat in shown.seats:
            if seat.mark:
                box = _mark_box(table, seat.position, mark_size, inset)
                painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), seat.mark)

        sizes = self.label_sizes(cell)
        for seat in shown.seats:
            if seat.position == "top":
                box = QRectF(
                    card.left() + 4, card.top(), card.width() - 8, table.top() - card.top()
                )
                self._paint_line_label(painter, box, seat, sizes, top=True)
            elif seat.position == "bottom":
                box = QRectF(
                    card.left() + 4,
                    table.bottom(),
                    card.width() - 8,
                    card.bottom() - table.bottom(),
                )
                self._paint_line_label(painter, box, seat, sizes, top=False)
            elif seat.position == "left":
                box = QRectF(card.left() + 3, table.top(), table.left() - card.left() - 6, side)
                self._paint_stacked_label(painter, box, seat, sizes)
            else:
                box = QRectF(table.right() + 3, table.top(), card.right() - table.right() - 6, side)
                self._paint_stacked_label(painter, box, seat, sizes)

    def _paint_line_label(
        self, painter: QPainter, box: QRectF, seat: Seat, sizes: tuple[float, float], *, top: bool
    ) -> None:
        """``17  Smith / Jones`` on one line, the number bold, the name elided to fit."""
        number_font = _font(sizes[0], bold=True)
        name_font = _font(sizes[1])
        number_metrics = QFontMetricsF(number_font)
        name_metrics = QFontMetricsF(name_font)
        number_text = str(seat.entrant)
        number_width = number_metrics.horizontalAdvance(number_text)
        gap = sizes[1] * 0.45
        room = box.width() - number_width - gap
        name = name_metrics.elidedText(seat.name, Qt.TextElideMode.ElideRight, room)
        name_width = name_metrics.horizontalAdvance(name) if name else 0.0
        total = number_width + (gap + name_width if name else 0.0)
        x = box.center().x() - total / 2
        # close to the table: the top label low in its band, the bottom label high in its band
        spare = max(0.0, box.height() - number_metrics.height())
        pad = spare * 0.3
        baseline = (
            box.bottom() - pad - number_metrics.descent()
            if top
            else box.top() + pad + number_metrics.ascent()
        )
        painter.setFont(number_font)
        painter.setPen(INK)
        painter.drawText(QPointF(x, baseline), number_text)
        if name:
            painter.setFont(name_font)
            painter.setPen(SOFT_INK)
            painter.drawText(QPointF(x + number_width + gap, baseline), name)

    def _paint_stacked_label(
        self, painter: QPainter, box: QRectF, seat: Seat, sizes: tuple[float, float]
    ) -> None:
        """The number bold above the name (up to three lines), centred beside the table."""
        number_font = _font(sizes[0], bold=True)
        name_font = _font(sizes[1])
        number_metrics = QFontMetricsF(number_font)
        name_metrics = QFontMetricsF(name_font)
        lines = _wrap_name(seat.name, name_metrics, box.width(), 3)
        height = number_metrics.height() + name_metrics.height() * len(lines)
        top = box.center().y() - height / 2
        painter.setFont(number_font)
        painter.setPen(INK)
        painter.drawText(
            QRectF(box.left(), top, box.width(), number_metrics.height()),
            int(Qt.AlignmentFlag.AlignCenter),
            str(seat.entrant),
        )
        painter.setFont(name_font)
        painter.setPen(SOFT_INK)
        y = top + number_metrics.height()
        for line in lines:
            painter.drawText(
                QRectF(box.left(), y, box.width(), name_metrics.height()),
                int(Qt.AlignmentFlag.AlignCenter),
                line,
            )
            y += name_metrics.height()

    def _paint_byes(self, painter: QPainter) -> None:
        height = self._bye_height()
        strip = QRectF(8, self.height() - 8 - height, self.width() - 16, height)
        painter.setPen(QPen(BYE_EDGE, 1.5))
        painter.setBrush(BYE_FILL)
        painter.drawRoundedRect(strip, 8, 8)
        label_font = _font(height * 0.42, bold=True)
        painter.setFont(label_font)
        painter.setPen(INK)
        metrics = QFontMetricsF(label_font)
        text_box = strip.adjusted(14, 0, -14, 0)
        label = "Bye: "
        painter.drawText(text_box, int(Qt.AlignmentFlag.AlignVCenter), label)
        x = text_box.left() + metrics.horizontalAdvance(label)
        name_font = _font(height * 0.36)
        name_metrics = QFontMetricsF(name_font)
        baseline = strip.center().y() + metrics.ascent() / 2 - metrics.descent() / 2
        for index, (entrant, name) in enumerate(self._byes):
            if x >= text_box.right():
                break
            if index:
                painter.setFont(name_font)
                painter.setPen(SOFT_INK)
                painter.drawText(QPointF(x, baseline), "  ·  ")
                x += name_metrics.horizontalAdvance("  ·  ")
            painter.setFont(label_font)
            painter.setPen(INK)
            painter.drawText(QPointF(x, baseline), str(entrant))
            x += metrics.horizontalAdvance(str(entrant)) + name_metrics.horizontalAdvance(" ")
            if name:
                room = text_box.right() - x
                shown = name_metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)
                painter.setFont(name_font)
                painter.setPen(SOFT_INK)
                painter.drawText(QPointF(x, baseline), shown)
                x += name_metrics.horizontalAdvance(shown)


def _font(pixels: float, *, bold: bool = False) -> QFont:
    font = QFont(FONT_FAMILY)
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    return font


def _mark_box(table: QRectF, position: Position, size: float, inset: float) -> QRectF:
    """A small square just inside the table's edge at ``position``."""
    centre = table.center()
    if position == "top":
        return QRectF(centre.x() - size / 2, table.top() + inset, size, size)
    if position == "bottom":
        return QRectF(centre.x() - size / 2, table.bottom() - inset - size, size, size)
    if position == "left":
        return QRectF(table.left() + inset, centre.y() - size / 2, size, size)
    return QRectF(table.right() - inset - size, centre.y() - size / 2, size, size)


def _wrap_name(name: str, metrics: QFontMetricsF, width: float, lines: int) -> list[str]:
    """A name on up to ``lines`` lines of ``width``, split at spaces (a ``/`` stays with the
    word before it), the last line elided."""
    if not name or width <= 4:
        return []
    words: list[str] = []
    for word in name.split():
        if word == "/" and words:
            words[-1] += " /"
        else:
            words.append(word)
    out: list[str] = []
    current = ""
    for index, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if metrics.horizontalAdvance(trial) <= width or not current:
            current = trial
            continue
        out.append(current)
        current = word
        if len(out) == lines - 1:
            current = " ".join(words[index:])
            break
    out.append(current)
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in out[:lines]]
