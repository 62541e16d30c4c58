"""Snapshots taken during the night: SQLite online backups of the open database, one file
each, named by event, round and time, the last few kept per event.

The window takes one when a round starts or closes and when it closes; a director
restores one from File > Restore…. A snapshot is a whole database (every event in it);
it is filed under the event that was on screen when it was taken.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from clubdesk import paths
from clubdesk.services.restore import RestoreResult, restore_database
from clubdesk.store import seating as store
from clubdesk.store.backups import event_name_in
from clubdesk.store.db import Database, open_database
from clubdesk.timesource import TimeSource

DEFAULT_KEEP = 30
_STAMP = "%Y%m%dT%H%M%S%fZ"
_NAME = re.compile(
    r"^(?P<event>[A-Za-z0-9._-]+)__round-(?P<round>\d+)__(?P<stamp>\d{8}T\d{12}Z)"
    r"__(?P<reason>[a-z-]+)\.sqlite$"
)


@dataclass(frozen=True)
class Snapshot:
    """One snapshot file: the event it is filed under, the round then in play (0: before
    round 1), when it was taken and why (``start``, ``close``, ``exit``, ``before-restore``)."""

    path: Path
    event_id: str
    round_number: int
    taken_at: dt.datetime
    reason: str

    def describe(self) -> str:
        """``Round 3 · 21:04:17 · round closed`` as the restore list shows it."""
        when = self.taken_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
        round_text = f"Round {self.round_number}" if self.round_number else "Before round 1"
        return f"{round_text} · {when} · {_REASONS.get(self.reason, self.reason)}"


def event_name(snapshot: Snapshot) -> str:
    """The name of the event a snapshot is filed under, as the snapshot holds it (its id
    when the file holds no such event or cannot be read)."""
    return event_name_in(snapshot.path, snapshot.event_id) or snapshot.event_id


_REASONS = {
    "start": "round started",
    "close": "round closed",
    "exit": "window closed",
    "before-restore": "before a restore",
}


def snapshots_dir() -> Path:
    """The user's snapshots folder (inside the user data folder)."""
    return paths.user_data_dir() / "snapshots"


def round_states(db: Database, event_id: str) -> dict[int, str]:
    """Each published round's status (``pending``, ``running``, ``closed``) by number."""
    with db.reading() as session:
        found = (
            store.find_round(session, event_id, n)
            for n in store.published_rounds(session, event_id)
        )
        return {r.number: r.status for r in found if r is not None}


def round_in_play(states: dict[int, str]) -> int:
    """The round a snapshot is named by: the last one started (0 before round 1)."""
    started = [n for n, status in states.items() if status != "pending"]
    return max(started, default=0)


def take_snapshot(
    db: Database,
    event_id: str,
    reason: str,
    clock: TimeSource,
    *,
    folder: Path | None = None,
    keep: int = DEFAULT_KEEP,
) -> Snapshot:
    """Write a snapshot of ``db`` (the online backup: what is in the WAL is included) filed
    under ``event_id``, then remove that event's oldest beyond the last ``keep``."""
    if keep < 1:
        raise ValueError("keep: at least one snapshot is kept")
    folder = folder if folder is not None else snapshots_dir()
    folder.mkdir(parents=True, exist_ok=True)
    at = clock.now().astimezone(dt.UTC)
    number = round_in_play(round_states(db, event_id))
    label = _label(event_id)
    target = folder / f"{label}__round-{number}__{at.strftime(_STAMP)}__{reason}.sqlite"
    while target.exists():  # two in the same microsecond: the later one a microsecond on
        at += dt.timedelta(microseconds=1)
        target = folder / f"{label}__round-{number}__{at.strftime(_STAMP)}__{reason}.sqlite"
    db.backup_to(target)
    prune(folder, label, keep)
    return Snapshot(target, label, number, at, reason)


def list_snapshots(folder: Path | None = None, event_id: str | None = None) -> list[Snapshot]:
    """The snapshots in ``folder`` (of one event, if given), the newest first."""
    folder = folder if folder is not None else snapshots_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match is None or not path.is_file():
            continue
        if event_id is not None and match["event"] != _label(event_id):
            continue
        at = dt.datetime.strptime(match["stamp"], _STAMP).replace(tzinfo=dt.UTC)
        found.append(Snapshot(path, match["event"], int(match["round"]), at, match["reason"]))
    return sorted(found, key=lambda s: s.taken_at, reverse=True)


def prune(folder: Path, event_id: str, keep: int) -> list[Path]:
    """Remove ``event_id``'s snapshots beyond the newest ``keep``; the removed files."""
    removed = []
    for old in list_snapshots(folder, event_id)[keep:]:
        old.path.unlink(missing_ok=True)
        removed.append(old.path)
    return removed


def restore_snapshot(
    snapshot: Path,
    database: Path,
    event_id: str | None,
    clock: TimeSource,
    *,
    folder: Path | None = None,
    keep: int = DEFAULT_KEEP,
    pin: str | None = None,
) -> RestoreResult:
    """Put ``snapshot`` in place of the (closed) ``database``; the database it replaces is
    first kept as a ``before-restore`` snapshot of ``event_id`` (when one is given).
    ``pin``: the director's PIN, where the database has one set (``restore_database``)."""
    folder = folder if folder is not None else snapshots_dir()
    if event_id is not None and database.exists():
        with open_database(database, create=False) as db:
            take_snapshot(db, event_id, "before-restore", clock, folder=folder, keep=keep + 1)
    restored = restore_database(snapshot, database, clock, backups=folder / REPLACED, pin=pin)
    prune_replaced(folder / REPLACED, keep)
    return restored


REPLACED = "replaced"
"""The folder, inside the snapshots folder, where a restore keeps the file it replaced."""
_KEPT = re.compile(r"^(?P<stem>.+)-before-restore-(?P<stamp>\d{8}T\d{6}Z)(?:-(?P<n>\d+))?\.sqlite$")


def prune_replaced(folder: Path, keep: int) -> list[Path]:
    """Remove the files restores replaced beyond the newest ``keep`` of each database (by
    its file name), with their write-ahead logs; the removed files."""
    kept: dict[str, list[tuple[str, int, Path]]] = {}
    for path in folder.iterdir() if folder.is_dir() else ():
        match = _KEPT.match(path.name)
        if match is not None and path.is_file():
            order = (match["stamp"], int(match["n"] or 1), path)
            kept.setdefault(match["stem"], []).append(order)
    removed = []
    for files in kept.values():
        for _, _, old in sorted(files, reverse=True)[keep:]:
            for part in (old, Path(f"{old}-wal")):
                part.unlink(missing_ok=True)
            removed.append(old)
    return removed


def _label(event_id: str) -> str:
    """The event's id as it can stand in a file name."""
    return re.sub(r"[^A-Za-z0-9.-]+", "-", event_id) or "event"
