"""The director's rulings as rows: warnings, removals, tie-breaks, lateness lines and awards,
and the award for a round in which no game was played (``round_award``: given as the round
closes, taken back when its close is undone).

A warning, a removal from the tournament and a tie-break are rows of their own, never
changed. A lateness ruling is an adjustment line on the table's sheet, or an award; an
award decides the game, so the sheet is final with it. Fines are derived from the
submitted sheets' hands (read here) and collected in the ledger (``ledger.py``).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from clubdesk.domain.event.model import Event as EventFacts
from clubdesk.domain.rulings.warnings import LoggedWarning
from clubdesk.store.columns import read_time
from clubdesk.store.db import plain_rows
from clubdesk.store.models import (
    Adjustment,
    Entrant,
    Game,
    Hand,
    Removal,
    Round,
    RoundAward,
    Tiebreak,
    Warning,
)


@dataclass(frozen=True)
class NewWarning:
    """A warning infraction and its ruling (``warning`` or ``loss-of-hand``)."""

    round_number: int
    playoff: bool
    entrant_id: int
    reason: str
    ruling: str
    actor: str
    at: dt.datetime


@dataclass(frozen=True)
class PlayedGame:
    """A submitted game's hands, where it was played."""

    round_number: int
    game_id: int
    table: int
    hands: tuple[dict[str, Any], ...]


def add_warning(session: Session, event_id: str, warning: NewWarning) -> None:
    session.add(
        Warning(
            event_id=event_id,
            round_number=warning.round_number,
            playoff=warning.playoff,
            entrant_id=warning.entrant_id,
            reason=warning.reason,
            ruling=warning.ruling,
            actor=warning.actor,
            at=warning.at,
        )
    )
    session.flush()


def warnings(session: Session, event_id: str) -> list[LoggedWarning]:
    """The warnings logged in the event, in the order logged (plain rows: read with every
    listing of the field, for each entrant's history)."""
    rows = plain_rows(
        session,
        "SELECT warning.round_number, entrant.number, warning.reason, warning.playoff, "
        "warning.ruling, warning.at FROM warning "
        "JOIN entrant ON entrant.id = warning.entrant_id "
        "WHERE warning.event_id = ? ORDER BY warning.id",
        (event_id,),
    )
    return [
        LoggedWarning(
            round=round_number,
            team=number,
            reason=reason,
            playoff=bool(playoff),
            kind="loss-of-hand" if ruling == "loss-of-hand" else "warning",
            at=read_time(at),
        )
        for round_number, number, reason, playoff, ruling, at in rows
    ]


@dataclass(frozen=True)
class RemovalRecord:
    """An entrant removed from the tournament: who ruled, why, when."""

    number: int
    director: str
    reason: str
    at: dt.datetime


def add_removal(
    session: Session, entrant_id: int, director: str, reason: str, at: dt.datetime
) -> None:
    session.add(Removal(entrant_id=entrant_id, director=director, reason=reason, at=at))
    session.flush()


def removals(session: Session, event_id: str) -> dict[int, RemovalRecord]:
    """The event's removals from the tournament, by entrant number (plain rows, as
    ``warnings``)."""
    rows = plain_rows(
        session,
        "SELECT entrant.number, removal.director, removal.reason, removal.at FROM removal "
        "JOIN entrant ON entrant.id = removal.entrant_id "
        "WHERE entrant.event_id = ? ORDER BY removal.id",
        (event_id,),
    )
    return {
        number: RemovalRecord(number, director, reason, read_time(at))
        for number, director, reason, at in rows
    }


def add_tiebreak(
    session: Session,
    round_id: int,
    entrant_ids: tuple[int, int],
    winner: str,
    hands: Sequence[dict[str, Any]],
) -> None:
    """A tie at a cut line broken at the table, filed in the round of the cut."""
    session.add(
        Tiebreak(
            round_id=round_id,
            entrant_a_id=entrant_ids[0],
            entrant_b_id=entrant_ids[1],
            winner=winner,
            hands=[dict(hand) for hand in hands],
        )
    )
    session.flush()


def add_adjustment(session: Session, game_id: int, side: str, points: int, reason: str) -> None:
    """An adjustment line on a sheet not submitted yet (e.g. points for a late side's
    opponents)."""
    session.add(Adjustment(game_id=game_id, side=side, points=points, reason=reason))
    session.flush()


def award(session: Session, game_id: int, kind: str, against: str, at: dt.datetime) -> None:
    """A director's award decides a game not submitted yet: the sheet is final with it."""
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(game_id)
    game.award_kind, game.award_against, game.submitted_at = kind, against, at
    session.add(game)
    session.flush()


def played_games(session: Session, event_id: str) -> list[PlayedGame]:
    """Every submitted game of the event with its hands, by round and table (a game typed
    in from a paper sheet has none)."""
    games = session.exec(
        select(Round.number, Game.id, Game.table_number)
        .join(Round, col(Round.id) == col(Game.round_id))
        .where(Round.event_id == event_id, col(Game.submitted_at).is_not(None))
        .order_by(col(Round.number), col(Game.table_number))
    ).all()
    ids = [game_id for _, game_id, _ in games]
    if not ids:
        return []
    hands: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for game_id, data in session.exec(
        select(Hand.game_id, Hand.data)
        .where(col(Hand.game_id).in_(ids))
        .order_by(col(Hand.game_id), col(Hand.number))
    ):
        hands[game_id].append(data)
    return [
        PlayedGame(number, game_id or 0, table, tuple(hands[game_id or 0]))
        for number, game_id, table in games
    ]


# --- an event file's rulings ------------------------------------------------------------------


def save_rulings(session: Session, event: EventFacts, actor: str, at: dt.datetime) -> None:
    """An imported event's warnings and removals, after its entrants are written; a time
    the file does not give is ``at``."""
    ids = {
        number: entrant_id
        for entrant_id, number in session.exec(
            select(Entrant.id, Entrant.number).where(Entrant.event_id == event.id)
        )
    }
    for entrant in event.entrants:
        if entrant.removal is not None:
            gone = entrant.removal
            add_removal(session, ids[entrant.number], gone.director, gone.reason, gone.at or at)
    for warning in event.warnings:
        add_warning(
            session,
            event.id,
            NewWarning(warning.round, warning.playoff, ids[warning.team], warning.reason,
                       warning.kind, actor, warning.at or at),
        )  # fmt: skip


def give_round_award(
    session: Session, round_id: int, points: int, director: str, at: dt.datetime
) -> None:
    """The director's award for the round with no game played (docs/rules.md §1)."""
    session.add(RoundAward(round_id=round_id, points=points, director=director, at=at))
    session.flush()


def take_back_round_award(session: Session, round_id: int) -> bool:
    """The round's award taken back (its close undone); False: it had none."""
    row = session.exec(select(RoundAward).where(RoundAward.round_id == round_id)).first()
    if row is None:
        return False
    session.delete(row)
    session.flush()
    return True
