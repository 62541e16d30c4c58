"""Each printed document's rows, gathered for its builder: the functions the registry's
``rows`` names (``services/printouts.py``), each taking the document asked for (a ``Job``)
and reading through ``services.documents``. Imported only when a document is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from clubdesk.errors import UserError
from clubdesk.services import documents, playoffs
from clubdesk.services.common import aware

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


def standings(job: Job) -> Gathered:
    """The standings (``standings_pdf``)."""
    return Gathered(job.heading, (documents.standings_rows(job.db, job.event_id),))


def payouts(job: Job) -> Gathered:
    """The pool and the prizes, the store credits as they stand today (the award sheet, the
    treasurer's record)."""
    today = aware(job.clock.now()).date()
    return Gathered(job.heading, (documents.payout_rows(job.db, job.event_id, today),))


def chits(job: Job) -> Gathered:
    """The round-1 draw's slips to cut apart (``chits_pdf``)."""
    return Gathered(job.heading, (documents.chits(job.db, job.event_id),))


def schedule(job: Job) -> Gathered:
    """The day's timetable as it now stands (``schedule_pdf``)."""
    return Gathered(job.heading, (documents.schedule_lines(job.db, job.event_id, job.clock),))


def season(job: Job) -> Gathered:
    """The standings of the season the event belongs to, headed by the season, not the
    event's day (``season_pdf``)."""
    name = documents.season_of(job.db, job.event_id)
    top = replace(job.heading, event=f"{name} season", day=None)
    return Gathered(top, (documents.season_rows(job.db, name),))


def seat_lines(job: Job) -> Gathered:
    """The round's title and every entrant's table and seat, by number (``seating_pdf``)."""
    title = playoffs.round_title(job.db, job.event_id, job.round)
    return Gathered(job.heading, (title, documents.seat_lines(job.db, job.event_id, job.round)))


def round_tables(job: Job) -> Gathered:
    """Who sits where at each table of the round (``table_cards_pdf``)."""
    return Gathered(job.heading, (documents.round_tables(job.db, job.event_id, job.round),))


def score_sheets(job: Job) -> Gathered:
    """Every table's sheet of the round, blank or as handed in (``score_sheets_pdf``); the
    job's ``progress`` hears of each table read, then of each page laid out."""
    layout, found = documents.score_sheets(job.db, job.event_id, job.round, job.progress)
    steps = 2 * len(found)
    progress = job.progress

    def laid_out(page: int) -> None:
        if progress is not None:
            progress(min(len(found) + page, steps), steps)

    return Gathered(job.heading, (layout, found), {"on_page": laid_out})
