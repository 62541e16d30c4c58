"""Writing an event as its file: the schema's models filled from the domain values.

Every field is written, keys in the models' field order, so that
export -> import -> export gives the same file.
"""

from __future__ import annotations

import copy
from typing import Any

from clubdesk.domain.event.carried import FinalPayout
from clubdesk.domain.event.model import Event, Game, Score, SheetResult
from clubdesk.domain.eventfile import schema
from clubdesk.domain.eventfile.fields import EVENT_FORMAT


def _score(score: Score) -> schema.ScoreIn:
    return schema.ScoreIn.model_construct(a=score.a, b=score.b)


def _result(result: SheetResult) -> schema.ResultIn:
    return schema.ResultIn.model_construct(score=_score(result.score), winner=result.winner)


def _game(game: Game) -> schema.GameIn:
    return schema.GameIn.model_construct(
        table=game.table,
        a=game.a,
        b=game.b,
        score=None if game.score is None else _score(game.score),
        hands=copy.deepcopy(game.hands),
        adjustments=[
            schema.AdjustmentIn.model_construct(side=x.side, points=x.points, reason=x.reason)
            for x in game.adjustments
        ],
        award=None
        if game.award is None
        else schema.AwardIn.model_construct(kind=game.award.kind, against=game.award.against),
        winner=game.winner,
        signatures=[
            schema.SignatureIn.model_construct(role=s.role, name=s.name, at=s.at, strokes=s.strokes)
            for s in game.signatures
        ],
        amendments=[
            schema.AmendmentIn.model_construct(
                at=x.at,
                director=x.director,
                reason=x.reason,
                before=_result(x.before),
                score=_score(x.after.score),
                winner=x.after.winner,
                strokes=x.strokes,
            )
            for x in game.amendments
        ],
        time_called=True if game.time_called else None,
    )


def _draw(event: Event) -> schema.DrawIn | None:
    if event.draw is None:
        return None
    written = event.draw.to_json()
    return schema.DrawIn.model_construct(
        kind=written["kind"],
        method=written["method"],
        seed=written["seed"],
        made_at=event.draw_made_at,
        drawn=[schema.DrawnIn.model_construct(**row) for row in written["drawn"]],
    )


def event_file(event: Event) -> schema.EventFile:
    """The event as the file's model."""
    return schema.EventFile.model_construct(
        format=EVENT_FORMAT,
        id=event.id,
        name=event.name,
        date=event.date,
        venue=event.venue,
        rules=event.rules,
        settings=copy.deepcopy(dict(event.settings)),
        entrants=[
            schema.EntrantIn.model_construct(
                number=e.number,
                name=e.name,
                players=e.players,
                members=e.members,
                paid_cents=e.paid_cents,
                status=e.status,
                removal=None
                if e.removal is None
                else schema.RemovalIn.model_construct(
                    director=e.removal.director, reason=e.removal.reason, at=e.removal.at
                ),
            )
            for e in event.entrants
        ],
        draw=_draw(event),
        rounds=[
            schema.RoundIn.model_construct(
                number=r.number,
                games=[_game(game) for game in r.games],
                byes=list(r.byes),
                tiebreaks=[
                    schema.TiebreakIn.model_construct(
                        a=t.a, b=t.b, winner=t.winner, hands=copy.deepcopy(t.hands)
                    )
                    for t in r.tiebreaks
                ],
                closed=True if r.closed else None,
                award=None
                if r.award is None
                else schema.RoundAwardIn.model_construct(
                    points=r.award.points, director=r.award.director, at=r.award.at
                ),
            )
            for r in event.rounds
        ],
        ledger=[
            schema.LedgerIn.model_construct(
                kind=x.kind,
                cents=x.cents,
                entrant=x.entrant,
                note=x.note,
                method=x.method,
                at=x.at,
            )  # fmt: skip
            for x in event.ledger
        ],
        warnings=[
            schema.WarningIn.model_construct(
                round=w.round, team=w.team, reason=w.reason, ruling=w.kind, at=w.at
            )
            for w in event.warnings
        ],
        payouts=[_payout(payout) for payout in event.payouts],
        clock=[
            schema.ClockFactIn.model_construct(
                round=f.round,
                kind=f.kind,
                at=f.at,
                seconds=f.seconds if f.kind == "adjust" else None,
                announcement=f.announcement if f.kind == "announced" else None,
            )
            for f in event.clock
        ],
    )


def _payout(payout: FinalPayout) -> schema.PayoutIn:
    reopened = payout.reopened
    return schema.PayoutIn.model_construct(
        director=payout.director,
        pool_cents=payout.pool_cents,
        at=payout.at,
        prizes=[
            schema.PrizeIn.model_construct(
                place=p.place,
                entrant=p.number,
                amount_cents=p.amount_cents,
                credit_cents=p.credit_cents,
            )
            for p in payout.prizes
        ],  # fmt: skip
        paid=[
            schema.PaidIn.model_construct(
                entrant=p.entrant, cents=p.cents, method=p.method, note=p.note, at=p.at
            )
            for p in payout.paid
        ],
        redeemed=[
            schema.RedeemedIn.model_construct(entrant=r.entrant, cents=r.cents, at=r.at)
            for r in payout.redeemed
        ],
        reopened=None
        if reopened is None
        else schema.ReopenedIn.model_construct(
            director=reopened.director, reason=reopened.reason, at=reopened.at
        ),
    )


def event_to_json(event: Event) -> dict[str, Any]:
    """The event file for this event: every field, keys always in the same order."""
    return event_file(event).model_dump(mode="json", exclude_none=False)
