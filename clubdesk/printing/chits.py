"""Chits, draw cards and lots to cut apart: a blue or red card per team (card draw), a table
and seat chit per player (NPA chit draw), a lot per player (gin). Dashed lines mark the
cuts. What a slip says big (and a chit's seat) is what is typed back to record the draw."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from clubdesk.printing.base import BOLD, FONT, build_pdf, frame_width, register_fonts, style
from clubdesk.printing.rows import Chit, Heading, Paper

COLUMNS = 3
INK = {
    "blue": colors.Color(0.05, 0.2, 0.7),
    "red": colors.Color(0.75, 0.05, 0.05),
    "plain": colors.black,
}
SMALL = ParagraphStyle("chit-small", fontName=FONT, fontSize=10, leading=13, alignment=TA_CENTER)


def _big(colour: str) -> ParagraphStyle:
    return ParagraphStyle(
        f"chit-{colour}",
        fontName=BOLD,
        fontSize=30,
        leading=36,
        alignment=TA_CENTER,
        textColor=INK[colour],
    )


def chits_pdf(
    target: Path | IO[bytes], heading: Heading, chits: Sequence[Chit], paper: Paper
) -> None:
    """Write the slips, three across, to cut apart."""
    register_fonts()
    width = frame_width(paper)
    title = "Draw chits"
    cells = [[Paragraph(c.big, _big(c.colour)), Paragraph(c.small, SMALL)] for c in chits]
    while len(cells) % COLUMNS:
        cells.append("")
    data = [cells[i : i + COLUMNS] for i in range(0, len(cells), COLUMNS)]
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.6, colors.grey, None, (3, 3)),
        ("BOX", (0, 0), (-1, -1), 0.6, colors.grey, None, (3, 3)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 14),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 14),
    ]
    story = [
        Paragraph(f"{title}: cut along the dashed lines", style("title")),
        Table(
            data, colWidths=[width / COLUMNS] * COLUMNS, rowHeights=72, style=TableStyle(commands)
        ),
    ]
    build_pdf(target, story, heading, title, paper)
