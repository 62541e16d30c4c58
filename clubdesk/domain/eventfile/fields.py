"""The event file's values, as its schema reads them: each a type with its own check.

A value that cannot be used raises a ``PydanticCustomError`` of type
``clubdesk`` whose ``tail`` follows the field's name in the message
(``cents`` + `` = '25' is not a number``); ``problems`` words it. A
validation's ``context`` may give ``numbers`` (the entrants' numbers, to check
a number names one), ``size`` (entrant numbers per side of a game),
``rules_id`` and ``team`` (whether an entrant is a team of two).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, PlainSerializer, PlainValidator, ValidationInfo
from pydantic_core import PydanticCustomError

from clubdesk.domain.event.model import SIDES
from clubdesk.domain.event.names import name_key
from clubdesk.domain.event.sheet import adjustment_problem
from clubdesk.domain.limits import (
    ENTRANT_NAME_MAX,
    EVENT_TEXT_MAX,
    LINE_MAX,
    Strokes,
    as_strokes,
    cents_problem,
    date_problem,
    hands_problem,
    name_problem,
    points_problem,
    stored_int_problem,
    strokes_problem,
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


def whole_number(low: int | None) -> Callable[[Any], int]:
    """A check of a whole number (``3`` or ``3.0``), at least ``low``."""

    def check(value: Any) -> int:
        if value is None:
            raise problem(": missing")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise problem(f" = {show(value)} is not a number")
        if isinstance(value, float):
            if not value.is_integer():
                raise problem(f" = {show(value)} is not a whole number")
            value = int(value)
        too_large = stored_int_problem(value)
        if too_large:
            raise problem(too_large)  # not shown: it may run to thousands of digits
        if low is not None and value < low:
            raise problem(f" = {value} must be at least {low}")
        return value

    return check


def whole(value: Any, low: int | None = None) -> int:
    """A whole number as the file may write it (``3`` or ``3.0``); PydanticCustomError if not."""
    return whole_number(low)(value)


def points(value: Any) -> int:
    """A side's score: a whole number within what a sheet handed in may hold
    (``limits.POINTS_MAX`` either way), as ``submit`` takes it."""
    found = whole_number(None)(value)
    wrong = points_problem(found)
    if wrong:
        raise problem(f" = {found} is {wrong}")
    return found


def added_points(value: Any) -> int:
    """An adjustment line's points: a whole number that adds to a side, never takes away
    (``sheet.adjustment_problem``)."""
    points = whole_number(None)(value)
    wrong = adjustment_problem(points)
    if wrong:
        raise problem(wrong)
    return points


def text_of(empty: bool) -> Callable[[Any], str]:
    """A check of text; ``empty``: blank text is allowed."""

    def check(value: Any) -> str:
        if value is None:
            raise problem(": missing")
        if not isinstance(value, str):
            raise problem(f" = {show(value)} is not text")
        if not empty and not value.strip():
            raise problem(" is empty")
        return value

    return check


def limited_text(empty: bool, longest: int) -> Callable[[Any], str]:
    """A check of text of at most ``longest`` characters holding no control character;
    ``empty``: blank text is allowed."""

    def check(value: Any) -> str:
        text = text_of(empty)(value)
        wrong = name_problem(text, longest)
        if wrong:
            raise problem(wrong)
        return text

    return check


def line(value: Any) -> str:
    """A line a score sheet keeps (a reason, who signed or amended it): text within the
    limit on lines, no control character."""
    return limited_text(False, LINE_MAX)(value)


def entrant_name(value: Any) -> str:
    """An entrant's name: text within the limits on names."""
    name = text_of(False)(value)
    wrong = name_problem(name, ENTRANT_NAME_MAX)
    if wrong:
        raise problem(wrong)
    return name


def cents(value: Any) -> int:
    """An amount of money in whole cents, nothing or more, within the ceiling on amounts.
    Never written with a point: ``5000.0`` or ``50.00`` may mean dollars."""
    if isinstance(value, float):
        raise problem(f" = {show(value)} is not a whole number of cents (5000 for $50.00)")
    amount = whole_number(0)(value)
    wrong = cents_problem(amount)
    if wrong:
        raise problem(f" = {amount}{wrong}")
    return amount


