"""Killing a clubdesk process with SIGKILL in the middle of the night, and checking what it
leaves behind. Used by tests/store/test_kill_nine.py (a few runs) and
benchmarks/bench_kill.py (many).

Run as ``python -m tests.kill_harness DATABASE EVENT_ID`` (from the project folder) it is the
victim: through the services it starts each round, submits every table's sheet hand by hand
with both signatures, closes the round and publishes the next, printing one line after each
step, until the event's rounds are done. With ``--window`` first the victim is the director's
window itself (``tests/kill_window.py``): the same night driven through its pages, its
snapshots written to the user data folder. With ``--backup DATABASE FOLDER`` it backs the
database up into FOLDER again and again, with ``--restore SOURCE DATABASE KEPT`` it restores
SOURCE in the database's place again and again (``run_copy_once``), a line after each.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import shutil
import signal
import sqlite3
import sys
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path

from clubdesk.services import rounds, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services import snapshots as snapshot_service
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.store.errors import ChangedOutsideError
from clubdesk.timesource import FakeTime
from tests import builder, forked

PROJECT = Path(__file__).resolve().parent.parent
START = dt.datetime(2024, 3, 9, 19, 0, tzinfo=dt.UTC)
RULES = "grand-prix-warmup"  # four rounds
TEAMS = 8  # four tables a round
# Two Grand Prix hands (docs/rules.md §1), then time is called: side a makes its bid, side b goes
# set: 145 to 40.
HANDS = [
    {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
     "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 60, "marriage": True, "meld": {"A": 0, "B": 10},
     "tricks": {"A": 25, "B": 25}},
]  # fmt: skip
SCORE = (145, 40)


def prepare(path: Path) -> str:
    """A new database at ``path``: eight teams drawn, round 1 published; the event's id."""
    clock = FakeTime(START)
    with open_database(path) as db:
        event_id = builder.event(db, clock, RULES, entrants=TEAMS)
        builder.draw(db, event_id, clock, seed=7)
        builder.publish(db, event_id, 1, clock)
    return event_id


def play(path: Path, event_id: str) -> None:
    """The victim's night: every round started, its sheets submitted, closed; a line a step."""
    clock = FakeTime(START + dt.timedelta(minutes=30))
    with open_database(path, create=False) as db:
        for number in range(1, 5):
            if number > 1 and number not in _published(db, event_id):
                seating_service.publish_seating(Desk(db, event_id, clock), number)
                _said("published", number)
            rounds.start_round(Desk(db, event_id, clock), number)
            _said("started", number)
            tables = [t.table for t in seating_service.seating(db, event_id, number).tables]
            for table in tables:
                clock.advance(minutes=3)
                sheets.submit_sheet(
                    Desk(db, event_id, clock), number, table, hands=HANDS, time_called=True,
                    signatures=builder.signers(db, event_id, number, table),
                )  # fmt: skip
                _said("submitted", number, table)
            rounds.close_round(Desk(db, event_id, clock), number)
            _said("closed", number)
    _said("done")


def _published(db, event_id: str) -> set[int]:
    from clubdesk.store import seating

    with db.session() as session:
        return set(seating.published_rounds(session, event_id))


def _said(*words: object) -> None:
    print(*words, flush=True)


@dataclass(frozen=True)
class Outcome:
    """One run: how many steps the victim reported before the kill, whether it had already
    finished, and what was wrong with the file it left (nothing, if all is well)."""

    steps: int
    finished: bool
    problems: tuple[str, ...]
    submitted: int


STEPS = 30  # the victim's night is about this many steps (28 lines and "done")


def run_once(
    folder: Path,
    template: Path,
    event_id: str,
    rng: random.Random,
    kill_after: int | None = None,
    *,
    window: bool = False,
) -> Outcome:
    """Copy the prepared database, start the victim on it (the window, with ``window``),
    kill it with SIGKILL after ``kill_after`` of its steps (by default a random number from
    0 to all of them), then check the file and the snapshots the victim wrote."""
    path = folder / "night.sqlite"
    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(path)) as copy:
        source.backup(copy)
    kill_after = rng.randint(0, STEPS) if kill_after is None else kill_after
    data = folder / "data"  # the user data folder, away from the user's own
    shutil.rmtree(data, ignore_errors=True)  # a fresh one each run, as is the window's
    (folder / "settings.ini").unlink(missing_ok=True)  # settings (the window's victim's)
    victim = forked.start(
        "tests.kill_harness",
        [*(["--window"] if window else []), str(path), event_id],
        {**os.environ, "XDG_DATA_HOME": str(data), "QT_QPA_PLATFORM": "offscreen"},
    )
    assert victim.stdout is not None
    steps, finished, said = 0, False, 0
    while steps < kill_after:
        line = victim.stdout.readline()
        if not line:
            break  # it ended by itself (done, or a failure: stderr says)
        finished = line.strip() == "done"
        said += line.startswith("submitted")
        steps += 1
    if victim.poll() is None:
        with suppress(ProcessLookupError):  # it ended by itself just then
            os.kill(victim.pid, signal.SIGKILL)
    _, errors = victim.communicate()
    if victim.returncode not in (0, -signal.SIGKILL):
        last = errors.strip().splitlines()[-1:] or ["no message"]
        failed = f"the victim failed: exit {victim.returncode}: {last[0]}"
        return Outcome(steps, finished, (failed,), 0)
    problems, submitted = check(path, event_id)
    if submitted < said:  # one more is fine: committed after the last line read
        problems.append(f"the victim said {said} sheets were in, the file holds {submitted}")
    problems += check_snapshots(data / "clubdesk" / "snapshots", event_id)
    for leftover in folder.glob("night.sqlite*"):
        leftover.unlink()
    return Outcome(steps, finished, tuple(problems), submitted)


