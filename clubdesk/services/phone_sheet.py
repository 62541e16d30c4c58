"""A table's score sheet on a phone (docs/cli.md, "The tables' pages"): the same sheet as the
window's, from the same description (``domain/games/columns.py``) and the same checks.

The phone's page asks for its sheet as a whole (``phone_sheet``): the hand columns of the
format, the players at the table, the hands typed so far and how many the opponents
confirmed, each hand's points and the running totals (``domain.event.sheet.sheet_so_far``),
gin's Hollywood columns and boxes (``domain.games.gin.hollywood``, as the window's sheet), the
game's end and its winner (``domain.event.sheet_words.end_text``), and what keeps the sheet
from going in (``domain.event.finished.held_back``).
A hand being typed is read as the window reads a row (``check_hand``: the fields it asks
for, ``domain.games.asked``, and its refusal at its field). A hand entered is kept at once as
the table's draft, source "phone" (``keep_hand``), and waits for the opponents' scorekeeper
to confirm it on the same phone (``keep_confirmation``) before the next one; another phone with
the same link carries on from the draft. Every hand shown carries its version (``versions``:
a digest of its number and its fields), and a confirmation names the version the opponents
saw: a hand another phone typed over since is refused, never confirmed unseen. The signed
sheet goes in through ``services.sheet_json.submit_json``, as ``clubdesk submit``'s.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from clubdesk.domain.event.finished import clock_calls_time, held_back
from clubdesk.domain.event.sheet import sheet_so_far
from clubdesk.domain.event.sheet_words import end_text, problem_text
from clubdesk.domain.games import another_hand_follows
from clubdesk.domain.games.columns import TOOK_CHOICES, Column, blank_half
from clubdesk.domain.games.gin import hollywood
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.games.sheets import asked, columns_for, fixed_pair, typed_hand
from clubdesk.domain.limits import POINTS_MAX, SIGNATURE_INK_MIN, hands_problem
from clubdesk.domain.rules import Rules
from clubdesk.domain.sides import seat_place
from clubdesk.errors import UserError
from clubdesk.services import drafts, sheets
from clubdesk.services.board import adjustment_text
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, act
from clubdesk.services.common import event_and_rules
from clubdesk.services.playoffs import round_title_in
from clubdesk.store.db import Database
from clubdesk.store.drafts import Draft
from clubdesk.store.entrants import players_of

__all__ = [
    "check_hand",
    "hand_version",
    "keep_confirmation",
    "keep_hand",
    "phone_sheet",
]


def phone_sheet(db: Database, event_id: str, round_number: int, table: int) -> dict[str, Any]:
    """Everything the phone's page shows of round ``round_number``'s table ``table``, read
    in one transaction that never waits for a write."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        found = sheets.table_sheet_in(session, event_id, round_number, table)
        game = found.game
        # the table's players only, not the field's money
        players = players_of(session, event_id, [*game.a, *game.b])
        draft = drafts.table_draft_in(session, event_id, round_number, table)
        title = round_title_in(session, event_id, round_number)
    signers = {s: [p for n in game.side(s) for p in players.get(n, ())] for s in "ab"}
    at_table = {
        s.upper(): [[n, " / ".join(players.get(n, ()))] for n in game.side(s)] for s in "ab"
    }
    pair = fixed_pair(rules)
    hands = list(draft.hands) if draft is not None and not found.submitted else []
    confirmed = _confirmed(draft, hands)
    sheet: dict[str, Any] = {
        "event": event.name,
        "title": f"{title} · Table {table}",
        "round": round_number,
        "table": table,
        "game": rules.game,
        "state": found.state,
        "sides": {s.upper(): " & ".join(signers[s]) for s in "ab"},
        "players": at_table,
        "signers": signers,
        "keeper": list(seat_place(rules.sheets.scorekeeper_seat)),
        "columns": [_column_json(c) for c in columns_for(rules)],
        "took": [[text, value] for text, value in TOOK_CHOICES],
        "pair": None if pair is None else {"key": pair[0], "total": pair[1]},
        "hand_word": rules.game_end.hand_word,
        "ink_min": SIGNATURE_INK_MIN,  # a signature's least ink, in widths of its pad
        "hands": hands,
        "versions": [hand_version(n, hand) for n, hand in enumerate(hands, start=1)],
        "confirmed": confirmed,
    }
    if found.submitted:
        score = game.score
        sheet["score"] = None if score is None else {"a": score.a, "b": score.b}
        return sheet
    return sheet | _worked_out(rules, round_number, hands, game.adjustments)


