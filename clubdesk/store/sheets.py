"""Score sheets in the database: games read back as domain values, and amendments.

The one reader of games from the database: ``load_games`` gives each game
of an event (or of one round) as a frozen domain ``Game`` with the
director's amendments applied in the order they were made and carried on
it (``Game.amendments``), so that everyone who reads a result (standings,
the next round's seating, the event file) reads the same one.

How a sheet is stored: the ``game`` row keeps the result as submitted
(``score_a``/``score_b`` with adjustment lines included, ``winner`` for a
tie, an award, ``time_called`` for hands that stop when time was called);
``hand``, ``adjustment`` and ``signature`` rows what the sheet says. A
submitted sheet never changes: a correction is an ``amendment`` row. A
signature drawn on the pad keeps its ``strokes`` (compact JSON; an amendment
the director's). ``record_amendment`` writes one as ``what = "result"``
with the result before and after as JSON (``{"score": {"a": .., "b": ..},
"winner": "a"|"b"|null}``). Rows of the older kind, one column each
(``score_a``, ``score_b``, ``winner`` with the value that stands; ``award_kind``,
``award_against``), are read too: a score or winner row becomes an amendment
of the result; an award row changes the award it names. Rows of any other
kind, or with a value that cannot be one, are kept but not applied.

Every function works inside the caller's session and never commits.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlmodel import Session

from clubdesk.domain.event.model import Adjustment, Amendment, Award, Game, Score, SheetResult
from clubdesk.domain.event.model import Signature as DomainSignature
from clubdesk.domain.limits import Strokes, as_strokes
from clubdesk.domain.sides import SIDES
from clubdesk.errors import UserError
from clubdesk.store.columns import json_text, read_json, read_time, time_text
from clubdesk.store.db import plain_cursor, plain_rows
from clubdesk.store.drafts import drop_draft
from clubdesk.store.models import Amendment as AmendmentRow

RESULT = "result"  # an amendment row of the whole result, before and after
_AWARD_CHOICES = {"award_kind": ("dq", "removed"), "award_against": SIDES}


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its row ids, the sheet as a domain value, whether it is submitted."""

    id: int
    round_id: int
    game: Game
    submitted: bool


_IN_ROUNDS = "SELECT id FROM round WHERE event_id = ?"
_IN_ROUND = "SELECT id FROM round WHERE event_id = ? AND number = ?"


def load_games(
    session: Session,
    event_id: str,
    numbers: Mapping[int, int] | None = None,
    *,
    round_number: int | None = None,
    table: int | None = None,
    details: bool = True,
    drawn: bool = True,
) -> list[StoredGame]:
    """The event's games (or round ``round_number``'s, or only its table ``table``), by
    round, in the order written.

    ``numbers`` maps entrant row ids to entrant numbers (read here when not
    given). ``details`` False
    leaves out what a sheet says beyond its result (hands, adjustments,
    signatures): the stored results are enough for standings. ``drawn`` False leaves out
    the hands and the signatures but keeps the adjustment lines (the board's reading:
    a round's signatures are most of what its sheets hold).
    """
    if numbers is None:
        numbers = dict(
            plain_rows(session, "SELECT id, number FROM entrant WHERE event_id = ?", (event_id,))
        )
    rounds = _IN_ROUNDS if round_number is None else _IN_ROUND
    params: tuple[Any, ...] = (event_id,) if round_number is None else (event_id, round_number)
    where = f"round_id IN ({rounds})"
    if table is not None and round_number is not None:
        where, params = f"{where} AND table_number = ?", (*params, table)
    in_games = f"SELECT id FROM game WHERE {where}"
    rows = plain_rows(
        session,
        "SELECT id, round_id, table_number, score_a, score_b, award_kind, award_against, "
        f"winner, submitted_at, time_called FROM game WHERE {where} "
        "ORDER BY round_id, id",
        params,
    )
    sides: dict[str, dict[int, list[int]]] = {"a": defaultdict(list), "b": defaultdict(list)}
    for game_id, side, entrant_id in plain_rows(
        session,
        f"SELECT game_id, side, entrant_id FROM game_seat WHERE game_id IN ({in_games}) "
        "ORDER BY game_id, seat",
        params,
    ):
        sides[side][game_id].append(numbers[entrant_id])
    sheets = _Details(session, in_games, params, drawn) if details else None
    amendments = _amendment_rows(session, in_games, params)
    found = []
    for game_id, round_id, table, score_a, score_b, kind, against, winner, submitted, time in rows:
        score = None if score_a is None or score_b is None else Score(score_a, score_b)
        award = Award(kind, against) if kind in ("dq", "removed") and against in SIDES else None
        game = Game(
            table=table,
            a=tuple(sides["a"][game_id]),
            b=tuple(sides["b"][game_id]),
            score=score,
            award=award,
            winner=winner if winner in SIDES else None,
            time_called=bool(time),
        )
        if sheets is not None:
            game = sheets.fill(game_id, game)
        game = _amended(game, amendments.get(game_id, ()))
        found.append(StoredGame(game_id, round_id, game, submitted is not None))
    return found


