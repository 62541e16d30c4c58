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
size; fonts scale with the tables. Names are not cut short while there is
room: the band beside the tables widens and the names' letters shrink first
(``seat_labels``), the same for every table in the room; a name still cut
short shows whole in its tooltip.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.ui.widgets.seat_labels import (
    INK,
    SOFT_INK,
    font,
    font_metrics,
    line_fit,
    line_name,
    paint_line_label,
    paint_stacked_label,
    side_fit,
    stacked_lines,
)

Layout = Literal["teams", "partners", "pairs"]
Position = Literal["top", "right", "bottom", "left"]

FELT = QColor("#dfeadf")
FELT_EDGE = QColor("#2f6b3a")
MARK = QColor("#2f6b3a")
BYE_FILL = QColor("#fff1c9")
BYE_EDGE = QColor("#b7862a")
CARD_FILL = QColor("#f5f6f4")
CARD_EDGE = QColor("#d6dbd4")
CELL_RATIO = 1.65  # a cell's best width : height (names left and right need room)
SIDE_BAND = (0.27, 0.33)  # the least and the most of a card's width beside its table
SIDES = ("left", "right")


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
        self._fitted: dict[tuple[str, float, float], tuple[float, float]] = {}  # by cell size
        self._picture: QPixmap | None = None  # the room as last drawn, at ``_picture_key``
        self._picture_key: tuple[int, int, float] = (0, 0, 0.0)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 240)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    # what to draw

    def set_seating(self, seating: RoundSeating, names: Mapping[int, str], layout: Layout) -> None:
        self._round = seating.round
        self._fitted.clear()
        self._tables = tuple(
            ShownTable(t.table, place_seats(t, layout, names))
            for t in sorted(seating.tables, key=lambda t: t.table)
        )
        self._byes = tuple((e, names.get(e, "")) for e in seating.byes)
        self._message = ""
        self._picture = None
        self._describe()
        self.update()

    def show_message(self, message: str) -> None:
        """Nothing to seat: say why (no draw yet, results missing, ...)."""
        self._tables, self._byes, self._round = (), (), None
        self._message = message
        self._picture = None
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
        """Wide, and no taller than its least: a page in a scroll area is laid out at least
        as tall as its parts ask (the wrapped texts above the room give it a height for its
        width), so a taller wish made the page scroll and cut the bottom tables' cards; the
        room takes the height the page leaves it (it expands)."""
        return QSize(900, self.minimumHeight())

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
    def table_rect(cell: QRectF, band: float | None = None) -> QRectF:
        """The table's rounded square inside its cell (the seats go around it); ``band`` is
        the width left and right of it for the names there (at least 27% of the card)."""
        card = TableMap.card_rect(cell)
        band_v = card.height() * 0.2
        band_h = max(card.width() * SIDE_BAND[0], band or 0.0)
        inner = card.adjusted(band_h, band_v, -band_h, -band_v)
        side = max(8.0, min(inner.width(), inner.height()))
        return QRectF(inner.center().x() - side / 2, inner.center().y() - side / 2, side, side)

    @staticmethod
    def label_sizes(cell: QRectF) -> tuple[float, float]:
        """Pixel sizes of an entrant number and of a name in a cell of this size."""
        number = max(11.0, min(30.0, cell.height() * 0.115, cell.width() * 0.085))
        return number, max(9.0, min(20.0, number * 0.74))

    def side_layout(self, cell: QRectF) -> tuple[float, float]:
        """The width beside every table and the name size the left and right names stand
        whole in: the band grows from 27% of the card to 33% (a smaller table would be hard
        to read), then the names' letters shrink, down to 9 pixels; only then is a name
        elided. One for the whole room, so that every table is drawn the same size."""
        key = ("side", cell.width(), cell.height())
        if key not in self._fitted:
            self._fitted[key] = self._side_layout(cell)
        return self._fitted[key]

    def _side_layout(self, cell: QRectF) -> tuple[float, float]:
        card = self.card_rect(cell)
        names = {s.name for t in self._tables for s in t.seats if s.position in SIDES and s.name}
        low, high = card.width() * SIDE_BAND[0], card.width() * SIDE_BAND[1]
        return side_fit(names, low, high, self.label_sizes(cell)[1])

    def line_pixels(self, cell: QRectF) -> float:
        """The name size the names above and below the tables stand whole in on their line
        (shrinking down to 9 pixels before a name is elided); one for the whole room."""
        key = ("line", cell.width(), cell.height())
        if key not in self._fitted:
            self._fitted[key] = (self._line_pixels(cell), 0.0)
        return self._fitted[key][0]

    def _line_pixels(self, cell: QRectF) -> float:
        number_px, pixels = self.label_sizes(cell)
        labels = [(str(s.entrant), s.name) for t in self._tables for s in t.seats
                  if s.position not in SIDES and s.name]  # fmt: skip
        return line_fit(labels, number_px, self.card_rect(cell).width() - 8, pixels)

    def seat_boxes(self, shown: ShownTable, cell: QRectF) -> list[tuple[Seat, QRectF]]:
        """Where each seat's label goes in a table's cell."""
        card = self.card_rect(cell)
        table = self.table_rect(cell, self.side_layout(cell)[0])
        boxes = []
        for seat in shown.seats:
            if seat.position == "top":
                box = QRectF(
                    card.left() + 4, card.top(), card.width() - 8, table.top() - card.top()
                )
            elif seat.position == "bottom":
                box = QRectF(card.left() + 4, table.bottom(), card.width() - 8,
                             card.bottom() - table.bottom())  # fmt: skip
            elif seat.position == "left":
                box = QRectF(card.left() + 3, table.top(), table.left() - card.left() - 6,
                             table.height())  # fmt: skip
            else:
                box = QRectF(table.right() + 3, table.top(), card.right() - table.right() - 6,
                             table.height())  # fmt: skip
            boxes.append((seat, box))
        return boxes

    def drawn_names(self) -> list[tuple[Seat, str]]:
        """Each seat's name as the picture draws it at its present size (elided with "…"
        where there is no room for all of it)."""
        cells = self.cells()
        drawn = []
        for shown in self._tables:
            cell = cells[shown.table]
            number_px = self.label_sizes(cell)[0]
            line_px = self.line_pixels(cell)
            line_metrics = font_metrics(line_px)
            side_metrics = font_metrics(self.side_layout(cell)[1])
            number_width = font_metrics(number_px, bold=True)
            for seat, box in self.seat_boxes(shown, cell):
                if seat.position in SIDES:
                    text = " ".join(stacked_lines(seat.name, side_metrics, box.width()))
                else:
                    room = box.width() - number_width.horizontalAdvance(str(seat.entrant))
                    text = line_name(seat.name, line_metrics, room - line_px * 0.45)
                drawn.append((seat, text))
        return drawn

    def tooltip_at(self, point: QPointF) -> str:
        """The full number and name of the seat (or the byes) under ``point``; empty if none."""
        for shown in self._tables:
            cell = self.cells()[shown.table]
            if cell.contains(point):
                for seat, box in self.seat_boxes(shown, cell):
                    if box.contains(point):
                        return f"{seat.entrant} {seat.name}".strip()
                return f"Table {shown.table}"
        if self._byes and point.y() >= self.height() - 8 - self._bye_height():
            return self.bye_text()
        return ""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    # painting

    def paintEvent(self, event: QPaintEvent) -> None:
        """The room as last drawn at this size, drawn again only after a change (a page
        shown again, or uncovered, copies the picture: a room of 256 tables takes a few
        hundred milliseconds to draw)."""
        ratio = self.devicePixelRatioF()
        key = (self.width(), self.height(), ratio)
        if self._picture is None or self._picture_key != key:
            self._picture = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
            self._picture.setDevicePixelRatio(ratio)
            self._picture_key = key
            self._draw(QPainter(self._picture))
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._picture)
        painter.end()

    def _draw(self, painter: QPainter) -> None:
        """The room drawn with ``painter`` (ended here)."""
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
        painter.setFont(font(max(14.0, min(22.0, self.width() / 40))))
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

        band, side_pixels = self.side_layout(cell)
        line_pixels = self.line_pixels(cell)
        table = self.table_rect(cell, band)
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
        number_font = font(side * 0.44, bold=True)
        width = font_metrics(side * 0.44, bold=True).horizontalAdvance(number_text)
        if width > room:
            number_font = font(side * 0.44 * room / width, bold=True)
        painter.setFont(number_font)
        painter.setPen(INK)
        painter.drawText(table, int(Qt.AlignmentFlag.AlignCenter), number_text)

        painter.setFont(font(max(9.0, side * 0.13), bold=True))
        painter.setPen(MARK)
        for seat in shown.seats:
            if seat.mark:
                box = _mark_box(table, seat.position, mark_size, inset)
                painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), seat.mark)

        sizes = self.label_sizes(cell)
        for seat, box in self.seat_boxes(shown, cell):
            if seat.position in SIDES:
                side_sizes = (sizes[0], side_pixels)
                paint_stacked_label(painter, box, seat.entrant, seat.name, side_sizes)
            else:
                top = seat.position == "top"
                line_sizes = (sizes[0], line_pixels)
                paint_line_label(painter, box, seat.entrant, seat.name, line_sizes, top=top)

    def _paint_byes(self, painter: QPainter) -> None:
        height = self._bye_height()
        strip = QRectF(8, self.height() - 8 - height, self.width() - 16, height)
        painter.setPen(QPen(BYE_EDGE, 1.5))
        painter.setBrush(BYE_FILL)
        painter.drawRoundedRect(strip, 8, 8)
        label_font = font(height * 0.42, bold=True)
        painter.setFont(label_font)
        painter.setPen(INK)
        metrics = QFontMetricsF(label_font)
        text_box = strip.adjusted(14, 0, -14, 0)
        label = "Bye: "
        painter.drawText(text_box, int(Qt.AlignmentFlag.AlignVCenter), label)
        x = text_box.left() + metrics.horizontalAdvance(label)
        name_font = font(height * 0.36)
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
