"""The labels around a table in the room picture: an entrant's number and name, laid out to
fit, and cut short (elided) only when there is no room left for the whole name.

- ``line_label``: ``17  Smith / Jones`` on one line, above or below the table.
- ``stacked_lines``: the number above the name on up to four lines, beside the table;
  ``stacked_width`` is the width a name needs to stand whole in those lines.
- ``shrunk``: the name size a name fits at, the letters shrinking down to 9 pixels before
  a name is elided.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

FONT_FAMILY = "DejaVu Sans"
INK = QColor("#1b1b1b")
SOFT_INK = QColor("#555555")
STACKED_LINES = 4  # a name beside a table takes up to four lines
SMALLEST_NAME = 9.0  # pixels: a name is not drawn smaller; below this it is elided


def font(pixels: float, *, bold: bool = False) -> QFont:
    """The map's font at ``pixels`` high (the caller's own copy)."""
    return QFont(_font(max(1, round(pixels)), bold))


def font_metrics(pixels: float, *, bold: bool = False) -> QFontMetricsF:
    """The metrics of ``font(pixels, bold=bold)``, made once for each size: a room of 256
    tables measures its labels at a handful of sizes some thousands of times."""
    return _metrics(max(1, round(pixels)), bold)


@lru_cache(maxsize=128)
def _font(pixels: int, bold: bool) -> QFont:
    chosen = QFont(FONT_FAMILY)
    chosen.setPixelSize(pixels)
    chosen.setBold(bold)
    return chosen


@lru_cache(maxsize=128)
def _metrics(pixels: int, bold: bool) -> QFontMetricsF:
    return QFontMetricsF(_font(pixels, bold))


def shrunk(pixels: float, fits: Callable[[QFontMetricsF], bool]) -> float:
    """The largest name size from ``pixels`` down to SMALLEST_NAME at which ``fits``."""
    while pixels > SMALLEST_NAME and not fits(font_metrics(pixels)):
        pixels = max(SMALLEST_NAME, pixels - 0.5)
    return pixels


def side_fit(names: Iterable[str], low: float, high: float, pixels: float) -> tuple[float, float]:
    """The width beside a table (from ``low`` up to ``high``) and the name size (from
    ``pixels`` down) at which every name beside a table stands whole, in as few lines as
    that width allows; at the smallest size and the widest band a name may still be elided."""
    names = [name for name in names if name]

    def need(metrics: QFontMetricsF, lines: int = STACKED_LINES) -> float:
        return max((stacked_width(name, metrics, lines) + 8 for name in names), default=0.0)

    pixels = shrunk(pixels, lambda metrics: need(metrics) <= high)
    metrics = font_metrics(pixels)
    # the fewest lines the band allows: two lines read better than four
    width = next((w for w in (need(metrics, n) for n in (2, 3)) if w <= high), need(metrics))
    return max(low, min(high, width)), pixels


def line_fit(
    labels: Iterable[tuple[str, str]], number_pixels: float, room: float, pixels: float
) -> float:
    """The name size (from ``pixels`` down) at which every ``(number, name)`` label stands
    whole on one line of ``room``."""
    number_metrics = font_metrics(number_pixels, bold=True)
    labels = list(labels)

    def fits(metrics: QFontMetricsF) -> bool:
        gap = metrics.height() * 0.45
        return all(
            number_metrics.horizontalAdvance(number) + gap + metrics.horizontalAdvance(name) <= room
            for number, name in labels
        )

    return shrunk(pixels, fits)


def line_name(name: str, metrics: QFontMetricsF, room: float) -> str:
    """The name as it fits on one line of ``room`` (elided only when it does not fit)."""
    return metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)


def paint_line_label(
    painter: QPainter,
    box: QRectF,
    entrant: int,
    name: str,
    sizes: tuple[float, float],
    *,
    top: bool,
) -> None:
    """``17  Smith / Jones`` on one line, the number bold, the name elided only to fit."""
    number_font, name_font = (
        _font(max(1, round(sizes[0])), True),
        _font(max(1, round(sizes[1])), False),
    )
    number_metrics, name_metrics = font_metrics(sizes[0], bold=True), font_metrics(sizes[1])
    number_text = str(entrant)
    number_width = number_metrics.horizontalAdvance(number_text)
    gap = sizes[1] * 0.45
    shown = line_name(name, name_metrics, box.width() - number_width - gap)
    name_width = name_metrics.horizontalAdvance(shown) if shown else 0.0
    total = number_width + (gap + name_width if shown else 0.0)
    x = box.center().x() - total / 2
    # close to the table: the top label low in its band, the bottom label high in its band
    pad = max(0.0, box.height() - number_metrics.height()) * 0.3
    baseline = (
        box.bottom() - pad - number_metrics.descent()
        if top
        else box.top() + pad + number_metrics.ascent()
    )
    painter.setFont(number_font)
    painter.setPen(INK)
    painter.drawText(QPointF(x, baseline), number_text)
    if shown:
        painter.setFont(name_font)
        painter.setPen(SOFT_INK)
        painter.drawText(QPointF(x + number_width + gap, baseline), shown)


def paint_stacked_label(
    painter: QPainter, box: QRectF, entrant: int, name: str, sizes: tuple[float, float]
) -> None:
    """The number bold above the name (up to four lines), centred beside the table."""
    number_font, name_font = (
        _font(max(1, round(sizes[0])), True),
        _font(max(1, round(sizes[1])), False),
    )
    number_metrics, name_metrics = font_metrics(sizes[0], bold=True), font_metrics(sizes[1])
    lines = stacked_lines(name, name_metrics, box.width())
    height = number_metrics.height() + name_metrics.height() * len(lines)
    top = box.center().y() - height / 2
    painter.setFont(number_font)
    painter.setPen(INK)
    painter.drawText(
        QRectF(box.left(), top, box.width(), number_metrics.height()),
        int(Qt.AlignmentFlag.AlignCenter),
        str(entrant),
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


def stacked_lines(
    name: str, metrics: QFontMetricsF, width: float, lines: int = STACKED_LINES
) -> list[str]:
    """A name on up to ``lines`` lines of ``width``, split at spaces (a ``/`` stays with the
    word before it), the last line elided only when the name does not fit."""
    if not name or width <= 4:
        return []
    words = _words(name)
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


def stacked_width(name: str, metrics: QFontMetricsF, lines: int = STACKED_LINES) -> float:
    """The narrowest width at which ``name`` stands whole in ``lines`` stacked lines."""
    if not name:
        return 0.0
    whole = " ".join(_words(name))
    width = max(metrics.horizontalAdvance(word) for word in _words(name)) + 1
    full = metrics.horizontalAdvance(whole) + 1
    while width < full and " ".join(stacked_lines(name, metrics, width, lines)) != whole:
        width += 2
    return min(width, full)


def _words(name: str) -> list[str]:
    words: list[str] = []
    for word in name.split():
        if word == "/" and words:
            words[-1] += " /"
        else:
            words.append(word)
    return words
