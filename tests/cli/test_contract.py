"""The command line as an outside program drives it (docs/cli.md).

Every test here runs the ``clubdesk`` command line (``clubdesk.cli.main``, in this process:
tests/cli/helpers.py) on temporary databases and event files, and reads only what the
contract fixes: the exit status (0 on success, 2 on bad input), stdout (JSON keys, CSV and
text lines) and stderr (one line naming the field or FILE:LINE, never a traceback). What
only a child process shows is in tests/cli/test_process.py.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import (
    EXAMPLE,
    MANY_PROBLEMS,
    SMALL,
    copy_database,
    import_once,
    ok,
    refused,
)


def write_json(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def example_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs/event-file.md example event file, imported once (it has no date: one is given)."""
    db, out = import_once(tmp_path_factory, "example.sqlite", EXAMPLE, "--date", "2011-10-22")
    assert out == (
        f"imported gp-2011 into {db}: 4 entrants, 1 round, 1 game, 0 hands, 5 ledger rows\n"
    )
    return db


@pytest.fixture
def example_db(tmp_path: Path, example_template: Path) -> Path:
    """This test's own copy of the imported example."""
    return copy_database(example_template, tmp_path)


@pytest.fixture(scope="module")
def small_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "small.sqlite", SMALL)[0]


@pytest.fixture
def small_db(tmp_path: Path, small_template: Path) -> Path:
    return copy_database(small_template, tmp_path)


# --- the docs/event-file.md example event file ----------------------------------------------------


def test_the_example_file_gives_these_standings(example_db: Path) -> None:
    # Round 1: 1 v 2 ends 520 : 310 (b's 310 includes the 100 for a late team 1); team 5 has
    # the bye and scores the one winning score, 520; team 3 sat nowhere and scores 0.
    # "Ties share a place, listed in team-number order, and are flagged" (docs/rules.md §1).
    standings = json.loads(ok("standings", "--db", example_db))
    assert standings == {
        "event": "gp-2011",
        "rules": "grand-prix-pinochle",
        "after_round": 1,
        "rows": [
            {"place": 1, "number": 1, "name": "Smith / Jones", "total": 520, "rounds": [520],
             "dropped": [], "wins": 1, "tied": True},
            {"place": 1, "number": 5, "name": "Kim / Roy", "total": 520, "rounds": [520],
             "dropped": [], "wins": 0, "tied": True},
            {"place": 3, "number": 2, "name": "Lee / Park", "total": 310, "rounds": [310],
             "dropped": [], "wins": 0, "tied": False},
            {"place": 4, "number": 3, "name": "Ortiz / Ng", "total": 0, "rounds": [0],
             "dropped": [], "wins": 0, "tied": False},
        ],
    }  # fmt: skip


def test_the_example_file_gives_these_payouts(example_db: Path) -> None:
    # Pool: 4 x $50 x 100% + $0 added + a 25-cent fine = $200.25.
    # 50% = $100.125 -> $100, 30% = $60.075 -> $60, 20% = $40.05 -> $40; the $0.25 left
    # over goes to 1st: $100.25. Teams 1 and 5 tie for 1st: they share 1st and 2nd,
    # $160.25 -> 8012 cents each and the odd cent to number 1. Each team prize splits
    # in two, the odd cent to the first-listed player.
    payouts = json.loads(ok("payouts", "--db", example_db))
    assert payouts["pool_cents"] == 20_025
    assert payouts["places"] == [
        {"place": 1, "number": 1, "name": "Smith / Jones", "amount_cents": 8013},
        {"place": 1, "number": 5, "name": "Kim / Roy", "amount_cents": 8012},
        {"place": 3, "number": 2, "name": "Lee / Park", "amount_cents": 4000},
    ]
    assert [(p["name"], p["amount_cents"]) for p in payouts["players"]] == [
        ("Ann Smith", 4007), ("Bob Jones", 4006), ("Ida Kim", 4006), ("Jo Roy", 4006),
        ("Cy Lee", 2000), ("Di Park", 2000),
    ]  # fmt: skip
    assert sum(p["amount_cents"] for p in payouts["places"]) == payouts["pool_cents"]


