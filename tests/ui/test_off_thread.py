"""Reads off the window's thread (``ui/off_thread.py``): one at a time, the last one
asked meanwhile run once after it, a dropped one never shown, a failed one shown as None."""

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
