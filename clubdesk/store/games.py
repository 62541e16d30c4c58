"""A round's games as stored, for reading: the sheets as domain values, who sat where.

The draw is stored in ``draw.py``, the rounds and their seating in ``seating.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from clubdesk.domain.sides import hand_side
from clubdesk.store import sheets
from clubdesk.store.db import plain_rows
from clubdesk.store.sheets import StoredGame


def load_games(session: Session, event_id: str, number: int) -> list[StoredGame]:
    """Round ``number``'s games in table order, amendments applied (empty: not published)."""
    found = sheets.load_games(session, event_id, round_number=number)
    return sorted(found, key=lambda stored: stored.game.table)


def sides_of_games(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, list[int]]]:
    """Who sat on each side of each game: ``{game id: {"A": [numbers], "B": [numbers]}}``,
    partners in seat order; sides are keyed as the hands name them (fines check the hands)."""
    sides: dict[int, dict[str, list[int]]] = {g: {"A": [], "B": []} for g in game_ids}
    if not game_ids:
        return sides
    marks = ", ".join("?" * len(game_ids))
    rows = plain_rows(
        session,
        "SELECT game_seat.game_id, game_seat.side, entrant.number FROM game_seat "
        "JOIN entrant ON entrant.id = game_seat.entrant_id "
        f"WHERE game_seat.game_id IN ({marks}) ORDER BY game_seat.game_id, game_seat.seat",
        list(game_ids),
    )
    for game_id, side, number in rows:
        sides[game_id][hand_side(side)].append(number)
    return sides
