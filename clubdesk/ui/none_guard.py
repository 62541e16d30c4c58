"""Keeping ``None`` alive under Qt's Python bindings on Python 3.11.

PySide6 6.12 returns ``None`` from every Qt method that gives nothing back
(``setText``, ``setFocus``, ``polish``, ...) or gives back a null object
(``parentWidget()``, ``currentItem()``, a dynamic property never set)
without counting the reference it hands over. From Python 3.12 on ``None``
is immortal and the count does not matter; on 3.11 each such call lowers
``None``'s reference count by one, and when it reaches zero Python aborts
("Fatal Python error: none_dealloc"). A night at the front table makes
hundreds of thousands of such calls: the window died after about ten typed
score sheets, or on exit.

``keep_none_alive`` gives ``None`` a reference count so large that no night
can use it up, as Python 3.12 does for its immortal objects. It is called
once, before the window is built. The window's own code also avoids the calls
it can (``style.py`` keeps a field's look in Python, never reading a
property that was not set), which also saves the work.
"""

from __future__ import annotations

import ctypes
import sys

# Python 3.12 gives immortal objects a count of about 2**32; this is far more than a
# night of void calls (about 10**5 a round) can take, and far below overflow (2**63).
HEADROOM = 1 << 40


def needed() -> bool:
    """Whether this Python counts references to ``None`` (3.11 and older)."""
    return sys.version_info < (3, 12)


def keep_none_alive() -> bool:
    """Raise ``None``'s reference count by ``HEADROOM`` where it is counted; whether it was.
    Done once: a second call finds the headroom there and does nothing."""
    if not needed() or sys.implementation.name != "cpython":
        return False
    count = ctypes.c_ssize_t.from_address(id(None))
    seen = sys.getrefcount(None)
    # the object's first field is its count in a release build; anything else (a debug
    # build's extra fields) is left alone
    if abs(count.value - seen) > 16:
        return False
    if count.value >= HEADROOM:
        return True
    count.value += HEADROOM
    return True
