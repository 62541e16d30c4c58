"""A round's games as stored, for reading: the sheets as domain values, who sat where.

The draw, the rounds and their seating are in ``seating.py``; the names
below that came from there are kept importable from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from clubdesk.domain.event.model import Adjustment as DomainAdjustment
from clubdesk.domain.event.model import Award, Score
from clubdesk.domain.event.model import Game as DomainGame
from clubdesk.store.entrants import entrant_numbers
from clubdesk.store.models import Adjustment, Entrant, Game, GameSeat, Hand
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


def _numbers(session: Session, event_id: str) -> dict[int, int]:
    return entrant_numbers(session, event_id)


def _sides(
    session: Session, game: Game, numbers: Mapping[int, int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return seated_sides(session, game.id or 0, numbers)


@dataclass(frozen=True)
class StoredGame:
    """A stored game of a round: the sheet as a domain value, and whether it is submitted."""

    game: DomainGame
    submitted: bool


def load_games(session: Session, event_id: str, number: int) -> list[StoredGame]:
    """Round ``number``'s games in table order (empty when it is not published).

    ``score`` is the typed final score when there is one; hands are given as
    stored, for the caller to score with the event's rules.
    """
    row = round_row(session, event_id, number)
    if row is None:
        return []
    numbers = _numbers(session, event_id)
    found = []
    for game in session.exec(
        select(Game).where(Game.round_id == row.id).order_by(col(Game.table_number))
    ):
        a, b = _sides(session, game, numbers)
        hands = session.exec(
            select(Hand).where(Hand.game_id == game.id).order_by(col(Hand.number))
        ).all()
        adjustments = session.exec(
            select(Adjustment).where(Adjustment.game_id == game.id).order_by(col(Adjustment.id))
        ).all()
        score = (
            Score(game.score_a, game.score_b)
            if game.score_a is not None and game.score_b is not None
            else None
        )
        award = (
            Award(game.award_kind, game.award_against)  # type: ignore[arg-type]
            if game.award_kind and game.award_against in ("a", "b")
            else None
        )
        found.append(
            StoredGame(
                DomainGame(
                    table=game.table_number,
                    a=a,
                    b=b,
                    score=score,
                    hands=tuple(h.data for h in hands),
                    adjustments=tuple(
                        DomainAdjustment(x.side, x.points, x.reason)  # type: ignore[arg-type]
                        for x in adjustments
                    ),
                    award=award,
                    winner=game.winner if game.winner in ("a", "b") else None,  # type: ignore[arg-type]
                ),
                submitted=game.submitted_at is not None,
            )
        )
    return found


def sides_of_games(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, list[int]]]:
    """Who sat on each side of each game: ``{game id: {"A": [numbers], "B": [numbers]}}``,
    partners in seat order."""
    sides: dict[int, dict[str, list[int]]] = {g: {"A": [], "B": []} for g in game_ids}
    rows = session.exec(
        select(GameSeat.game_id, GameSeat.side, Entrant.number)
        .join(Entrant, col(Entrant.id) == col(GameSeat.entrant_id))
        .where(col(GameSeat.game_id).in_(list(game_ids)))
        .order_by(col(GameSeat.game_id), col(GameSeat.seat))
    )
    for game_id, side, number in rows:
        sides[game_id][side.upper()].append(number)
    return sides
