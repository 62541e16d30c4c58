"""The event file's structure (``clubdesk-event/1``), described once as pydantic models.

Reading validates each part of a file with these models (keys, types,
ranges, choices); writing fills the same models and dumps them, so the keys
come out in the models' field order. What a part says across its fields or
across parts (seating, hands against score, players on sides, ledger against
paid) is checked in ``checks``.

A value that cannot be used raises a ``PydanticCustomError`` of type
``clubdesk`` whose ``tail`` follows the field's name in the message
(``cents`` + `` = '25' is not a number``), or of type ``clubdesk_object``
for a part that is not an object. ``problems.py`` words them. The
``context`` of a validation may give ``numbers`` (the entrants' numbers, to
check a number names one), ``size`` (entrant numbers per side of a game),
``rules_id`` and ``team`` (whether an entrant is a team of two).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from datetime import date as Date  # noqa: N812 - EventFile has a field named date
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    ValidationInfo,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from clubdesk.domain.event.model import (
    AWARD_KINDS,
    LEDGER_KINDS,
    PAYMENT_METHODS,
    SIDES,
    SIGNATURE_ROLES,
    STATUSES,
)

EVENT_FORMAT = "clubdesk-event/1"
EVENT_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")  # as the database keeps ids
EVENT_ID_MAX = 60
DRAW_KINDS = ("cards", "chits", "random")
DRAW_METHODS = ("random", "physical")


def problem(tail: str) -> PydanticCustomError:
    """A field's problem: the message is the field's name followed by ``tail``."""
    return PydanticCustomError("clubdesk", "{tail}", {"tail": tail})


def show(value: Any) -> str:
    """A value as a message quotes it (a list or object by its kind)."""
    return repr(value) if not isinstance(value, dict | list) else type(value).__name__


# --- values ----------------------------------------------------------------------------------


def _whole(low: int | None) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if value is None:
            raise problem(": missing")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise problem(f" = {show(value)} is not a number")
        if isinstance(value, float):
            if not value.is_integer():
                raise problem(f" = {show(value)} is not a whole number")
            value = int(value)
        if low is not None and value < low:
            raise problem(f" = {value} must be at least {low}")
        return value

    return check


def whole(value: Any, low: int | None = None) -> int:
    """A whole number as the file may write it (``3`` or ``3.0``); PydanticCustomError if not."""
    return _whole(low)(value)


def _text(empty: bool) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value is None:
            raise problem(": missing")
        if not isinstance(value, str):
            raise problem(f" = {show(value)} is not text")
        if not empty and not value.strip():
            raise problem(" is empty")
        return value

    return check


def _choice(choices: Sequence[str], *, none: bool = False) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value is None and none:
            return None
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise problem(f" = {show(value)} is not one of {allowed}")
        return value

    return check


def _moment(value: Any) -> datetime:
    if not isinstance(value, str):
        raise problem(f" = {show(value)} is not an ISO time")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise problem(f" = {value!r} is not an ISO time") from None
    if moment.tzinfo is None:
        raise problem(f" = {value!r} has no timezone (e.g. -07:00 or Z)")
    return moment


def _entrant_number(value: Any, info: ValidationInfo) -> int:
    number = _whole(1)(value)
    numbers = (info.context or {}).get("numbers")
    if numbers is not None and number not in numbers:
        raise problem(f" = {number} is not an entrant's number")
    return number


def _listing(value: Any) -> Any:
    if value is None:
        return []
    if not isinstance(value, list):
        raise problem(f" must be a list, not {show(value)}")
    return value


def _hands(value: Any) -> tuple[dict[str, Any], ...]:
    for index, hand in enumerate(_listing(value)):
        if not isinstance(hand, dict):
            raise problem(f"[{index}] must be an object, not {show(hand)}")
    return tuple(copy.deepcopy(value or []))


def _iso(value: date | datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _maybe(check: Callable[..., Any]) -> Callable[[Any, ValidationInfo], Any]:
    """``check`` for a value that may be null."""

    def maybe(value: Any, info: ValidationInfo) -> Any:
        if value is None:
            return None
        return check(value, info) if check is _entrant_number else check(value)

    return maybe


def _side_json(numbers: tuple[int, ...]) -> int | list[int]:
    return numbers[0] if len(numbers) == 1 else list(numbers)


def _game_side(value: Any, info: ValidationInfo) -> tuple[int, ...]:
    """A side of a game: one entrant number, or a list of the two partners' numbers."""
    context = info.context or {}
    size, rules_id = context.get("size"), context.get("rules_id")
    if value is None:
        raise problem(": missing")
    if isinstance(value, list):
        if size == 1:
            raise problem(f" must be one entrant number in {rules_id}, not a list")
        numbers = []
        for index, item in enumerate(value):
            try:
                numbers.append(_entrant_number(item, info))
            except PydanticCustomError as exc:
                raise problem(f"[{index}]{exc.context['tail']}") from None  # type: ignore[index]
        if len(numbers) != 2 or len(set(numbers)) != 2:
            raise problem(f" must list two different partners, not {value}")
        return tuple(numbers)
    if size == 2:
        raise problem(f" must be a list of the two partners' numbers, not {show(value)}")
    return (_entrant_number(value, info),)