def choice(choices: Sequence[str], *, none: bool = False) -> Callable[[Any], Any]:
    """A check of one of ``choices`` (``none``: or null)."""

    def check(value: Any) -> Any:
        if value is None and none:
            return None
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise problem(f" = {show(value)} is not one of {allowed}")
        return value

    return check


def moment(value: Any) -> datetime:
    """An ISO time with its timezone."""
    if not isinstance(value, str):
        raise problem(f" = {show(value)} is not an ISO time")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise problem(f" = {value!r} is not an ISO time") from None
    if moment.tzinfo is None:
        raise problem(f" = {value!r} has no timezone (e.g. -07:00 or Z)")
    return moment


def entrant_number(value: Any, info: ValidationInfo) -> int:
    """An entrant's number (one of the context's ``numbers`` where it gives them)."""
    number = whole_number(1)(value)
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
    too_many = hands_problem(len(_listing(value)))
    if too_many:
        raise problem(too_many)
    for index, hand in enumerate(_listing(value)):
        if not isinstance(hand, dict):
            raise problem(f"[{index}] must be an object, not {show(hand)}")
    return tuple(copy.deepcopy(value or []))


def strokes(value: Any) -> Strokes:
    """A drawn signature: strokes of [x, y] points within the pad (``domain.limits``)."""
    if value is None:
        return ()
    wrong = strokes_problem(value)
    if wrong:
        raise problem(wrong)
    return as_strokes(value)


def strokes_json(value: Strokes) -> list[list[list[float]]]:
    """Strokes as the file writes them: lists of [x, y]."""
    return [[[x, y] for x, y in stroke] for stroke in value]


def iso(value: date | datetime | None) -> str | None:
    """A date or time as the file writes it."""
    return None if value is None else value.isoformat()


def maybe(check: Callable[..., Any]) -> Callable[[Any, ValidationInfo], Any]:
    """``check`` for a value that may be null."""

    def maybe(value: Any, info: ValidationInfo) -> Any:
        if value is None:
            return None
        return check(value, info) if check is entrant_number else check(value)

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
                numbers.append(entrant_number(item, info))
            except PydanticCustomError as exc:
                raise problem(f"[{index}]{exc.context['tail']}") from None  # type: ignore[index]
        if len(numbers) != 2 or len(set(numbers)) != 2:
            raise problem(f" must list two different partners, not {value}")
        return tuple(numbers)
    if size == 2:
        raise problem(f" must be a list of the two partners' numbers, not {show(value)}")
    return (entrant_number(value, info),)


def entrant_members(value: Any, info: ValidationInfo) -> tuple[int | None, ...]:
    """Each player's member number in the club, or null: one a player (null: none given)."""
    if value is None:
        return ()
    numbers = []
    for index, item in enumerate(_listing(value)):
        try:
            numbers.append(None if item is None else whole_number(1)(item))
        except PydanticCustomError as exc:
            raise problem(f"[{index}]{exc.context['tail']}") from None  # type: ignore[index]
        if item is not None and numbers[-1] in numbers[:-1]:
            raise problem(f"[{index}]: member {item} is named twice in this entrant")
    players = info.data.get("players")
    if players is not None and len(numbers) != len(players):
        raise problem(f": {len(numbers)} given for {len(players)} players (one each, or null)")
    return tuple(numbers)


def entrant_players(value: Any, info: ValidationInfo) -> tuple[str, ...]:
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
            names.append(text_of(False)(item))
        except PydanticCustomError as exc:
            raise problem(f"[{index}]{exc.context['tail']}") from None  # type: ignore[index]
        wrong = name_problem(names[-1])
        if wrong:
            raise problem(f"[{index}]{wrong}")
    if team is not None:
        wanted = 2 if team else 1
        kind = "a team has two players" if team else "an individual entrant is one player"
        if len(names) != wanted:
            raise problem(f": {len(names)} given, but {kind}")
    elif not 1 <= len(names) <= 2:
        raise problem(f": {len(names)} given (one or two)")
    keys = [name_key(name) for name in names]
    for index, key in enumerate(keys):
        if key in keys[:index]:  # two people may share a name, but not one team
            raise problem(f"[{index}]: {names[keys.index(key)]} is named twice in this entrant")
    return tuple(names)


