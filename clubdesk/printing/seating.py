"""A round's seating to post on the wall: every entrant by number, in large type, with the
table and seat to go to."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Table, TableStyle

from clubdesk.printing.base import BOLD, FONT, LIGHT, build_pdf, frame_width, style
from clubdesk.printing.rows import Heading, Paper, SeatLine

SIZE = 16


def seating_pdf(
    target: Path | IO[bytes],
    heading: Heading,
    round_name: str,
    lines: Sequence[SeatLine],
    paper: Paper,
) -> None:
    """Write the wall list for the round named ``round_name`` ("Round 2 of 3")."""
    width = frame_width(paper)
    title = f"Seating, {round_name}"
    data = [["No.", "Name", "Table", "Seat"]]
    for line in lines:
        table = "bye" if line.table is None else str(line.table)
        data.append([str(line.number), line.name, table, "" if line.table is None else line.where])
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 12),
        ("FONT", (0, 1), (-1, -1), FONT, SIZE),
        ("FONT", (0, 1), (0, -1), BOLD, SIZE),
        ("FONT", (2, 1), (2, -1), BOLD, SIZE),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (2, 0), (2, -1), "CENTER"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 1), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 6),
        ("LEFTPADDING", (1, 0), (1, -1), 14),
    ]
    widths = [width * 0.12, width * 0.56, width * 0.14, width * 0.18]
    story = [
        Paragraph(title, style("title")),
        Table(data, colWidths=widths, repeatRows=1, style=TableStyle(commands)),
    ]
    if not lines:
        story.append(Paragraph("Nobody is seated in this round.", style("body")))
    build_pdf(target, story, heading, title, paper)
