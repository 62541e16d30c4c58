"""The standings to post: per-round scores (dropped games in brackets), totals, places,
ties and the cut line (under the last place that advances); the tie-breaks due, a line
each; after bid whist's final, the final order from the playoffs first, with the note that
the preliminaries decided only the seeding. The header row repeats on every page."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from clubdesk.printing.base import (
    BOLD,
    FONT,
    GREY,
    LIGHT,
    build_pdf,
    escape,
    frame_width,
    style,
)
from clubdesk.printing.rows import Heading, Paper, PlayoffLine, StandingsRows
from clubdesk.printing.text import round_text, standings_legend, total_text, warnings_note


def standings_table(rows: StandingsRows, width: float) -> Table:
    """The standings as one long table (also what the benchmark measures)."""
    rounds = rows.after_round
    who = "Team" if rows.unit == "team" else "Player"
    header = ["Place", "No.", who, "Total"] + (["Wins"] if rows.show_wins else [])
    header += [f"R{n}" for n in range(1, rounds + 1)]
    body = []
    for line in rows.lines:
        cells = [
            "-" if line.place is None else f"{'=' if line.tied else ''}{line.place}",
            str(line.number),
            line.name,
            total_text(line),
        ]
        cells += [str(line.wins)] if rows.show_wins else []
        cells += [round_text(line, n) for n in range(1, rounds + 1)]
        body.append(cells)
    fixed = len(header) - 1  # every column but the name
    narrow = min(0.085, 0.6 / fixed)
    widths = [width * narrow] * len(header)
    widths[2] = width - narrow * width * fixed
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 9),
        ("FONT", (0, 1), (-1, -1), FONT, 9),
        ("FONT", (3, 1), (3, -1), BOLD, 9),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (2, 0), (2, -1), "LEFT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    first_round = len(header) - rounds
    for r, line in enumerate(rows.lines, start=1):
        for dropped in line.dropped:
            commands.append(
                ("TEXTCOLOR", (first_round + dropped - 1, r), (first_round + dropped - 1, r), GREY)
            )
    if rows.cut_size and rows.cut_size < len(rows.lines):
        commands.append(("LINEBELOW", (0, rows.cut_size), (-1, rows.cut_size), 2, colors.black))
    return Table([header, *body], colWidths=widths, repeatRows=1, style=TableStyle(commands))


def _notes(rows: StandingsRows) -> list[str]:
    notes = standings_legend(rows.lines)
    if rows.cut_size and rows.cut_size < len(rows.lines):
        if rows.ties:
            notes.append("the heavy line is the cut: those above it advance; a tie-break "
                         "decides the rest")  # fmt: skip
        else:
            advance = rows.cut_size if rows.advance is None else rows.advance
            notes.append(f"the heavy line is the cut: the top {advance} advance")
    warned = warnings_note(rows.warnings, rows.unit)
    if warned is not None:
        notes.append(warned)
    return notes


SEEDING_NOTE = (
    "The playoffs decided the final order; the preliminary standings below decided only the "
    "seeding."
)


def playoff_table(lines: tuple[PlayoffLine, ...], width: float) -> Table:
    """Bid whist's final order from its playoffs."""
    header = ["Place", "No.", "Team", "Seed", "Result"]
    body = [
        [f"{'=' if p.tied else ''}{p.place}", str(p.number), p.name, str(p.seed), p.result]
        for p in lines
    ]
    narrow = 0.085 * width
    widths = [narrow, narrow, width - 3 * narrow - 0.3 * width, narrow, 0.3 * width]
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 9),
        ("FONT", (0, 1), (-1, -1), FONT, 9),
        ("FONT", (0, 1), (-1, 1), BOLD, 9),  # the champion
        ("ALIGN", (0, 0), (1, -1), "RIGHT"),
        ("ALIGN", (3, 0), (3, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    return Table([header, *body], colWidths=widths, repeatRows=1, style=TableStyle(commands))


def standings_pdf(
    target: Path | IO[bytes], heading: Heading, rows: StandingsRows, paper: Paper
) -> None:
    """Write the standings document."""
    wide = rows.after_round > 8
    width = frame_width(paper, wide=wide)
    title = f"Standings after round {rows.after_round}"
    story: list = []
    if rows.playoff:
        title = "Final order"
        story += [
            Paragraph("Final order from the playoffs", style("title")),
            playoff_table(rows.playoff, width),
            Spacer(1, 6),
            Paragraph(SEEDING_NOTE, style("body")),
            Paragraph(f"Preliminary standings after round {rows.after_round}", style("subtitle")),
        ]
    else:
        story.append(Paragraph(title, style("title")))
    for line in rows.ties:
        story.append(Paragraph(escape(line), style("subtitle")))
    if not rows.lines:
        story.append(Paragraph("Nobody to rank yet: no round is complete.", style("body")))
    else:
        story.append(standings_table(rows, width))
        notes = _notes(rows)
        if notes:
            story += [Spacer(1, 6), Paragraph("; ".join(notes), style("small"))]
    build_pdf(target, story, heading, title, paper, wide=wide)
