"""Reading a printed document back: its pages' text and sizes (pypdf)."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable

from pypdf import PdfReader

from clubdesk.printing.rows import Heading

PRINTED = dt.datetime(2024, 3, 9, 22, 45, tzinfo=dt.timezone(dt.timedelta(hours=-7)))
HEADING = Heading("Sun City West Card Club", "Spring Grand Prix", dt.date(2024, 3, 9), PRINTED)


class Printed:
    """A PDF written to memory: its pages' text and sizes in points."""

    def __init__(self, data: bytes) -> None:
        reader = PdfReader(io.BytesIO(data))
        # cells come back a line each: words are compared with single spaces between them
        self.pages = [" ".join(page.extract_text().split()) for page in reader.pages]
        self.sizes = [
            (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
        ]

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
