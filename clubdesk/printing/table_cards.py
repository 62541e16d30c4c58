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


def _seats(a: Side, b: Side) -> list[Flowable]:
    """A partnership table of four players: who sits in seats 1 to 4 (1 and 3 v 2 and 4)."""
    order = ((a, 0), (b, 0), (a, 1), (b, 1))
    lines = [
        f"Seat {seat}: {side.numbers[i]} {side.names[i]}".rstrip()
        for seat, (side, i) in enumerate(order, start=1)
    ]
    return [Paragraph(escape(line), NAMES) for line in lines]


def _who(labels: tuple[str, str], a: Side, b: Side) -> list[Flowable]:
    if len(a.numbers) == 2 and len(b.numbers) == 2:
        return _seats(a, b)
    if labels[0] == labels[1]:  # gin's two players: told apart as the sheet does, A and B
        labels = (f"{labels[0]} A", f"{labels[1]} B")
    return [*_side(labels[0], a), *_side(labels[1], b)]


def table_cards_pdf(
    target: Path | IO[bytes], heading: Heading, tables: RoundTables, paper: Paper
) -> None:
    """Write one card per table of the round."""
    title = f"Table cards, {tables.name}"
    story: list[Flowable] = []
    for row in tables.tables:
        if story:
            story.append(PageBreak())
        story += [
            Paragraph(escape(f"Table · {tables.name}"), LABEL),
            Paragraph(str(row.table), NUMBER),
            Spacer(1, 26),
            *_who(tables.labels, row.a, row.b),
        ]
    if not story:
        story.append(Paragraph("No tables in this round.", style("body")))
    build_pdf(target, story, heading, title, paper, wide=True)
