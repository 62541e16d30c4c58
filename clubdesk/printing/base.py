"""The one page design every printed document shares (docs/architecture.md, "The layers").

A first page with the event's name large and later pages with a compact
header; on every page the club, the event and its day at the top and, at
the foot, when it was printed (from the injected clock, via ``Heading``) and
"Page x of y". Letter or A4. Text is set in the bundled DejaVu font so
every name prints, whatever its alphabet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import IO, Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from clubdesk import paths
from clubdesk.printing.rows import Heading, Paper

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
MONO = "DejaVuSansMono"
MARGIN = 15 * mm
GREY = colors.Color(0.35, 0.35, 0.35)
LIGHT = colors.Color(0.93, 0.93, 0.93)
FIRST_HEADER = 24 * mm  # room the first page's header takes above the frame
LATER_HEADER = 12 * mm
FOOTER = 10 * mm


def page_size(paper: Paper, *, wide: bool = False) -> tuple[float, float]:
    """The page in points: Letter or A4, upright or turned (``wide``)."""
    size = LETTER if paper == "letter" else A4
    return landscape(size) if wide else size


@cache
def register_fonts() -> None:
    """Register the bundled DejaVu faces with reportlab (once per process, when first
    needed: a paragraph in them is refused until they are; ``style`` and ``build_pdf``
    call this, and a document that makes its own paragraph styles calls it first)."""
    for name, file in (
        (FONT, "DejaVuSans.ttf"),
        (BOLD, "DejaVuSans-Bold.ttf"),
        (MONO, "DejaVuSansMono.ttf"),
    ):
        pdfmetrics.registerFont(TTFont(name, str(paths.resource(f"fonts/{file}"))))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


@cache
def style(name: str) -> ParagraphStyle:
    """The shared paragraph styles: title, subtitle, body, small, cell, cell-bold, prize, big, huge;
    cell-right and amount (a prize's amount) are set flush right."""
    register_fonts()
    sizes = {
        "title": (BOLD, 16, 20, 4),
        "subtitle": (BOLD, 11, 14, 4),
        "body": (FONT, 10, 13, 4),
        "small": (FONT, 8, 10, 2),
        "cell": (FONT, 9, 11, 0),
        "cell-bold": (BOLD, 9, 11, 0),
        "cell-right": (FONT, 10, 12, 0),
        "amount": (BOLD, 12, 15, 0),
        "prize": (BOLD, 12, 15, 0),
        "big": (BOLD, 20, 25, 6),
        "huge": (BOLD, 160, 170, 0),
    }
    font, size, leading, after = sizes[name]
    before = 8 if name == "subtitle" else 0
    return ParagraphStyle(
        name,
        fontName=font,
        fontSize=size,
        leading=leading,
        spaceBefore=before,
        spaceAfter=after,
        alignment=TA_RIGHT if name in ("cell-right", "amount") else TA_LEFT,
    )


def escape(text: str) -> str:
    """Text for a Paragraph: its markup characters written as entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def day_text(day: dt.date | None) -> str:
    return "" if day is None else f"{day:%A} {day.day} {day:%B %Y}"


def printed_text(at: dt.datetime) -> str:
    return f"Printed {at:%Y-%m-%d %H:%M} by clubdesk"


def _numbered_canvas(printed: str) -> type[Canvas]:
    """A canvas that holds its pages back until the end, then writes "Page x of y" and the
    printed-at line on each (the total is known only then)."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._held: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held)
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                self._footer(number, total)
                super().showPage()
            super().save()

        def _footer(self, number: int, total: int) -> None:
            width, _ = self._pagesize
            self.saveState()
            self.setFont(FONT, 8)
            self.setFillColor(GREY)
            self.drawString(MARGIN, MARGIN / 2, printed)
            self.drawRightString(width - MARGIN, MARGIN / 2, f"Page {number} of {total}")
            self.restoreState()

    return NumberedCanvas


def _header(heading: Heading, title: str, *, first: bool):
    club_line = " · ".join(part for part in (heading.club, day_text(heading.day)) if part)

    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = doc.pagesize
        top = height - MARGIN
        canvas.saveState()
        if first:
            canvas.setFont(FONT, 9)
            canvas.setFillColor(GREY)
            canvas.drawString(MARGIN, top - 9, club_line)
            canvas.setFillColor(colors.black)
            canvas.setFont(BOLD, 15)
            canvas.drawString(MARGIN, top - 27, heading.event)
            rule = top - FIRST_HEADER + 8
        else:
            canvas.setFont(FONT, 8)
            canvas.setFillColor(GREY)
            canvas.drawString(MARGIN, top - 8, f"{heading.event} · {club_line}".strip(" ·"))
            canvas.drawRightString(width - MARGIN, top - 8, title)
            rule = top - LATER_HEADER + 8
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, rule, width - MARGIN, rule)
        canvas.restoreState()

    return draw


def _told(draw: Callable[[Canvas, BaseDocTemplate], None], on_page: Callable[[int], None] | None):
    """The page's drawing, then ``on_page`` told which page it was."""
    if on_page is None:
        return draw

    def draw_and_tell(canvas: Canvas, doc: BaseDocTemplate) -> None:
        draw(canvas, doc)
        on_page(doc.page)

    return draw_and_tell


def build_pdf(
    target: Path | IO[bytes],
    story: Sequence[Flowable],
    heading: Heading,
    title: str,
    paper: Paper,
    *,
    wide: bool = False,
    on_page: Callable[[int], None] | None = None,
) -> None:
    """Lay ``story`` out on the shared page design and write the PDF to ``target``;
    ``on_page(n)`` is told of each page as it is laid out."""
    register_fonts()
    size = page_size(paper, wide=wide)
    width, height = size
    out = str(target) if isinstance(target, Path) else target
    doc = BaseDocTemplate(
        out,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{heading.event}: {title}",
        author="clubdesk",
        creator="clubdesk",
        invariant=True,
    )
    frame_width = width - 2 * MARGIN
    bottom = MARGIN + FOOTER

    def frame(header: float, name: str) -> Frame:
        return Frame(
            MARGIN,
            bottom,
            frame_width,
            height - MARGIN - header - bottom,
            id=name,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )

    first = PageTemplate(
        "first",
        [frame(FIRST_HEADER, "first")],
        onPage=_told(_header(heading, title, first=True), on_page),
        autoNextPageTemplate="later",
    )
    later = PageTemplate(
        "later",
        [frame(LATER_HEADER, "later")],
        onPage=_told(_header(heading, title, first=False), on_page),
    )
    doc.addPageTemplates([first, later])
    doc.build(list(story), canvasmaker=_numbered_canvas(printed_text(heading.printed_at)))


def frame_width(paper: Paper, *, wide: bool = False) -> float:
    """The width the documents' tables may take."""
    return page_size(paper, wide=wide)[0] - 2 * MARGIN
