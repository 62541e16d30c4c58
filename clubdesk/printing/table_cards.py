"""Table cards: a page per table, turned sideways, with the table number large enough to
read across the room and who sits where this round; where the table's private link for the
round is known (``services/links.py``), its QR code in the top right corner, for the
scorekeeper's phone, with the link under it."""

from __future__ import annotations

from pathlib import Path
from typing import IO

import segno
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from clubdesk.printing.base import BOLD, FONT, build_pdf, escape, register_fonts, style
from clubdesk.printing.rows import Heading, Paper, RoundTables, Side

NUMBER = ParagraphStyle(
    "table-number", fontName=BOLD, fontSize=200, leading=200, alignment=TA_CENTER
)
LABEL = ParagraphStyle("table-label", fontName=FONT, fontSize=22, leading=28, alignment=TA_CENTER)
NAMES = ParagraphStyle(
    "table-names", fontName=BOLD, fontSize=26, leading=32, alignment=TA_CENTER, spaceAfter=10
)


QR_SIZE = 118  # points: about 4 cm, read by a phone from across the table
LINK = ParagraphStyle("table-link", fontName=FONT, fontSize=7, leading=9, alignment=TA_CENTER)
SCAN = ParagraphStyle("table-scan", fontName=BOLD, fontSize=9, leading=11, alignment=TA_CENTER)


class LinkCode(Flowable):
    """A table's link as a QR code in the top right corner of the card, taking no room in
    the flow: the card's own lines are centred and leave the corner free."""

    def __init__(self, link: str):
        super().__init__()
        self.link = link
        self.rows = segno.make(link, error="m").matrix

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, 0

    def draw(self) -> None:
        canvas = self.canv
        count = len(self.rows) + 8  # the quiet zone: four modules each side
        module = QR_SIZE / count
        left, top = self.width - QR_SIZE, 0.0
        canvas.saveState()
        canvas.setFillColorRGB(0, 0, 0)
        for y, row in enumerate(self.rows):
            for x, dark in enumerate(row):
                if dark:
                    canvas.rect(left + (x + 4) * module, top - (y + 5) * module, module, module,
                                stroke=0, fill=1)  # fmt: skip
        canvas.restoreState()
        below = top - QR_SIZE
        for text, look in (("Scorekeeper: scan to score on your phone", SCAN),
                           (link_lines(self.link), LINK)):  # fmt: skip
            line = Paragraph(text, look)
            _, high = line.wrapOn(canvas, QR_SIZE + 40, 60)
            below -= high
            line.drawOn(canvas, left - 20, below)


def link_lines(link: str) -> str:
    """The link as the card prints it: the address, then the table's token on a line of its
    own, so the line breaks between them and never inside the token."""
    address, slash, token = link.rpartition("/")
    if not slash:
        return escape(link)
    return f"{escape(address + slash)}<br/>{escape(token)}"


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
    register_fonts()
    title = f"Table cards, {tables.name}"
    story: list[Flowable] = []
    for row in tables.tables:
        if story:
            story.append(PageBreak())
        story += [
            *([LinkCode(row.link)] if row.link else []),
            Paragraph(escape(f"Table · {tables.name}"), LABEL),
            Paragraph(str(row.table), NUMBER),
            Spacer(1, 26),
            *_who(tables.labels, row.a, row.b),
        ]
    if not story:
        story.append(Paragraph("No tables in this round.", style("body")))
    build_pdf(target, story, heading, title, paper, wide=True)
