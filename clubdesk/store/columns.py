"""How a value that SQLite has no type for is written in a column: a timezone-aware time and a
date as ISO-8601 text, any JSON value as text (the tables in ``models.py`` use these, and the
plain writes ``time_text`` and ``json_text``); and how it is read back, by the models and by
the plain reads alike (``read_time``, ``read_date``, ``read_json``)."""

import datetime as dt
import json
from typing import Any

from sqlalchemy import Text, TypeDecorator


class IsoDateTime(TypeDecorator[dt.datetime]):
    """A timezone-aware datetime stored as ISO-8601 text."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> str | None:
        return None if value is None else time_text(value)

    def process_result_value(self, value: str | None, dialect: Any) -> dt.datetime | None:
        return None if value is None else read_time(value)


class IsoDate(TypeDecorator[dt.date]):
    """A calendar date stored as ISO-8601 text."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: dt.date | None, dialect: Any) -> str | None:
        return None if value is None else value.isoformat()

    def process_result_value(self, value: str | None, dialect: Any) -> dt.date | None:
        return None if value is None else read_date(value)


class JsonText(TypeDecorator[Any]):
    """Any JSON value stored as text."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Any) -> str | None:
        return None if value is None else json_text(value)

    def process_result_value(self, value: str | None, dialect: Any) -> Any:
        return read_json(value)


def time_text(value: dt.datetime) -> str:
    """A time as ``IsoDateTime`` writes it, for plain SQL's writes too."""
    if value.tzinfo is None:
        raise ValueError(f"time {value} has no timezone")
    return value.isoformat()


def json_text(value: Any) -> str:
    """A value as ``JsonText`` writes it, for plain SQL's writes too."""
    return json.dumps(value, ensure_ascii=False)


class UnreadableValue(ValueError):
    """A stored value that is not as clubdesk writes it (a time, a date or JSON that does not
    read): something other than clubdesk wrote it. ``store/db.py`` names its row."""

    def __init__(self, kind: str, text: object) -> None:
        super().__init__(f"{text!r} is not a {kind}")
        self.kind = kind
        self.text = text


def read_time(text: str) -> dt.datetime:
    """A time as ``IsoDateTime`` writes it, read back (UnreadableValue: not one)."""
    try:
        value = dt.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise UnreadableValue("time", text) from None
    if value.tzinfo is None:  # clubdesk writes every time with its offset
        raise UnreadableValue("time", text)
    return value


def read_date(text: str) -> dt.date:
    """A date as ``IsoDate`` writes it, read back (UnreadableValue: not one)."""
    try:
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise UnreadableValue("date", text) from None


def read_json(text: str | None) -> Any:
    """A value as ``JsonText`` writes it, read back (None stays None; UnreadableValue: not
    JSON)."""
    if text is None:
        return None
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise UnreadableValue("JSON value", text) from None
