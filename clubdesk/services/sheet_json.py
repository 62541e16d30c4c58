"""A score sheet in JSON, as ``clubdesk sheet`` prints it and ``clubdesk submit`` reads it
(docs/cli.md, "Score sheets"); the tables' pages take and give the same
(``POST /t/TOKEN/submit``, ``GET /t/TOKEN/sheet``).

``read_submitted`` reads a signed sheet with the event file's schema
(``domain.event.sheet_in.SheetIn``): ``hands`` (the score is computed) or, for a paper
sheet typed in, only ``"score": {"a": .., "b": ..}``; ``adjustments`` as in the event file;
``signatures`` as a list of ``{"role", "name"}`` with the roles ``scorekeeper`` and
``countersign``, each with its ``strokes`` when drawn on a pad; ``winner`` ("a"/"b") for a
tied game; ``time_called`` (true) when time was called before the game's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.eventfile.sheet_in import read_sheet
from clubdesk.domain.limits import Strokes
from clubdesk.services.command import Desk
from clubdesk.services.sheet_input import SheetLine, SignatureInput
from clubdesk.services.sheets import SheetSubmitted, TableSheet, submit_sheet

__all__ = ["SubmittedSheet", "read_submitted", "sheet_json", "submit_json"]


@dataclass(frozen=True)
class SubmittedSheet:
    """A signed sheet as read from its JSON, for ``services.sheets.submit_sheet``."""

    hands: Sequence[dict[str, Any]]
    final_score: tuple[int, int] | None
    adjustments: Sequence[SheetLine]
    winner: str | None
    time_called: bool
    signatures: dict[str, SignatureInput]


def read_submitted(data: Any) -> SubmittedSheet:
    """The signed sheet ``data`` (parsed JSON) says; UserError naming the field when it cannot
    be read (what depends on the event is the service's to check)."""
    sheet = read_sheet(data)
    return SubmittedSheet(
        list(sheet.hands),
        None if sheet.score is None else (sheet.score.a, sheet.score.b),
        [SheetLine(line.side, line.points, line.reason) for line in sheet.adjustments],
        sheet.winner,
        sheet.time_called,
        {signer.role: SignatureInput(signer.name, signer.strokes) for signer in sheet.signatures},
    )


def submit_json(desk: Desk, round_number: int, table: int, data: Any) -> SheetSubmitted:
    """Submit the signed sheet ``data`` (parsed JSON) for round ``round_number``'s table: read,
    then handed in as one ``submit_sheet`` act."""
    sheet = read_submitted(data)
    return submit_sheet(
        desk,
        round_number,
        table,
        hands=sheet.hands,
        final_score=sheet.final_score,
        adjustments=sheet.adjustments,
        winner=sheet.winner,
        time_called=sheet.time_called,
        signatures=sheet.signatures,
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
