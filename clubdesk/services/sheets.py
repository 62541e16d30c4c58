"""Score sheets: one table's game in one round, submitted signed and then final.

A sheet is submitted with its hands (or, typed in from paper, its final
score only), any adjustment lines, the scorekeeper's signature and one
opponent's countersignature (each a name, with the strokes when signed on the
pad; a paper sheet received carries the names only). Both signers are players seated at that table,
on opposite sides; a name is matched whatever its case and spacing and is
stored as registered. Submission stores the score the rules compute
(``domain.event.sheet.sheet_result``) and locks the sheet: the database
refuses any later change to it. A correction is a director's amendment
(``amend_sheet``), recorded beside the sheet; every result read from then on
applies it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from clubdesk.clock import Clock
from clubdesk.domain.event.model import Adjustment as DomainAdjustment
from clubdesk.domain.event.model import Amendment, Game, Score, SheetResult
from clubdesk.domain.event.sheet import UndecidedError, WinnerError, check_decided, sheet_result
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.limits import (
    Strokes,
    adjustments_problem,
    as_strokes,
    hands_problem,
    line_problem,
    name_problem,
    points_problem,
    strokes_problem,
)
from clubdesk.domain.money.fines import check_players
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.changes import Change, changes_field, with_changes, writes
from clubdesk.services.events import event_rules
from clubdesk.services.playoffs import check_playoffs_stand
from clubdesk.services.rounds import round_record, seat_following_in
from clubdesk.store import Database
from clubdesk.store import sheets as store
from clubdesk.store.draws import sides_of_games
from clubdesk.store.entrants import list_entrants
from clubdesk.store.sheets import StoredGame, load_games, record_amendment, result_json

REQUIRED_SIGNATURES = ("scorekeeper", "countersign")


@dataclass(frozen=True)
class SignatureInput:
    """A signer as handed in: the name and, signed on the pad, the strokes as drawn
    (fractions 0..1 of the pad's width and height; empty: the name only, e.g. a signed
    paper sheet received)."""

    name: str
    strokes: Sequence[Sequence[Sequence[float]]] = ()


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
    changes: Change = changes_field()  # what the command that made it changed
    next_seated: int | None = None  # the round this late sheet let be seated (published)


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
    signatures: Mapping[str, str | SignatureInput],
    clock: Clock,
    actor: str = "director",
) -> SheetSubmitted:
    """Submit a table's sheet: hand by hand, or the final score from a paper sheet.

    ``winner`` ("a"/"b") records who won a tied game (by an extra hand, a cut of
    the cards, as the director rules); where the hands themselves break the tie
    (bid whist's fifth hand), the hands decide. In a format that counts rounds
    won, a level game without either is refused. ``signatures`` maps the roles
    scorekeeper and countersign to players seated at the table, on opposite
    sides: a name, or a ``SignatureInput`` with the strokes drawn on the pad.
    A refused sheet leaves nothing behind. The last sheet of a round closed with it
    missing publishes the round seated from that round's results (a progressive movement).
    """
    rules = event_rules(db, event_id)
    if bool(hands) == (final_score is not None):
        raise UserError("sheet: give either the hands or the final score from the paper sheet")
    for field, too_many in (
        ("hands", hands_problem(len(hands))),
        ("adjustments", adjustments_problem(len(adjustments))),
    ):
        if too_many:
            raise UserError(f"{field}{too_many}")
    given = {role: _signature_input(signatures.get(role, "")) for role in REQUIRED_SIGNATURES}
    names = {role: " ".join(str(found.name).split()) for role, found in given.items()}
    for role, name in names.items():
        if not name:
            raise UserError(f"signatures.{role}: the sheet needs the {role}'s signature")
        wrong = name_problem(name)
        if wrong:
            raise UserError(f"signatures.{role}{wrong}")
    drawn = {role: _checked_strokes(f, f"signatures.{role}.strokes") for role, f in given.items()}
    lines = [_checked_line(line, n) for n, line in enumerate(adjustments)]
    typed = None if hands else Score(*_checked_score(final_score, rules))
    if winner not in (None, "a", "b"):
        raise UserError(f'winner: must be "a" or "b", not {winner!r}')
    at = clock.now()
    with db.session() as session:
        sheet = store.open_sheet(session, event_id, round_number, table)
        sides = sides_of_games(session, [sheet.game_id])[sheet.game_id]
        where = f"round {round_number}, table {table}"
        names = _checked_signers(session, event_id, sides, names, where)
        new_lines = [DomainAdjustment(x.side, x.points, x.reason) for x in lines]  # type: ignore[arg-type]
        try:
            result = sheet_result(
                rules, round_number, hands=hands, typed=typed,
                adjustments=[*sheet.lines, *new_lines], winner=winner,  # type: ignore[arg-type]
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
        try:
            check_decided(rules, result)
        except UndecidedError as exc:
            raise UserError(f"round {round_number}, table {table}: {exc}") from None
        if hands:
            try:  # a player named on a hand (e.g. who bid, for a fine) sits on that side
                check_players(hands, sides, rules)
            except HandError as exc:
                raise UserError(f"round {round_number}, table {table}: {exc}") from None
        store.submit(session, sheet, hands=hands, lines=new_lines, signatures=names,
                     strokes=drawn, result=result, at=at)  # fmt: skip
        score_a, score_b = result.score.a, result.score.b
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
                **({"drawn": [r for r in names if drawn[r]]} if any(drawn.values()) else {}),
            },  # fmt: skip
        )
        sheets_in, total = store.sheets_in(session, sheet.round_id)
        seated = seat_following_in(session, event_id, round_number, at, actor)
    following = seated.round if seated is not None else None
    submitted = SheetSubmitted(
        event_id, round_number, table, score_a, score_b, sheets_in, total, next_seated=following
    )
    return with_changes(submitted, Change.SHEETS | (Change.SEATING if seated else Change.NONE))


submit_sheet.changes = Change.SHEETS | Change.SEATING  # type: ignore[attr-defined]


@dataclass(frozen=True)
class SheetAmended:
    """A director's amendment recorded: the table's result before and after it."""

    event_id: str
    round_number: int
    table: int
    before: SheetResult
    after: SheetResult
    changes: Change = changes_field()  # what the command that made it changed


@writes(Change.SHEETS)
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
    strokes: Sequence[Sequence[Sequence[float]]] = (),
    clock: Clock,
    actor: str = "director",
) -> SheetAmended:
    """Correct a submitted sheet's result: the score (and a tie's winner) that stands now.

    The sheet itself stays as it was submitted; the amendment (who, when,
    why, the result before and after, and the director's signature as drawn,
    ``strokes``, when signed on the pad) is recorded beside it, with an audit
    row, and every result read from then on applies it.
    """
    director = " ".join(director.split())
    if not director:
        raise UserError("director: an amendment needs the director's name")
    if not reason.strip():
        raise UserError("reason: say why the sheet is amended")
    for field, wrong in (("director", name_problem(director)), ("reason", line_problem(reason))):
        if wrong:
            raise UserError(f"{field}{wrong}", field=field)
    if winner not in (None, "a", "b"):
        raise UserError(f'winner: must be "a" or "b", not {winner!r}')
    signed = _checked_strokes(SignatureInput(director, strokes), "strokes")
    rules = event_rules(db, event_id)
    after = SheetResult(Score(*_checked_score(score, rules)), winner)  # type: ignore[arg-type]
    if winner is not None and after.score.higher() is not None:
        raise UserError(f"winner: only a tied game needs one ({after.score.a} to {after.score.b})")
    check_decided(rules, after)
    at = clock.now()
    with db.session() as session:
        round_record(session, event_id, round_number)
        stored = _stored_game(session, event_id, round_number, table)
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
        amendment = Amendment(director, at, reason.strip(), before, after, signed)
        record_amendment(session, stored.id, amendment)
        check_playoffs_stand(session, event_id, "score")  # bid whist: the bracket seated stands
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
                **({"signed": "drawn"} if signed else {}),
            },
        )
    return SheetAmended(event_id, round_number, table, before, after)


@dataclass(frozen=True)
class TableSheet:
    """One table's sheet as it stands: the game (amendments applied) and whether it is in."""

    round_number: int
    game: Game
    submitted: bool

    @property
    def state(self) -> str:
        """``waiting`` (not in yet), ``submitted``, or ``amended`` (a director corrected it)."""
        if not self.submitted:
            return "waiting"
        return "amended" if self.game.amendments else "submitted"


