"""Reads off the window's thread (``ui/off_thread.py``): one at a time, the last one
asked meanwhile run once after it, a dropped one never shown, nor a failed one;
``finish`` reads the latest here, for code that reads what the reads show."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, QThreadPool

from clubdesk.ui.off_thread import LatestRead


class Reads:
    """``LatestRead`` asked numbered reads: read 1 waits for ``release``; each read says
    which thread read it (``threads``), each shown one is kept (``shown``)."""

    def __init__(self) -> None:
        self.pool = QThreadPool()
        self.latest = LatestRead(self.pool)
        self.release = threading.Event()
        self.threads: list[int] = []
        self.shown: list[int] = []

    def ask(self, n: int) -> None:
        def read() -> int:
            self.threads.append(threading.get_ident())
            if n == 1:
                self.release.wait(5)
            return n

        self.latest.ask(read, self.shown.append)

    def run_out(self, qtbot) -> None:
        """Let read 1 end, and every read under way be in."""
        self.release.set()
        self.pool.waitForDone()
        qtbot.waitUntil(lambda: not self.latest.pending)


def test_reads_asked_while_one_runs_are_run_once_after_it(qtbot):
    reads = Reads()
    reads.ask(1)
    for n in (2, 3, 4):  # asked while the first runs: only the last is read after it
        reads.ask(n)
    reads.run_out(qtbot)
    assert reads.shown == [1, 4]
    assert threading.get_ident() not in reads.threads and len(reads.threads) == 2
    reads.ask(5)
    reads.latest.drop()  # the window read it itself meanwhile
    reads.pool.waitForDone()
    QCoreApplication.processEvents()  # its result, handed back (queued), is delivered now
    assert reads.shown == [1, 4] and not reads.latest.running

    def fails() -> int:
        raise RuntimeError("the database is closed")

    reads.latest.ask(fails, reads.shown.append)
    reads.pool.waitForDone()
    qtbot.waitUntil(lambda: not reads.latest.pending)
    reads.ask(6)  # the next read is shown as ever
    reads.run_out(qtbot)
    assert reads.shown == [1, 4, 6]
    reads.latest.ask(fails, reads.shown.append)
    reads.latest.finish()  # a failed read finished here shows nothing either
    reads.run_out(qtbot)
    assert reads.shown == [1, 4, 6]


def test_finish_reads_the_last_asked_here_and_the_one_under_way_is_never_shown(qtbot):
    reads = Reads()
    reads.ask(1)
    reads.ask(2)  # asked while the first runs
    assert reads.latest.pending
    reads.latest.finish()  # code reading the page: the last asked, read now, on this thread
    assert reads.shown == [2] and reads.threads[-1] == threading.get_ident()
    reads.run_out(qtbot)
    assert reads.shown == [2]  # the first, under way meanwhile, is never shown

    reads.ask(1)  # under way (its result not handed back yet), none asked after it: read here
    reads.latest.finish()
    assert reads.shown == [2, 1]
    reads.run_out(qtbot)
    assert reads.shown == [2, 1]
    reads.latest.finish()  # nothing under way: nothing read
    assert reads.shown == [2, 1]
