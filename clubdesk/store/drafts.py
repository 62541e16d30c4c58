"""Score sheets being typed, kept as drafts: saved after every hand, read back when the
table's sheet is opened again, removed when the sheet is submitted (migration step 12)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from clubdesk.store.models import SheetDraft


@dataclass(frozen=True)
class Draft:
    """The hands typed so far on a table's sheet, when they were saved, and where."""

    hands: tuple[dict[str, Any], ...]
    saved_at: dt.datetime
    source: str  # "window" or "phone"
    confirmed: int | None = None  # hands the opponents confirmed on the phone (None: window)


def save_draft(
    session: Session,
    game_id: int,
    hands: Sequence[Mapping[str, Any]],
    at: dt.datetime,
    source: str = "window",
    confirmed: int | None = None,
) -> None:
    """Keep ``hands`` as the game's draft (replacing the one before); ``confirmed``: how many
    of them, from the first, the opponents confirmed on the phone."""
    row = session.exec(select(SheetDraft).where(SheetDraft.game_id == game_id)).first()
    if row is None:
        row = SheetDraft(game_id=game_id, hands=[], saved_at=at, source=source)
    row.hands = [dict(hand) for hand in hands]
    row.saved_at = at
    row.source = source
    row.confirmed = confirmed
    session.add(row)
    session.flush()


def load_draft(session: Session, game_id: int) -> Draft | None:
    """The game's draft, if one is kept."""
    row = session.exec(select(SheetDraft).where(SheetDraft.game_id == game_id)).first()
    if row is None:
        return None
    return _draft(row)


def drafts_by_game(session: Session, game_ids: Sequence[int]) -> dict[int, Draft]:
    """The drafts kept for these games, by game id."""
    rows = session.exec(select(SheetDraft).where(SheetDraft.game_id.in_(list(game_ids)))).all()  # type: ignore[attr-defined]
    return {row.game_id: _draft(row) for row in rows}


def _draft(row: SheetDraft) -> Draft:
    return Draft(tuple(dict(h) for h in row.hands), row.saved_at, row.source, row.confirmed)


def drop_draft(session: Session, game_id: int) -> None:
    """The game's draft is no longer needed (its sheet is submitted)."""
    row = session.exec(select(SheetDraft).where(SheetDraft.game_id == game_id)).first()
    if row is not None:
        session.delete(row)
        session.flush()
