"""`clubdesk round status|start|close|reopen` (docs/cli.md): every format, with or without a
clock, through the same services as the window. A night typed in afterwards from paper is
`round start`, its sheets (`submit`), `round close`, round by round."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from clubdesk.services import entrants as entrants_service
from clubdesk.services import events
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import clubdesk, ok, refused
from tests.cli.test_clock import club_time  # noqa: F401 - the club's time zone, a fixture

ROUND_KEYS = {"round", "title", "state", "tables", "sheets_in"}


@pytest.fixture
def npa(tmp_path: Path, clock, club_time) -> Path:  # noqa: F811 - the fixture above
    """Twelve NPA players tonight, drawn, nothing started."""
    path = tmp_path / "club.sqlite"
    with open_database(path) as database:
        event_id = builder.event(database, clock, "npa-club-pinochle", entrants=12,
                                 players=lambda n: [f"Player{n} Smith"],
                                 date=hours_ago(3).date(), name="NPA Night")  # fmt: skip
        builder.draw(database, event_id, clock, seed=3)
    return path


def status(db: Path) -> dict:
    return json.loads(ok("round", "status", "--db", db))


def submit_final(db: Path, number: int, table: int, score: tuple[int, int]) -> None:
    """A paper sheet typed in: its final score, signed by a player of each side."""
    sheet = json.loads(ok("sheet", "--db", db, "--round", str(number), "--table", str(table)))
    with open_database(db) as database:
        names = {
            e.number: e.players[0]
            for e in entrants_service.list_entrants(database, events.list_events(database)[0].id)
        }
    body = {
        "score": {"a": score[0], "b": score[1]},
        "signatures": [{"role": "scorekeeper", "name": names[sheet["a"][0]]},
                       {"role": "countersign", "name": names[sheet["b"][0]]}],
    }  # fmt: skip
    ran = clubdesk("submit", "--db", db, "--round", str(number), "--table", str(table),
                   stdin=json.dumps(body))  # fmt: skip
    assert ran.code == 0, ran.err


def hours_ago(hours: float) -> dt.datetime:
    """A time before now, to the minute (a night typed in afterwards)."""
    return (dt.datetime.now() - dt.timedelta(hours=hours)).replace(second=0, microsecond=0)


def test_status_lists_every_round_as_interface_md_writes_it(npa) -> None:
    found = status(npa)
    assert set(found) == {"event", "clock", "rounds"}
    assert found["clock"] is False
    assert [set(r) for r in found["rounds"]] == [ROUND_KEYS] * 6
    assert found["rounds"][0] == {"round": 1, "title": "Round 1", "state": "pending",
                                  "tables": 0, "sheets_in": 0}  # fmt: skip


def test_a_night_typed_in_from_paper_round_by_round(npa) -> None:
    began = hours_ago(3)
    said = ok("round", "start", "--round", "1", "--db", npa, "--at", began.isoformat())
    assert said == f"round 1 started at {began.hour % 12 or 12}:{began:%M %p}\n"
    assert status(npa)["rounds"][0] == {"round": 1, "title": "Round 1", "state": "started",
                                        "tables": 3, "sheets_in": 0}  # fmt: skip
    assert refused("round", "close", "--round", "1", "--db", npa) == (
        "round: round 1 still waits for tables 1, 2, 3; to close it without them, name them"
    )
    for table in (1, 2, 3):
        submit_final(npa, 1, table, (300 + table, 250))
    closed = hours_ago(2).isoformat()
    assert ok("round", "close", "--round", "1", "--db", npa, "--at", closed) == (
        "round 1 closed\nround 2 is seated\n")  # fmt: skip
    rows = status(npa)["rounds"]
    assert [(r["state"], r["sheets_in"]) for r in rows[:3]] == [
        ("closed", 3), ("seated", 0), ("pending", 0)]  # fmt: skip
    assert ok("round", "reopen", "--round", "1", "--db", npa) == (
        "round 1 is open again\nround 2's seating was taken back\n")  # fmt: skip
    assert [r["state"] for r in status(npa)["rounds"][:2]] == ["started", "pending"]
    ok("round", "close", "--round", "1", "--db", npa)
    ok("round", "start", "--round", "2", "--db", npa)
    text = ok("round", "status", "--db", npa, "--format", "text")
    assert text.splitlines()[0].endswith("· rounds without a clock")
    assert "Round 2" in text.splitlines()[2] and "started" in text.splitlines()[2]


def test_closing_with_tables_missing_names_them(npa) -> None:
    ok("round", "start", "--round", "1", "--db", npa)
    submit_final(npa, 1, 1, (300, 250))
    assert refused("round", "close", "--round", "1", "--db", npa, "--missing", "3") == (
        "tables: round 1 waits for tables 2, 3, not 3")  # fmt: skip
    out = ok("round", "close", "--round", "1", "--db", npa, "--missing", "2,3")
    assert out.startswith("round 1 closed without tables 2, 3\n")


def test_refusals_name_the_flag(npa) -> None:
    assert refused("round", "start", "--db", npa) == (
        "--round: round start needs the round (--round N)")  # fmt: skip
    assert refused("round", "status", "--db", npa, "--round", "1") == (
        "--round: round status lists every round; give no --round")  # fmt: skip
    assert refused("round", "reopen", "--round", "1", "--db", npa, "--missing", "1") == (
        "--missing: only round close takes missing tables, not reopen")  # fmt: skip
    assert refused("round", "start", "--round", "2", "--db", npa) == (
        "round: round 2's seating is not published yet")  # fmt: skip
    assert refused("round", "reopen", "--round", "1", "--db", npa) == (
        "round: round 1's seating is not published yet")  # fmt: skip


def test_a_round_with_no_game_played_closes_with_the_directors_award(
    tmp_path: Path,
    clock,
    club_time,  # noqa: F811 - the fixture above
) -> None:
    # RULES: "A round in which no game was played (every table a DQ or a removal) has no
    # average winning score: the director is asked for the award (the window and `round
    # close` say so) instead of a silent 0."
    from clubdesk.services import rulings

    path = tmp_path / "club.sqlite"
    with open_database(path) as database:
        event_id = builder.event(database, clock, "grand-prix-warmup", entrants=5,
                                 date=clock.now().date(), name="Warm-up")  # fmt: skip
        builder.draw(database, event_id, clock, seed=5)
        builder.start(database, event_id, 1, clock)
        rulings.rule_late(Desk(database, event_id, clock), 1, 1, "b", 11)
        rulings.remove_from_table(Desk(database, event_id, clock), 1, 2, "a", "abusive language")
    said = refused("round", "close", "--round", "1", "--db", path)
    assert said.startswith("award: round 1 had no game played (every table a DQ or a removal)")
    assert refused("round", "close", "--round", "1", "--db", path, "--award", "350") == (
        "director: the director who gives the award is named"
    )
    assert refused("round", "reopen", "--round", "1", "--db", path, "--award", "350") == (
        "--award: only round close takes an award, not reopen"
    )
    out = ok("round", "close", "--round", "1", "--db", path, "--award", "350",
             "--director", "Pat Lee")  # fmt: skip
    assert "award: 350 points to the byes" in out
    standings = json.loads(ok("standings", "--db", path))
    scores = sorted(row["rounds"][0] for row in standings["rows"])
    assert scores == [0, 0, 350, 350, 500]  # the DQ's opponents and the bye: 350
    exported = json.loads(ok("export", "--db", path))
    assert exported["rounds"][0]["award"]["points"] == 350