def check(path: Path, event_id: str) -> tuple[list[str], int]:
    """What is wrong with the database a killed victim left (an empty list: nothing), and
    how many sheets are in it. It must open through clubdesk (the lock is free, the schema
    whole), pass SQLite's integrity check, and hold no half-written sheet or round."""
    problems = []
    try:
        open_database(path, create=False).close()  # also replays what the WAL holds
    except ChangedOutsideError as exc:  # a finding; what is half-written is looked for too
        problems.append(f"does not open: {exc}")
    except Exception as exc:  # noqa: BLE001 - any failure to open is the finding
        return [f"does not open: {exc}"], 0
    with closing(sqlite3.connect(path)) as conn:
        if conn.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            problems.append("integrity_check is not ok")
        if conn.execute("PRAGMA foreign_key_check").fetchall():
            problems.append("foreign_key_check finds rows pointing nowhere")
        games = conn.execute(
            "SELECT g.id, r.number, g.table_number, g.score_a, g.score_b, g.submitted_at,"
            " (SELECT COUNT(*) FROM hand h WHERE h.game_id = g.id),"
            " (SELECT COUNT(*) FROM signature s WHERE s.game_id = g.id)"
            " FROM game g JOIN round r ON r.id = g.round_id WHERE r.event_id = ?",
            (event_id,),
        ).fetchall()
        submitted = 0
        for _, number, table, a, b, at, hands, signatures in games:
            where = f"round {number} table {table}"
            if at is None:
                if (a, b, hands, signatures) != (None, None, 0, 0):
                    problems.append(f"{where}: not submitted, yet something of it is written")
                continue
            submitted += 1
            if (a, b) != SCORE or hands != len(HANDS) or signatures != 2:
                problems.append(
                    f"{where}: half written ({a}-{b}, {hands} hands, {signatures} sig.)"
                )
        logged = conn.execute(
            "SELECT COUNT(*) FROM audit_log WHERE event_id = ? AND action = 'sheet.submit'",
            (event_id,),
        ).fetchone()[0]
        if logged != submitted:
            problems.append(f"{submitted} sheets in, but {logged} submissions in the audit log")
        for number, status in conn.execute(
            "SELECT number, status FROM round WHERE event_id = ?", (event_id,)
        ):
            out = conn.execute(
                "SELECT COUNT(*) FROM game g JOIN round r ON r.id = g.round_id"
                " WHERE r.event_id = ? AND r.number = ? AND g.submitted_at IS NULL",
                (event_id, number),
            ).fetchone()[0]
            started = conn.execute(
                "SELECT COUNT(*) FROM clock_fact WHERE event_id = ? AND round_number = ?"
                " AND kind = 'start'",
                (event_id, number),
            ).fetchone()[0]
            if status == "closed" and out:
                problems.append(f"round {number} is closed with {out} sheets out")
            if (status != "pending") != bool(started):
                problems.append(f"round {number} is {status} but its clock says otherwise")
    return problems, submitted


def check_snapshots(folder: Path, event_id: str) -> list[str]:
    """What is wrong with the snapshots a killed victim left in ``folder``: every one the
    Restore list offers must be a whole database (integrity_check) holding the event. A
    half-written one is only ever the hidden ``.partial`` file beside them, never listed."""
    problems = []
    for snapshot in snapshot_service.list_snapshots(folder):
        uri = f"{snapshot.path.absolute().as_uri()}?mode=ro"
        try:
            with closing(sqlite3.connect(uri, uri=True)) as conn:
                whole = conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
                held = conn.execute("SELECT COUNT(*) FROM event WHERE id = ?", (event_id,))
                has_event = held.fetchone()[0] == 1
        except sqlite3.Error as exc:
            problems.append(f"snapshot {snapshot.path.name} does not open: {exc}")
            continue
        if not whole:
            problems.append(f"snapshot {snapshot.path.name}: integrity_check is not ok")
        elif not has_event:
            problems.append(f"snapshot {snapshot.path.name} does not hold the event")
    return problems


