"""Score sheets: one table's game in one round, submitted signed and then final.

A sheet is submitted with its hands (or, typed in from paper, its final
score only), any adjustment lines, the scorekeeper's signature and one
opponent's countersignature. Submission stores the score the rules compute
(``domain.event.sheet.sheet_result``) and locks the sheet: the database
refuses any later change to it. A correction is a director's amendment
(``amend_sheet``), recorded beside the sheet; every result read from then on
applies it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from clubdesk.clock import Clock
from clubdesk.domain.event.model import Adjustment as DomainAdjustment
from clubdesk.domain.event.model import Amendment, Score, SheetResult
from clubdesk.domain.event.sheet import WinnerError, sheet_result
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.money.fines import check_players
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.events import event_rules
from clubdesk.services.rounds import published_round
from clubdesk.store import Database
from clubdesk.store.draws import sides_of_games
from clubdesk.store.models import Adjustment, Game, Hand, Round, Signature
from clubdesk.store.sheets import load_games, record_amendment, result_json

REQUIRED_SIGNATURES = ("scorekeeper", "countersign")


@dataclass(frozen=True)
class SheetLine:
    """Points given to a side on the sheet, e.g. 100 to the opponents of a late team."""

    side: str  # "a" or "b"
    points: int
    reason: str


@dataclass(frozen=True)
class SheetSubmitted:
    """What a submission changed: this table's score and how many sheets are in."""

    event_id: str
    round_number: int
    table: int
    score_a: int
    score_b: int
    sheets_in: int
    sheets_total: int


def submit_sheet(
    db: Database,
    event_id: str,
    round_number: int,
    table: int,
    *,
    hands: Sequence[dict[str, Any]] = (),
    final_score: tuple[int, int] | None = None,
    adjustments: Sequence[SheetLine] = (),
    winner: str | None = None,
    signatures: dict[str, str],
    clock: Clock,
    actor: str = "director",
) -> SheetSubmitted:
    """Submit a table's sheet: hand by hand, or the final score from a paper sheet.

    ``winner`` ("a"/"b") records who won a tied game (by an extra hand, a cut of
    the cards, as the director rules); where the hands themselves break the tie
    (bid whist's fifth hand), the hands decide.
    """
    rules = event_rules(db, event_id)
    if bool(hands) == (final_score is not None):
        raise UserError("sheet: give either the hands or the final score from the paper sheet")
    names = {role: " ".join(str(signatures.get(role, "")).split()) for role in REQUIRED_SIGNATURES}
    for role, name in names.items():
        if not name:
            raise UserError(f"signatures.{role}: the sheet needs the {role}'s signature")
    lines = [_checked_line(line, n) for n, line in enumerate(adjustments)]
    typed = None if hands else Score(*_checked_score(final_score))
    if winner not in (None, "a", "b"):
        raise UserError(f'winner: must be "a" or "b", not {winner!r}')
    at = clock.now()
    with db.session() as session:
        round_row, game = open_game(session, event_id, round_number, table)
        # lines already on the sheet (a director's lateness ruling) count as well
        on_sheet = session.exec(select(Adjustment).where(Adjustment.game_id == game.id)).all()
        every_line = [
            DomainAdjustment(line.side, line.points, line.reason)  # type: ignore[arg-type]
            for line in [*on_sheet, *lines]
        ]
        try:
            result = sheet_result(
                rules, round_number, hands=hands, typed=typed, adjustments=every_line,
                winner=winner,  # type: ignore[arg-type]
            )  # fmt: skip
        except HandError as exc:
            raise UserError(f"round {round_number}, table {table}: {exc}") from None
        except WinnerError as exc:
            if exc.decided is not None:
                raise UserError(
                    f"winner: the hands give the tie to {exc.decided}, not {exc.given}"
                ) from None
            raise UserError(
                f"winner: only a tied game needs one ({exc.score.a} to {exc.score.b})"
            ) from None
        score_a, score_b, winner = result.score.a, result.score.b, result.winner
        if hands:
            try:  # a player named on a hand (e.g. who bid, for a fine) sits on that side
                check_players(hands, sides_of_games(session, [game.id])[game.id], rules)
            except HandError as exc:
                raise UserError(f"round {round_number}, table {table}: {exc}") from None
        for number, hand in enumerate(hands, start=1):
            session.add(Hand(game_id=game.id, number=number, data=dict(hand)))
        for line in lines:
            session.add(
                Adjustment(game_id=game.id, side=line.side, points=line.points, reason=line.reason)
            )
        for role, name in names.items():
            session.add(Signature(game_id=game.id, role=role, name=name, at=at))
        session.flush()
        game.score_a, game.score_b, game.winner = score_a, score_b, winner
        game.submitted_at = at
        session.add(game)
        if round_row.status == "pending":
            round_row.status = "running"
            session.add(round_row)
        audit.record(
            session,
            at=at,
            actor=actor,
            action="sheet.submit",
            event_id=event_id,
            details={
                "round": round_number,
                "table": table,
                "score": [score_a, score_b],
                "hands": len(hands),
                "signatures": names,
            },  # fmt: skip
        )
        session.flush()
        sheets_in, total = _count(session, round_row.id)
    return SheetSubmitted(event_id, round_number, table, score_a, score_b, sheets_in, total)


