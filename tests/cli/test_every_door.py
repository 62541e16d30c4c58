"""Import checks what the window's and the command line's own doors check (docs/event-file.md):
a file edited by hand to hold what ``submit``, an award, ``finalize`` or the clock would
refuse is refused, naming its row, and nothing is written; what export writes, import takes."""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.services import final_payouts, sheets
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from tests import builder
from tests.cli.helpers import commands_at, ok, refused
from tests.services.test_final_payouts import ROUNDS, play

MST = dt.timezone(dt.timedelta(hours=-7))
NIGHT = dt.datetime(2024, 3, 9, 19, 0, tzinfo=MST)


def played(path: Path, *, amended: bool = False) -> dict[str, Any]:
    """A warm-up of 6 teams at $20 played to the end, its sheets signed at the tables and
    its payouts finalized (then, ``amended``, a sheet amended to turn a game round): the
    event file export gives."""
    clock = FakeTime(NIGHT)
    with open_database(path) as db:
        event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
        builder.draw(db, event_id, clock, seed=2)
        play(db, event_id, clock, range(1, ROUNDS + 1))
        final_payouts.finalize_payouts(db, event_id, "Pat Lee", clock)
        if amended:
            clock.advance(minutes=5)
            sheets.amend_sheet(db, event_id, ROUNDS, 1, score=(0, 2000), director="Pat Lee",
                               reason="a sheet added up wrong", clock=clock)  # fmt: skip
    return json.loads(ok("export", "--db", path))


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return played(tmp_path_factory.mktemp("night") / "club.sqlite")


def forged(night: dict[str, Any], folder: Path, change) -> Path:  # type: ignore[no-untyped-def]
    """The night's file as a forger left it, after ``change`` (given the file's JSON)."""
    event = copy.deepcopy(night)
    change(event)
    path = folder / "forged.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    return path


def test_the_night_as_exported_is_taken(night: dict[str, Any], tmp_path: Path) -> None:
    source = forged(night, tmp_path, lambda event: None)
    ok("import", source, "--db", tmp_path / "club.sqlite")
    assert json.loads(ok("export", "--db", tmp_path / "club.sqlite")) == night


def test_an_award_beside_a_score_is_refused_naming_the_game(
    night: dict[str, Any], tmp_path: Path
) -> None:
    """A DQ award written beside a contrary score would show the score on the sheet and the
    award in the standings: a game is decided by one or the other."""

    def dq(event: dict[str, Any]) -> None:
        event["rounds"][1]["games"][2]["award"] = {"kind": "dq", "against": "a"}

    source = forged(night, tmp_path, dq)
    copy_db = tmp_path / "club.sqlite"
    assert refused("import", source, "--db", copy_db) == (
        f"{source}: rounds[1].games[2] (round 2, table 3): score: a game decided by an award "
        "(dq against a) has no score of its own; the award gives its score"
    )
    assert not copy_db.exists()


@pytest.fixture
def drawn(tmp_path: Path) -> Path:
    """A Grand Prix on Saturday 9 March 2024, drawn, no round started."""
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        event_id = builder.event(db, FakeTime(NIGHT), "grand-prix-pinochle", entrants=8)
        builder.draw(db, event_id, FakeTime(NIGHT))
    return path


def test_no_clock_starts_before_the_events_day_so_its_file_is_taken_anywhere(
    drawn: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock's doors and the import hold a clock's times to one bound: a round started
    on the computer's Friday for Saturday's event would be a file no import takes."""
    commands_at(monkeypatch, dt.datetime(2024, 3, 8, 20, 0, tzinfo=MST))
    assert refused("clock", "start", "--round", "1", "--db", drawn) == (
        "clock: Fri 8 Mar 2024 8:00 PM is before the event's day (Sat 9 Mar 2024)"
    )
    assert refused("round", "start", "--round", "1", "--db", drawn) == (
        "clock: Fri 8 Mar 2024 8:00 PM is before the event's day (Sat 9 Mar 2024)"
    )
    assert json.loads(ok("export", "--db", drawn)).get("clock") is None
    commands_at(monkeypatch, dt.datetime(2024, 3, 9, 0, 30, tzinfo=MST))
    ok("clock", "start", "--round", "1", "--db", drawn)
    source = tmp_path / "event.json"
    source.write_text(ok("export", "--db", drawn), encoding="utf-8")
    hawaii = dt.timezone(dt.timedelta(hours=-10))  # a laptop where it was still Friday then
    commands_at(monkeypatch, dt.datetime(2024, 3, 9, 9, 0, tzinfo=hawaii))
    ok("import", source, "--db", tmp_path / "elsewhere.sqlite")
    assert ok("export", "--db", tmp_path / "elsewhere.sqlite") == source.read_text("utf-8")


def test_a_frozen_payout_not_the_one_the_results_give_is_refused(
    night: dict[str, Any], tmp_path: Path
) -> None:
    """A file whose finalized payouts give the first prize to a team that finished out of
    the money is not taken as finalized by a director."""
    [payout] = night["payouts"]
    winners = {prize["entrant"] for prize in payout["prizes"]}
    outsider = min(e["number"] for e in night["entrants"] if e["number"] not in winners)
    first = payout["prizes"][0]

    def given_away(event: dict[str, Any]) -> None:
        event["payouts"][0]["prizes"][0]["entrant"] = outsider

    source = forged(night, tmp_path, given_away)
    copy_db = tmp_path / "club.sqlite"
    assert refused("import", source, "--db", copy_db) == (
        f"{source}: payouts[0].prizes[0]: place 1 to entrant {outsider} "
        f"({first['amount_cents']} cents), but the results give place 1 to entrant "
        f"{first['entrant']} ({first['amount_cents']} cents)"
    )
    pool = forged(night, tmp_path, lambda event: event["payouts"][0].update(pool_cents=1))
    assert refused("import", pool, "--db", copy_db) == (
        f"{pool}: payouts[0]: pool_cents: 1, but the results and the ledger give "
        f"{payout['pool_cents']}"
    )
    assert not copy_db.exists()


def test_payouts_finalized_before_a_sheet_was_amended_are_taken(tmp_path: Path) -> None:
    """An amendment after the payouts were finalized leaves them as they were frozen: the
    file is taken, and its payouts stand as frozen."""
    night = played(tmp_path / "club.sqlite", amended=True)
    assert night["rounds"][ROUNDS - 1]["games"][0]["score"] == {"a": 0, "b": 2000}
    source = forged(night, tmp_path, lambda event: None)
    ok("import", source, "--db", tmp_path / "elsewhere.sqlite")
    assert json.loads(ok("export", "--db", tmp_path / "elsewhere.sqlite")) == night
