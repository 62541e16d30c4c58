"""The event file carries everything on (docs/event-file.md, "What the event file keeps"): an
event exported and imported into another database has the same clock status, schedule,
rounds, payouts and prizes paid and credits redeemed, and goes on exactly where it was (a
closed round is never started again). Import holds a score to the limits ``submit`` does,
and reads a game's signatures in linear time."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

import pytest

from clubdesk.services import final_payouts, results
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from tests import builder
from tests.cli.helpers import SMALL, clubdesk, commands_at, ok, refused
from tests.cli.test_clock import club_time  # noqa: F401 - the club's time zone, a fixture
from tests.services.test_final_payouts import ROUNDS, play

MST = dt.timezone(dt.timedelta(hours=-7))
EVENING = dt.datetime(2026, 12, 5, 23, 0, tzinfo=MST)


def carried(source: Path, folder: Path) -> Path:
    """``source``'s event exported and imported into a new database in ``folder``."""
    exported = folder / "event.json"
    exported.write_text(ok("export", "--db", source), encoding="utf-8")
    copy = folder / "elsewhere.sqlite"
    ok("import", exported, "--db", copy)
    return copy


@pytest.fixture
def grand_prix(tmp_path: Path, clock, club_time, monkeypatch) -> Path:  # noqa: F811
    """A Grand Prix on 5 December 2026: round 1's clock run and ended by the command line,
    round 2 started; the commands run that evening."""
    commands_at(monkeypatch, EVENING)
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=8,
                                 date=dt.date(2026, 12, 5))  # fmt: skip
        builder.draw(db, event_id, clock)
    for args in (("start", "--round", "1", "--at", "2026-12-05T10:15:00"),
                 ("pause", "--at", "2026-12-05T10:30:00"),
                 ("resume", "--at", "2026-12-05T10:34:00"),
                 ("add", "--minutes", "5", "--at", "2026-12-05T10:40:00"),
                 ("status", "--at", "2026-12-05T11:10:00"),  # the warning is not given here
                 ("end", "--at", "2026-12-05T11:25:00"),
                 ("start", "--round", "2", "--at", "2026-12-05T11:45:00")):  # fmt: skip
        ok("clock", *args, "--db", path)
    return path


def test_the_clock_goes_on_where_it_was(grand_prix: Path, tmp_path: Path) -> None:
    copy = carried(grand_prix, tmp_path)
    exported = json.loads(ok("export", "--db", grand_prix))
    kinds = ["start", "pause", "resume", "adjust", "end"]
    assert [(f["round"], f["kind"]) for f in exported["clock"]] == [
        *((1, kind) for kind in kinds), (2, "start")]  # fmt: skip
    assert exported["clock"][3] == {"round": 1, "kind": "adjust",
                                    "at": "2026-12-05T10:40:00-07:00", "seconds": 300}  # fmt: skip
    for at in ("2026-12-05T12:00:00", "2026-12-05T12:50:00", "2026-12-05T22:00:00"):
        status = ok("clock", "status", "--db", copy, "--at", at)
        assert status == ok("clock", "status", "--db", grand_prix, "--at", at)
    assert json.loads(ok("clock", "status", "--db", copy, "--at", "2026-12-05T12:00:00"))[
        "phase"] == "running"  # fmt: skip
    for command in (("schedule",), ("round", "status")):
        assert ok(*command, "--db", copy) == ok(*command, "--db", grand_prix)
    assert ok("export", "--db", copy) == ok("export", "--db", grand_prix)
    assert refused("clock", "start", "--round", "1", "--db", copy) == (
        "round: round 1 has already started")  # fmt: skip
    assert refused("clock", "start", "--round", "2", "--db", copy) == (
        "round: round 2 has already started")  # fmt: skip


def test_a_closed_round_is_never_started_again(tmp_path: Path) -> None:
    copy = tmp_path / "club.sqlite"
    ok("import", SMALL, "--db", copy)  # three rounds closed, no clock kept with them
    for command in (("clock", "start"), ("round", "start")):
        assert refused(*command, "--round", "1", "--db", copy) == (
            "round: round 1 is closed; it is not started again")  # fmt: skip


@pytest.fixture
def paid_night(tmp_path: Path) -> Path:
    """A warm-up played to the end: payouts finalized, a prize paid, reopened (a sheet
    corrected), finalized again, another prize paid; and a night paid in store credit, one
    redeemed."""
    clock = FakeTime(dt.datetime(2024, 3, 9, 19, 0, tzinfo=MST))
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        cash = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000,
                             name="Cash night")  # fmt: skip
        credit = builder.event(
            db,
            clock,
            "grand-prix-warmup",
            entrants=6,
            paid_cents=2000,
            settings={"prizes_in": "store-credit"},
            name="Credit night",
        )
        for event_id in (cash, credit):
            builder.draw(db, event_id, clock, seed=2)
            play(db, event_id, clock, range(1, ROUNDS + 1))
        final_payouts.finalize_payouts(Desk(db, cash, clock), "Pat Lee")
        clock.advance(minutes=5)
        first, second, _ = (p.number for p in results.payouts(db, cash).prizes)
        final_payouts.mark_prize_paid(Desk(db, cash, clock), first)
        clock.advance(minutes=5)
        final_payouts.reopen_payouts(Desk(db, cash, clock), "Pat Lee", "a sheet to check")
        clock.advance(minutes=5)
        final_payouts.finalize_payouts(Desk(db, cash, clock), "Pat Lee")
        clock.advance(minutes=5)
        final_payouts.mark_prize_paid(Desk(db, cash, clock), second, method="check")
        final_payouts.finalize_payouts(Desk(db, credit, clock), "Dee Rector")
        clock.advance(minutes=5)
        winner = results.payouts(db, credit).prizes[0].number
        final_payouts.redeem_credit(Desk(db, credit, clock), winner)
    return path


