"""The documents clubdesk prints, a row each: the registry that ``clubdesk print`` (its
kinds), the Print page (their titles) and ``write_document`` here read
(docs/architecture.md, "Adding a printed document").

A row names the function that lays its document out (in a module of ``clubdesk.printing``)
and the one that gathers its rows (in ``clubdesk.services.gathering``); both are imported
only when the document is written, so listing the documents loads neither reportlab nor
the store.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.printing.base import Paper
    from clubdesk.services.documents import Progress
    from clubdesk.services.gathering import Gathered, Job
    from clubdesk.store.db import Database
    from clubdesk.timesource import TimeSource


@dataclass(frozen=True)
class Document:
    kind: str  # the name ``clubdesk print`` takes (docs/cli.md) and a saved file's
    title: str  # as the Print page lists it
    per_round: bool  # printed for one round (``--round N``, the Print page's Round)
    builder: str  # "module:function" in clubdesk.printing: the rows laid out on paper
    rows: str  # the function in clubdesk.services.gathering that gathers them (Job: Gathered)

    def build(self) -> Callable[..., None]:
        """The builder, its module (and reportlab with it) imported now."""
        module, _, name = self.builder.partition(":")
        return getattr(importlib.import_module(f"clubdesk.printing.{module}"), name)

    def gather(self) -> Callable[[Job], Gathered]:
        """The function that gathers the document's rows."""
        return getattr(importlib.import_module("clubdesk.services.gathering"), self.rows)


# in the order the Print page lists them; a row too long for a line goes on two
DOCUMENTS = (
    Document("standings", "Standings", False, "standings:standings_pdf", "standings"),
    Document("awards", "Award sheet", False, "awards:awards_pdf", "payouts"),
    Document("payouts", "Payouts (treasurer's record)", False, "payouts:payouts_pdf", "payouts"),
    Document("scoresheets", "Score sheets", True, "score_sheets:score_sheets_pdf", "score_sheets"),
    Document("chits", "Draw chits, cards or lots", False, "chits:chits_pdf", "chits"),
    Document("tablecards", "Table cards", True, "table_cards:table_cards_pdf", "round_tables"),
    Document("seating", "Seating list", True, "seating:seating_pdf", "seat_lines"),
    Document("schedule", "Schedule", False, "schedule:schedule_pdf", "schedule"),
    Document("season", "Season standings", False, "season:season_pdf", "season"),
)  # fmt: skip
KINDS = tuple(document.kind for document in DOCUMENTS)
ROUND_KINDS = frozenset(document.kind for document in DOCUMENTS if document.per_round)
TITLES = {document.kind: document.title for document in DOCUMENTS}


def document(kind: str) -> Document:
    """The document ``kind`` (UserError naming the kinds there are, where there is none)."""
    for found in DOCUMENTS:
        if found.kind == kind:
            return found
    raise UserError(f"kind: {kind!r} is not one of {', '.join(KINDS)}")


def write_document(
    db: Database,
    event_id: str,
    kind: str,
    target: Path | IO[bytes],
    clock: TimeSource,
    *,
    round_number: int | None = None,
    paper: Paper | None = None,
    progress: Progress | None = None,
) -> None:
    """Gather the rows of document ``kind`` and write it as a PDF to ``target`` on
    ``paper`` (default: the club's setting), as its row in ``DOCUMENTS`` says;
    the module that lays it out, and reportlab with it, is loaded only here, for the
    document asked for. Every refusal (an unknown kind, a round missing or not seated)
    comes before anything is written. ``progress`` hears how far a round's score sheets
    are (the one document that can run to many pages)."""
    from clubdesk.services.documents import heading, paper_for
    from clubdesk.services.gathering import Job

    found = document(kind)
    if found.per_round:
        if round_number is None:
            raise UserError(f"--round: {kind} is printed for one round; give --round N")
        if round_number < 1:
            raise UserError(f"--round: {round_number} is not a round number (1, 2, ...)")
    paper = paper or paper_for(db, event_id)
    job = Job(db, event_id, clock, heading(db, event_id, clock), round_number, progress)
    gathered = found.gather()(job)
    found.build()(target, gathered.heading, *gathered.rows, paper, **gathered.options)


def build_document(
    db: Database,
    event_id: str,
    kind: str,
    clock: TimeSource,
    *,
    round_number: int | None = None,
    paper: Paper | None = None,
    progress: Progress | None = None,
) -> bytes:
    """Document ``kind`` as the bytes of its PDF (``write_document`` into memory), for a
    window to preview, print or save."""
    out = io.BytesIO()
    write_document(
        db, event_id, kind, out, clock, round_number=round_number, paper=paper, progress=progress
    )
    return out.getvalue()
