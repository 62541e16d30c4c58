"""Score sheets: read a table's sheet, submit a signed one, record a director's amendment.

``submit`` reads docs/event-file.md's signed sheet on stdin: ``hands`` (the score is
computed) or, for a paper sheet typed in, only ``"score": {"a": .., "b": ..}``;
``adjustments`` as in the event file; ``signatures`` as a list of ``{"role",
"name"}`` with the roles ``scorekeeper`` and ``countersign``, each with its
``strokes`` when drawn on a pad (a list of strokes, each a list of ``[x, y]``
points, fractions 0..1 of the pad); ``winner`` ("a"/"b") for a tied game;
``time_called`` (true) when time was called before the game's end, in a format
whose round clock ends games (the clock's own end of the round counts without it).
``amend`` reads the corrected ``score``, a tie's ``winner`` and, when the
director signed on a pad, their ``strokes``. ``sheet`` prints the strokes back.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from clubdesk.cli.common import (
    Handler,
    chosen_event,
    database_to_read,
    db_argument,
    event_argument,
    print_json,
    read_json_stdin,
    whole_number,
)
from clubdesk.clock import SYSTEM_CLOCK
from clubdesk.domain.limits import Strokes, strokes_problem
from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.services.sheets import SheetLine, SignatureInput, TableSheet

SUBMIT_KEYS = ("hands", "score", "adjustments", "signatures", "winner", "time_called")
AMEND_KEYS = ("score", "winner", "strokes")
SIGNING_ROLES = ("scorekeeper", "countersign")


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    sheet = commands.add_parser("sheet", help="a table's score sheet (JSON)")
    submit = commands.add_parser("submit", help="read a signed sheet (JSON) on stdin, submit it")
    amend = commands.add_parser("amend", help="read the corrected sheet on stdin; amend it")
    for parser in (sheet, submit, amend):
        db_argument(parser)
        event_argument(parser)
        parser.add_argument("--round", type=whole_number, required=True, metavar="N")
        parser.add_argument("--table", type=whole_number, required=True, metavar="T")
    amend.add_argument("--reason", required=True, metavar="TEXT", help="why the sheet changes")
    amend.add_argument("--director", required=True, metavar="NAME", help="who amends it")
    return {"sheet": _sheet, "submit": _submit, "amend": _amend}


def _sheet(args: argparse.Namespace) -> int:
    from clubdesk.services import sheets

    with database_to_read(args.db) as db:
        found = sheets.table_sheet(db, chosen_event(db, args.event), args.round, args.table)
    print_json(sheet_json(found))
    return 0


def _submit(args: argparse.Namespace) -> int:
    from clubdesk.services import sheets
    from clubdesk.store import open_database

    data = _object(read_json_stdin(), SUBMIT_KEYS)
    hands = data.get("hands")
    if hands is not None and not isinstance(hands, list):
        raise UserError(f"hands: must be a list of hands, not {hands!r}")
    score = data.get("score")
    lines = _adjustments(data.get("adjustments"))
    signatures = _signatures(data.get("signatures"))
    with open_database(args.db, create=False) as db:
        done = sheets.submit_sheet(
            db,
            chosen_event(db, args.event),
            args.round,
            args.table,
            hands=hands or (),
            final_score=None if score is None else _score(score),
            adjustments=lines,
            winner=data.get("winner"),
            time_called=False if data.get("time_called") is None else data["time_called"],
            signatures=signatures,
            clock=SYSTEM_CLOCK,
        )
    print(
        f"round {done.round_number}, table {done.table}: submitted, "
        f"a {done.score_a}, b {done.score_b} ({done.sheets_in} of {done.sheets_total} sheets in)"
        + (f"; round {done.next_seated} is seated" if done.next_seated is not None else "")
    )
    return 0


def _amend(args: argparse.Namespace) -> int:
    from clubdesk.services import sheets
    from clubdesk.store import open_database

    data = _object(read_json_stdin(), AMEND_KEYS)
    if "score" not in data:
        raise UserError(
            'score: the corrected score is needed, e.g. {"score": {"a": 520, "b": 310}}'
        )
    with open_database(args.db, create=False) as db:
        done = sheets.amend_sheet(
            db,
            chosen_event(db, args.event),
            args.round,
            args.table,
            score=_score(data["score"]),
            winner=data.get("winner"),
            director=args.director,
            reason=args.reason,
            strokes=_strokes(data.get("strokes")),
            clock=SYSTEM_CLOCK,
        )
    before, after = done.before.score, done.after.score
    print(
        f"round {done.round_number}, table {done.table}: amended, "
        f"a {before.a}, b {before.b} -> a {after.a}, b {after.b}"
    )
    return 0


def sheet_json(found: TableSheet) -> dict[str, Any]:
    """A table's sheet as ``clubdesk sheet`` prints it (docs/cli.md, score sheets)."""
    game = found.game
    return {
        "round": found.round_number,
        "table": game.table,
        "a": _side(game.a),
        "b": _side(game.b),
        "state": found.state,
        "hands": list(game.hands),
        "adjustments": [
            {"side": x.side, "points": x.points, "reason": x.reason} for x in game.adjustments
        ],
        "score": None if game.score is None else {"a": game.score.a, "b": game.score.b},
        "winner": game.winner,
        "award": None
        if game.award is None
        else {"kind": game.award.kind, "against": game.award.against},
        "signatures": [
            _drawn({"role": s.role, "name": s.name, "at": s.at.isoformat()}, s.strokes)
            for s in game.signatures
        ],
        "amendments": [
            _drawn(
                {
                    "at": x.at.isoformat(),
                    "director": x.director,
                    "reason": x.reason,
                    "score": {"a": x.after.score.a, "b": x.after.score.b},
                    "winner": x.after.winner,
                },
                x.strokes,
            )
            for x in game.amendments
        ],
    }


