"""How fast are the printed documents? Run by hand: ``python benchmarks/bench_printing.py``.

Times, best of several runs, two of the largest documents a night needs, each beside a
bare reportlab build of the same rows in the same run (the floor):

- the standings of 512 entrants after 11 rounds (two dropped games each): (a) a plain
  ``SimpleDocTemplate`` with one ``Table`` of the same cells, header row repeated, in the
  same font; (b) ``printing.standings.standings_pdf``;
- blank pinochle score sheets for 128 tables: (a) a page per table with the same title,
  the two sides and a plain 11-column grid of the same rows; (b)
  ``printing.score_sheets.score_sheets_pdf``;

and prints both times and the ratio (b)/(a). Everything is built in memory.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import random
import time
from collections.abc import Callable

from reportlab.lib.pagesizes import LETTER
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Table, TableStyle

from clubdesk.domain.games.sheets import SheetLayout
from clubdesk.printing.base import FONT, style
from clubdesk.printing.rows import (
    Heading,
    ScoreSheet,
    Side,
    StandingLine,
    StandingsRows,
)
from clubdesk.printing.score_sheets import score_sheets_pdf
from clubdesk.printing.standings import standings_pdf

ENTRANTS = 512
ROUNDS = 11
TABLES = 128
HEADING = Heading(
    "Clubhouse",
    "Grand Prix",
    dt.date(2011, 10, 22),
    dt.datetime(2011, 10, 22, 22, 0, tzinfo=dt.timezone(dt.timedelta(hours=-7))),
)


def standings_rows() -> StandingsRows:
    rng = random.Random(2011)
    lines = []
    for place in range(1, ENTRANTS + 1):
        rounds = tuple(rng.randrange(100, 700) for _ in range(ROUNDS))
        dropped = tuple(sorted(rng.sample(range(1, ROUNDS + 1), 2)))
        total = sum(s for n, s in enumerate(rounds, start=1) if n not in dropped)
        name = f"Player {place} Lastname / Partner {place} Othername"
        lines.append(StandingLine(place, False, place, name, total, rounds, dropped))
    return StandingsRows(ROUNDS, "team", False, tuple(lines), None)


def sheets() -> list[ScoreSheet]:
    return [
        ScoreSheet(
            4,
            t,
            ("N/S", "E/W"),
            Side((2 * t - 1,), (f"Team {2 * t - 1} / Partner",)),
            Side((2 * t,), (f"Team {2 * t} / Partner",)),
        )
        for t in range(1, TABLES + 1)
    ]


def bare_standings(rows: StandingsRows) -> None:
    header = ["Place", "No.", "Team", "Total", *(f"R{n}" for n in range(1, rows.after_round + 1))]
    body = [
        [
            str(line.place),
            str(line.number),
            line.name,
            str(line.total),
            *(
                f"({s})" if n in line.dropped else str(s)
                for n, s in enumerate(line.rounds, start=1)
            ),
        ]
        for line in rows.lines
    ]
    doc = SimpleDocTemplate(io.BytesIO(), pagesize=LETTER)
    table = Table(
        [header, *body], repeatRows=1, style=TableStyle([("FONT", (0, 0), (-1, -1), FONT, 9)])
    )
    doc.build([table])


def bare_sheets(found: list[ScoreSheet]) -> None:
    story = []
    grid = [["Hand", "Bidder", "Bid", *["A", "B"] * 4]] + [
        [str(n)] + [""] * 10 for n in range(1, 9)
    ]
    for sheet in found:
        story += [
            Paragraph(f"Score sheet · Round {sheet.round} · Table {sheet.table}", style("big")),
            Table([["N/S", sheet.a.text], ["E/W", sheet.b.text]]),
            Table(
                grid,
                style=TableStyle(
                    [("FONT", (0, 0), (-1, -1), FONT, 9), ("GRID", (0, 0), (-1, -1), 0.5, "black")]
                ),
            ),
            PageBreak(),
        ]
    SimpleDocTemplate(io.BytesIO(), pagesize=LETTER).build(story)


def best(runs: int, work: Callable[[], None]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows, found = standings_rows(), sheets()
    layout = SheetLayout("pinochle", 8, point_limit=500)
    cases = [
        (
            f"standings, {ENTRANTS} entrants x {ROUNDS} rounds",
            lambda: bare_standings(rows),
            lambda: standings_pdf(io.BytesIO(), HEADING, rows, "letter"),
        ),
        (
            f"blank score sheets, {TABLES} tables",
            lambda: bare_sheets(found),
            lambda: score_sheets_pdf(io.BytesIO(), HEADING, layout, found, "letter"),
        ),
    ]
    for name, floor, ours in cases:
        floor(), ours()  # warm up: fonts, caches
        a, b = best(args.runs, floor), best(args.runs, ours)
        print(
            f"{name}: (a) bare reportlab {a * 1000:.0f} ms, (b) clubdesk {b * 1000:.0f} ms, "
            f"(b)/(a) {b / a:.2f}"
        )


if __name__ == "__main__":
    main()
