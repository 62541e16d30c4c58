"""The window's time source: a callable giving the local time, aware.

Widgets never read the clock themselves; they are given one, so tests pass
a fake clock that only moves when told to.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

Clock = Callable[[], datetime]


def local_now() -> datetime:
    """Now, in the laptop's time zone (the club's), with that zone attached."""
    return datetime.now().astimezone()
