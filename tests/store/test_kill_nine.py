"""kill -9 in the middle of the night: a process submitting sheets and starting and closing
rounds through the services is killed at random points; every time the file it leaves
opens, passes SQLite's integrity check and holds every submitted sheet whole (both hands,
both signatures, the score) and nothing half-written. The same for the director's window
itself, driven through its pages, whose snapshots must also be whole; and a backup and a
restore killed part way, which leave every database and copy whole and nothing half-written
after the next one. benchmarks/bench_kill.py does 200 of the nights."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from clubdesk.services import snapshots as snapshot_service
from tests import kill_harness

RUNS = 20
WINDOW_RUNS = 3  # a window run takes 2-4 s
HANDFUL = (2, 9, 17, 26)  # the quick proof's kills: as round 1 starts, then through the night


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("kill-template")
    path = folder / "template.sqlite"
    return path, kill_harness.prepare(path)


def test_a_night_played_to_the_end_passes_the_checks(template, tmp_path):
    path, event_id = template
    outcome = kill_harness.run_once(tmp_path, path, event_id, random.Random(0), kill_after=999)
    assert outcome.finished
    assert outcome.problems == ()
    assert outcome.submitted == 16  # four rounds of four tables


def test_the_checks_find_a_half_written_sheet(template, tmp_path):
    path, event_id = template  # round 1 published, no sheet in
    night = tmp_path / "night.sqlite"
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(night)) as copy:
        source.backup(copy)
        copy.execute("UPDATE game SET score_a = 145, score_b = 40 WHERE table_number = 1")
        copy.commit()
    problems, submitted = kill_harness.check(night, event_id)
    assert submitted == 0
    assert any("table 1: not submitted, yet something of it is written" in p for p in problems)


def test_killed_at_a_handful_of_points_the_night_is_never_half_written(template, tmp_path):
    # the quick proof; the random ones below kill the night twenty times (marked slow)
    path, event_id = template
    outcomes = [
        kill_harness.run_once(tmp_path, path, event_id, random.Random(0), kill_after=steps)
        for steps in HANDFUL
    ]
    found = [(o.steps, problem) for o in outcomes for problem in o.problems]
    assert found == []
    assert not any(o.finished for o in outcomes)  # each killed mid-night


@pytest.mark.slow
def test_killed_at_random_points_the_night_is_never_half_written(template, tmp_path):
    path, event_id = template
    rng = random.Random(20261130)
    outcomes = [kill_harness.run_once(tmp_path, path, event_id, rng) for _ in range(RUNS)]
    found = [(o.steps, problem) for o in outcomes for problem in o.problems]
    assert found == []
    assert len({o.submitted for o in outcomes}) > 3  # killed at many different points


def test_the_window_plays_a_night_to_the_end_and_its_snapshots_pass(template, tmp_path):
    path, event_id = template
    outcome = kill_harness.run_once(
        tmp_path, path, event_id, random.Random(0), kill_after=999, window=True
    )
    assert outcome.finished
    assert outcome.problems == ()
    assert outcome.submitted == 16
    taken = snapshot_service.list_snapshots(tmp_path / "data" / "clubdesk" / "snapshots")
    reasons = sorted(s.reason for s in taken)
    assert reasons == ["close"] * 4 + ["exit"] + ["start"] * 4  # each round's start and close


@pytest.mark.slow
def test_the_window_killed_at_random_points_leaves_nothing_half_written(template, tmp_path):
    path, event_id = template
    rng = random.Random(14)  # killed after 3, 19 and 22 of its steps
    outcomes = [
        kill_harness.run_once(tmp_path, path, event_id, rng, window=True)
        for _ in range(WINDOW_RUNS)
    ]
    found = [(o.steps, problem) for o in outcomes for problem in o.problems]
    assert found == []
    assert [o.steps for o in outcomes] == [3, 19, 22]
    assert all(o.submitted < 16 for o in outcomes)  # each killed mid-night


def test_the_snapshot_checks_find_a_broken_one_and_skip_a_partial(template, tmp_path):
    path, event_id = template
    folder = tmp_path / "snapshots"
    folder.mkdir()
    name = f"{event_id}__round-1__20240309T193000000000Z__start.sqlite"
    partial = folder / f".{name}.partial"  # as a snapshot being written is named
    partial.write_bytes(path.read_bytes()[:5000])  # cut off by the kill
    assert kill_harness.check_snapshots(folder, event_id) == []  # Restore never lists it
    (folder / name).write_bytes(partial.read_bytes())  # as if renamed before it was whole
    [problem] = kill_harness.check_snapshots(folder, event_id)
    assert problem.startswith(f"snapshot {name}")


@pytest.fixture(scope="module")
def played(template, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The template's night played to the end: four rounds, sixteen sheets."""
    path, event_id = template
    night = tmp_path_factory.mktemp("played") / "night.sqlite"
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(night)) as copy:
        source.backup(copy)
    kill_harness.play(night, event_id)
    return night


@pytest.mark.parametrize("kind", ["backup", "restore"])
def test_a_backup_or_restore_killed_part_way_leaves_everything_whole(
    template, played, tmp_path, kind
):
    path, event_id = template
    found = [
        (kill_after, problem)
        for kill_after in (0, 1, 3)  # as it starts, after one, in the middle
        for problem in kill_harness.run_copy_once(
            tmp_path, played, path, event_id, kind, kill_after
        )
    ]
    assert found == []
