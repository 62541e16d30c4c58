"""Score sheets, a page per table for a whole round at once: pre-filled with the event,
round, table and both sides, in the format's own layout (pinochle's hand rows, the gin
Hollywood grid, bid whist's four hands and a fifth to break a tie); a sheet already
handed in prints filled in the same grid, with its totals, its signatures (drawn from
their strokes where they have them) and its amendments.

The grid's shape is the game's sheet description's (``domain.games.sheets.SheetLayout``:
the hand rows, the fixed rows under them, the note beneath); ``GRIDS`` draws each game's
grid, by the rules' game kind (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from clubdesk.domain.games.sheets import SheetLayout
from clubdesk.printing.base import BOLD, FONT, GREY, LIGHT, build_pdf, escape, frame_width, style
from clubdesk.printing.rows import (
    FilledSheet,
    Heading,
    Paper,
    ScoreSheet,
    SignatureLine,
    Stroke,
)

ROW = 24  # a hand row's height: room to write in
FILLED_ROW = 19  # a row printed filled needs no room for a pen (the signatures do)


def _row(filled: FilledSheet | None, extra: int = 0) -> int:
    return FILLED_ROW if filled is not None else ROW + extra


BLANK = ()  # an empty cell: no flowables, so nothing to set (a "" is still drawn as text)
GRID = [
    ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
    ("FONT", (0, 0), (-1, -1), FONT, 9),
    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
]


def _sides(sheet: ScoreSheet, width: float) -> Table:
    data = [[f"{sheet.labels[0]}  (A)", sheet.a.text], [f"{sheet.labels[1]}  (B)", sheet.b.text]]
    commands = [
        ("FONT", (0, 0), (0, -1), FONT, 10),
        ("FONT", (1, 0), (1, -1), BOLD, 13),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, GREY),
        ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
    ]
    return Table(data, colWidths=[width * 0.22, width * 0.78], style=TableStyle(commands))


def _pairs(names: Sequence[str]) -> list[str]:
    """Each name followed by a blank cell, for a header spanning an A and a B column."""
    return [cell for name in names for cell in (name, BLANK)]


def _spans(first: int, count: int, row: int = 0) -> list[tuple]:
    return [("SPAN", (first + 2 * i, row), (first + 2 * i + 1, row)) for i in range(count)]


def _cells(cells: Sequence[str]) -> list[object]:
    """A filled row's cells; an empty one stays empty (nothing set)."""
    return [cell if cell else BLANK for cell in cells]


def _hand_rows(
    filled: FilledSheet | None, count: int, cells: int, first: int = 1
) -> list[list[object]]:
    """The hand rows: those handed in, then blank numbered rows up to ``count``."""
    rows = [_cells(row) for row in filled.rows] if filled is not None else []
    for number in range(first + len(rows), first + count):
        rows.append([str(number), *[BLANK] * (cells - 1)])
    return rows


def pinochle_grid(layout: SheetLayout, width: float, filled: FilledSheet | None = None) -> Table:
    word = layout.hand_word.capitalize()
    top = [BLANK, BLANK, BLANK, *_pairs(["Meld", "Tricks", f"{word} score", "Running total"])]
    sub = [word, "Bidder", "Bid", *(["A", "B"] * 4)]
    rows = _hand_rows(filled, layout.rows, 11)
    closing = _cells(filled.closing[0]) if filled and filled.closing else [BLANK] * 10
    final = [layout.closing[0], *closing]
    widths = [width * 0.07, width * 0.09, width * 0.08] + [width * 0.095] * 8
    commands = [
        *GRID,
        *_spans(3, 4),
        ("FONT", (0, 0), (-1, 1), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 1), LIGHT),
        ("FONT", (0, -1), (-1, -1), BOLD, 10),
        ("SPAN", (0, -1), (8, -1)),
        ("ALIGN", (0, -1), (0, -1), "RIGHT"),
    ]
    heights = [18, 18] + [_row(filled)] * (len(rows) + 1)
    return Table(
        [top, sub, *rows, final], colWidths=widths, rowHeights=heights, style=TableStyle(commands)
    )


