"""Reads off the window's thread (``ui/off_thread.py``): one at a time, the last one
asked meanwhile run once after it, a dropped one never shown, a failed one shown as None;
``finish`` reads the latest here, for code that reads what the reads show."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThreadPool

from clubdesk.ui.off_thread import LatestRead


def test_reads_asked_while_one_runs_are_run_once_after_it(qtbot):
    pool = QThreadPool()
    reads = LatestRead(pool)
    release, shown, threads = threading.Event(), [], []

    def read(n: int):
        def run() -> int:
            threads.append(threading.get_ident())
            if n == 1:
                release.wait(5)
            return n

        return run

    reads.ask(read(1), shown.append)
    for n in (2, 3, 4):  # asked while the first runs: only the last is read after it
        reads.ask(read(n), shown.append)
    release.set()
    qtbot.waitUntil(lambda: shown == [1, 4])
    assert threading.get_ident() not in threads and len(threads) == 2
    reads.ask(read(5), shown.append)
    reads.drop()  # the window read it itself meanwhile
    pool.waitForDone()
    qtbot.wait(50)
    assert shown == [1, 4] and not reads.running

    def fails() -> int:
        raise RuntimeError("the database is closed")

    reads.ask(fails, shown.append)
    qtbot.waitUntil(lambda: shown == [1, 4, None])


def test_finish_reads_the_last_asked_here_and_the_one_under_way_is_never_shown(qtbot):
    pool = QThreadPool()
    reads = LatestRead(pool)
    release, shown, threads = threading.Event(), [], []

    def read(n: int):
        def run() -> int:
            threads.append(threading.get_ident())
            if n == 1:
                release.wait(5)
            return n

        return run

    reads.ask(read(1), shown.append)
    reads.ask(read(2), shown.append)  # asked while the first runs
    assert reads.pending
    reads.finish()  # code reading the page: the last asked, read now, on this thread
    assert shown == [2] and threads[-1] == threading.get_ident()
    release.set()
    pool.waitForDone()
    qtbot.waitUntil(lambda: not reads.pending)
    assert shown == [2]  # the first, under way meanwhile, is never shown

    reads.ask(read(1), shown.append)  # under way, none asked after it: read again here
    reads.finish()
    assert shown == [2, 1]
    release.set()
    pool.waitForDone()
    qtbot.waitUntil(lambda: not reads.pending)
    assert shown == [2, 1]
    reads.finish()  # nothing under way: nothing read
    assert shown == [2, 1]
