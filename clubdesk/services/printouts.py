"""The documents clubdesk prints, a row each: the registry that ``clubdesk print`` (its
kinds), the Print page (their titles) and ``documents.write_document`` read
(docs/architecture.md, "Adding a printed document").

A row names the function that lays its document out (in a module of ``clubdesk.printing``)
and the one that gathers its rows (in ``clubdesk.services.gathering``); both are imported
only when the document is written, so listing the documents loads neither reportlab nor
the store.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.printing.rows import Heading
    from clubdesk.store.db import Database
    from clubdesk.timesource import TimeSource


@dataclass(frozen=True)
class Job:
    """A document asked for, as its rows are gathered for it."""

    db: Database
    event_id: str
    clock: TimeSource
    heading: Heading  # what every page of the event's documents says
    round_number: int | None  # the round of a document printed per round, else None
    progress: Callable[[int, int], None] | None = None  # (steps done, steps in all)

    @property
    def round(self) -> int:
        """The round of a document printed per round (``write_document`` checks it is given)."""
        if self.round_number is None:
            raise UserError("--round: this document is printed for one round; give --round N")
        return self.round_number


@dataclass(frozen=True)
class Gathered:
    """A document's rows, as its builder is called with them:
    ``builder(target, heading, *rows, paper, **options)``."""

    heading: Heading
    rows: tuple[Any, ...]
    options: Mapping[str, Any] = field(default_factory=dict)


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