def test_the_example_file_exports_what_it_imported(example_db: Path) -> None:
    exported = json.loads(ok("export", "--db", example_db))
    original = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for key in ("format", "id", "name", "rules", "settings"):
        assert exported[key] == original[key], key
    assert exported["date"] == "2011-10-22"
    assert [
        {k: e[k] for k in ("number", "name", "players", "paid_cents", "status")}
        for e in exported["entrants"]
    ] == original["entrants"]
    [game] = exported["rounds"][0]["games"]
    assert (game["table"], game["a"], game["b"], game["score"]) == (1, 1, 2, {"a": 520, "b": 310})
    assert game["adjustments"] == [{"side": "b", "points": 100, "reason": "late"}]
    assert game["award"] is None and exported["rounds"][0]["byes"] == [5]
    assert [(r["kind"], r["cents"], r["entrant"]) for r in exported["ledger"]] == [("fine", 25, 3)]


# --- standings formats and --after-round ----------------------------------------------------


def test_standings_after_round_2_as_csv(small_db: Path) -> None:
    """Seed 000: "A TEAM WILL BE ALLOWED TO "throw out" THEIR LOWEST SCORE OF ONE OF THEIR 11
    GAMES WHICH THEY PLAYED": after round 2 a played game is dropped already, never a bye or
    an award. Team 7 keeps its low bye (414) and drops the game it played (500); team 6
    keeps its bye (501) and drops its game (505); team 5's DQ (0) counts; teams 1, 2 and 6
    are level on 501 and share 2nd."""
    assert ok("standings", "--db", small_db, "--after-round", "2", "--format", "csv") == (
        "place,number,name,total,wins,tied,dropped,round 1,round 2\n"
        "1,3,Ortiz / Ng,520,1,no,2,520,470\n"
        "2,1,Smith / Jones,501,1,yes,1,116,501\n"
        "2,2,Lee / Park,501,2,yes,1,218,501\n"
        "2,6,Diaz / Fox,501,1,yes,1,505,501\n"
        "5,4,Brown / Gray,430,0,no,2,430,300\n"
        "6,7,Moss / Ali,414,1,no,2,414,500\n"
        "7,5,Kim / Roy,0,0,no,1,480,0\n"
    )


def test_standings_after_round_1_as_json_and_text(small_db: Path) -> None:
    table = json.loads(ok("standings", "--db", small_db, "--after-round", "1"))
    assert table["after_round"] == 1
    # the bye (team 7): winning scores 218, 520, 505 -> 1243 / 3 = 414.33 -> 414
    assert [(r["place"], r["number"], r["total"], r["rounds"]) for r in table["rows"]] == [
        (1, 3, 520, [520]), (2, 6, 505, [505]), (3, 5, 480, [480]), (4, 4, 430, [430]),
        (5, 7, 414, [414]), (6, 2, 218, [218]), (7, 1, 116, [116]),
    ]  # fmt: skip
    text = ok("standings", "--db", small_db, "--after-round", "1", "--format", "text")
    lines = text.splitlines()
    assert lines[0] == "Grand Prix Pinochle 2011 (mini): standings after round 1"
    assert lines[9].split() == ["5", "7", "Moss", "/", "Ali", "414", "0", "414b"]


def test_every_standings_row_has_exactly_the_interface_keys(small_db: Path) -> None:
    table = json.loads(ok("standings", "--db", small_db))
    assert list(table) == ["event", "rules", "after_round", "rows"]
    keys = ["place", "number", "name", "total", "rounds", "dropped", "wins", "tied"]
    assert all(list(row) == keys for row in table["rows"])
    payouts = json.loads(ok("payouts", "--db", small_db))
    assert list(payouts)[:2] == ["pool_cents", "places"]
    assert all(list(p) == ["place", "number", "name", "amount_cents"] for p in payouts["places"])


def test_payouts_as_text(small_db: Path) -> None:
    text = ok("payouts", "--db", small_db, "--format", "text")
    lines = text.splitlines()
    assert lines[0] == "Grand Prix Pinochle 2011 (mini): prizes"
    assert "Added money                 $10.00" in lines
    assert "Fines                        $0.25" in lines
    assert "Expenses                    -$5.00" in lines
    assert "Prize pool                 $355.25" in lines


# --- which event --------------------------------------------------------------------------


def test_event_is_found_when_the_database_holds_one(small_db: Path, tmp_path: Path) -> None:
    assert json.loads(ok("standings", "--db", small_db))["event"] == "gp-mini-2011"
    # a replaced event is archived, not a second choice
    ok("import", SMALL, "--db", small_db, "--replace")
    assert json.loads(ok("payouts", "--db", small_db))["pool_cents"] == 35_525
    ok("import", EXAMPLE, "--db", small_db, "--date", "2011-10-01")
    assert refused("standings", "--db", small_db) == (
        f"--event: {small_db} holds 2 events; choose one: gp-mini-2011, gp-2011"
    )
    chosen = json.loads(ok("standings", "--db", small_db, "--event", "gp-2011"))
    assert chosen["event"] == "gp-2011"


