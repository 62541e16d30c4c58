"""Bid whist's playoffs from the command line (docs/cli.md): `seating --round N` for playoff
rounds, their sheets submitted with `submit`, the round clock on round 4 and later (a club's
copy of bid whist that has one), `standings` of the preliminaries and `payouts` by the final."""

from __future__ import annotations

import json
from pathlib import Path

from clubdesk import paths
from clubdesk.domain.formats import load_rules
from clubdesk.services import playoffs, rounds
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import clubdesk, ok, refused
from tests.services.test_playoff_rounds import prelim_score


def clocked_whist() -> Path:
    """A club's own bid whist, in the user's rules folder: a 30-minute round clock from 19:00
    (the bundled file has none)."""
    text = Path(load_rules("bid-whist").source_path).read_text(encoding="utf-8")
    text = text.replace("round_minutes = 0", 'round_minutes = 30\nfirst_round_at = "19:00"')
    text = text.replace("warning_minutes = 0", "warning_minutes = 5")
    folder = paths.user_rules_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "clocked-whist.toml"
    path.write_text(text.replace('id = "bid-whist"', 'id = "clocked-whist"'), "utf-8")
    return path


def seating(db: Path, number: int) -> dict:
    return json.loads(ok("seating", "--db", db, "--round", str(number)))


def submit_round(db: Path, number: int, *, upset: int | None = None) -> None:
    """Every table's sheet by `clubdesk submit`: side a wins 7 to 3, unless it is ``upset``'s
    table, where side b does."""
    for table in seating(db, number)["tables"]:
        a, b = table["a"], table["b"]
        score = {"a": 3, "b": 7} if b == upset else {"a": 7, "b": 3}
        sheet = {
            "score": score,
            "signatures": [
                {"role": "scorekeeper", "name": f"North{a}"},
                {"role": "countersign", "name": f"North{b}"},
            ],
        }
        args = ("--round", str(number), "--table", str(table["table"]))
        ran = clubdesk("submit", "--db", db, *args, stdin=json.dumps(sheet))
        assert (ran.code, ran.err) == (0, ""), ran.err


def run_clock(db: Path, *args: str) -> dict:
    return json.loads(ok("clock", *args, "--db", db))


def test_a_17_team_night_through_its_playoffs_from_the_command_line(tmp_path: Path, clock):
    db = tmp_path / "whist.sqlite"
    with open_database(db) as database:
        event = builder.event(database, clock, str(clocked_whist()), name="Whist night",
                              entrants=17, paid_cents=4000)  # fmt: skip
        builder.draw(database, event, clock, seed=17)
        for number in (1, 2, 3):
            seats = builder.publish(database, event, number, clock)
            scores = {t.table: prelim_score(t.a[0], t.b[0]) for t in seats.tables}
            builder.scores(database, event, number, scores, clock)
            rounds.close_round(
                Desk(database, event, clock), number
            )  # round 3's close seats round 4
    standings = json.loads(ok("standings", "--db", db))
    assert standings["after_round"] == 3
    order = [row["number"] for row in standings["rows"]]
    fourth = seating(db, 4)
    assert fourth["round"] == 4 and fourth["byes"] == []
    assert [(t["a"], t["b"]) for t in fourth["tables"]][:2] == [
        (order[0], order[15]), (order[7], order[8])
    ]  # fmt: skip
    text = ok("seating", "--db", db, "--round", "4", "--format", "text")
    assert text.splitlines()[0] == "Whist night: round 4 · Playoffs: round of 16"
    assert refused("seating", "--db", db, "--round", "5") == (
        "round 5 cannot be seated yet: no result for tables 1, 2, 3, 4, 5, 6, 7, 8"
    )

    # the round clock runs the playoff rounds as it ran the preliminaries
    started = run_clock(db, "start", "--round", "4", "--at", "2024-03-09T21:00:00")
    assert (started["round"], started["phase"], started["remaining_s"]) == (4, "running", 1800)
    submit_round(db, 4)
    run_clock(db, "end", "--at", "2024-03-09T21:25:00")
    status = run_clock(db, "status", "--at", "2024-03-09T21:26:00")
    assert (status["round"], status["phase"], status["next"]["round"]) == (4, "break", 5)
    assert status["next"]["at"].startswith("2024-03-09T21:35:00")  # after the 10-minute break

    for number in (4, 5, 6):
        if number > 4:
            submit_round(db, number)  # the better seed wins
        with open_database(db) as database:
            assert rounds.close_round(Desk(database, event, clock), number).next_seating is not None
    with open_database(db) as database:
        assert playoffs.playoff_round(database, event, 7).name == "final"
    final = seating(db, 7)
    for kind in ("scoresheets", "tablecards", "seating"):  # the final's papers print
        ok("print", kind, "--db", db, "--round", "7", "-o", tmp_path / f"{kind}.pdf")
        assert (tmp_path / f"{kind}.pdf").stat().st_size > 1000
    assert [(t["a"], t["b"]) for t in final["tables"]] == [(order[0], order[1])]
    assert json.loads(ok("payouts", "--db", db))["provisional"] is True
    run_clock(db, "start", "--round", "7", "--at", "2024-03-09T22:40:00")  # the final's clock
    run_clock(db, "end", "--at", "2024-03-09T23:05:00")
    submit_round(db, 7, upset=order[1])  # seed 2 wins the final
    with open_database(db) as database:
        closed = rounds.close_round(Desk(database, event, clock), 7)
    assert closed.seating_note == f"the playoffs are over: team {order[1]} won"
    assert refused("seating", "--db", db, "--round", "8") == (
        f"round: the playoffs are over: team {order[1]} won"
    )

    assert refused("clock", "start", "--round", "7", "--db", db) == (
        "round: round 7 is closed; it is not started again")  # fmt: skip
    status = run_clock(db, "status", "--at", "2024-03-09T23:06:00")
    assert (status["round"], status["phase"], status["next"]) == (7, "finished", None)
    paid = json.loads(ok("payouts", "--db", db))
    assert paid["provisional"] is False and paid["pool_cents"] == 68_000
    places = [(p["place"], p["number"], p["amount_cents"]) for p in paid["places"]]
    semi_losers = sorted([order[3], order[2]])  # seeds 4 and 3 lost to 1 and 2
    assert places == [
        (1, order[1], 34_000),
        (2, order[0], 20_400),
        (3, semi_losers[0], 6800),
        (3, semi_losers[1], 6800),
    ]
    assert json.loads(ok("standings", "--db", db)) == standings  # the preliminaries' standings
    # the whole night as an event file, imported elsewhere, exported the same
    exported = ok("export", "--db", db)
    copy = tmp_path / "file.json"
    copy.write_text(exported, encoding="utf-8")
    ok("import", copy, "--db", tmp_path / "elsewhere.sqlite")
    assert ok("export", "--db", tmp_path / "elsewhere.sqlite") == exported