def test_payouts_prizes_paid_and_credits_redeemed_are_carried_on(paid_night, tmp_path) -> None:
    copy = carried_both(paid_night, tmp_path)
    for event_id in ("cash-night-2024-03-09", "credit-night-2024-03-09"):
        for fmt in ("json", "text"):
            args = ("payouts", "--event", event_id, "--format", fmt)
            assert ok(*args, "--db", copy) == ok(*args, "--db", paid_night), (event_id, fmt)
        again = ok("export", "--db", copy, "--event", event_id)
        assert again == ok("export", "--db", paid_night, "--event", event_id)
    payouts = json.loads(ok("export", "--db", paid_night, "--event", "cash-night-2024-03-09"))[
        "payouts"]  # fmt: skip
    assert [(p["director"], len(p["paid"]), p["reopened"] is None) for p in payouts] == [
        ("Pat Lee", 1, False), ("Pat Lee", 1, True)]  # fmt: skip
    assert payouts[1]["paid"][0]["method"] == "check"
    text = ok("payouts", "--db", copy, "--event", "cash-night-2024-03-09", "--format", "text")
    assert "finalized by Pat Lee" in text


@pytest.mark.parametrize(
    ("at", "refusal"),
    [
        ("2024-03-09T23:59:00-07:00", None),  # late on the tournament's day: taken
        ("2024-03-10T09:00:00-07:00", "2024-03-10"),  # the next morning: refused
    ],
)
def test_a_credit_redeemed_after_the_tournaments_day_is_refused_naming_its_row(
    paid_night: Path, tmp_path: Path, at: str, refusal: str | None
) -> None:
    """Seed 003: "All prizes are for store credit only and must be redeemed the day of the
    tournament": a file that says a credit was redeemed on a later day is refused at import,
    as the window refuses a credit that has lapsed."""
    event = json.loads(ok("export", "--db", paid_night, "--event", "credit-night-2024-03-09"))
    [row] = event["payouts"][0]["redeemed"]
    row["at"] = at
    source = tmp_path / "credit-night.json"
    source.write_text(json.dumps(event), encoding="utf-8")
    copy = tmp_path / "elsewhere.sqlite"
    if refusal is None:
        ok("import", source, "--db", copy)
        assert json.loads(ok("export", "--db", copy))["payouts"][0]["redeemed"] == [row]
        return
    assert refused("import", source, "--db", copy) == (
        f"{source}: payouts[0].redeemed[0]: at: entrant {row['entrant']}'s store credit is "
        f"redeemed on {refusal}; it had to be redeemed the day of the tournament (2024-03-09)"
    )
    assert not copy.exists()


def carried_both(source: Path, folder: Path) -> Path:
    copy = folder / "elsewhere.sqlite"
    for event_id in ("cash-night-2024-03-09", "credit-night-2024-03-09"):
        exported = folder / f"{event_id}.json"
        exported.write_text(ok("export", "--db", source, "--event", event_id), encoding="utf-8")
        ok("import", exported, "--db", copy)
    return copy


def edited(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    event = json.loads(SMALL.read_text(encoding="utf-8"))
    change(event)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    return path


def test_a_score_beyond_what_submit_takes_is_refused(tmp_path: Path) -> None:
    def huge(event: dict) -> None:
        game = event["rounds"][1]["games"][0]
        game["score"] = {"a": 2**63 - 1, "b": 0}
        game.pop("hands", None)

    source = edited(tmp_path, huge)
    line = refused("import", source, "--db", tmp_path / "club.sqlite")
    assert line.startswith(f"{source}: rounds[1].games[0] (round 2, table 1): score a = ")
    assert "beyond any score (at most 10,000,000 points either way)" in line
    assert not (tmp_path / "club.sqlite").exists()


def test_fifty_thousand_signatures_on_one_game_are_read_in_linear_time(tmp_path: Path) -> None:
    def signed(event: dict) -> None:
        sig = {"role": "scorekeeper", "name": "Ann Smith", "at": "2011-10-22T10:00:00-07:00"}
        event["rounds"][0]["games"][0]["signatures"] = [sig] * 50_000

    source = edited(tmp_path, signed)
    began = time.monotonic()
    ran = clubdesk("import", source, "--db", tmp_path / "club.sqlite")
    assert time.monotonic() - began < 10
    assert ran.code == 2 and "two scorekeeper signatures" in ran.err


@pytest.mark.parametrize(
    ("fact", "said"),
    [
        ({"round": 1, "kind": "start", "at": "2099-01-01T00:00:00-07:00"}, "has not come yet"),
        ({"round": 1, "kind": "start", "at": "0001-01-01T00:00:00+14:00"},
         "is before the event's day"),
        ({"round": 9, "kind": "start", "at": "2011-10-22T10:00:00-07:00"},
         "round: the file lists no round 9"),
        ({"round": 1, "kind": "pause", "at": "2011-10-22T10:00:00-07:00"},
         "kind: a pause before the round's clock started"),
    ],
)  # fmt: skip
def test_a_clock_fact_the_event_cannot_have_is_refused(tmp_path: Path, fact, said) -> None:
    source = edited(tmp_path, lambda event: event.update(clock=[fact]))
    line = refused("import", source, "--db", tmp_path / "club.sqlite")
    assert line.startswith(f"{source}: clock[0] (round {fact['round']}): ") and said in line