# --- backup and restore killed ---------------------------------------------------------------

COPIES = 6  # the copy victims' steps: a backup or a restore each


def back_up(path: Path, folder: Path) -> None:
    """The backup victim: ``COPIES`` backups of the database into ``folder``, a line each."""
    from clubdesk.store.copies import backup_database

    for n in range(1, COPIES + 1):
        backup_database(path, folder / f"backup-{n}.sqlite")
        _said("backed up", n)


def restore(source: Path, path: Path, kept: Path) -> None:
    """The restore victim: ``SOURCE`` restored in the database's place ``COPIES`` times (the
    database it replaces kept in ``kept`` each time), a line each."""
    from clubdesk.services.restore import restore_database

    clock = FakeTime(START)
    for n in range(1, COPIES + 1):
        restore_database(source, path, clock, backups=kept)
        clock.advance(seconds=1)
        _said("restored", n)


def run_copy_once(
    folder: Path, night: Path, template: Path, event_id: str, kind: str, kill_after: int
) -> tuple[str, ...]:
    """A backup (``kind`` "backup": of the played ``night``) or restore victim (of the
    ``night`` in the place of the ``template``, nothing played) killed with SIGKILL after
    ``kill_after`` of its steps; what is wrong with what it left (nothing, if all is well).
    The database is whole and is the night or the template; every backup and every copy
    kept of a database replaced is whole; and the next backup or restore leaves nothing
    half-written beside them."""
    path = folder / "live.sqlite"
    copies, kept = folder / "copies", folder / "kept"
    for leftover in (*folder.glob("live.sqlite*"), *folder.glob(".live.sqlite*")):
        leftover.unlink()
    shutil.rmtree(copies, ignore_errors=True)
    shutil.rmtree(kept, ignore_errors=True)
    copies.mkdir()
    start = night if kind == "backup" else template
    with closing(sqlite3.connect(start)) as source, closing(sqlite3.connect(path)) as copy:
        source.backup(copy)
    args = [str(path), str(copies)] if kind == "backup" else [str(night), str(path), str(kept)]
    victim = forked.start(
        "tests.kill_harness",
        [f"--{kind}", *args],
        {**os.environ, "XDG_DATA_HOME": str(folder / "data")},
    )
    assert victim.stdout is not None
    for _ in range(kill_after):
        if not victim.stdout.readline():
            break
    if victim.poll() is None:
        with suppress(ProcessLookupError):  # it ended by itself just then
            os.kill(victim.pid, signal.SIGKILL)
    _, errors = victim.communicate()
    if victim.returncode not in (0, -signal.SIGKILL):
        last = errors.strip().splitlines()[-1:] or ["no message"]
        return (f"the {kind} victim failed: exit {victim.returncode}: {last[0]}",)
    problems, submitted = check(path, event_id)
    expected = (16,) if kind == "backup" else (0, 16)
    if submitted not in expected:
        problems.append(f"the database holds {submitted} sheets, not {expected}")
    for whole in sorted(copies.glob("*.sqlite")) + sorted(kept.glob("*.sqlite")):
        found, sheets = check(whole, event_id)
        problems += [f"{whole.name}: {problem}" for problem in found]
        if sheets not in (0, 16):
            problems.append(f"{whole.name} holds {sheets} sheets")
    problems += _cleared_after(kind, path, night, copies, kept)
    return tuple(problems)


def _cleared_after(kind: str, path: Path, night: Path, copies: Path, kept: Path) -> list[str]:
    """One more backup or restore, then anything half-written left beside them."""
    from clubdesk.services.restore import restore_database
    from clubdesk.store.copies import backup_database

    if kind == "backup":
        backup_database(path, copies / "after.sqlite")
        left = [p.name for p in copies.iterdir() if p.name.startswith(".")]
    else:
        restore_database(night, path, FakeTime(START), backups=kept)
        left = [p.name for p in path.parent.iterdir() if p.name.startswith(".live")]
        left += [p.name for p in kept.iterdir() if p.name.startswith(".")]
    return [f"left behind: {', '.join(sorted(left))}"] if left else []


if __name__ == "__main__":
    if sys.argv[1] == "--backup":
        back_up(Path(sys.argv[2]), Path(sys.argv[3]))
    elif sys.argv[1] == "--restore":
        restore(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
    elif sys.argv[1] == "--window":
        from tests import kill_window

        kill_window.play(Path(sys.argv[2]), sys.argv[3], HANDS)
    else:
        play(Path(sys.argv[1]), sys.argv[2])