def _players(value: Any, info: ValidationInfo) -> tuple[str, ...]:
    """An entrant's players: two in a team; one in individual events (left out: the name)."""
    team = (info.context or {}).get("team")  # None: the rules are not known
    name = info.data.get("name")
    if value is None:
        if team:
            raise problem(": missing (a team has two players)")
        return (name,) if name else ()
    names = []
    for index, item in enumerate(_listing(value)):
        try:
            names.append(_text(False)(item))
        except PydanticCustomError as exc:
            raise problem(f"[{index}]{exc.context['tail']}") from None  # type: ignore[index]
    if team is not None:
        wanted = 2 if team else 1
        kind = "a team has two players" if team else "an individual entrant is one player"
        if len(names) != wanted:
            raise problem(f": {len(names)} given, but {kind}")
    elif not 1 <= len(names) <= 2:
        raise problem(f": {len(names)} given (one or two)")
    return tuple(names)


Whole = Annotated[int, PlainValidator(_whole(None))]
Count = Annotated[int, PlainValidator(_whole(0))]
Number = Annotated[int, PlainValidator(_whole(1))]
Text = Annotated[str, PlainValidator(_text(False))]
AnyText = Annotated[str, PlainValidator(_text(True))]
Moment = Annotated[datetime, PlainValidator(_moment), PlainSerializer(_iso)]
MaybeMoment = Annotated[datetime | None, PlainValidator(_maybe(_moment)), PlainSerializer(_iso)]
EntrantNumber = Annotated[int, PlainValidator(_entrant_number)]
Side = Annotated[str, PlainValidator(_choice(SIDES))]
MaybeSide = Annotated[str | None, PlainValidator(_choice(SIDES, none=True))]
Hands = Annotated[tuple[dict[str, Any], ...], PlainValidator(_hands), PlainSerializer(list)]
GameSide = Annotated[tuple[int, ...], PlainValidator(_game_side), PlainSerializer(_side_json)]


def Listed(item: Any) -> Any:  # noqa: N802 - reads as a type
    """A list of ``item``; null reads as an empty list."""
    return Annotated[list[item], BeforeValidator(_listing)]


def needed() -> Any:
    """A field a part must have: left out, it is checked as null (``name: missing``)."""
    return Field(default=None, validate_default=True)


# --- parts -----------------------------------------------------------------------------------


class Part(BaseModel):
    """An object of the file: unknown keys are errors (a typo must not silently lose a fact)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    what: ClassVar[str] = ""  # its keys, for a message about a value that is not an object

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            tail = f"must be an object ({cls.what}), not {show(data)}"
            raise PydanticCustomError("clubdesk_object", "{tail}", {"tail": tail})
        return data


class ScoreIn(Part):
    what: ClassVar[str] = "a and b"
    a: Whole
    b: Whole


class AdjustmentIn(Part):
    what: ClassVar[str] = "side, points, reason"
    side: Side = needed()
    points: Whole = needed()
    reason: Text = needed()


class AwardIn(Part):
    what: ClassVar[str] = "kind and against"
    kind: Annotated[str, PlainValidator(_choice(AWARD_KINDS))] = needed()
    against: Side = needed()


class SignatureIn(Part):
    what: ClassVar[str] = "role, name, at"
    role: Annotated[str, PlainValidator(_choice(SIGNATURE_ROLES))] = needed()
    name: Text = needed()
    at: Moment = needed()


class ResultIn(Part):
    what: ClassVar[str] = "score and winner"
    score: ScoreIn
    winner: MaybeSide = None


class AmendmentIn(Part):
    """A director's amendment: when, who, why, the result before and the score after."""

    what: ClassVar[str] = "at, director, reason, before, score, winner"
    at: Moment = needed()
    director: Text = needed()
    reason: Text = needed()
    before: ResultIn
    score: ScoreIn
    winner: MaybeSide = None