def gin_grid(layout: SheetLayout, width: float, filled: FilledSheet | None = None) -> Table:
    games = [
        f"Game {n} (to {layout.target})" if layout.target else f"Game {n}"
        for n in range(1, layout.columns + 1)
    ]
    top = [BLANK, *_pairs(games)]
    sub = [layout.hand_word.capitalize(), *(["A", "B"] * layout.columns)]
    blank = [BLANK] * (2 * layout.columns)
    rows = _hand_rows(filled, layout.rows, 1 + 2 * layout.columns)
    if filled is not None and filled.rows:
        rows = [[Paragraph(escape(str(row[0])), style("cell")), *row[1:]] for row in rows]
    closing_cells = (
        [_cells(cells) for cells in filled.closing]
        if filled is not None and filled.closing
        else [blank] * 3
    )
    closing = [[label, *cells] for label, cells in zip(layout.closing, closing_cells, strict=True)]
    widths = [width * 0.13] + [width * 0.87 / (2 * layout.columns)] * (2 * layout.columns)
    commands = [
        *GRID,
        *_spans(1, layout.columns),
        ("FONT", (0, 0), (-1, 1), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 1), LIGHT),
        ("BACKGROUND", (0, -3), (0, -1), LIGHT),
        ("FONT", (0, -3), (-1, -1), BOLD, 9),
    ]
    for column in range(layout.columns):  # a heavier line between the games
        x = 1 + 2 * column
        commands.append(("LINEBEFORE", (x, 0), (x, -1), 1.6, colors.black))
    commands.append(("LINEABOVE", (0, -3), (-1, -3), 1.6, colors.black))
    if filled is not None and filled.closing:  # the boxes are the match's, not a game's
        commands.append(("SPAN", (1, -2), (-1, -2)))
    heights = [18, 18] + [_row(filled)] * (len(rows) + len(closing))
    return Table(
        [top, sub, *rows, *closing],
        colWidths=widths,
        rowHeights=heights,
        style=TableStyle(commands),
    )


def whist_grid(layout: SheetLayout, width: float, filled: FilledSheet | None = None) -> Table:
    word = layout.hand_word.capitalize()
    top = [BLANK, BLANK, BLANK, BLANK, *_pairs(["Books", f"{word} score", "Running total"])]
    sub = [word, "Bidder", "Bid", "Kind", *(["A", "B"] * 3)]
    rows = _hand_rows(filled, layout.rows, 10)  # the last: the fifth hand, for a tie
    widths = [width * 0.08, width * 0.1, width * 0.08, width * 0.2] + [width * 0.09] * 6
    commands = [
        *GRID,
        *_spans(4, 3),
        ("FONT", (0, 0), (-1, 1), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 1), LIGHT),
        ("LINEABOVE", (0, layout.hands + 2), (-1, layout.hands + 2), 1.6, colors.black),
        ("BACKGROUND", (0, layout.hands + 2), (-1, layout.hands + 2), LIGHT),
    ]
    heights = [18, 18] + [_row(filled, 12)] * len(rows)
    return Table(
        [top, sub, *rows], colWidths=widths, rowHeights=heights, style=TableStyle(commands)
    )


def sheet_grid(
    layout: SheetLayout, width: float, filled: FilledSheet | None = None
) -> list[Flowable]:
    """The format's grid, empty or with the hands handed in, and the note under it."""
    return [GRIDS[layout.game](layout, width, filled), Paragraph(layout.note, style("small"))]


# each game's grid, by the rules' game kind (``SheetLayout.game``)
GRIDS: dict[str, Callable[[SheetLayout, float, FilledSheet | None], Table]] = {
    "pinochle": pinochle_grid,
    "gin": gin_grid,
    "bid-whist": whist_grid,
}


class SignatureDrawing(Flowable):
    """A signature drawn from its pen strokes (x, y in 0..1 of the pad, y from the top),
    stretched over ``width`` x ``height`` points."""

    def __init__(self, strokes: Sequence[Stroke], width: float, height: float):
        super().__init__()
        self.strokes = tuple(strokes)
        self.width, self.height = width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.Color(0.05, 0.1, 0.35))
        canvas.setLineWidth(1.3)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        for stroke in self.strokes:
            points = [(x * self.width, (1 - y) * self.height) for x, y in stroke]
            if len(points) == 1:  # a dot
                x, y = points[0]
                canvas.circle(x, y, 0.8, stroke=1, fill=1)
                continue
            path = canvas.beginPath()
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()