@dataclass(frozen=True)
class SheetAmended:
    """A director's amendment recorded: the table's result before and after it."""

    event_id: str
    round_number: int
    table: int
    before: SheetResult
    after: SheetResult


def amend_sheet(
    db: Database,
    event_id: str,
    round_number: int,
    table: int,
    *,
    score: tuple[int, int],
    winner: str | None = None,
    director: str,
    reason: str,
    clock: Clock,
    actor: str = "director",
) -> SheetAmended:
    """Correct a submitted sheet's result: the score (and a tie's winner) that stands now.

    The sheet itself stays as it was submitted; the amendment (who, when,
    why, the result before and after) is recorded beside it, with an audit
    row, and every result read from then on applies it.
    """
    director = " ".join(director.split())
    if not director:
        raise UserError("director: an amendment needs the director's name")
    if not reason.strip():
        raise UserError("reason: say why the sheet is amended")
    if winner not in (None, "a", "b"):
        raise UserError(f'winner: must be "a" or "b", not {winner!r}')
    after = SheetResult(Score(*_checked_score(score)), winner)  # type: ignore[arg-type]
    if winner is not None and after.score.higher() is not None:
        raise UserError(f"winner: only a tied game needs one ({after.score.a} to {after.score.b})")
    at = clock.now()
    with db.session() as session:
        published_round(session, event_id, round_number)
        stored = next(
            (g for g in load_games(session, event_id, round_number=round_number)
             if g.game.table == table),
            None,
        )  # fmt: skip
        if stored is None:
            raise UserError(f"table: round {round_number} has no table {table}")
        if not stored.submitted or stored.game.score is None:
            raise UserError(
                f"round {round_number}, table {table}: the sheet is not submitted yet; "
                "only a submitted sheet is amended"
            )
        before = SheetResult(stored.game.score, stored.game.winner)
        if after == before:
            raise UserError(
                f"score: round {round_number}, table {table} already counts "
                f"{before.score.a} to {before.score.b}; nothing to amend"
            )
        record_amendment(session, stored.id, Amendment(director, at, reason.strip(), before, after))
        audit.record(
            session,
            at=at,
            actor=actor,
            action="sheet.amend",
            event_id=event_id,
            details={
                "round": round_number,
                "table": table,
                "director": director,
                "reason": reason.strip(),
                "before": result_json(before),
                "after": result_json(after),
            },
        )
    return SheetAmended(event_id, round_number, table, before, after)


def sheets_in(db: Database, event_id: str, round_number: int) -> tuple[int, int]:
    """(sheets submitted, sheets in all) for a published round."""
    with db.session() as session:
        round_row = published_round(session, event_id, round_number)
        return _count(session, round_row.id)


def open_game(session: Session, event_id: str, number: int, table: int) -> tuple[Round, Game]:
    """A published table's game whose sheet is not in yet, and its round; else UserError."""
    round_row = published_round(session, event_id, number)
    game = session.exec(
        select(Game).where(Game.round_id == round_row.id, Game.table_number == table)
    ).first()
    if game is None:
        raise UserError(f"table: round {number} has no table {table}")
    if game.submitted_at is not None:
        raise UserError(
            f"round {number}, table {table}: the sheet is already submitted; "
            "a correction is a director's amendment"
        )
    return round_row, game


def _count(session: Session, round_id: int | None) -> tuple[int, int]:
    games = session.exec(select(Game.submitted_at).where(Game.round_id == round_id)).all()
    return sum(1 for at in games if at is not None), len(games)


def _checked_line(line: SheetLine, index: int) -> SheetLine:
    if line.side not in ("a", "b"):
        raise UserError(f'adjustments[{index}].side: must be "a" or "b", not {line.side!r}')
    if isinstance(line.points, bool) or not isinstance(line.points, int):
        raise UserError(f"adjustments[{index}].points: must be a whole number")
    if not line.reason.strip():
        raise UserError(f"adjustments[{index}].reason: say why the points are given")
    return line


def _checked_score(score: Any) -> tuple[int, int]:
    if (
        not isinstance(score, tuple | list)
        or len(score) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in score)
    ):
        raise UserError(f"score: the final score is two whole numbers, not {score!r}")
    return int(score[0]), int(score[1])
