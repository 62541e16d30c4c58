"""`clubdesk draw` and `clubdesk seating` (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import clubdesk, ok, refused


def make_event(path: Path, clock, rules_id: str, entrants: int, per_entrant: int) -> str:
    """A "Club night" of ``rules_id`` in the database at ``path``: entrant n is
    "Player {n-1}a" (and "Player {n-1}b" in teams)."""
    with open_database(path) as db:
        return builder.event(
            db,
            clock,
            rules_id,
            name="Club night",
            entrants=entrants,
            players=lambda n: [f"Player {n - 1}{'ab'[i]}" for i in range(per_entrant)],
        )


def test_draw_then_seating_as_json(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "grand-prix-warmup", 5, 2)
    code, out, err = clubdesk("draw", "--db", db, "--seed", "7")
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith("(seed 7)") and "drew 5 entrants" in out
    code, out, _ = clubdesk("seating", "--db", db, "--round", "1")
    seating = json.loads(out)
    assert code == 0 and set(seating) == {"round", "tables", "byes"} and seating["round"] == 1
    assert [set(t) for t in seating["tables"]] == [{"table", "a", "b"}] * 2
    seated = [t["a"] for t in seating["tables"]] + [t["b"] for t in seating["tables"]]
    assert all(isinstance(n, int) for n in seated)
    assert sorted(seated + seating["byes"]) == [1, 2, 3, 4, 5]


def test_the_same_seed_gives_the_same_draw(tmp_path, clock) -> None:
    seatings = []
    for name in ("a.sqlite", "b.sqlite"):
        make_event(tmp_path / name, clock, "grand-prix-warmup", 8, 2)
        clubdesk("draw", "--db", tmp_path / name, "--seed", "99")
        seatings.append(clubdesk("seating", "--db", tmp_path / name, "--round", "3")[1])
    assert seatings[0] == seatings[1]


def test_seating_as_text_names_the_teams(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "grand-prix-warmup", 4, 2)
    clubdesk("draw", "--db", db, "--seed", "1")
    code, out, _ = clubdesk("seating", "--db", db, "--round", "2", "--format", "text")
    assert code == 0 and "Club night: round 2" in out
    assert "N/S" in out and "E/W" in out and "Player 0a / Player 0b" in out


def test_a_second_draw_is_refused(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "grand-prix-warmup", 4, 2)
    clubdesk("draw", "--db", db)
    code, out, err = clubdesk("draw", "--db", db)
    assert code == 2 and out == "" and "the draw is already made" in err
    assert len(err.strip().splitlines()) == 1


def test_a_progressive_round_waits_for_the_results(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "npa-club-pinochle", 12, 1)
    assert clubdesk("draw", "--db", db, "--seed", "3")[0] == 0
    code, out, _ = clubdesk("seating", "--db", db, "--round", "1")
    tables = json.loads(out)["tables"]
    assert code == 0 and all(len(t["a"]) == 2 and len(t["b"]) == 2 for t in tables)
    code, out, err = clubdesk("seating", "--db", db, "--round", "2")
    assert code == 2 and out == ""
    assert "round 2 cannot be seated yet" in err and "tables 1, 2, 3" in err


def test_too_few_players_for_the_format(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "npa-club-pinochle", 9, 1)
    code, _, err = clubdesk("draw", "--db", db)
    assert code == 2 and "at least 3 tables (12 players); 9 registered" in err


def test_several_events_need_an_event_id(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    first = make_event(db, clock, "grand-prix-warmup", 4, 2)
    make_event(db, clock, "house-gin", 4, 1)
    code, _, err = clubdesk("draw", "--db", db)
    assert code == 2 and "--event" in err
    assert clubdesk("draw", "--db", db, "--event", first)[0] == 0


def test_no_draw_once_round_1_is_played(tmp_path) -> None:
    data = Path(__file__).resolve().parents[1] / "domain" / "data" / "event_interface_example.json"
    db = tmp_path / "club.sqlite"
    assert clubdesk("import", data, "--db", db, "--date", "2011-10-22")[0] == 0
    code, out, err = clubdesk("draw", "--db", db)
    assert code == 2 and "round 1 has started: the draw is made before it" in err
    code, out, _ = clubdesk("seating", "--db", db, "--round", "1")
    assert code == 0 and json.loads(out)["tables"] == [{"table": 1, "a": 1, "b": 2}]


# --- a draw made with real cards, chits or lots: --drawn FILE -------------------------------


def drawn_file(path: Path, picks: dict) -> Path:
    path.write_text(json.dumps(picks), encoding="utf-8")
    return path


def test_a_card_draw_made_by_hand_is_recorded(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "grand-prix-warmup", 5, 2)
    cards = {"1": "blue 1", "2": "red 1", "3": "Blue 2", "4": "R2", "5": "red 3"}
    out = ok("draw", "--db", db, "--drawn", drawn_file(tmp_path / "cards.json", cards))
    assert out.splitlines()[0].startswith("recorded the physical draw of 5 entrants for ")
    assert out.splitlines()[0].endswith(" (cards)")
    assert "note: odd number of teams: red 3 is the bye station after table 2" in out
    seating = json.loads(ok("seating", "--db", db, "--round", "1"))
    assert seating["tables"] == [{"table": 1, "a": 1, "b": 2}, {"table": 2, "a": 3, "b": 4}]
    assert seating["byes"] == [5]


def test_an_npa_chit_draw_made_by_hand_is_recorded_as_printed(tmp_path, clock) -> None:
    # seed 001: "Select a "chit" for your starting table number and seat position"
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "npa-club-pinochle", 12, 1)
    chits = {
        "1": "table 2 seat 3", "2": "Table 1 Seat 1 (deals first)", "3": "table 3 seat 2",
        "4": "table 1 seat 2", "5": "table 1 seat 3", "6": "table 1 seat 4",
        "7": "table 2 seat 1", "8": "table 2 seat 2", "9": "table 2 seat 4",
        "10": "table 3 seat 1", "11": "table 3 seat 3", "12": "table 3 seat 4",
    }  # fmt: skip
    out = ok("draw", "--db", db, "--drawn", drawn_file(tmp_path / "chits.json", chits))
    assert out.splitlines()[0].endswith(" (chits)") and "drawn" not in out.splitlines()[0]
    assert "note: 12 players at 3 tables; seats 1 and 3 play against seats 2 and 4" in out
    tables = json.loads(ok("seating", "--db", db, "--round", "1"))["tables"]
    assert tables == [
        {"table": 1, "a": [2, 5], "b": [4, 6]},
        {"table": 2, "a": [7, 1], "b": [8, 9]},
        {"table": 3, "a": [10, 11], "b": [3, 12]},
    ]
    draw = json.loads(ok("export", "--db", db))["draw"]  # the event file keeps it
    assert (draw["kind"], draw["method"], draw["seed"]) == ("chits", "physical", None)


def test_a_gin_lot_draw_made_by_hand_is_recorded(tmp_path, clock) -> None:
    # seed 003: "(1 will play 2, 3 will play 4, 5 will play 6, etc.)"
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "house-gin", 5, 1)
    lots = {"1": "lot 3", "2": "Lot 5", "3": "lot 1", "4": "lot 4", "5": "lot 2"}
    out = ok("draw", "--db", db, "--drawn", drawn_file(tmp_path / "lots.json", lots))
    assert out.splitlines()[0].endswith(" (lots)")
    assert "note: odd number of players: player 2 has a bye" in out
    seating = json.loads(ok("seating", "--db", db, "--round", "1"))
    assert seating["tables"] == [{"table": 1, "a": 3, "b": 5}, {"table": 2, "a": 1, "b": 4}]
    assert seating["byes"] == [2]


@pytest.mark.parametrize(
    ("picks", "message"),
    [
        ({"1": "lot 3", "2": "lot 3", "3": "lot 1", "4": "lot 2"},
         "lot 3 drawn twice: players 1 and 2"),
        ({"1": "lot 3", "2": "lot 5", "3": "lot 1", "4": "lot 2"},
         "player 2: there is no lot 5 for 4 players (lots 1-4)"),
        ({"1": "lot 3", "2": "lot 4", "3": "lot 1"}, "player 4 has no lot"),
        ({"1": "lot 3", "2": "lot 4", "3": "lot 1", "4": "second"},
         "player 4: 'second' is not a lot; type e.g. lot 5"),
        ({"1": "lot 3", "2": "lot 4", "3": "lot 1", "4": "lot 2", "8": "lot 5"},
         "player 8 drew 'lot 5' but is not registered"),
        ({"one": "lot 1"}, "'one' is not a player number"),
        ({"1": 3}, "player 1: 3 is not a lot; type e.g. lot 5"),
        (["lot 1"], "must hold a JSON object from entrant number to what that entrant drew"),
        ({}, "names nobody"),
    ],
)  # fmt: skip
def test_a_mistake_in_the_drawn_file_is_one_line_naming_entrant_and_pick(
    tmp_path, clock, picks, message
) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "house-gin", 4, 1)
    err = refused("draw", "--db", db, "--drawn", drawn_file(tmp_path / "lots.json", picks))
    assert message in err
    assert "the draw is not made yet" in refused("seating", "--db", db, "--round", "1")


def test_drawn_and_seed_do_not_go_together_and_a_file_must_be_json(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "house-gin", 4, 1)
    lots = drawn_file(tmp_path / "lots.json", {"1": "lot 1"})
    err = refused("draw", "--db", db, "--drawn", lots, "--seed", "3")
    assert "not allowed with argument" in err
    assert "no such file" in refused("draw", "--db", db, "--drawn", tmp_path / "none.json")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe lot")
    assert "not a draw file" in refused("draw", "--db", db, "--drawn", tmp_path / "bad.json")


def test_a_random_draw_is_replaced_by_one_made_by_hand_only_with_redo(tmp_path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "house-gin", 4, 1)
    ok("draw", "--db", db, "--seed", "5")
    lots = drawn_file(tmp_path / "lots.json", {"1": "4", "2": "3", "3": "2", "4": "1"})
    assert "the draw is already made" in refused("draw", "--db", db, "--drawn", lots)
    ok("draw", "--db", db, "--drawn", lots, "--redo")
    seating = json.loads(ok("seating", "--db", db, "--round", "1"))
    assert seating["tables"] == [{"table": 1, "a": 4, "b": 3}, {"table": 2, "a": 2, "b": 1}]