def _drawn(written: dict[str, Any], strokes: Strokes) -> dict[str, Any]:
    """A signature or amendment as printed, with its strokes where it was drawn."""
    if strokes:
        written["strokes"] = [[[x, y] for x, y in stroke] for stroke in strokes]
    return written


def _side(numbers: tuple[int, ...]) -> int | list[int]:
    """As the seating output writes a side: one entrant's number, or the partners' list."""
    return numbers[0] if len(numbers) == 1 else list(numbers)


def _object(data: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise UserError(f"stdin: the sheet must be a JSON object with {', '.join(keys)}")
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise UserError(f"{unknown[0]}: not a key of the sheet here (it takes {', '.join(keys)})")
    return data


def _score(value: Any) -> tuple[int, int]:
    if not isinstance(value, dict) or set(value) != {"a", "b"}:
        raise UserError(f'score: must be {{"a": points, "b": points}}, not {value!r}')
    return value["a"], value["b"]


def _adjustments(value: Any) -> list[SheetLine]:
    from clubdesk.services.sheets import SheetLine

    if value is None:
        return []
    if not isinstance(value, list):
        raise UserError(f"adjustments: must be a list, not {value!r}")
    lines = []
    for index, item in enumerate(value):
        if not isinstance(item, dict) or set(item) != {"side", "points", "reason"}:
            raise UserError(
                f'adjustments[{index}]: must be {{"side", "points", "reason"}}, not {item!r}'
            )
        if not isinstance(item["reason"], str):
            raise UserError(f"adjustments[{index}].reason: must be text, not {item['reason']!r}")
        lines.append(SheetLine(item["side"], item["points"], item["reason"]))
    return lines


def _strokes(value: Any) -> Any:
    """Strokes as given (the service checks them); left out or null: none drawn."""
    return () if value is None else value


def _signatures(value: Any) -> dict[str, SignatureInput]:
    from clubdesk.services.sheets import SignatureInput

    if not isinstance(value, list):
        raise UserError(
            'signatures: a list of {"role", "name"}, one for the scorekeeper and one for '
            "the countersigning opponent"
        )
    found: dict[str, SignatureInput] = {}
    for index, item in enumerate(value):
        where = f"signatures[{index}]"
        if not isinstance(item, dict):
            raise UserError(f'{where}: must be {{"role", "name"}}, not {item!r}')
        if not {"role", "name"} <= set(item) <= {"role", "name", "strokes"}:
            raise UserError(f'{where}: must be {{"role", "name"}} (and "strokes"), not {item!r}')
        role, name = item["role"], item["name"]
        if role not in SIGNING_ROLES:
            raise UserError(f'{where}.role: must be "scorekeeper" or "countersign", not {role!r}')
        if not isinstance(name, str):
            raise UserError(f"{where}.name: must be the signer's name, not {name!r}")
        if role in found:
            raise UserError(f"{where}.role: the sheet has two {role} signatures")
        strokes = _strokes(item.get("strokes"))
        wrong = strokes_problem(strokes)
        if wrong:
            raise UserError(f"{where}.strokes{wrong}")
        found[role] = SignatureInput(name, strokes)
    return found
