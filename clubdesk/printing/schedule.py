"""The day's timetable: when each round starts, when the warning is given, when it ends,
and the break that follows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Table, TableStyle

from clubdesk.printing.base import BOLD, FONT, LIGHT, build_pdf, frame_width, style
from clubdesk.printing.rows import Heading, Paper, ScheduleLine
from clubdesk.printing.text import schedule_times


def schedule_pdf(
    target: Path | IO[bytes], heading: Heading, lines: Sequence[ScheduleLine], paper: Paper
) -> None:
    """Write the timetable."""
    width = frame_width(paper)
    title = "Schedule"
    data = [["Round", "Starts", "Warning", "Ends", "Then"]]
    for line in lines:  # the same words as ``clubdesk schedule --format text``
        times = schedule_times(line.starts, line.warning_at, line.ends)
        data.append([str(line.round), *times, line.then])
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 11),
        ("FONT", (0, 1), (-1, -1), FONT, 13),
        ("FONT", (1, 1), (1, -1), BOLD, 13),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 1), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
    ]
    widths = [width * f for f in (0.08, 0.34, 0.17, 0.17, 0.24)]
    story = [
        Paragraph(title, style("title")),
        Table(data, colWidths=widths, repeatRows=1, style=TableStyle(commands)),
    ]
    build_pdf(target, story, heading, title, paper)
