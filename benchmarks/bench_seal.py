"""What does the seal cost? Run by hand: ``python benchmarks/bench_seal.py``.

Builds the Grand Prix of 512 teams over 11 rounds of ``bench_standings.py`` as an event file,
then, with the seal on and with it off (``store.seal.ENABLED``: the same work without
sealing or checking a row), in turn and best of several runs:

(a) import: the event file into a new database (``services.eventfile.import_event``), its
    38,000 rows sealed as the import commits;
(b) open: ``open_database`` and close of that file as it was last closed by clubdesk (the
    file remembered as checked whole: no row is checked again);
(c) open, first time: the same for a file this laptop has not seen whole (a copy brought
    over, the first opening after a crash): every row checked against its seal;
(d) write: a fee row added in one transaction (a submit's commit, sealed).

and prints each with the seal and without it, and the ratio.

    .venv/bin/python benchmarks/bench_seal.py --runs 5
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_standings import IMPORTED_AT, event_file  # noqa: E402

from clubdesk.services import eventfile  # noqa: E402
from clubdesk.services.command import Desk  # noqa: E402
from clubdesk.store import seal  # noqa: E402
from clubdesk.store.db import open_database, plain_cursor  # noqa: E402
from clubdesk.timesource import FakeTime  # noqa: E402


def best(
    runs: int, action: Callable[[], object], before: Callable[[], object] = lambda: None
) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def imported(folder: Path, data: dict) -> Path:
    path = folder / f"night-{time.perf_counter_ns()}.sqlite"
    with open_database(path, backups=folder / "backups") as db:
        eventfile.import_event(Desk(db, None, FakeTime(IMPORTED_AT)), data)
    return path


def add_fee(path: Path) -> Callable[[], None]:
    db = open_database(path, create=False)

    def write() -> None:
        with db.session() as session:
            plain_cursor(session).execute(
                "INSERT INTO ledger_entry (event_id, kind, cents, note) "
                "SELECT id, 'added', 100, 'raffle' FROM event"
            )

    write.db = db  # type: ignore[attr-defined]
    return write


def measure(folder: Path, data: dict, runs: int, sealed: bool) -> dict[str, float]:
    seal.ENABLED = sealed
    found = {"import": best(max(1, runs // 2), lambda: imported(folder, data))}
    path = imported(folder, data)
    open_database(path, create=False).close()
    found["open"] = best(runs, lambda: open_database(path, create=False).close())
    record = seal._record_of(path)
    found["open, first time"] = best(
        runs,
        lambda: open_database(path, create=False).close(),
        before=lambda: record.unlink(missing_ok=True),
    )
    write = add_fee(path)
    found["write"] = best(runs * 10, write)
    write.db.close()  # type: ignore[attr-defined]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = event_file(random.Random(2011))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        on, off = {}, {}
        for _ in range(2):  # interleaved: the machine's noise falls on both alike
            for sealed, into in ((False, off), (True, on)):
                for what, seconds in measure(folder, data, args.runs, sealed).items():
                    into[what] = min(seconds, into.get(what, seconds))
                shutil.rmtree(folder / "backups", ignore_errors=True)
    print(f"{'':20} {'no seal':>10} {'sealed':>10} {'ratio':>6}")
    for what in off:
        print(f"{what:20} {off[what] * 1000:8.1f}ms {on[what] * 1000:8.1f}ms "
              f"{on[what] / off[what]:6.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