# --- bad input: exit 2, one line, nothing on stdout ---------------------------------------


def test_bad_input_is_one_line_and_exit_2(small_db: Path, tmp_path: Path) -> None:
    assert refused("standings", "--db", small_db, "--after-round", "4") == (
        "after round 4: round 4 has not been played (the event has 3 so far)"
    )
    assert refused("standings", "--db", small_db, "--after-round", "-1") == (
        "after round -1: a round number is 1 or more"
    )
    assert refused("standings", "--db", small_db, "--after-round", "two").startswith(
        "argument --after-round: invalid int value: 'two'"
    )
    assert refused("standings", "--db", small_db, "--format", "xml").startswith(
        "argument --format: invalid choice: 'xml'"
    )
    assert refused("payouts", "--db", small_db, "--format", "csv").startswith(
        "argument --format: invalid choice: 'csv'"
    )
    assert refused("payouts", "--db", small_db, "--event", "gp-2099") == (
        "event: there is no event with id 'gp-2099'"
    )
    missing = tmp_path / "missing.sqlite"
    assert refused("standings", "--db", missing) == f"{missing} does not exist."
    assert not missing.exists()
    assert "the following arguments are required: --db" in refused("payouts")
    assert "invalid choice: 'stands'" in refused("stands", "--db", small_db)


def test_a_bad_event_file_is_named_by_file_and_line(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "format": "clubdesk-event/1",\n  "id": \n}\n', encoding="utf-8")
    assert refused("import", broken, "--db", db) == f"{broken}:4: not valid JSON (Expecting value)"
    assert refused("import", MANY_PROBLEMS, "--db", db) == (
        f"{MANY_PROBLEMS}: format: 'clubdesk-event/2' is not 'clubdesk-event/1' "
        "(and 9 more problems)"
    )
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    data["rounds"][0]["games"][0]["score"] = {"a": 116, "b": 118}
    disagreeing = write_json(tmp_path / "disagreeing.json", data)
    assert refused("import", disagreeing, "--db", db) == (
        f"{disagreeing}: rounds[0].games[0] (round 1, table 1): the hands and adjustments "
        "give a 116, b 218 but the score says a 116, b 118"
    )
    assert not db.exists()


def test_an_unfinished_round_asked_for_names_its_tables(tmp_path: Path) -> None:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    del data["rounds"][2]["games"][2]["score"]
    db = tmp_path / "club.sqlite"
    ok("import", write_json(tmp_path / "unfinished.json", data), "--db", db)
    assert json.loads(ok("standings", "--db", db))["after_round"] == 2
    assert refused("standings", "--db", db, "--after-round", "3") == (
        "after round 3: round 3 is not finished (no result yet at table 3)"
    )


# --- a gin night: bye, final, sudden death and the fixed prizes ---------------------------


def gin_night(final_tiebreak: bool) -> dict[str, Any]:
    """Five players: two starting matches per pair with player 5 on the bye, then 60% of 5
    = 3 advance (1, 4, 5) to a final match; 4 and 5 end level on 836."""

    def match(table: int, a: int, b: int, sa: int, sb: int) -> dict[str, Any]:
        return {"table": table, "a": a, "b": b, "score": {"a": sa, "b": sb}}

    final: dict[str, Any] = {"number": 3, "games": [match(1, 1, 4, 400, 356)], "byes": [5]}
    if final_tiebreak:
        final["tiebreaks"] = [{"a": 4, "b": 5, "winner": "b"}]
    return {
        "format": "clubdesk-event/1",
        "id": "gin-night",
        "name": "Gin night",
        "date": "2024-03-09",
        "rules": "house-gin",
        "entrants": [
            {"number": n, "name": f"Player {n}", "paid_cents": 3000} for n in range(1, 6)
        ],
        "rounds": [
            {"number": 1, "games": [match(1, 1, 2, 300, 150), match(2, 3, 4, 200, 260)],
             "byes": [5]},
            {"number": 2, "games": [match(1, 1, 2, 250, 270), match(2, 3, 4, 180, 220)],
             "byes": [5]},
            final,
        ],
        "ledger": [],
    }  # fmt: skip


