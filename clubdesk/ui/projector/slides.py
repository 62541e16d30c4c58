"""The slides the projector cycles between rounds: the next round's seating by entrant
number (paged), the current leaders (top ten) and the director's notice.

Each slide is a ``Slide`` value (a heading and rows of cells) built from the
services' own answers; the projector lays the cells out in a grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from clubdesk.errors import UserError
from clubdesk.services import board as board_service
from clubdesk.services import results
from clubdesk.services import seating as seating_service
from clubdesk.store.db import Database

TABLES_PER_PAGE = 16  # two columns of eight: large enough to read from the back
LEADERS = 10


@dataclass(frozen=True)
class Slide:
    """One slide: its heading, and its rows of cells (a notice is one cell of text)."""

    kind: str  # seating, leaders or notice
    heading: str
    rows: tuple[tuple[str, ...], ...]
    columns: int = 1  # how many cells across


def seating_slides(db: Database, event_id: str, round_number: int) -> list[Slide]:
    """Round ``round_number``'s seating by entrant number, ``TABLES_PER_PAGE`` tables a
    slide, one row a table (``Table 1``, ``11``, ``v``, ``15``: the projector lines the
    columns up); as soon as it is known (published, or made from the draw in a stationary
    movement); none while it cannot be said yet."""
    titles: dict[int, str] = {}
    try:
        seated = board_service.board(db, event_id, round_number)
        tables = [(t.table, [s.number for s in t.a], [s.number for s in t.b])
                  for t in seated.tables]  # fmt: skip
        byes = [s.number for s in seated.byes]
        titles = dict(seated.playoff_titles)
    except UserError:
        try:
            known = seating_service.seating(db, event_id, round_number)
        except UserError:
            return []
        tables = [(t.table, list(t.a), list(t.b)) for t in known.tables]
        byes = list(known.byes)
    cells = [
        (f"Table {table}", " & ".join(map(str, a)), "v", " & ".join(map(str, b)))
        for table, a, b in tables
    ]
    if byes:
        cells.append(("Bye", ", ".join(map(str, byes)), "", ""))
    pages = [cells[i : i + TABLES_PER_PAGE] for i in range(0, len(cells), TABLES_PER_PAGE)]
    slides = []
    for index, page in enumerate(pages, start=1):
        heading = f"Round {round_number} seating"
        if round_number in titles:  # "Playoffs: final · round 7 seating"
            heading = f"{titles[round_number]} · round {round_number} seating"
        if len(pages) > 1:
            heading += f" ({index} of {len(pages)})"
        rows = tuple(page)
        slides.append(Slide("seating", heading, rows, columns=2 if len(page) > 6 else 1))
    return slides


def leaders_slide(db: Database, event_id: str) -> Slide | None:
    """The top ten of the standings after the last round in; None before any result."""
    try:
        table = results.standings(db, event_id)
    except UserError:
        return None
    if not table.rows or table.after_round < 1:
        return None
    rows = tuple(
        (f"{row.place}{'=' if row.tied else ''}", str(row.number), row.name, f"{row.total:,}")
        for row in table.rows[:LEADERS]
        if row.placed
    )
    return Slide("leaders", f"Leaders after round {table.after_round}", rows, columns=1)


def notice_slide(text: str) -> Slide | None:
    """The director's notice as a slide (None when there is no notice)."""
    text = text.strip()
    if not text:
        return None
    return Slide("notice", "Notice", ((text,),))
