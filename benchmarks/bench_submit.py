"""How long does a score sheet take to go in? Run by hand: ``python benchmarks/bench_submit.py``.

Builds an NPA event of 256 players (64 tables) with round 1 seated and started, through
the services (``tests/builder.py``), then, on fresh copies of that database, in turn:

(a) the floor: each table's sheet written with plain ``sqlite3``, one ``BEGIN IMMEDIATE``
    transaction a sheet: its 8 hands, the two signatures with their strokes, the game's
    score and submitted time, the round running, the draft dropped and the audit row (the
    rows ``submit_sheet`` writes, the database's triggers and foreign keys at work on
    both);
(b) ``services.sheets.submit_sheet`` for each table's sheet, as the window and the phones
    hand it in (8 hands, both signatures drawn);

and prints the median of a submit for each, in wall time and in CPU time (the wall time
is mostly the disk's: each commit waits for it), and the ratios (b)/(a). ``--profile`` runs (b)
once more under cProfile and says the share of its time spent in SQLite (the calls into
the ``sqlite3`` module) and outside it.

    .venv/bin/python benchmarks/bench_submit.py               # 5 runs of 64 tables
    .venv/bin/python benchmarks/bench_submit.py --tables 16 --runs 9 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import json
import pstats
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clubdesk.services import sheets  # noqa: E402
from clubdesk.services.command import Desk  # noqa: E402
from clubdesk.services.sheet_input import SignatureInput  # noqa: E402
from clubdesk.store.db import open_database  # noqa: E402
from clubdesk.timesource import FakeTime  # noqa: E402
from tests import builder  # noqa: E402
from tests.builder import STROKES, npa_sheet  # noqa: E402

RULES = "npa-club-pinochle"
NIGHT = dt.datetime(2024, 3, 9, 19, 0, tzinfo=dt.UTC)


def build(folder: Path, tables: int) -> tuple[Path, str, list[dict[str, Any]]]:
    """The event's database with round 1 started, its id, and each table's sheet."""
    clock = FakeTime(NIGHT)
    path = folder / "night.sqlite"
    with open_database(path, backups=folder / "backups") as db:
        event_id = builder.event(db, clock, RULES, entrants=4 * tables)
        builder.draw(db, event_id, clock, seed=5)
        builder.start(db, event_id, 1, clock)
        plan = [
            {
                "table": table,
                "hands": npa_sheet(table),
                "signatures": builder.signers(db, event_id, 1, table),
            }
            for table in range(1, tables + 1)
        ]
    return path, event_id, plan


def copy_of(path: Path, name: str) -> Path:
    target = path.with_name(name)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(path, target)
    return target


Times = list[tuple[float, float]]  # per submit: (wall seconds, CPU seconds)


def run_services(path: Path, event_id: str, plan: list[dict[str, Any]]) -> Times:
    """Seconds per submit through ``submit_sheet``; each sheet's result goes into ``plan``."""
    clock = FakeTime(NIGHT + dt.timedelta(hours=1))
    spent = []
    with open_database(path, backups=path.parent / "backups") as db:
        for sheet in plan:
            signatures = {
                role: SignatureInput(name, STROKES) for role, name in sheet["signatures"].items()
            }
            start, cpu = time.perf_counter(), time.process_time()
            done = sheets.submit_sheet(
                Desk(db, event_id, clock), 1, sheet["table"], hands=sheet["hands"],
                signatures=signatures,
            )  # fmt: skip
            spent.append((time.perf_counter() - start, time.process_time() - cpu))
            sheet["score"] = (done.score_a, done.score_b)
    return spent


def run_floor(path: Path, event_id: str, plan: list[dict[str, Any]]) -> Times:
    """Seconds per sheet written with plain sqlite3: the same rows, one transaction each."""
    at = (NIGHT + dt.timedelta(hours=1)).isoformat()
    strokes = json.dumps([[[x, y] for x, y in s] for s in STROKES], separators=(",", ":"))
    spent = []
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 5000")
        games = {
            table: (game_id, round_id)
            for table, game_id, round_id in conn.execute(
                "SELECT g.table_number, g.id, r.id FROM game g JOIN round r ON r.id = g.round_id "
                "WHERE r.event_id = ? AND r.number = 1",
                (event_id,),
            )
        }
        for sheet in plan:
            game_id, round_id = games[sheet["table"]]
            names = sheet["signatures"]
            start, cpu = time.perf_counter(), time.process_time()
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO hand (game_id, number, data) VALUES (?, ?, ?)",
                [
                    (game_id, n, json.dumps(hand, ensure_ascii=False))
                    for n, hand in enumerate(sheet["hands"], start=1)
                ],
            )
            conn.executemany(
                "INSERT INTO signature (game_id, role, name, at, strokes) VALUES (?, ?, ?, ?, ?)",
                [(game_id, role, name, at, strokes) for role, name in names.items()],
            )
            conn.execute("DELETE FROM sheet_draft WHERE game_id = ?", (game_id,))
            conn.execute(
                "UPDATE game SET score_a = ?, score_b = ?, winner = NULL, submitted_at = ?, "
                "time_called = 0 WHERE id = ?",
                (*sheet["score"], at, game_id),
            )
            conn.execute(
                "UPDATE round SET status = 'running' WHERE id = ? AND status = 'pending'",
                (round_id,),
            )
            details = {"round": 1, "table": sheet["table"], "score": list(sheet["score"]),
                       "hands": len(sheet["hands"]), "signatures": names,
                       "drawn": list(names)}  # fmt: skip
            conn.execute(
                "INSERT INTO audit_log (at, actor, action, event_id, details) "
                "VALUES (?, 'director', 'sheet.submit', ?, ?)",
                (at, event_id, json.dumps(details, ensure_ascii=False)),
            )
            conn.execute("COMMIT")
            spent.append((time.perf_counter() - start, time.process_time() - cpu))
    return spent


def sqlite_share(path: Path, event_id: str, plan: list[dict[str, Any]]) -> tuple[float, float]:
    """(seconds of all the submits under cProfile, the share of them spent in SQLite)."""
    profile = cProfile.Profile()
    profile.enable()
    run_services(path, event_id, plan)
    profile.disable()
    stats = pstats.Stats(profile)
    total = inside = 0.0
    for (_, _, name), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += tottime
        if "sqlite3." in name:
            inside += tottime
    return total, inside / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="say the share spent in SQLite")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        built = time.perf_counter()
        path, event_id, plan = build(Path(scratch), args.tables)
        print(f"{args.tables} tables built in {time.perf_counter() - built:.1f} s")
        app: Times = []
        floor: Times = []
        for _ in range(args.runs):  # the services first: they compute the scores written
            app += run_services(copy_of(path, "app.sqlite"), event_id, plan)
            floor += run_floor(copy_of(path, "floor.sqlite"), event_id, plan)
        print(f"a submit, median of {len(app)}:")
        for n, kind in enumerate(("wall", "CPU")):
            a = statistics.median(x[n] for x in floor)
            b = statistics.median(x[n] for x in app)
            print(
                f"  {kind:4} time: (a) bare sqlite3 {a * 1000:.2f} ms, "
                f"(b) submit_sheet {b * 1000:.2f} ms; (b)/(a) {b / a:.1f}"
            )
        if args.profile:
            total, share = sqlite_share(copy_of(path, "profiled.sqlite"), event_id, plan)
            print(
                f"profiled: {total / len(plan) * 1000:.1f} ms a submit, {share:.0%} of it in "
                f"SQLite, {1 - share:.0%} outside it"
            )


if __name__ == "__main__":
    main()
