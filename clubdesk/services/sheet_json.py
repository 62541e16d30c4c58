"""A score sheet in JSON, as ``clubdesk sheet`` prints it and ``clubdesk submit`` reads it
(docs/cli.md, "Score sheets"); the tables' pages take and give the same
(``POST /t/TOKEN/submit``, ``GET /t/TOKEN/sheet``).

``read_submitted`` reads a signed sheet: ``hands`` (the score is computed) or, for a paper
sheet typed in, only ``"score": {"a": .., "b": ..}``; ``adjustments`` as in the event file;
``signatures`` as a list of ``{"role", "name"}`` with the roles ``scorekeeper`` and
``countersign``, each with its ``strokes`` when drawn on a pad; ``winner`` ("a"/"b") for a
tied game; ``time_called`` (true) when time was called before the game's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.limits import Strokes, strokes_problem
from clubdesk.errors import UserError
from clubdesk.services.sheet_input import SheetLine, SignatureInput
from clubdesk.services.sheets import SheetSubmitted, TableSheet, submit_sheet
from clubdesk.store import Database
from clubdesk.timesource import TimeSource

__all__ = ["SUBMIT_KEYS", "SubmittedSheet", "read_submitted", "sheet_json", "submit_json"]

SUBMIT_KEYS = ("hands", "score", "adjustments", "signatures", "winner", "time_called")
SIGNING_ROLES = ("scorekeeper", "countersign")


@dataclass(frozen=True)
class SubmittedSheet:
    """A signed sheet as read from its JSON, for ``services.sheets.submit_sheet``."""

    hands: Sequence[dict[str, Any]]
    final_score: tuple[int, int] | None
    adjustments: Sequence[SheetLine]
    winner: Any
    time_called: Any
    signatures: dict[str, SignatureInput]


def read_submitted(data: Any) -> SubmittedSheet:
    """The signed sheet ``data`` (parsed JSON) says; UserError naming the field when its shape
    is wrong (the values are the service's to check)."""
    data = json_object(data, SUBMIT_KEYS)
    hands = data.get("hands")
    if hands is not None and not isinstance(hands, list):
        raise UserError(f"hands: must be a list of hands, not {_shown(hands)}", field="hands")
    if hands is not None and not all(isinstance(hand, dict) for hand in hands):
        raise UserError("hands: each hand is an object of its fields", field="hands")
    score = data.get("score")
    return SubmittedSheet(
        hands or (),
        None if score is None else json_score(score),
        _adjustments(data.get("adjustments")),
        data.get("winner"),
        False if data.get("time_called") is None else data["time_called"],
        _signatures(data.get("signatures")),
    )


def submit_json(
    db: Database,
    event_id: str,
    round_number: int,
    table: int,
    data: Any,
    clock: TimeSource,
    *,
    actor: str = "director",
) -> SheetSubmitted:
    """Submit the signed sheet ``data`` (parsed JSON) for round ``round_number``'s table."""
    sheet = read_submitted(data)
    return submit_sheet(
        db,
        event_id,
        round_number,
        table,
        hands=sheet.hands,
        final_score=sheet.final_score,
        adjustments=sheet.adjustments,
        winner=sheet.winner,
        time_called=sheet.time_called,
        signatures=sheet.signatures,
        clock=clock,
        actor=actor,
    )


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


def json_object(data: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise UserError(f"stdin: the sheet must be a JSON object with {', '.join(keys)}")
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise UserError(f"{unknown[0]}: not a key of the sheet here (it takes {', '.join(keys)})")
    return data


def json_score(value: Any) -> tuple[int, int]:
    if not isinstance(value, dict) or set(value) != {"a", "b"}:
        raise UserError(f'score: must be {{"a": points, "b": points}}, not {value!r}')
    return value["a"], value["b"]


def _adjustments(value: Any) -> list[SheetLine]:
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


def json_strokes(value: Any) -> Any:
    """Strokes as given (the service checks them); left out or null: none drawn."""
    return () if value is None else value


def _signatures(value: Any) -> dict[str, SignatureInput]:
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
        strokes = json_strokes(item.get("strokes"))
        wrong = strokes_problem(strokes)
        if wrong:
            raise UserError(f"{where}.strokes{wrong}")
        found[role] = SignatureInput(name, strokes)
    return found


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