class GameIn(Part):
    what: ClassVar[str] = "a game"
    table: Number = needed()
    a: GameSide = needed()
    b: GameSide = needed()
    score: ScoreIn | None = None
    hands: Hands = ()
    adjustments: Listed(AdjustmentIn) = []
    award: AwardIn | None = None
    winner: MaybeSide = None
    signatures: Listed(SignatureIn) = []
    amendments: Listed(AmendmentIn) = []


class TiebreakIn(Part):
    what: ClassVar[str] = "a, b, winner, hands"
    a: EntrantNumber = needed()
    b: EntrantNumber = needed()
    winner: MaybeSide = None
    hands: Hands = ()


class RoundIn(Part):
    what: ClassVar[str] = "a round"
    number: Number = needed()
    games: Listed(GameIn) = []
    byes: Listed(EntrantNumber) = []
    tiebreaks: Listed(TiebreakIn) = []


class EntrantIn(Part):
    what: ClassVar[str] = "an entrant"
    number: Number = needed()
    name: Text = needed()
    players: Annotated[tuple[str, ...], PlainValidator(_players), PlainSerializer(list)] = Field(
        default=None, validate_default=True
    )
    paid_cents: Count = 0
    status: Annotated[str, PlainValidator(_choice(STATUSES))] = "active"


class DrawnIn(Part):
    """Who drew what: a card (``blue 3``), a chit (table and seat) or a lot."""

    what: ClassVar[str] = "entrant, and card, chit or lot"
    entrant: EntrantNumber = needed()
    card: Text | None = None
    chit: dict[str, Number] | None = None
    lot: Number | None = None

    @model_serializer(mode="wrap")
    def _what_was_drawn(self, write: Any) -> dict[str, Any]:
        return {key: value for key, value in write(self).items() if value is not None}


class DrawIn(Part):
    """The round-1 draw in force: how it was made, its seed, when, and who drew what."""

    what: ClassVar[str] = "kind, method, seed, made_at, drawn"
    kind: Annotated[str, PlainValidator(_choice(DRAW_KINDS))] = needed()
    method: Annotated[str, PlainValidator(_choice(DRAW_METHODS))] = needed()
    seed: Annotated[int | None, PlainValidator(_maybe(_whole(None)))] = None
    made_at: MaybeMoment = None
    drawn: Listed(DrawnIn) = []


class LedgerIn(Part):
    what: ClassVar[str] = "kind, cents, entrant, note"
    kind: Annotated[str, PlainValidator(_choice(LEDGER_KINDS))] = needed()
    cents: Count = needed()
    entrant: Annotated[int | None, PlainValidator(_maybe(_entrant_number))] = None
    note: AnyText = ""
    method: Annotated[str | None, PlainValidator(_choice(PAYMENT_METHODS, none=True))] = None
    at: MaybeMoment = None


def _event_id(value: Any) -> str:
    text = _text(False)(value)
    if len(text) > EVENT_ID_MAX or not EVENT_ID.match(text):
        raise problem(
            f": {text!r} must be lower-case letters, digits and '-' "
            f"(up to {EVENT_ID_MAX}), e.g. 'gp-2011'"
        )
    return text


def _date(value: Any) -> date | None:
    if value is None:
        return None
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise problem(f": {show(value)} is not a date like 2011-10-22")


def _rules_id(value: Any) -> str:
    if value is None:
        raise problem(": missing (a format id, e.g. 'grand-prix-pinochle')")
    return _text(False)(value)


def _settings(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise problem(f": must be an object, not {show(value)}")
    return copy.deepcopy(value)


_ABSENT = object()  # a key left out, told apart from one given as null


def _format(value: Any) -> str:
    if value is _ABSENT:
        raise problem(f": missing (must be {EVENT_FORMAT!r})")
    if value != EVENT_FORMAT:
        raise problem(f": {show(value)} is not {EVENT_FORMAT!r}")
    return value


class EventFile(Part):
    """A whole event file."""

    what: ClassVar[str] = "the event"
    format: Annotated[str, PlainValidator(_format)] = Field(default=_ABSENT, validate_default=True)
    id: Annotated[str, PlainValidator(_event_id)] = needed()
    name: Text = needed()
    date: Annotated[Date | None, PlainValidator(_date), PlainSerializer(_iso)] = None
    venue: AnyText = ""
    rules: Annotated[str, PlainValidator(_rules_id)] = needed()
    settings: Annotated[dict[str, Any], PlainValidator(_settings)] = {}
    entrants: Listed(EntrantIn) = []
    draw: DrawIn | None = None
    rounds: Listed(RoundIn) = []
    ledger: Listed(LedgerIn) = []
