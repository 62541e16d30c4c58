"""Score sheets being typed, kept as drafts: saved after every hand, read back when the
table's sheet is opened again, removed when the sheet is submitted (migration step 12)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from clubdesk.store.columns import json_text, read_json, read_time, time_text
from clubdesk.store.db import plain_cursor, plain_rows


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
    of them, from the first, the opponents confirmed on the phone. Plain SQL, as every read
    and write of drafts here: one is saved after every hand typed."""
    values = (json_text([dict(hand) for hand in hands]), time_text(at), source, confirmed)
    cursor = plain_cursor(session)
    cursor.execute(
        "UPDATE sheet_draft SET hands = ?, saved_at = ?, source = ?, confirmed = ? "
        "WHERE game_id = ?",
        (*values, game_id),
    )
    if cursor.rowcount == 0:
        cursor.execute(
            "INSERT INTO sheet_draft (hands, saved_at, source, confirmed, game_id) "
            "VALUES (?, ?, ?, ?, ?)",
            (*values, game_id),
        )


def load_draft(session: Session, game_id: int) -> Draft | None:
    """The game's draft, if one is kept."""
    return drafts_by_game(session, [game_id]).get(game_id)


def drafts_by_game(session: Session, game_ids: Sequence[int]) -> dict[int, Draft]:
    """The drafts kept for these games, by game id."""
    ids = list(game_ids)
    rows = plain_rows(
        session,
        "SELECT game_id, hands, saved_at, source, confirmed FROM sheet_draft "
        f"WHERE game_id IN ({', '.join('?' * len(ids))})",
        ids,
    )
    return {
        game_id: Draft(tuple(read_json(hands)), read_time(saved_at), source, confirmed)
        for game_id, hands, saved_at, source, confirmed in rows
    }


def drop_draft(session: Session, game_id: int) -> None:
    """The game's draft is no longer needed (its sheet is submitted)."""
    plain_cursor(session).execute("DELETE FROM sheet_draft WHERE game_id = ?", (game_id,))