def hand_version(number: int, hand: Mapping[str, Any]) -> str:
    """The version of hand ``number`` as kept: the same for the same fields, another once a
    phone types it over with anything else (16 hexadecimal characters)."""
    text = json.dumps([number, hand], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _confirmed(draft: Draft | None, hands: list[dict[str, Any]]) -> int:
    if draft is None:
        return 0
    if draft.confirmed is None:  # typed in the window: nobody confirms there
        return len(hands)
    return min(draft.confirmed, len(hands))


def _column_json(column: Column) -> dict[str, Any]:
    return {
        "key": column.key,
        "heading": column.heading,
        "kind": column.kind,
        "default": column.default,
        "choices": list(column.choices),
        "side_from": column.side_from,
    }


def _worked_out(
    rules: Rules, round_number: int, hands: list[dict[str, Any]], lines: Any
) -> dict[str, Any]:
    """The sheet worked out as the window does: each hand's points and running totals, the
    lines, the score, the game's end and what holds the sheet back."""
    so_far = sheet_so_far(rules, round_number, hands, lines)
    played = so_far.played
    rows = []
    if played is not None:
        for gain, total in zip(played.hands, played.totals, strict=False):
            rows.append({"A": gain.A, "B": gain.B, "outcome": gain.outcome, "total": total})
    error = None
    if so_far.error is not None:
        columns = columns_for(rules)
        error = {
            "hand": so_far.error.hand_number,
            "field": _field_key(so_far.error, columns),
            "text": problem_text(so_far.error, columns, rules.game_end.hand_word),
        }
    held = None
    if so_far.error is None:
        found = held_back(rules, round_number, hands=hands, adjustments=lines)
        held = None if found is None else found.reason
    more = so_far.error is None and (played is None or another_hand_follows(played, rules))
    return {
        "rows": rows,
        "error": error,
        "lines": [{"text": adjustment_text(x.line), "totals": x.totals} for x in so_far.lines],
        "lines_first": so_far.lines_first,
        "score": {"a": so_far.score.a, "b": so_far.score.b},
        "over": so_far.over_by_hands,
        "game_text": end_text(so_far, rules) if so_far.error is None else "",
        "hollywood": hollywood(played),
        "held": held,
        "level": so_far.level,
        "more": more and not _too_many(len(hands) + 1),
        "time_called_asked": clock_calls_time(rules) and not so_far.over_by_hands,
    }


def _too_many(count: int) -> bool:
    return hands_problem(count) is not None


def _field_key(error: HandError, columns: tuple[Column, ...]) -> str | None:
    keys = {column.key for column in columns}
    for key in (error.field, f"{error.field}.A"):
        if key in keys:
            return key
    return None


# --- a hand as typed ------------------------------------------------------------------------


def raw_hand(given: Any, rules: Rules, players: Mapping[str, list[int]]) -> dict[str, Any]:
    """A hand as typed on the phone (each field, None where blank), checked field by field
    for its kind; UserError naming the field (``hand.meld.A``) for anything else."""
    if not isinstance(given, Mapping):
        raise UserError("hand: must be an object of the hand's fields", field="hand")
    columns = columns_for(rules)
    roots = {c.key.split(".")[0] for c in columns}
    unknown = [key for key in given if key not in roots]
    if unknown:
        shown = str(unknown[0])[:40]
        raise UserError(f"hand.{shown}: not a field of a {rules.title} hand", field="hand")
    raw: dict[str, Any] = {}
    for column in columns:
        outer, _, inner = column.key.partition(".")
        value = given.get(outer)
        if inner:
            value = value.get(inner) if isinstance(value, Mapping) else None
        checked = _field_value(column, value, rules, players)
        if inner:
            raw.setdefault(outer, {})[inner] = checked
        else:
            raw[outer] = checked
    return raw


def _field_value(column: Column, value: Any, rules: Rules, players: Mapping[str, list[int]]) -> Any:
    field = f"hand.{column.key}"
    if column.kind == "flag":
        if value is None:
            return column.default
        if not isinstance(value, bool):
            raise UserError(f"{field}: must be true or false", field=field)
        return value
    if value is None:
        return None
    if column.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > POINTS_MAX:
            raise UserError(f"{field}: must be a whole number", field=field)
        return value
    if column.kind in ("side", "side?"):
        if value not in ("A", "B"):
            raise UserError(f'{field}: must be "A" or "B"', field=field)
        return value
    if column.kind == "choice":
        if value not in column.choices:
            raise UserError(f"{field}: must be one of {', '.join(column.choices)}", field=field)
        return value
    if column.kind == "player":
        seated = [n for side in ("A", "B") for n in players.get(side, [])]
        if isinstance(value, bool) or value not in seated:
            raise UserError(f"{field}: must be a player at the table", field=field)
        return value
    if column.kind == "took":
        if value not in [v for _, v in TOOK_CHOICES]:
            raise UserError(f"{field}: must say which sides took a trick", field=field)
        return dict(value)
    return None


def _table(
    db: Database, event_id: str, round_number: int, table: int
) -> tuple[Rules, dict[str, list[int]], Any, Draft | None]:
    """The event's rules, the entrant numbers at the table by side ("A", "B"), the sheet's
    adjustment lines and its draft, in one transaction that never waits for a write."""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        return (rules, *_table_in(session, event_id, round_number, table))


def _table_in(
    session: Session, event_id: str, round_number: int, table: int
) -> tuple[dict[str, list[int]], Any, Draft | None]:
    """``_table`` but the rules, inside the caller's transaction."""
    game = sheets.table_sheet_in(session, event_id, round_number, table).game
    draft = drafts.table_draft_in(session, event_id, round_number, table)
    return {s.upper(): list(game.side(s)) for s in "ab"}, game.adjustments, draft


def check_hand(
    db: Database, event_id: str, round_number: int, table: int, number: Any, given: Any
) -> dict[str, Any]:
    """Hand ``number`` as typed so far, after the draft's hands before it: the fields it
    has no use for (``skipped``), those a blank means 0 in (``zero``), its refusal at its
    field (``error``: None when it is right) and its points (``gain``) with the running
    totals after it (``total``) once it is right."""
    rules, numbers, lines, draft = _table(db, event_id, round_number, table)
    raw = raw_hand(given, rules, numbers)
    before = _hands_before(draft, number)
    found = asked(raw, rules)
    answer: dict[str, Any] = {
        "skipped": sorted(found.skipped),
        "zero": sorted(found.zero),
        "error": None,
        "gain": None,
        "total": None,
    }
    problem = _hand_problem(rules, round_number, before, raw, lines)
    if problem is not None:
        answer["error"] = problem
        return answer
    played = sheet_so_far(rules, round_number, [*before, typed_hand(raw, rules)], lines).played
    if played is not None:
        gain = played.hands[-1]
        answer["gain"] = {"A": gain.A, "B": gain.B, "outcome": gain.outcome}
        answer["total"] = played.totals[-1]
    return answer


def _hands_before(draft: Draft | None, number: Any) -> list[dict[str, Any]]:
    """The draft's hands before hand ``number``, which must be the one after the last
    confirmed (the hand waiting for its confirmation, or a new one)."""
    hands = list(draft.hands) if draft is not None else []
    confirmed = _confirmed(draft, hands)
    if isinstance(number, bool) or not isinstance(number, int) or number != confirmed + 1:
        raise UserError(
            f"number: the hand to type is hand {confirmed + 1} "
            f"({confirmed} confirmed so far), not {str(number)[:20]}",
            field="number",
        )
    return hands[:confirmed]


def _hand_problem(
    rules: Rules, round_number: int, before: list[dict[str, Any]], raw: dict[str, Any], lines: Any
) -> dict[str, Any] | None:
    """What is wrong with the hand ``raw`` as typed after ``before`` (with the sheet's
    adjustment ``lines``), as the window marks it: its field and the reason in words; None
    when it is right."""
    columns = columns_for(rules)
    number = len(before) + 1
    if before:
        so_far = sheet_so_far(rules, round_number, before, lines)
        if so_far.played is not None and not another_hand_follows(so_far.played, rules):
            return {"field": None, "text": "The game is over: no hand follows."}
    if _too_many(number):
        return {"field": None, "text": f"At most {len(before)} hands on one sheet."}
    error = blank_half(raw, columns, asked(raw, rules).skipped, number)
    if error is None:
        error = sheet_so_far(rules, round_number, [*before, typed_hand(raw, rules)], lines).error
    if error is None:
        return None
    word = rules.game_end.hand_word
    return {"field": _field_key(error, columns), "text": problem_text(error, columns, word)}


@act(None, Change.SHEETS)
def keep_hand(do: Command, round_number: int, table: int, number: Any, given: Any) -> None:
    """Keep hand ``number`` as typed on the phone in the table's draft, waiting for the
    opponents to confirm it (a hand waiting is typed over); UserError at its field when it
    is wrong. The sheet is read after, apart (the server reads it beside the writes)."""
    rules = do.rules
    numbers, lines, draft = _table_in(do.session, do.event.id, round_number, table)
    raw = raw_hand(given, rules, numbers)
    before = _hands_before(draft, number)
    problem = _hand_problem(rules, round_number, before, raw, lines)
    if problem is not None:
        field = f"hand.{problem['field']}" if problem["field"] else "hand"
        raise UserError(f"{field}: {problem['text']}", field=field)
    hands = [*before, typed_hand(raw, rules)]
    do.run(drafts.save_draft, round_number, table, hands, source="phone", confirmed=len(before))


@act(None, Change.SHEETS)
def keep_confirmation(
    do: Command, round_number: int, table: int, number: Any, version: Any
) -> None:
    """The opponents' scorekeeper confirms hand ``number`` (the one waiting) as the phone
    showed it to them (its ``version``); the sheet is read after, apart."""
    draft = drafts.table_draft_in(do.session, do.event.id, round_number, table)
    hands = list(draft.hands) if draft is not None else []
    confirmed = _confirmed(draft, hands)
    if confirmed >= len(hands) or number != confirmed + 1 or isinstance(number, bool):
        waiting = f"hand {confirmed + 1} waits" if confirmed < len(hands) else "no hand waits"
        raise UserError(f"number: {waiting} for the opponents' confirmation", field="number")
    if version != hand_version(number, hands[number - 1]):
        raise UserError(f"version: another phone changed hand {number}; look again",
                        field="version")  # fmt: skip
    do.run(drafts.save_draft, round_number, table, hands, source="phone", confirmed=number)