def table_sheet(db: Database, event_id: str, round_number: int, table: int) -> TableSheet:
    """Round ``round_number``'s table ``table``: its sheet with everything on it."""
    with db.session() as session:
        round_record(session, event_id, round_number)
        stored = _stored_game(session, event_id, round_number, table)
    return TableSheet(round_number, stored.game, stored.submitted)


def _stored_game(session: Session, event_id: str, round_number: int, table: int) -> StoredGame:
    games = load_games(session, event_id, round_number=round_number)
    found = next((g for g in games if g.game.table == table), None)
    if found is None:
        tables = ", ".join(str(g.game.table) for g in sorted(games, key=lambda g: g.game.table))
        raise UserError(f"table: round {round_number} has no table {table} (its tables: {tables})")
    return found


def sheets_in(db: Database, event_id: str, round_number: int) -> tuple[int, int]:
    """(sheets submitted, sheets in all) for a published round."""
    with db.session() as session:
        return store.sheets_in(session, round_record(session, event_id, round_number).id)


def _checked_signers(
    session: Session,
    event_id: str,
    sides: dict[str, list[int]],
    names: dict[str, str],
    where: str,
) -> dict[str, str]:
    """The signers' names as registered; UserError unless both sit at the table, apart."""
    seated: dict[str, tuple[str, str]] = {}  # a name as compared -> (side, name as registered)
    numbers = {number: side for side, members in sides.items() for number in members}
    for entrant in list_entrants(session, event_id):
        side = numbers.get(entrant.number)
        for player in entrant.players if side is not None else ():
            seated[_compared(player)] = (side, player)
    found: dict[str, str] = {}
    side_of: dict[str, str] = {}
    for role, name in names.items():
        if _compared(name) not in seated:
            at_table = ", ".join(registered for _, registered in seated.values())
            raise UserError(
                f"signatures.{role}: {name} does not play at {where} (seated there: {at_table})"
            )
        side_of[role], found[role] = seated[_compared(name)]
    if side_of["scorekeeper"] == side_of["countersign"]:
        both = " and ".join(found[role] for role in REQUIRED_SIGNATURES)
        raise UserError(
            f"signatures.countersign: {both} sit on the same side at {where}; "
            "the sheet is countersigned by an opponent"
        )
    return found