def test_a_gin_night_through_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "gin.sqlite"
    ok("import", write_json(tmp_path / "gin.json", gin_night(final_tiebreak=False)), "--db", db)
    table = json.loads(ok("standings", "--db", db))
    # byes: (300 + 150 + 200 + 260) / 4 = 227.5 -> 228; (250 + 270 + 180 + 220) / 4 = 230;
    # the final's bye: (400 + 356) / 2 = 378. Players 2 and 3 did not reach the final.
    rows = [(r["place"], r["number"], r["rounds"], r["total"], r["tied"]) for r in table["rows"]]
    assert rows == [
        (1, 1, [300, 250, 400], 950, False),
        (2, 4, [260, 220, 356], 836, True),
        (2, 5, [228, 230, 378], 836, True),
        (4, 2, [150, 270, 0], 420, False),
        (5, 3, [200, 180, 0], 380, False),
    ]  # fmt: skip
    # pool $150: 3rd $35 and 4th $25 first, then $90: 60% $54 to 1st, 40% $36 to 2nd.
    # 4 and 5 are tied in the final order: not shared, they play a sudden-death match
    # for 2nd and 3rd ($36 + $35), so the payouts are not final yet.
    payouts = json.loads(ok("payouts", "--db", db))
    assert payouts["pool_cents"] == 15_000
    assert [(p["place"], p["number"], p["amount_cents"]) for p in payouts["places"]] == [
        (1, 1, 5400), (4, 2, 2500),
    ]  # fmt: skip
    assert payouts["undecided"] == [
        {"places": [2, 3], "entrants": [4, 5], "amount_cents": 7100, "settled_by": "sudden-death"}
    ]
    assert payouts["provisional"] is True
    text = ok("payouts", "--db", db, "--format", "text").splitlines()
    assert text[:3] == ["Gin night: prizes", "=================", ""]
    assert text[3:8] == [
        "Entry fees received        $150.00",
        "Prize pool                 $150.00",
        "Prizes are paid in store credit.",
        "Provisional: tied places wait for their tie-break; these prizes may still change.",
        "",
    ]
    assert text[-1] == (
        "Places 2 and 3 ($71.00) not decided: players 4 Player 4 and 5 Player 5 are tied and "
        "must play a sudden-death match to 60; record the winner to pay them."
    )


def test_a_gin_sudden_death_adds_one_and_decides_the_prizes(tmp_path: Path) -> None:
    db = tmp_path / "gin.sqlite"
    ok("import", write_json(tmp_path / "gin.json", gin_night(final_tiebreak=True)), "--db", db)
    table = json.loads(ok("standings", "--db", db))
    # "its score is not added, but the winner gets +1" (docs/rules.md §5)
    assert [(r["place"], r["number"], r["total"], r["tied"]) for r in table["rows"][:3]] == [
        (1, 1, 950, False), (2, 5, 837, False), (3, 4, 836, False),
    ]  # fmt: skip
    assert table["rows"][1]["rounds"] == [228, 230, 378]  # the +1 is on the total only
    payouts = json.loads(ok("payouts", "--db", db))
    assert [(p["place"], p["number"], p["amount_cents"]) for p in payouts["places"]] == [
        (1, 1, 5400), (2, 5, 3600), (3, 4, 3500), (4, 2, 2500),
    ]  # fmt: skip
    assert payouts["provisional"] is False and payouts["undecided"] == []


# --- bid whist: wins, then points --------------------------------------------------------


def test_bid_whist_standings_rank_wins_before_points(tmp_path: Path) -> None:
    data = copy.deepcopy(json.loads(SMALL.read_text(encoding="utf-8")))
    data.update(id="whist-night", name="Whist night", rules="bid-whist", settings={}, ledger=[])
    data["entrants"] = data["entrants"][:4]
    data["rounds"] = [
        {"number": 1, "games": [
            {"table": 1, "a": 1, "b": 2, "score": {"a": 12, "b": 1}},
            {"table": 2, "a": 3, "b": 4, "score": {"a": 3, "b": 3}, "winner": "b"}]},
        {"number": 2, "games": [
            {"table": 1, "a": 1, "b": 4, "score": {"a": 2, "b": 4}},
            {"table": 2, "a": 3, "b": 2, "score": {"a": 5, "b": 4}}]},
    ]  # fmt: skip
    db = tmp_path / "whist.sqlite"
    ok("import", write_json(tmp_path / "whist.json", data), "--db", db)
    table = json.loads(ok("standings", "--db", db))
    # team 4: two wins (a tied round won on the fifth hand) but 7 points; team 1: 14 points
    assert [(r["place"], r["number"], r["wins"], r["total"]) for r in table["rows"]] == [
        (1, 4, 2, 7), (2, 1, 1, 14), (3, 3, 1, 8), (4, 2, 0, 5),
    ]  # fmt: skip
