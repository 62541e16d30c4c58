"""A round's games as stored, for reading: the sheets as domain values, who sat where.

The draw, the rounds and their seating are in ``seating.py``; the names
below that came from there are kept importable from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clubdesk.domain.sides import hand_side
from clubdesk.store import sheets
from clubdesk.store.models import Entrant, GameSeat
from clubdesk.store.seating import (  # noqa: F401  (kept importable from here)
    StoredDraw,
    add_draw,
    byes_by_round,
    current_draw,
    draw_history,
    load_seating,
    published_rounds,
    round_row,
    round_started,
    save_seating,
    seated_sides,
    supersede,
    unpublish_pending,
    unsubmitted_tables,
)
from clubdesk.store.sheets import StoredGame as StoredGame  # what load_games gives


def load_games(session: Session, event_id: str, number: int) -> list[StoredGame]:
    """Round ``number``'s games in table order, amendments applied (empty: not published)."""
    found = sheets.load_games(session, event_id, round_number=number)
    return sorted(found, key=lambda stored: stored.game.table)


def sides_of_games(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, list[int]]]:
    """Who sat on each side of each game: ``{game id: {"A": [numbers], "B": [numbers]}}``,
    partners in seat order; sides are keyed as the hands name them (fines check the hands)."""
    sides: dict[int, dict[str, list[int]]] = {g: {"A": [], "B": []} for g in game_ids}
    rows = session.exec(
        select(GameSeat.game_id, GameSeat.side, Entrant.number)
        .join(Entrant, col(Entrant.id) == col(GameSeat.entrant_id))
        .where(col(GameSeat.game_id).in_(list(game_ids)))
        .order_by(col(GameSeat.game_id), col(GameSeat.seat))
    )
    for game_id, side, number in rows:
        sides[game_id][hand_side(side)].append(number)
    return sides
