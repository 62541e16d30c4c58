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

from clubdesk.services import final_payouts, seating, sheets
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from tests import builder
from tests.cli.helpers import clubdesk, commands_at, ok, refused
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
        final_payouts.finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
        if amended:
            clock.advance(minutes=5)
            sheets.amend_sheet(
                Desk(db, event_id, clock), ROUNDS, 1, score=(0, 2000), director="Pat Lee",
                reason="a sheet added up wrong",
            )  # fmt: skip
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


def test_signers_not_at_the_table_are_refused_naming_the_signature(
    night: dict[str, Any], tmp_path: Path
) -> None:
    game = night["rounds"][0]["games"][0]
    assert [s["role"] for s in game["signatures"]] == ["scorekeeper", "countersign"]

    def by_nobody(event: dict[str, Any]) -> None:
        event["rounds"][0]["games"][0]["signatures"][1]["name"] = "Zed Nobody"

    source = forged(night, tmp_path, by_nobody)
    copy_db = tmp_path / "club.sqlite"
    line = refused("import", source, "--db", copy_db)
    assert line.startswith(
        f"{source}: rounds[0].games[0] (round 1, table 1): signatures[1]: Zed Nobody does not "
        "play at this table (seated there: "
    )
    assert not copy_db.exists()


@pytest.mark.parametrize(
    ("at", "said"),
    [
        ("2099-01-01T12:00:00-07:00", "signatures[0].at: Thu 1 Jan 2099 12:00 PM has not come yet"),
        ("0001-01-01T12:00:00-07:00",
         "signatures[0].at: Mon 1 Jan 1 12:00 PM is before the event's day (Sat 9 Mar 2024)"),
    ],
)  # fmt: skip
def test_a_signature_at_a_time_submit_never_takes_is_refused(
    night: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str, said: str
) -> None:
    commands_at(monkeypatch, NIGHT + dt.timedelta(hours=4))
    source = forged(
        night, tmp_path, lambda event: event["rounds"][2]["games"][1]["signatures"][0].update(at=at)
    )
    copy_db = tmp_path / "club.sqlite"
    assert refused("import", source, "--db", copy_db).startswith(
        f"{source}: rounds[2].games[1] (round 3, table 2): {said}"
    )
    assert not copy_db.exists()


def test_a_sheet_is_not_submitted_before_the_events_day(tmp_path: Path) -> None:
    """Its signatures would carry a time an import of the event file refuses: a night
    planned for New Year's Day 2999 takes no sheet today."""
    path = tmp_path / "club.sqlite"
    clock = FakeTime(NIGHT)
    with open_database(path) as db:
        event_id = builder.event(db, clock, entrants=8, date=dt.date(2999, 1, 1))
        builder.draw(db, event_id, clock)
        builder.publish(db, event_id, 1, clock)
        names = builder.signers(db, event_id, 1, 1)
    signatures = [{"role": role, "name": name} for role, name in names.items()]
    sheet = {"score": {"a": 500, "b": 300}, "signatures": signatures}
    ran = clubdesk("submit", "--db", path, "--round", "1", "--table", "1", stdin=json.dumps(sheet))
    assert ran.code == 2 and ran.err.startswith("clubdesk: signatures: ")
    assert ran.err.endswith(" is before the event's day (Tue 1 Jan 2999)\n")
    assert json.loads(ok("sheet", "--db", path, "--round", "1", "--table", "1"))["state"] == (
        "waiting"
    )


@pytest.mark.parametrize(
    ("rules_id", "entrants", "score"),
    [
        ("grand-prix-pinochle", 8, (520, 310)),
        ("grand-prix-warmup", 6, (520, 310)),
        ("sun-city-west-pinochle", 8, (420, 300)),
        ("npa-club-pinochle", 12, (400, 250)),
        ("bid-whist", 8, (9, 4)),
        ("house-gin", 4, (250, 100)),
    ],
)
def test_every_bundled_formats_night_is_taken_as_exported(
    tmp_path: Path, rules_id: str, entrants: int, score: tuple[int, int]
) -> None:
    """Round 1 started and its sheets signed at the tables: what export writes, import
    takes, and exports again the same."""
    path = tmp_path / "club.sqlite"
    clock = FakeTime(NIGHT)
    with open_database(path) as db:
        event_id = builder.event(db, clock, rules_id, entrants=entrants)
        builder.draw(db, event_id, clock, seed=3)
        builder.start(db, event_id, 1, clock)
        tables = seating.seating(db, event_id, 1).tables
        builder.scores(db, event_id, 1, {t.table: score for t in tables}, clock)
    exported = ok("export", "--db", path)
    assert all(g["signatures"] for g in json.loads(exported)["rounds"][0]["games"])
    source = tmp_path / "event.json"
    source.write_text(exported, encoding="utf-8")
    ok("import", source, "--db", tmp_path / "elsewhere.sqlite")
    assert ok("export", "--db", tmp_path / "elsewhere.sqlite") == exported
