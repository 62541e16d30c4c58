"""What a command changed, so that whoever shows the event knows what to read again.

Every act returns a value with a ``changes`` field, a ``Change`` flag:
``Change.ENTRANTS | Change.MONEY`` after a registration with a payment,
``Change.DRAW | Change.SEATING`` after a draw, and so on. An act declares what it
may change once (``services/command.py``, ``@act``); what replaces a whole file (a
restore) says so in the value it returns. The window publishes it, and each page
reads again only what it shows.
"""

from __future__ import annotations

import dataclasses
from enum import Flag, auto
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Change(Flag):
    """The parts of an event a command can change (combine them with ``|``)."""

    NONE = 0
    EVENT = auto()  # the event's name, date, venue or settings; events added or removed
    ENTRANTS = auto()  # who is registered, their numbers, names and status
    DRAW = auto()  # the round-1 draw
    SEATING = auto()  # published seatings of rounds
    SHEETS = auto()  # score sheets handed in
    CLOCK = auto()  # rounds started or closed
    MONEY = auto()  # fees, refunds, fines, payouts
    MEMBERS = auto()  # the club's members, kept across events

    @classmethod
    def everything(cls) -> Change:
        """Every part: for a command that replaces a whole event or database."""
        result = cls.NONE
        for member in cls:
            result |= member
        return result


def changes_field() -> Any:
    """The ``changes`` field of a result dataclass: keyword only, left out of ``==``."""
    return dataclasses.field(default=Change.NONE, compare=False, repr=False, kw_only=True)


def with_changes(result: R, change: Change) -> R:
    """``result`` with ``changes`` set (a result without that field is returned as it is)."""
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        names = {f.name for f in dataclasses.fields(result)}
        if "changes" in names:
            return dataclasses.replace(result, changes=change)  # type: ignore[type-var]
    return result


def changes_of(result: object) -> Change:
    """What a service call's result says it changed (``Change.NONE`` if it says nothing)."""
    found = getattr(result, "changes", Change.NONE)
    return found if isinstance(found, Change) else Change.NONE
