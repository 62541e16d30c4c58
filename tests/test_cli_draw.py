"""`clubdesk draw` and `clubdesk seating` (INTERFACE.md)."""

from __future__ import annotations

import json
from pathlib import Path

from clubdesk.store import open_database
from tests import builder
from tests.cli_helpers import clubdesk


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
    data = Path(__file__).resolve().parent / "domain" / "data" / "event_interface_example.json"
    db = tmp_path / "club.sqlite"
    assert clubdesk("import", data, "--db", db, "--date", "2011-10-22")[0] == 0
    code, out, err = clubdesk("draw", "--db", db)
    assert code == 2 and "round 1 has started: the draw is made before it" in err
    code, out, _ = clubdesk("seating", "--db", db, "--round", "1")
    assert code == 0 and json.loads(out)["tables"] == [{"table": 1, "a": 1, "b": 2}]
