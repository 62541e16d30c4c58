"""Score sheets: one table's game in one round, submitted signed and then final.

A sheet is submitted with its hands (or, typed in from paper, its final
score only), any adjustment lines (they only add points), the scorekeeper's
signature and one opponent's countersignature (each a name, with the strokes
when signed on the pad; a paper sheet received carries the names only). Both
signers are players seated at that table, on opposite sides; a name is matched
whatever its case and spacing and is stored as registered. Submission stores
the score the rules compute (``domain.event.sheet.sheet_result``) and locks
the sheet: the database refuses any later change to it. A correction is a director's amendment
(``amend_sheet``), recorded beside the sheet; every result read from then on
applies it.

A sheet of hands is handed in once its game is over (``domain.event.finished``):
where the round clock ends games (the Grand Prix) time called ends it too, the
clock's end of the round (``time_called_by_clock``) or the director's word on the
sheet (``time_called``). A level game where the round needs a winner (bid whist;
winners stay, winners down) is handed in with it (``domain.event.sheet.check_decided``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from clubdesk.domain.event.cross_check import cross_check_problem, disagreements
from clubdesk.domain.event.finished import NotOverError, clock_calls_time, not_over
from clubdesk.domain.event.model import Adjustment as DomainAdjustment
from clubdesk.domain.event.model import Amendment, Game, Score, SheetResult
from clubdesk.domain.event.sheet import (
    UndecidedError,
    WinnerError,
    check_decided,
    played_hands,
    sheet_result,
)
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.limits import (
    adjustments_problem,
    hands_problem,
    line_problem,
    name_problem,
)
from clubdesk.domain.money.fines import check_players
from clubdesk.domain.roundclock.actions import check_given
from clubdesk.errors import UserError
from clubdesk.services import roundclock as clock_service
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act, always
from clubdesk.services.playoffs import check_playoffs_stand
from clubdesk.services.rounds import round_record, seat_following_in
from clubdesk.services.sheet_input import (
    REQUIRED_SIGNATURES,
    SheetLine,
    SignatureInput,
    checked_line,
    checked_score,
    checked_signers,
    checked_strokes,
    signature_input,
)
from clubdesk.store import roundclock as clock_store
from clubdesk.store import sheets as store
from clubdesk.store.db import Database
from clubdesk.store.games import sides_of_games
from clubdesk.store.sheets import StoredGame, load_games, record_amendment, result_json
from clubdesk.timesource import TimeSource


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


@act("sheet.submit", Change.SHEETS | Change.SEATING)
def submit_sheet(
    do: Command,
    round_number: int,
    table: int,
    *,
    hands: Sequence[dict[str, Any]] = (),
    final_score: tuple[int, int] | None = None,
    adjustments: Sequence[SheetLine] = (),
    winner: str | None = None,
    time_called: bool = False,
    signatures: Mapping[str, str | SignatureInput],
    second_hands: Sequence[dict[str, Any]] | None = None,
    accepted: str | None = None,
    reason: str = "",
) -> SheetSubmitted:
    """Submit a table's sheet: hand by hand, or the final score from a paper sheet.

    ``second_hands``: the other side's scorekeeper's sheet of the same hands, typed too
    (an event that compares both sheets: ``rules.sheets.cross_check``): the sheet goes in
    only when the two agree, or with the one ``accepted`` ("first", "second") and the
    ``reason`` why, logged as an audit row of its own (``domain.event.cross_check``).

    A sheet of hands is refused until its game is over; ``time_called``: the director
    says time was called on it (where the round clock ends games; the clock's own end
    of the round counts without it). ``winner`` ("a"/"b") records who won a tied game
    (by an extra hand, a cut of the cards, as the director rules); where the hands
    themselves break the tie (bid whist's fifth hand), the hands decide. Where the
    round needs a winner (``sheet.why_winner``), a level game without either is
    refused. ``signatures`` maps the roles
    scorekeeper and countersign to players seated at the table, on opposite
    sides: a name, or a ``SignatureInput`` with the strokes drawn on the pad.
    A refused sheet leaves nothing behind. The last sheet of a round closed with it
    missing publishes the round seated from that round's results (a progressive movement).
    """
    submitted = _submitted(
        do, round_number, table, hands=hands, final_score=final_score,
        adjustments=adjustments, winner=winner, time_called=time_called,
        signatures=signatures, second_hands=second_hands, accepted=accepted, reason=reason,
    )  # fmt: skip
    if submitted.next_seated is None:
        do.changes &= Change.SHEETS
    return submitted


def _submitted(
    do: Command,
    round_number: int,
    table: int,
    *,
    hands: Sequence[dict[str, Any]],
    final_score: tuple[int, int] | None,
    adjustments: Sequence[SheetLine],
    winner: str | None,
    time_called: bool,
    signatures: Mapping[str, str | SignatureInput],
    second_hands: Sequence[dict[str, Any]] | None,
    accepted: str | None,
    reason: str,
) -> SheetSubmitted:
    """``submit_sheet``'s act: every check, then the sheet written."""
    rules, session, event_id, at = do.rules, do.session, do.event.id, do.at
    check_given(at, do.event.date, at, "signatures")  # as an import of the event file will
    if bool(hands) == (final_score is not None):
        raise UserError("sheet: give either the hands or the final score from the paper sheet")
    checked = _cross_checked(hands, second_hands, accepted, reason)
    if checked is not None and checked["accepted"] == "second":
        hands = list(second_hands or ())
    for field, too_many in (
        ("hands", hands_problem(len(hands))),
        ("adjustments", adjustments_problem(len(adjustments))),
    ):
        if too_many:
            raise UserError(f"{field}{too_many}")
    given = {role: signature_input(signatures.get(role, "")) for role in REQUIRED_SIGNATURES}
    names = {role: " ".join(str(found.name).split()) for role, found in given.items()}
    for role, name in names.items():
        if not name:
            raise UserError(f"signatures.{role}: the sheet needs the {role}'s signature")
        wrong = name_problem(name)
        if wrong:
            raise UserError(f"signatures.{role}{wrong}")
    drawn = {role: checked_strokes(f, f"signatures.{role}.strokes") for role, f in given.items()}
    lines = [checked_line(line, n) for n, line in enumerate(adjustments)]
    typed = None if hands else Score(*checked_score(final_score, rules))
    if winner not in (None, "a", "b"):
        raise UserError(f'winner: must be "a" or "b", not {winner!r}')
    if not isinstance(time_called, bool):
        raise UserError(f"time_called: must be true or false, not {time_called!r}")
    if time_called and not clock_calls_time(rules):
        raise UserError(
            f"time_called: {rules.title} has no round clock that ends a game "
            "(its games end by their hands)",
            field="time_called",
        )
    by_clock = bool(hands) and clock_calls_time(rules) and (
        _clock_called_time(session, event_id, round_number, do.desk.clock)
    )  # fmt: skip
    stopped = False  # the hands stop before the game's end: time was called
    sheet = store.open_sheet(session, event_id, round_number, table)
    sides = sides_of_games(session, [sheet.game_id])[sheet.game_id]
    where = f"round {round_number}, table {table}"
    names = checked_signers(session, event_id, sides, names, where)
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
    if hands:
        try:  # a player named on a hand (e.g. who bid, for a fine) sits on that side
            check_players(hands, sides, rules)
        except HandError as exc:
            raise UserError(f"round {round_number}, table {table}: {exc}") from None
        # the hands scored once for both questions: do they end the game by themselves,
        # and is it over (``domain.event.finished``, as ``check_over`` asks it)
        played = played_hands(rules, round_number, hands, [*sheet.lines, *new_lines])
        called = time_called or by_clock
        stopped = called and not_over(rules, round_number, played) is not None
        missing = not_over(rules, round_number, played, time_called=stopped)
        if missing is not None:
            raise UserError(
                f"round {round_number}, table {table}: {NotOverError(missing)}", field="hands"
            )
    try:
        check_decided(rules, result, round_number)
    except UndecidedError as exc:
        raise UserError(f"round {round_number}, table {table}: {exc}", field="winner") from None
    store.submit(session, sheet, hands=hands, lines=new_lines, signatures=names,
                 strokes=drawn, result=result, at=at, time_called=stopped)  # fmt: skip
    score_a, score_b = result.score.a, result.score.b
    do.log(
        {
            "round": round_number,
            "table": table,
            "score": [score_a, score_b],
            "hands": len(hands),
            "signatures": names,
            **({"drawn": [r for r in names if drawn[r]]} if any(drawn.values()) else {}),
            **({"time_called": "director" if time_called else "clock"} if stopped else {}),
        },
    )
    if checked and checked["hands"]:  # the director accepted one of two sheets
        do.log({"round": round_number, "table": table, **checked}, action="sheet.cross_check")
    sheets_in, total = store.sheets_in(session, sheet.round_id)
    # only the last sheet of a round closed without it can let the next round be seated
    seated = seat_following_in(do, round_number) if sheet.round_status == "closed" else None
    following = seated.round if seated is not None else None
    return SheetSubmitted(
        event_id, round_number, table, score_a, score_b, sheets_in, total, next_seated=following
    )


def _cross_checked(
    hands: Sequence[dict[str, Any]],
    second: Sequence[dict[str, Any]] | None,
    accepted: str | None,
    reason: str,
) -> dict[str, Any] | None:
    """The other side's sheet checked against ``hands`` (None: none given): the hands they
    disagree on, the one accepted and why; UserError while they may not go in."""
    if second is None or not hands:
        return None
    problem = cross_check_problem(hands, second, accepted, reason)
    if problem is not None:
        raise problem
    wrong = line_problem(reason)
    if wrong:
        raise UserError(f"reason{wrong}", field="reason")
    differ = [d.number for d in disagreements(hands, second)]
    if not differ:
        return {"hands": [], "accepted": "first"}
    return {"hands": differ, "accepted": accepted, "reason": " ".join(reason.split())}


def time_called_by_clock(db: Database, event_id: str, round_number: int, clock: TimeSource) -> bool:
    """Has round ``round_number``'s clock called time: it has ended, or its time is up?
    (False where the round has no clock, or it has not started.)"""
    with db.reading() as session:
        return _clock_called_time(session, event_id, round_number, clock)


def _clock_called_time(
    session: Session, event_id: str, round_number: int, clock: TimeSource
) -> bool:
    """``time_called_by_clock`` inside the caller's transaction."""
    record = clock_store.clock_of(session, event_id, round_number)
    if record is None:
        return False
    if record.ended_at is not None:
        return True
    found = clock_service.status_in(session, event_id, clock)
    return found.round == round_number and found.phase == "time"


@dataclass(frozen=True)
class SheetAmended:
    """A director's amendment recorded: the table's result before and after it."""

    event_id: str
    round_number: int
    table: int
    before: SheetResult
    after: SheetResult
    changes: Change = changes_field()  # what the command that made it changed


@act("sheet.amend", Change.SHEETS, pin=always)
def amend_sheet(
    do: Command,
    round_number: int,
    table: int,
    *,
    score: tuple[int, int],
    winner: str | None = None,
    director: str,
    reason: str,
    strokes: Sequence[Sequence[Sequence[float]]] = (),
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
    signed = checked_strokes(SignatureInput(director, strokes), "strokes")
    rules, session, event_id = do.rules, do.session, do.event.id
    after = SheetResult(Score(*checked_score(score, rules)), winner)  # type: ignore[arg-type]
    if winner is not None and after.score.higher() is not None:
        raise UserError(f"winner: only a tied game needs one ({after.score.a} to {after.score.b})")
    try:
        check_decided(rules, after, round_number)
    except UndecidedError as exc:
        raise UserError(str(exc), field="winner") from None
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
    amendment = Amendment(director, do.at, reason.strip(), before, after, signed)
    record_amendment(session, stored.id, amendment)
    check_playoffs_stand(session, event_id, "score")  # bid whist: the bracket seated stands
    do.log(
        {
            "round": round_number,
            "table": table,
            "director": director,
            "reason": reason.strip(),
            "before": result_json(before),
            "after": result_json(after),
            **({"signed": "drawn"} if signed else {}),
        }
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
    with db.reading() as session:
        return table_sheet_in(session, event_id, round_number, table)


def table_sheet_in(session: Session, event_id: str, round_number: int, table: int) -> TableSheet:
    """``table_sheet`` inside the caller's transaction."""
    round_record(session, event_id, round_number)
    stored = _stored_game(session, event_id, round_number, table)
    return TableSheet(round_number, stored.game, stored.submitted)


def _stored_game(session: Session, event_id: str, round_number: int, table: int) -> StoredGame:
    games = load_games(session, event_id, round_number=round_number, table=table)
    found = games[0] if games else None
    if found is None:
        games = load_games(session, event_id, round_number=round_number, details=False)
        tables = ", ".join(str(g.game.table) for g in sorted(games, key=lambda g: g.game.table))
        raise UserError(f"table: round {round_number} has no table {table} (its tables: {tables})")
    return found


def sheets_in(db: Database, event_id: str, round_number: int) -> tuple[int, int]:
    """(sheets submitted, sheets in all) for a published round."""
    with db.reading() as session:
        return store.sheets_in(session, round_record(session, event_id, round_number).id)