def _signature_input(value: str | SignatureInput) -> SignatureInput:
    return value if isinstance(value, SignatureInput) else SignatureInput(value)


def _checked_strokes(given: SignatureInput, field: str) -> Strokes:
    """The strokes as drawn, checked against the limits on a signature."""
    wrong = strokes_problem(given.strokes)
    if wrong:
        raise UserError(f"{field}{wrong}", field=field)
    return as_strokes(given.strokes)


def _compared(name: str) -> str:
    return " ".join(name.split()).casefold()


def _checked_line(line: SheetLine, index: int) -> SheetLine:
    if line.side not in ("a", "b"):
        raise UserError(f'adjustments[{index}].side: must be "a" or "b", not {line.side!r}')
    if isinstance(line.points, bool) or not isinstance(line.points, int):
        raise UserError(f"adjustments[{index}].points: must be a whole number")
    beyond = points_problem(line.points)
    if beyond:
        raise UserError(f"adjustments[{index}].points: {beyond}")
    if not line.reason.strip():
        raise UserError(f"adjustments[{index}].reason: say why the points are given")
    wrong = line_problem(line.reason)
    if wrong:
        raise UserError(f"adjustments[{index}].reason{wrong}")
    return line


def _checked_score(score: Any, rules: Rules) -> tuple[int, int]:
    if (
        not isinstance(score, tuple | list)
        or len(score) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in score)
    ):
        raise UserError(f"score: the final score is two whole numbers, not {score!r}")
    for side, points in zip("ab", score, strict=True):
        beyond = points_problem(points) or rules.negative_score_problem(points)
        if beyond:
            raise UserError(f"score.{side}: {beyond}", field="score")
    return int(score[0]), int(score[1])
