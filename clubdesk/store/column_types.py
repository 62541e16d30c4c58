"""How the tables store what SQLite has no type for: a timezone-aware time and a date as
ISO-8601 text, a JSON value as text (``models.py`` and ``payout_tables.py`` both use them)."""

import datetime as dt
import json
from typing import Any

from sqlalchemy import Text, TypeDecorator


class IsoDateTime(TypeDecorator[dt.datetime]):
    """A timezone-aware datetime stored as ISO-8601 text."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> str | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"time {value} has no timezone")
        return value.isoformat()

    def process_result_value(self, value: str | None, dialect: Any) -> dt.datetime | None:
        return None if value is None else dt.datetime.fromisoformat(value)


class IsoDate(TypeDecorator[dt.date]):
    """A calendar date stored as ISO-8601 text."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: dt.date | None, dialect: Any) -> str | None:
        return None if value is None else value.isoformat()

    def process_result_value(self, value: str | None, dialect: Any) -> dt.date | None:
        return None if value is None else dt.date.fromisoformat(value)


class JsonText(TypeDecorator[Any]):
    """Any JSON value stored as text."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Any) -> str | None:
        return None if value is None else json.dumps(value, ensure_ascii=False)

    def process_result_value(self, value: str | None, dialect: Any) -> Any:
        return None if value is None else json.loads(value)
