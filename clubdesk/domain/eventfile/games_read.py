"""A game of the event file, validated by its model (``schema.GameIn``), as the domain
value (its result not checked yet: ``checks.result``)."""

from __future__ import annotations

from typing import Any

from clubdesk.domain.event.model import (
    Adjustment,
    Amendment,
    Award,
    Game,
    Score,
    SheetResult,
    Signature,
)
from clubdesk.domain.eventfile import schema


def score_of(found: Any) -> Score:
    return Score(found.a, found.b)


def game_of(found: schema.GameIn) -> Game:
    """A validated game as the domain value (its result not checked yet)."""
    return Game(
        table=found.table,
        a=found.a,
        b=found.b,
        score=None if found.score is None else score_of(found.score),
        hands=found.hands,
        adjustments=tuple(Adjustment(x.side, x.points, x.reason) for x in found.adjustments),  # type: ignore[arg-type]
        award=None if found.award is None else Award(found.award.kind, found.award.against),  # type: ignore[arg-type]
        winner=found.winner,  # type: ignore[arg-type]
        signatures=tuple(
            Signature(s.role, s.name, s.at, s.strokes)  # type: ignore[arg-type]
            for s in found.signatures
        ),
        amendments=tuple(
            Amendment(
                x.director,
                x.at,
                x.reason,
                SheetResult(score_of(x.before.score), x.before.winner),  # type: ignore[arg-type]
                SheetResult(score_of(x.score), x.winner),  # type: ignore[arg-type]
                x.strokes,
            )
            for x in found.amendments
        ),
        time_called=bool(found.time_called),
    )
