"""Score sheets, a page per table for a whole round at once: pre-filled with the event,
round, table and both sides, in the format's own layout (pinochle's hand rows, the gin
Hollywood grid, bid whist's four hands and a fifth to break a tie); a sheet already
handed in prints filled, with its hands, totals, signers and amendments."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from clubdesk.printing.base import BOLD, FONT, GREY, LIGHT, build_pdf, escape, frame_width, style
from clubdesk.printing.rows import FilledSheet, Heading, Paper, ScoreSheet, SheetLayout

ROW = 24  # a hand row's height: room to write in
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


def pinochle_grid(layout: SheetLayout, width: float) -> Table:
    top = [BLANK, BLANK, BLANK, *_pairs(["Meld", "Tricks", "Hand score", "Running total"])]
    sub = ["Hand", "Bidder", "Bid", *(["A", "B"] * 4)]
    rows = [[str(n), *[BLANK] * 10] for n in range(1, layout.hands + 1)]
    final = ["Final", *[BLANK] * 10]
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
    heights = [18, 18] + [ROW] * (len(rows) + 1)
    return Table(
        [top, sub, *rows, final], colWidths=widths, rowHeights=heights, style=TableStyle(commands)
    )


def gin_grid(layout: SheetLayout, width: float) -> Table:
    games = [
        f"Game {n} (to {layout.target})" if layout.target else f"Game {n}"
        for n in range(1, layout.columns + 1)
    ]
    top = [BLANK, *_pairs(games)]
    sub = ["Hand", *(["A", "B"] * layout.columns)]
    blank = [BLANK] * (2 * layout.columns)
    rows = [[str(n), *blank] for n in range(1, layout.hands + 1)]
    closing = [[label, *blank] for label in ("Game bonus", "Boxes", "Total")]
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
    heights = [18, 18] + [ROW] * (len(rows) + len(closing))
    return Table(
        [top, sub, *rows, *closing],
        colWidths=widths,
        rowHeights=heights,
        style=TableStyle(commands),
    )


def whist_grid(layout: SheetLayout, width: float) -> Table:
    top = [BLANK, BLANK, BLANK, BLANK, *_pairs(["Books", "Hand score", "Running total"])]
    sub = ["Hand", "Bidder", "Bid", "Kind", *(["A", "B"] * 3)]
    rows = [[str(n), *[BLANK] * 9] for n in range(1, layout.hands + 1)]
    fifth = [f"{layout.hands + 1}", *[BLANK] * 9]
    widths = [width * 0.08, width * 0.1, width * 0.08, width * 0.2] + [width * 0.09] * 6
    commands = [
        *GRID,
        *_spans(4, 3),
        ("FONT", (0, 0), (-1, 1), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 1), LIGHT),
        ("LINEABOVE", (0, -1), (-1, -1), 1.6, colors.black),
        ("BACKGROUND", (0, -1), (-1, -1), LIGHT),
    ]
    heights = [18, 18] + [ROW + 12] * (len(rows) + 1)
    return Table(
        [top, sub, *rows, fifth], colWidths=widths, rowHeights=heights, style=TableStyle(commands)
    )


def blank_grid(layout: SheetLayout, width: float) -> list[Flowable]:
    """The format's empty grid and the note under it."""
    if layout.game == "gin":
        return [
            gin_grid(layout, width),
            Paragraph(
                "Hollywood: the games are scored at once, each hand in every game still open.",
                style("small"),
            ),
        ]
    if layout.game == "bid-whist":
        return [
            whist_grid(layout, width),
            Paragraph(f"Hand {layout.hands + 1} is played only to break a tie.", style("small")),
        ]
    note = f"The game ends when a side reaches {layout.point_limit}." if layout.point_limit else ""
    return [pinochle_grid(layout, width), Paragraph(note, style("small"))]


def _hand_row(cells: Sequence[str]) -> list[object]:
    """A recorded hand's cells, its description wrapping within its column."""
    return [cells[0], Paragraph(escape(cells[1]), style("cell")), *cells[2:]]


def _filled(filled: FilledSheet, width: float) -> list[Flowable]:
    data = [list(filled.columns), *(_hand_row(hand.cells) for hand in filled.hands)]
    if filled.score_a is not None:
        data.append(["Final", "", "", "", str(filled.score_a), str(filled.score_b)])
    widths = [width * 0.08, width * 0.52] + [width * 0.1] * 4
    commands = [
        *GRID,
        ("FONT", (0, 0), (-1, 0), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("ALIGN", (1, 1), (1, -1), "LEFT"),
        ("FONT", (0, -1), (-1, -1), BOLD, 10),
    ]
    story: list[Flowable] = [
        Table(data, colWidths=widths, repeatRows=1, style=TableStyle(commands))
    ]
    story.append(Spacer(1, 8))
    story += [Paragraph(escape(f"Signed by {s}"), style("body")) for s in filled.signers]
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
        Paragraph(f"Score sheet · Round {sheet.round} · Table {sheet.table}", style("big")),
        _sides(sheet, width),
        Spacer(1, 10),
    ]
    if sheet.filled is not None:
        story.append(Paragraph("As handed in", style("subtitle")))
        return story + _filled(sheet.filled, width)
    return story + blank_grid(layout, width) + [Spacer(1, 14), _signatures(sheet, width)]


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
    round_number = sheets[0].round if sheets else 0
    title = f"Score sheets, round {round_number}"
    story: list[Flowable] = []
    for sheet in sheets:
        if story:
            story.append(PageBreak())
        story += sheet_story(sheet, layout, width)
    if not story:
        story.append(Paragraph("No tables in this round.", style("body")))
    build_pdf(target, story, heading, title, paper, on_page=on_page)
