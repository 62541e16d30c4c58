"""The kinds of value a rules file holds beyond plain numbers (money, text shown on one
line), and how a mistake in a rules file is worded."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict

from clubdesk.domain import limits


class Section(BaseModel):
    """A section of a rules file: no key it does not know, and frozen once read."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _one_line(text: str) -> str:
    """Text shown on a screen or spoken (a title, the clock's words) holds no line break,
    escape or other control character."""
    if limits.control_characters(text):
        raise ValueError("holds a control character (a line break, an escape...)")
    return text


OneLine = Annotated[str, AfterValidator(_one_line)]
"""Text of a rules file that is shown or spoken as one line."""


def _whole_cents(value: Any) -> Any:
    """Money in a rules file or an event's settings is a whole number of cents, within
    ``limits.CENTS_MAX``: 5000 for $50, never ``50.00`` or ``5000.0``."""
    if isinstance(value, float):
        raise ValueError(f"a whole number of cents (5000 for $50.00), not {value!r}")
    if isinstance(value, int) and not isinstance(value, bool):
        problem = limits.cents_problem(value)
        if problem:
            raise ValueError(f"{value}{problem}")
    return value


Cents = Annotated[int, BeforeValidator(_whole_cents)]
"""An amount of money in cents, as a rules file or an event's settings give it."""


# --- messages and line numbers ----------------------------------------------------------


def is_type_tag(part: object) -> bool:
    # pydantic adds the chosen member of a union (e.g. "int") to an error's location
    return isinstance(part, str) and part in {"int", "str", "bool", "none", "float"}


def dotted_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def error_text(error: dict) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown key (a typo?)"
    if kind == "missing":
        return "missing"
    message = error["msg"]
    if kind == "too_short":
        least = error["ctx"]["min_length"]
        return f"must hold at least {least} value{'s' if least != 1 else ''}"
    if kind == "literal_error":
        return message.replace("Input should be", "must be one of")
    if kind == "string_pattern_mismatch" and ":[0-5]" in str(error.get("ctx", {}).get("pattern")):
        return f"{error.get('input')!r} is not a time of day like 19:00 (24-hour HH:MM)"
    message = re.sub(r"^Value error, ", "", message)
    message = message.replace("Input should be", "must be")
    return message
