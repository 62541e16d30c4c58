"""Table cards: a page per table, turned sideways, with the table number large enough to
read across the room and who sits where this round."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from clubdesk.printing.base import BOLD, FONT, build_pdf, escape, style
from clubdesk.printing.rows import Heading, Paper, RoundTables, Side

NUMBER = ParagraphStyle(
    "table-number", fontName=BOLD, fontSize=200, leading=200, alignment=TA_CENTER
)
LABEL = ParagraphStyle("table-label", fontName=FONT, fontSize=22, leading=28, alignment=TA_CENTER)
NAMES = ParagraphStyle(
    "table-names", fontName=BOLD, fontSize=26, leading=32, alignment=TA_CENTER, spaceAfter=10
)


def _side(label: str, side: Side) -> list[Flowable]:
    return [Paragraph(label, LABEL), Paragraph(escape(side.text), NAMES)]


def table_cards_pdf(
    target: Path | IO[bytes], heading: Heading, tables: RoundTables, paper: Paper
) -> None:
    """Write one card per table of the round."""
    title = f"Table cards, round {tables.round}"
    story: list[Flowable] = []
    for row in tables.tables:
        if story:
            story.append(PageBreak())
        story += [
            Paragraph(f"Table · round {tables.round}", LABEL),
            Paragraph(str(row.table), NUMBER),
            Spacer(1, 16),
            *_side(tables.labels[0], row.a),
            *_side(tables.labels[1], row.b),
        ]
    if not story:
        story.append(Paragraph("No tables in this round.", style("body")))
    build_pdf(target, story, heading, title, paper, wide=True)