Whole = Annotated[int, PlainValidator(whole_number(None))]
Points = Annotated[int, PlainValidator(points)]
Count = Annotated[int, PlainValidator(whole_number(0))]
Number = Annotated[int, PlainValidator(whole_number(1))]
Text = Annotated[str, PlainValidator(text_of(False))]
Line = Annotated[str, PlainValidator(line)]
EntrantName = Annotated[str, PlainValidator(entrant_name)]
Cents = Annotated[int, PlainValidator(cents)]
AnyText = Annotated[str, PlainValidator(text_of(True))]
EventText = Annotated[str, PlainValidator(limited_text(False, EVENT_TEXT_MAX))]  # its name
Venue = Annotated[str, PlainValidator(limited_text(True, EVENT_TEXT_MAX))]
Note = Annotated[str, PlainValidator(limited_text(True, LINE_MAX))]  # a money row's note
Moment = Annotated[datetime, PlainValidator(moment), PlainSerializer(iso)]
MaybeMoment = Annotated[datetime | None, PlainValidator(maybe(moment)), PlainSerializer(iso)]
EntrantNumber = Annotated[int, PlainValidator(entrant_number)]
Side = Annotated[str, PlainValidator(choice(SIDES))]
MaybeSide = Annotated[str | None, PlainValidator(choice(SIDES, none=True))]
Hands = Annotated[tuple[dict[str, Any], ...], PlainValidator(_hands), PlainSerializer(list)]
Players = Annotated[tuple[str, ...], PlainValidator(entrant_players), PlainSerializer(list)]
Members = Annotated[tuple[int | None, ...], PlainValidator(entrant_members), PlainSerializer(list)]
DrawnStrokes = Annotated[Strokes, PlainValidator(strokes), PlainSerializer(strokes_json)]
GameSide = Annotated[tuple[int, ...], PlainValidator(_game_side), PlainSerializer(_side_json)]


def Listed(item: Any, most: Callable[[int], str | None] | None = None) -> Any:  # noqa: N802
    """A list of ``item`` (reads as a type); null reads as an empty list. ``most`` says what
    is wrong with a list of that many items (``limits.adjustments_problem``), if anything."""
    if most is None:
        return Annotated[list[item], BeforeValidator(_listing)]

    def limited(value: Any) -> Any:
        listing = _listing(value)
        wrong = most(len(listing))
        if wrong:
            raise problem(wrong)
        return listing

    return Annotated[list[item], BeforeValidator(limited)]


def needed() -> Any:
    """A field a part must have: left out, it is checked as null (``name: missing``)."""
    return Field(default=None, validate_default=True)


# --- the file's header ---------------------------------------------------------------------


def event_id(value: Any) -> str:
    """An event's id, as the database keeps ids."""
    text = text_of(False)(value)
    if len(text) > EVENT_ID_MAX or not EVENT_ID.match(text):
        raise problem(
            f": {text!r} must be lower-case letters, digits and '-' "
            f"(up to {EVENT_ID_MAX}), e.g. 'gp-2011'"
        )
    return text


def event_date(value: Any) -> date | None:
    """The event's date (null: not given)."""
    if value is None:
        return None
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            pass
        else:
            wrong = date_problem(day)
            if wrong:
                raise problem(f":{wrong}")
            return day
    raise problem(f": {show(value)} is not a date like 2011-10-22")


def event_rules_id(value: Any) -> str:
    """The id of the event's format."""
    if value is None:
        raise problem(": missing (a format id, e.g. 'grand-prix-pinochle')")
    return text_of(False)(value)


def event_settings(value: Any) -> dict[str, Any]:
    """The event's settings, as given (the rules check them)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise problem(f": must be an object, not {show(value)}")
    return copy.deepcopy(value)


ABSENT = object()  # a key left out, told apart from one given as null


def event_format(value: Any) -> str:
    """The file's format: ``clubdesk-event/1``."""
    if value is ABSENT:
        raise problem(f": missing (must be {EVENT_FORMAT!r})")
    if value != EVENT_FORMAT:
        raise problem(f": {show(value)} is not {EVENT_FORMAT!r}")
    return value
