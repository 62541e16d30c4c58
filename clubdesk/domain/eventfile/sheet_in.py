"""A score sheet handed in as JSON, read with the event file's own schema: ``clubdesk submit``
and the tables' pages' ``POST /t/TOKEN/submit`` (``SheetIn``), ``clubdesk amend``
(``AmendIn``); docs/cli.md, "Score sheets".

The parts are the event file's (``schema.Part``: unknown keys are errors) and so are the
value types (``fields``): an adjustment line as in the file (``LineIn``, whose points are
also within what a sheet holds), a signer's strokes as drawn on the pad. What depends on
the event (a score against the format, the signers against the table, the hands against the
game) is the service's to check; a score here need only be two whole numbers.
``read_sheet`` and ``read_amendment`` give the first problem as a ``UserError`` naming its
field (``signatures[1].strokes[0][1] = ...``).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import PlainValidator, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from clubdesk.domain.event.sheet import adjustment_problem
from clubdesk.domain.eventfile.fields import (
    AnyText,
    DrawnStrokes,
    Hands,
    Listed,
    MaybeSide,
    choice,
    needed,
    problem,
    show,
)
from clubdesk.domain.eventfile.problems import Loc, ordered, word
from clubdesk.domain.eventfile.schema import AdjustmentIn, Part
from clubdesk.domain.limits import adjustments_problem, points_problem
from clubdesk.errors import UserError

__all__ = ["AmendIn", "LineIn", "SheetIn", "read_amendment", "read_line", "read_sheet"]

SUBMIT_KEYS = ("hands", "score", "adjustments", "signatures", "winner", "time_called")
AMEND_KEYS = ("score", "winner", "strokes")
SIGNING_ROLES = ("scorekeeper", "countersign")


def _given_points(value: Any) -> int:
    """A side's score as given: a whole number (its range is checked against the format)."""
    if value is None:
        raise problem(": missing")
    if isinstance(value, bool) or not isinstance(value, int):
        raise problem(f" = {show(value)} is not a whole number")
    return value


def _line_points(value: Any) -> int:
    """An adjustment line's points: a whole number within what a sheet holds, that adds to
    a side, never takes away (``sheet.adjustment_problem``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise problem(": must be a whole number")
    beyond = points_problem(value)
    if beyond:
        raise problem(f": {beyond}")
    taken = adjustment_problem(value)
    if taken:
        raise problem(taken)
    return value


def _true_or_false(value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    raise problem(f": must be true or false, not {value!r}")


class GivenScoreIn(Part):
    what: ClassVar[str] = "a and b"
    a: Annotated[int, PlainValidator(_given_points)] = needed()
    b: Annotated[int, PlainValidator(_given_points)] = needed()


class LineIn(AdjustmentIn):
    """An adjustment line handed in: as the event file has it, within a sheet's points."""

    points: Annotated[int, PlainValidator(_line_points)] = needed()


class SignerIn(Part):
    """A signer: the role, the name (the service finds it at the table) and, drawn on the
    pad, the strokes."""

    what: ClassVar[str] = "role, name, strokes"
    role: Annotated[str, PlainValidator(choice(SIGNING_ROLES))] = needed()
    name: AnyText = needed()
    strokes: DrawnStrokes = ()


class Handed(Part):
    """A sheet's JSON as a whole: ``what`` lists its keys."""

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            tail = f"the sheet must be a JSON object with {cls.what}"
            raise PydanticCustomError("clubdesk_object", "{tail}", {"tail": tail})
        return data


class SheetIn(Handed):
    """A signed sheet: its ``hands`` (the score is computed) or, typed in from paper, its
    ``score`` only; ``adjustments``; ``signatures``; a tied game's ``winner``; and
    ``time_called`` (true: time was called before the game's end)."""

    what: ClassVar[str] = ", ".join(SUBMIT_KEYS)
    hands: Hands = ()
    score: GivenScoreIn | None = None
    adjustments: Listed(LineIn, adjustments_problem) = []
    signatures: Listed(SignerIn) = []
    winner: MaybeSide = None
    time_called: Annotated[bool, PlainValidator(_true_or_false)] = False

    @field_validator("signatures")
    @classmethod
    def _one_each(cls, value: list[SignerIn]) -> list[SignerIn]:
        roles = [signer.role for signer in value]
        for index, role in enumerate(roles):
            if role in roles[:index]:
                raise problem(f"[{index}].role: the sheet has two {role} signatures")
        return value


class AmendIn(Handed):
    """A director's amendment: the corrected ``score``, a tie's ``winner`` and, signed on the
    pad, the director's ``strokes``."""

    what: ClassVar[str] = ", ".join(AMEND_KEYS)
    score: GivenScoreIn | None = None
    winner: MaybeSide = None
    strokes: DrawnStrokes = ()


M = TypeVar("M", bound=Handed)


def _read(model: type[M], data: Any) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise UserError(_worded(model.what, exc, ())) from None


def _worded(what: str, exc: ValidationError, within: Loc) -> str:
    error = dict(ordered(exc.errors())[0])
    loc: Loc = (*within, *error["loc"])
    if not loc and error["type"] == "clubdesk_object":
        return f"stdin: {error['ctx']['tail']}"
    if len(loc) == 1 and error["type"] == "extra_forbidden":
        return f"{loc[0]}: not a key of the sheet here (it takes {what})"
    return word({**error, "loc": loc}, "")


def read_sheet(data: Any) -> SheetIn:
    """The signed sheet ``data`` (parsed JSON) says; UserError naming the field when it
    cannot be read."""
    return _read(SheetIn, data)


def read_amendment(data: Any) -> AmendIn:
    """The amendment ``data`` (parsed JSON) says; UserError naming the field when it cannot
    be read."""
    found = _read(AmendIn, data)
    if found.score is None:
        raise UserError(
            'score: the corrected score is needed, e.g. {"score": {"a": 520, "b": 310}}'
        )
    return found


def read_line(side: Any, points: Any, reason: Any, index: int) -> LineIn:
    """Adjustment line ``index`` of a sheet, as ``SheetIn`` reads each; UserError naming
    its field (``adjustments[0].points``)."""
    try:
        return LineIn.model_validate({"side": side, "points": points, "reason": reason})
    except ValidationError as exc:
        raise UserError(
            _worded(LineIn.what, exc, ("adjustments", index)), field="adjustments"
        ) from None
