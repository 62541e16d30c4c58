"""What a score sheet handed in must hold, checked before anything is written: the signers
(players seated at the table, on opposite sides), their strokes, adjustment lines (which
only add points) and a final score typed in from paper."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from clubdesk.domain.event.names import signer_key
from clubdesk.domain.eventfile.sheet_in import read_line
from clubdesk.domain.limits import (
    Strokes,
    as_strokes,
    ink_problem,
    points_problem,
    strokes_problem,
)
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.store.entrants import players_of

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


def checked_signers(
    session: Session,
    event_id: str,
    sides: dict[str, list[int]],
    names: dict[str, str],
    where: str,
) -> dict[str, str]:
    """The signers' names as registered; UserError unless both sit at the table, apart."""
    seated: dict[str, tuple[str, str]] = {}  # a name as compared -> (side, name as registered)
    numbers = {number: side for side, members in sides.items() for number in members}
    for number, players in players_of(session, event_id, sorted(numbers)).items():
        for player in players:  # the table's entrants only, in number order
            seated[signer_key(player)] = (numbers[number], player)
    found: dict[str, str] = {}
    side_of: dict[str, str] = {}
    for role, name in names.items():
        if signer_key(name) not in seated:
            at_table = ", ".join(registered for _, registered in seated.values())
            raise UserError(
                f"signatures.{role}: {name} does not play at {where} (seated there: {at_table})"
            )
        side_of[role], found[role] = seated[signer_key(name)]
    if side_of["scorekeeper"] == side_of["countersign"]:
        both = " and ".join(found[role] for role in REQUIRED_SIGNATURES)
        raise UserError(
            f"signatures.countersign: {both} sit on the same side at {where}; "
            "the sheet is countersigned by an opponent"
        )
    return found


def signature_input(value: str | SignatureInput) -> SignatureInput:
    return value if isinstance(value, SignatureInput) else SignatureInput(value)


def checked_strokes(given: SignatureInput, field: str) -> Strokes:
    """The strokes as drawn, checked against the limits on a signature and refused for a
    dot (``ink_problem``): the window's pads, a table's phone and ``clubdesk submit`` alike."""
    wrong = strokes_problem(given.strokes)
    if wrong:
        raise UserError(f"{field}{wrong}", field=field)
    drawn = as_strokes(given.strokes)
    wrong = ink_problem(drawn)
    if wrong:
        raise UserError(f"{field}{wrong}", field=field)
    return drawn


def checked_line(line: SheetLine, index: int) -> SheetLine:
    """Adjustment line ``index``, checked as a sheet's JSON has it checked
    (``domain.event.sheet_in.LineIn``)."""
    read_line(line.side, line.points, line.reason, index)
    return line


def checked_score(score: Any, rules: Rules) -> tuple[int, int]:
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
