"""A score sheet being typed, kept as a draft: after every hand the hands typed so far are
saved, so that a crash, a closed lid or a closed dialog loses nothing; opening the table's
sheet again brings them back (``store/drafts.py``). A draft is working state, not a fact of
the event: it has no audit row, the event file does not carry it, and it is gone once the
sheet is submitted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from clubdesk.domain import limits
from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, act
from clubdesk.store import drafts as store
from clubdesk.store.db import Database
from clubdesk.store.drafts import Draft
from clubdesk.store.sheets import open_sheet

__all__ = ["save_draft", "table_draft", "table_draft_in"]


@act(None, Change.SHEETS)
def save_draft(
    do: Command,
    round_number: int,
    table: int,
    hands: Sequence[Mapping[str, Any]],
    *,
    source: str = "window",
    confirmed: int | None = None,
) -> None:
    """Keep the hands typed so far on round ``round_number``'s table ``table`` (refused
    once its sheet is submitted); ``source``: "window", or "phone" with the hands the
    opponents ``confirmed`` so far."""
    problem = limits.hands_problem(len(hands))
    if problem:
        raise UserError(f"hands{problem}", field="hands")
    if not all(isinstance(hand, Mapping) for hand in hands):
        raise UserError("hands: each hand is an object of its fields", field="hands")
    sheet = open_sheet(do.session, do.event.id, round_number, table)
    store.save_draft(do.session, sheet.game_id, hands, do.at, source, confirmed)


def table_draft(db: Database, event_id: str, round_number: int, table: int) -> Draft | None:
    """The draft kept for a table's sheet not yet submitted (None: nothing typed yet, or the
    sheet is in)."""
    with db.reading() as session:
        return table_draft_in(session, event_id, round_number, table)


def table_draft_in(session: Session, event_id: str, round_number: int, table: int) -> Draft | None:
    """``table_draft`` inside the caller's transaction."""
    try:
        sheet = open_sheet(session, event_id, round_number, table)
    except UserError:
        return None
    return store.load_draft(session, sheet.game_id)
