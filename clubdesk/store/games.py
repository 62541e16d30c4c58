"""A round's games as stored, for reading: the sheets as domain values, who sat where.

The draw is stored in ``draw.py``, the rounds and their seating in ``seating.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clubdesk.domain.sides import hand_side
from clubdesk.store import sheets
from clubdesk.store.models import Entrant, GameSeat
from clubdesk.store.sheets import StoredGame


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
