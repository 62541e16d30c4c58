"""Snapshots: named by event, round and time, the last N kept per event, restorable."""

from __future__ import annotations

import datetime as dt
import sqlite3
from contextlib import closing

import pytest

from clubdesk.services import snapshots
from clubdesk.store.db import open_database
from tests import builder


@pytest.fixture
def night(db, clock):
    """Four teams, round 1 published but not started."""
    event_id = builder.event(db, clock, entrants=4)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    return event_id


def test_a_snapshot_is_named_by_event_round_and_time(db, clock, night, tmp_path):
    folder = tmp_path / "snaps"
    before = snapshots.take_snapshot(db, night, "exit", clock, folder=folder)
    builder.start(db, night, 1, clock)
    clock.advance(minutes=5)
    started = snapshots.take_snapshot(db, night, "start", clock, folder=folder)
    assert before.round_number == 0
    assert started.round_number == 1
    assert started.path.name.startswith(f"{night}__round-1__")
    listed = snapshots.list_snapshots(folder, night)
    assert [s.path for s in listed] == [started.path, before.path]  # the newest first
    assert listed[0].taken_at == clock.now()
    assert listed[0].describe().startswith("Round 1 · ")
    assert listed[1].describe().startswith("Before round 1 · ")


def test_a_snapshot_is_a_whole_database_including_what_is_in_the_wal(db, clock, night, tmp_path):
    builder.start(db, night, 1, clock)  # written to the WAL, not yet to the main file
    taken = snapshots.take_snapshot(db, night, "start", clock, folder=tmp_path)
    assert not (tmp_path / f"{taken.path.name}-wal").exists()
    with closing(sqlite3.connect(taken.path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        status = conn.execute("SELECT status FROM round WHERE number = 1").fetchone()
    assert status == ("running",)


def test_only_the_last_n_per_event_are_kept(db, clock, night, tmp_path):
    other = builder.event(db, clock, entrants=4, name="Other night")
    kept_other = snapshots.take_snapshot(db, other, "exit", clock, folder=tmp_path, keep=3)
    taken = []
    for _ in range(5):
        clock.advance(minutes=1)
        taken.append(snapshots.take_snapshot(db, night, "start", clock, folder=tmp_path, keep=3))
    listed = snapshots.list_snapshots(tmp_path, night)
    assert [s.path for s in listed] == [s.path for s in reversed(taken[2:])]
    assert not taken[0].path.exists() and not taken[1].path.exists()
    assert kept_other.path.exists()  # another event's are left alone


def test_two_snapshots_in_the_same_instant_both_stay(db, clock, night, tmp_path):
    first = snapshots.take_snapshot(db, night, "start", clock, folder=tmp_path)
    second = snapshots.take_snapshot(db, night, "start", clock, folder=tmp_path)
    assert first.path != second.path and first.path.exists() and second.path.exists()


def test_restoring_brings_the_earlier_state_back_and_keeps_the_replaced_one(
    db, clock, night, tmp_path
):
    folder = tmp_path / "snaps"
    db_path = db.path
    earlier = snapshots.take_snapshot(db, night, "exit", clock, folder=folder)
    builder.start(db, night, 1, clock)
    db.close()
    clock.advance(minutes=2)
    snapshots.restore_snapshot(earlier.path, db_path, night, clock, folder=folder)
    with open_database(db_path, create=False) as again:
        assert snapshots.round_states(again, night) == {1: "pending"}
    kept = [s for s in snapshots.list_snapshots(folder, night) if s.reason == "before-restore"]
    assert len(kept) == 1
    with open_database(kept[0].path, create=False) as replaced:
        assert snapshots.round_states(replaced, night) == {1: "running"}


def test_keep_must_be_at_least_one(db, clock, night, tmp_path):
    with pytest.raises(ValueError, match="keep"):
        snapshots.take_snapshot(db, night, "start", clock, folder=tmp_path / "snaps", keep=0)
    assert not (tmp_path / "snaps").exists()


def test_a_snapshot_names_its_event_as_the_snapshot_holds_it(db, clock, tmp_path):
    folder = tmp_path / "snaps"
    event_id = builder.event(db, clock, entrants=4, name="Friday Grand Prix")
    taken = snapshots.take_snapshot(db, event_id, "exit", clock, folder=folder)
    [listed] = snapshots.list_snapshots(folder, event_id)
    assert snapshots.event_name(listed) == "Friday Grand Prix"
    before = taken.path.read_bytes()
    foreign = folder / f"{event_id}__round-0__20240309T093000000000Z__exit.sqlite"
    foreign.write_bytes(b"not a database")
    unreadable = next(s for s in snapshots.list_snapshots(folder) if s.path == foreign)
    assert snapshots.event_name(unreadable) == event_id  # its id, when the file says nothing
    assert taken.path.read_bytes() == before  # read, never changed
    assert sorted(p.name for p in folder.iterdir()) == sorted([taken.path.name, foreign.name])


def test_the_files_restores_replaced_are_pruned_like_the_snapshots(db, clock, night, tmp_path):
    folder = tmp_path / "snaps"
    db_path = db.path
    earlier = snapshots.take_snapshot(db, night, "exit", clock, folder=tmp_path / "mine")
    db.close()
    stamps = []
    for _ in range(4):
        clock.advance(minutes=1)
        stamps.append(clock.now().astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ"))
        snapshots.restore_snapshot(earlier.path, db_path, night, clock, folder=folder, keep=2)
    replaced = sorted(p.name for p in (folder / snapshots.REPLACED).iterdir())
    assert replaced == [f"{db_path.stem}-before-restore-{stamp}.sqlite" for stamp in stamps[2:]]
    assert len(snapshots.list_snapshots(folder, night)) == 3  # the snapshots' own: keep + 1