SIGNATURE_HEIGHT = 44


def _signed(signatures: Sequence[SignatureLine], width: float) -> Table:
    """The signatures side by side, a gap between: each drawn where it has strokes, on its
    own line, and named under it."""
    count = max(len(signatures), 2)
    gap = width * 0.1 / (count - 1)
    cell = (width - gap * (count - 1)) / count
    drawn: list[object] = []
    named: list[object] = []
    commands: list[tuple] = [
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ]
    for index, signature in enumerate(signatures):
        if index:
            drawn.append(BLANK)
            named.append(BLANK)
        strokes = signature.strokes
        drawn.append(SignatureDrawing(strokes, cell, SIGNATURE_HEIGHT) if strokes else BLANK)
        named.append(Paragraph(escape(f"{signature.role}: {signature.name}"), style("small")))
        commands.append(("LINEBELOW", (2 * index, 0), (2 * index, 0), 0.6, colors.black))
    widths = [cell if index % 2 == 0 else gap for index in range(len(drawn))]
    return Table(
        [drawn, named],
        colWidths=widths,
        rowHeights=[SIGNATURE_HEIGHT + 4, None],
        style=TableStyle(commands),
        hAlign="LEFT",
    )


def _filled(filled: FilledSheet, layout: SheetLayout, width: float) -> list[Flowable]:
    # a sheet typed in from paper has its result but no hands: no empty grid to print
    story: list[Flowable] = sheet_grid(layout, width, filled) if filled.rows else []
    if filled.score_a is not None:
        story.append(
            Paragraph(
                escape(f"Result as it counts: A {filled.score_a}, B {filled.score_b}"),
                style("subtitle"),
            )
        )
    story.append(Spacer(1, 6))
    if filled.signatures:
        story.append(_signed(filled.signatures, width))
    story += [Paragraph(escape(note), style("body")) for note in filled.notes]
    return story


def _signatures(sheet: ScoreSheet, width: float) -> Table:
    data = [
        [BLANK, BLANK, BLANK],
        [f"Signed for {sheet.labels[0]} (A)", BLANK, f"Signed for {sheet.labels[1]} (B)"],
    ]
    commands = [
        ("LINEBELOW", (0, 0), (0, 0), 0.6, colors.black),
        ("LINEBELOW", (2, 0), (2, 0), 0.6, colors.black),
        ("FONT", (0, 1), (-1, 1), FONT, 8),
        ("TEXTCOLOR", (0, 1), (-1, 1), GREY),
    ]
    return Table(
        data,
        colWidths=[width * 0.45, width * 0.1, width * 0.45],
        rowHeights=[30, 12],
        style=TableStyle(commands),
    )


def sheet_story(sheet: ScoreSheet, layout: SheetLayout, width: float) -> list[Flowable]:
    """One table's sheet (its page)."""
    story: list[Flowable] = [
        Paragraph(escape(f"Score sheet · {sheet.name} · Table {sheet.table}"), style("big")),
        _sides(sheet, width),
        Spacer(1, 10),
    ]
    if sheet.filled is not None:
        handed = "As handed in" if sheet.filled.rows else "As handed in: the result only"
        story.append(Paragraph(handed, style("subtitle")))
        return story + _filled(sheet.filled, layout, width)
    return story + sheet_grid(layout, width) + [Spacer(1, 14), _signatures(sheet, width)]


def score_sheets_pdf(
    target: Path | IO[bytes],
    heading: Heading,
    layout: SheetLayout,
    sheets: Sequence[ScoreSheet],
    paper: Paper,
    *,
    on_page: Callable[[int], None] | None = None,
) -> None:
    """Write a page per table (``on_page(n)``: page n is laid out)."""
    width = frame_width(paper)
    title = f"Score sheets, {sheets[0].name}" if sheets else "Score sheets"
    story: list[Flowable] = []
    for sheet in sheets:
        if story:
            story.append(PageBreak())
        story += sheet_story(sheet, layout, width)
    if not story:
        story.append(Paragraph("No tables in this round.", style("body")))
    build_pdf(target, story, heading, title, paper, on_page=on_page)
