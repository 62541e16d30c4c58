"""A season's standings to post: one page per 40 members (place, member number, name,
events played, points, the event scores that count), the season's events listed on the
first."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import PageBreak, Paragraph, Table, TableStyle

from clubdesk.printing.base import BOLD, FONT, LIGHT, build_pdf, escape, frame_width, style
from clubdesk.printing.rows import Heading, Paper, SeasonLine, SeasonRows

PER_PAGE = 40


def season_table(lines: tuple[SeasonLine, ...], width: float) -> Table:
    """One page's members."""
    header = ["Place", "No.", "Member", "Events", "Points", "Counted"]
    body = [
        [f"{'=' if line.shared else ''}{line.place}", str(line.member), line.name,
         str(line.events), str(line.points), " + ".join(map(str, line.counted))]
        for line in lines
    ]  # fmt: skip
    narrow = 0.08 * width
    widths = [narrow, narrow, 0.4 * width, narrow, narrow, width - 4 * narrow - 0.4 * width]
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 9),
        ("FONT", (0, 1), (-1, -1), FONT, 9),
        ("FONT", (4, 1), (4, -1), BOLD, 9),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (2, 0), (2, -1), "LEFT"),
        ("ALIGN", (5, 0), (5, -1), "LEFT"),
        ("LEFTPADDING", (5, 0), (5, -1), 12),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    return Table([header, *body], colWidths=widths, style=TableStyle(commands))


def season_pdf(target: Path | IO[bytes], heading: Heading, rows: SeasonRows, paper: Paper) -> None:
    """Write the season's standings."""
    width = frame_width(paper)
    title = f"Season standings: {rows.season}"
    events = f"{len(rows.events)} event{'' if len(rows.events) == 1 else 's'}: "
    story: list = [
        Paragraph(escape(title), style("title")),
        Paragraph(escape(events + "; ".join(rows.events)), style("small")),
    ]
    if not rows.lines:
        story.append(Paragraph("No member has played in it yet.", style("body")))
    for start in range(0, len(rows.lines), PER_PAGE):
        if start:
            story.append(PageBreak())
        story.append(season_table(rows.lines[start : start + PER_PAGE], width))
    build_pdf(target, story, heading, title, paper)