class _Details:
    """What the sheets say beyond their results: hands, adjustments, signatures, by game id."""

    def __init__(
        self, session: Session, in_games: str, params: tuple[Any, ...], drawn: bool = True
    ) -> None:
        self.hands: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.adjustments: dict[int, list[Adjustment]] = defaultdict(list)
        self.signatures: dict[int, list[DomainSignature]] = defaultdict(list)
        for game_id, side, points, reason in plain_rows(
            session,
            "SELECT game_id, side, points, reason FROM adjustment "
            f"WHERE game_id IN ({in_games}) ORDER BY id",
            params,
        ):
            self.adjustments[game_id].append(Adjustment(side, points, reason))
        if not drawn:
            return
        for game_id, data in plain_rows(
            session,
            f"SELECT game_id, data FROM hand WHERE game_id IN ({in_games}) "
            "ORDER BY game_id, number",
            params,
        ):
            self.hands[game_id].append(read_json(data))
        for game_id, role, name, at, strokes in plain_rows(
            session,
            "SELECT game_id, role, name, at, strokes FROM signature "
            f"WHERE game_id IN ({in_games}) ORDER BY id",
            params,
        ):
            signature = DomainSignature(role, name, read_time(at), strokes_of(strokes))
            self.signatures[game_id].append(signature)

    def fill(self, game_id: int, game: Game) -> Game:
        return replace(
            game,
            hands=tuple(self.hands.get(game_id, ())),
            adjustments=tuple(self.adjustments.get(game_id, ())),
            signatures=tuple(self.signatures.get(game_id, ())),
        )


@dataclass(frozen=True)
class _AmendmentRow:
    what: str
    old: Any
    new: Any
    who: str
    why: str
    at: dt.datetime
    strokes: Strokes = ()


def _amendment_rows(
    session: Session, in_games: str, params: tuple[Any, ...]
) -> dict[int, list[_AmendmentRow]]:
    found: dict[int, list[_AmendmentRow]] = defaultdict(list)
    for game_id, what, old, new, who, why, at, drawn in plain_rows(
        session,
        "SELECT game_id, what, old_value, new_value, who, why, at, strokes FROM amendment "
        f"WHERE game_id IN ({in_games}) ORDER BY id",
        params,
    ):
        found[game_id].append(
            _AmendmentRow(
                what, read_json(old), read_json(new), who, why, read_time(at), strokes_of(drawn)
            )
        )
    return found


def _amended(game: Game, rows: Any) -> Game:
    """The game with its amendment rows applied in order (see the module's docstring)."""
    if not rows:
        return game  # as submitted
    amendments: list[Amendment] = []
    award = game.award
    result = None if game.score is None else SheetResult(game.score, game.winner)
    for row in rows:
        if row.what in _AWARD_CHOICES:
            if row.new in _AWARD_CHOICES[row.what]:
                kind = row.new if row.what == "award_kind" else (award.kind if award else None)
                against = row.new if row.what == "award_against" else None
                if against is None and award is not None:
                    against = award.against
                award = Award(kind, against) if kind and against else None
            continue
        if result is None:
            continue  # a game without a score: nothing to correct
        after = _after(row, result)
        if after is not None:
            amendments.append(Amendment(row.who, row.at, row.why, result, after, row.strokes))
            result = after
    if result is None:
        return replace(game, award=award)
    return replace(
        game,
        score=result.score,
        winner=result.winner,
        award=award,
        amendments=tuple(amendments),
    )


def _after(row: _AmendmentRow, result: SheetResult) -> SheetResult | None:
    """The result an amendment row leaves (None: the row cannot be applied)."""
    if row.what == RESULT:
        return _result_of(row.new)
    if row.what in ("score_a", "score_b"):
        if not _is_int(row.new):
            return None
        a, b = result.score.a, result.score.b
        score = Score(row.new, b) if row.what == "score_a" else Score(a, row.new)
        return SheetResult(score, result.winner if score.higher() is None else None)
    if row.what == "winner" and (row.new is None or row.new in SIDES):
        return SheetResult(result.score, row.new)
    return None


def _result_of(value: Any) -> SheetResult | None:
    if not isinstance(value, dict):
        return None
    score = value.get("score")
    winner = value.get("winner")
    if not isinstance(score, dict) or not all(_is_int(score.get(side)) for side in SIDES):
        return None
    if winner is not None and winner not in SIDES:
        return None
    return SheetResult(Score(score["a"], score["b"]), winner)


def result_json(result: SheetResult) -> dict[str, Any]:
    """A result as an amendment row keeps it."""
    return {"score": {"a": result.score.a, "b": result.score.b}, "winner": result.winner}


