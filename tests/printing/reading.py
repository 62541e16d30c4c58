"""Reading a printed document back: its pages' text and sizes (pypdf)."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from dataclasses import dataclass

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from clubdesk.printing.base import register_fonts
from clubdesk.printing.rows import Heading

PRINTED = dt.datetime(2024, 3, 9, 22, 45, tzinfo=dt.timezone(dt.timedelta(hours=-7)))
HEADING = Heading("Sun City West Card Club", "Spring Grand Prix", dt.date(2024, 3, 9), PRINTED)


@dataclass(frozen=True)
class Placed:
    """A piece of text as drawn: its page (from 0), where it starts and ends across the page
    and its baseline, in points from the bottom left corner."""

    page: int
    text: str
    left: float
    right: float
    baseline: float


class Printed:
    """A PDF written to memory: its pages' text and sizes in points."""

    def __init__(self, data: bytes) -> None:
        reader = PdfReader(io.BytesIO(data))
        # cells come back a line each: words are compared with single spaces between them
        self.pages = [" ".join(page.extract_text().split()) for page in reader.pages]
        self.sizes = [
            (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
        ]
        self.placed = [piece for number, page in enumerate(reader.pages)
                       for piece in _placed(number, page)]  # fmt: skip

    def line_at(self, page: int, first: str) -> list[Placed]:
        """The pieces drawn on the baseline of the piece ``first``, left to right."""
        [start] = [p for p in self.placed if p.page == page and p.text == first]
        line = [p for p in self.placed if p.page == page and p.baseline == start.baseline]
        return sorted(line, key=lambda p: p.left)

    @property
    def text(self) -> str:
        return " ".join(self.pages)

    def in_order(self, *parts: str) -> bool:
        """Whether ``parts`` all appear in the text, in this order."""
        at = 0
        for part in parts:
            found = self.text.find(part, at)
            if found < 0:
                return False
            at = found + len(part)
        return True


def printed(write: Callable[[io.BytesIO], None]) -> Printed:
    """``printed(lambda out: some_pdf(out, ...))``: build into memory and read it back."""
    out = io.BytesIO()
    write(out)
    return Printed(out.getvalue())


def _placed(number: int, page) -> list[Placed]:
    """Each piece of text on ``page``, with the width its font gives it."""
    register_fonts()
    found: list[Placed] = []

    def visit(text, cm, tm, font, size) -> None:
        text = text.strip()
        if not text or font is None:
            return
        name = str(font.get("/BaseFont", "")).split("+")[-1]
        left = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        baseline = round(tm[4] * cm[1] + tm[5] * cm[3] + cm[5], 2)
        width = stringWidth(text, name, size) * cm[0]
        found.append(Placed(number, text, left, left + width, baseline))

    page.extract_text(visitor_text=visit)
    return found
