"""The day's timetable: when each round starts, when the warning is given, when it ends,
and the break that follows. A warning or end on another day than the round's start (a
round across midnight) carries its day on a line above its time, and each column is as
wide as its longest line, so no cell runs into the next; what follows a round wraps in
the width left."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Table, TableStyle

from clubdesk.printing.base import BOLD, FONT, LIGHT, build_pdf, frame_width, register_fonts, style
from clubdesk.printing.rows import Heading, Paper, ScheduleLine
from clubdesk.printing.text import schedule_times, time_of_day

SIZE = 13  # the rounds' lines, read from across the room
PADDING = 6  # a table cell's own, each side
FONTS = (FONT, BOLD, FONT, FONT, FONT)  # each column's, under the header (bold 11)


def _day_above(shown: str, at: dt.datetime | None) -> str:
    """``Fri 4 Dec 12:35 AM`` as two lines, the day above the time (a time alone as it is)."""
    if at is None or shown == time_of_day(at):
        return shown
    return shown.removesuffix(" " + time_of_day(at)) + "\n" + time_of_day(at)


def _widest(column: int, data: list[list[str]]) -> float:
    header = stringWidth(data[0][column], BOLD, 11)
    lines = [line for row in data[1:] for line in row[column].split("\n")]
    widest = max((stringWidth(line, FONTS[column], SIZE) for line in lines), default=0.0)
    return max(header, widest) + 2 * PADDING


def _widths(data: list[list[str]], width: float) -> list[float]:
    """Round, Starts, Warning and Ends as wide as their longest line; Then takes the rest,
    and what the rest has beyond Then's longest line is shared by the last four columns."""
    widths = [_widest(column, data) for column in range(4)]
    rest = width - sum(widths)
    spare = rest - _widest(4, data)
    if spare > 0:
        widths[1:] = [w + spare / 4 for w in widths[1:]]
    return [*widths, width - sum(widths)]


def schedule_pdf(
    target: Path | IO[bytes], heading: Heading, lines: Sequence[ScheduleLine], paper: Paper
) -> None:
    """Write the timetable."""
    register_fonts()
    width = frame_width(paper)
    title = "Schedule"
    data = [["Round", "Starts", "Warning", "Ends", "Then"]]
    for line in lines:  # the same words as ``clubdesk schedule --format text``
        starts, warning, ends = schedule_times(line.starts, line.warning_at, line.ends)
        warning, ends = _day_above(warning, line.warning_at), _day_above(ends, line.ends)
        data.append([str(line.round), starts, warning, ends, line.then])
    widths = _widths(data, width)
    for row in data[1:]:  # what follows, in lines that fit its column
        row[4] = "\n".join(simpleSplit(row[4], FONT, SIZE, widths[4] - 2 * PADDING))
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 11),
        ("FONT", (0, 1), (-1, -1), FONT, SIZE),
        ("FONT", (1, 1), (1, -1), BOLD, SIZE),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 1), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
    ]
    story = [
        Paragraph(title, style("title")),
        Table(data, colWidths=widths, repeatRows=1, style=TableStyle(commands)),
    ]
    build_pdf(target, story, heading, title, paper)