def record_amendment(session: Session, game_id: int, amendment: Amendment) -> int:
    """Add a director's amendment of a submitted sheet; returns its row id."""
    row = AmendmentRow(
        game_id=game_id,
        what=RESULT,
        old_value=result_json(amendment.before),
        new_value=result_json(amendment.after),
        who=amendment.director,
        why=amendment.reason,
        at=amendment.at,
        strokes=strokes_text(amendment.strokes),
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


# --- handing a sheet in ---------------------------------------------------------------------


@dataclass(frozen=True)
class OpenSheet:
    """A published table whose sheet is not in yet: its game, its round, the lines on it."""

    game_id: int
    round_id: int
    round_status: str
    lines: tuple[Adjustment, ...]  # adjustment lines already on the sheet (a director's ruling)


def open_sheet(session: Session, event_id: str, number: int, table: int) -> OpenSheet:
    """Round ``number``'s table ``table`` while its sheet can be handed in; else UserError."""
    found = plain_rows(
        session,
        "SELECT round.id, round.status, game.id, game.submitted_at FROM round "
        "LEFT JOIN game ON game.round_id = round.id AND game.table_number = ? "
        "WHERE round.event_id = ? AND round.number = ?",
        (table, event_id, number),
    )
    if not found:
        raise UserError(f"round: round {number}'s seating is not published yet")
    [(round_id, round_status, game_id, submitted_at)] = found
    if game_id is None:
        raise UserError(f"table: round {number} has no table {table}")
    if submitted_at is not None:
        raise UserError(
            f"round {number}, table {table}: the sheet is already submitted; "
            "a correction is a director's amendment"
        )
    lines = plain_rows(
        session,
        "SELECT side, points, reason FROM adjustment WHERE game_id = ? ORDER BY id",
        (game_id,),
    )
    return OpenSheet(game_id, round_id, round_status, tuple(Adjustment(*x) for x in lines))


def submit(
    session: Session,
    sheet: OpenSheet,
    *,
    hands: Sequence[Mapping[str, Any]],
    lines: Sequence[Adjustment],
    signatures: Mapping[str, str],
    strokes: Mapping[str, Strokes] | None = None,
    result: SheetResult,
    at: dt.datetime,
    time_called: bool = False,
) -> None:
    """Write a handed-in sheet (its hands, new lines, signatures and result) and lock it;
    its round is running from then on. ``strokes`` are the signatures as drawn, by role;
    ``time_called``: its hands stop before the game's end because time was called.

    The rows are written as ``models.py`` writes them (JSON as ``JsonText``, times as
    ``IsoDateTime``), in plain SQL on the session's connection: a sheet is many small rows,
    and SQLAlchemy's unit of work took longer than SQLite to write them."""
    db = plain_cursor(session)  # anything the session holds goes first
    game_id = sheet.game_id
    when = time_text(at)
    db.executemany(
        "INSERT INTO hand (game_id, number, data) VALUES (?, ?, ?)",
        [(game_id, n, json_text(dict(hand))) for n, hand in enumerate(hands, start=1)],
    )
    db.executemany(
        "INSERT INTO adjustment (game_id, side, points, reason) VALUES (?, ?, ?, ?)",
        [(game_id, line.side, line.points, line.reason) for line in lines],
    )
    drawn = strokes or {}
    db.executemany(
        "INSERT INTO signature (game_id, role, name, at, strokes) VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, role, name, when, strokes_text(drawn.get(role, ())))
            for role, name in signatures.items()
        ],
    )
    drop_draft(session, game_id)  # it is now the sheet
    db.execute(  # submitted_at with the result: the sheet is locked from here on
        "UPDATE game SET score_a = ?, score_b = ?, winner = ?, submitted_at = ?, "
        "time_called = ? WHERE id = ?",
        (result.score.a, result.score.b, result.winner, when, int(time_called), game_id),
    )
    if sheet.round_status == "pending":
        db.execute("UPDATE round SET status = 'running' WHERE id = ?", (sheet.round_id,))


def sheets_in(session: Session, round_id: int) -> tuple[int, int]:
    """(sheets submitted, sheets in all) of a published round."""
    [(submitted, total)] = plain_rows(
        session,
        "SELECT count(submitted_at), count(*) FROM game WHERE round_id = ?",
        (round_id,),
    )
    return submitted, total


def strokes_text(strokes: Strokes) -> str | None:
    """Strokes as a signature row keeps them: compact JSON, None when nothing was drawn."""
    if not strokes:
        return None
    return json.dumps([[[x, y] for x, y in stroke] for stroke in strokes], separators=(",", ":"))


def strokes_of(text: str | None) -> Strokes:
    """A row's strokes read back; strokes that are not a signature (written by other
    means than clubdesk) read as none drawn."""
    if text is None:
        return ()
    try:
        return as_strokes(json.loads(text))
    except ValueError:
        return ()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
