"""Reads run off the window's thread, their results handed back on it.

The clock's watch reads the round's board and the rounds again after what the tables' server
changed (``ui/tables_dialog.py``): many phones at once would otherwise have the window's
thread wait on those reads between two of its frames (docs/architecture.md, "The tables'
pages"). The Standings and Money pages read the whole event's results after a sheet: on the
largest field that is longer than a page switch may take (docs/architecture.md, "The
window"). One read runs at a time, on the context's pool of readers; a read asked for while
one runs is run once after it, so a burst costs one read more, never a queue of them. Code
that reads the page itself has the last read finished first (``finish``). A read that fails
(the database closed under it as the window closed) shows nothing: what is on the page
stays.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal


class LatestRead(QObject):
    """``ask(read, show)``: ``read()`` on a thread of ``pool``, then ``show(result)`` on the
    window's thread; ``show`` is not called for a read that failed, nor for one ``drop()``
    made stale."""

    _done = Signal(int, object)  # (the read's number, what it read or _FAILED): queued here

    def __init__(self, pool: QThreadPool, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = pool
        self.running = False
        self._asked: tuple[Callable[[], Any], Callable[[Any], None]] | None = None
        self._number = 0  # the number of the last read asked; older results are stale
        self._running: tuple[Callable[[], Any], Callable[[Any], None]] | None = None
        self._done.connect(self._finished)

    def ask(self, read: Callable[[], Any], show: Callable[[Any], None]) -> None:
        self._asked = (read, show)
        if not self.running:
            self._start()

    @property
    def pending(self) -> bool:
        """A read is under way or asked for: what it reads is not shown yet."""
        return self.running or self._asked is not None

    def drop(self) -> None:
        """What is being read is no longer wanted (the window read it itself since)."""
        self._number += 1
        self._asked = None

    def finish(self) -> None:
        """Read now, on this thread, the last read asked (or the one under way), and show it:
        for code that reads what the reads show, which must not find it behind."""
        latest = self._asked or self._running
        if latest is None:
            return
        self.drop()  # the one under way, if any, is never shown
        self._running = None
        read, show = latest
        found = _read(read)
        if found is not _FAILED:
            show(found)

    def _start(self) -> None:
        assert self._asked is not None
        self._running = self._asked
        read = self._asked[0]
        self._asked = None
        self._number += 1
        number = self._number
        self.running = True

        def run() -> None:
            found = _read(read)
            with suppress(RuntimeError):  # the window is gone meanwhile
                self._done.emit(number, found)

        self.pool.start(run)

    def _finished(self, number: int, found: Any) -> None:
        self.running = False
        done, self._running = self._running, None
        if number == self._number and done is not None and found is not _FAILED:
            done[1](found)
        if self._asked is not None:
            self._start()


_FAILED = object()  # what a read that raised gives back: nothing is shown


def _read(read: Callable[[], Any]) -> Any:
    """What ``read()`` read; ``_FAILED`` where it raised (the database closed under it, ...)."""
    try:
        return read()
    except Exception:
        return _FAILED
