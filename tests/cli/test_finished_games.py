"""The clubs' rules at the command line and in the event file, as at the window: a sheet of
hands goes in once its game is over (docs/rules.md, "A finished game"), adjustment lines only add,
a level game names its winner where the next seating needs one; ``import`` refuses each row
the window refuses, naming the row."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.services.eventfile import current_event_ids
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import clubdesk, ok, refused

SCW_DEAL = {"bidder": "A", "bid": 20, "marriage": True, "meld": {"A": 12, "B": 6},
            "tricks": {"A": 15, "B": 10}}  # fmt: skip
WHIST_MADE = {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}}
GIN_KNOCK = {"knocker": "A", "gin": False, "deadwood": {"A": 4, "B": 19}, "knock_card": 10}
NPA_MADE = {"bidder": "A", "bid": 50, "marriage": True, "meld": {"A": 20, "B": 20},
            "tricks": {"A": 30, "B": 20}}  # fmt: skip


def night(tmp_path: Path, clock, rules_id: str, entrants: int) -> Path:
    """``rules_id`` drawn and round 1 published; players named Player{n} Name."""
    path = tmp_path / f"{rules_id}.sqlite"
    with open_database(path) as db:
        event = builder.event(db, clock, rules_id, entrants=entrants,
                              players=lambda n: [f"Player{n} Name"] if rules_id != "bid-whist"
                              else [f"North{n}", f"South{n}"])  # fmt: skip
        builder.draw(db, event, clock, seed=3)
        builder.publish(db, event, 1, clock)
    return path


def signed(path: Path) -> list[dict[str, str]]:
    with open_database(path, create=False) as db:
        [event] = current_event_ids(db)
        names = builder.signers(db, event, 1, 1)
    return [{"role": role, "name": name} for role, name in names.items()]


def submit(path: Path, sheet: dict[str, Any]) -> tuple[int, str]:
    ran = clubdesk("submit", "--db", path, "--round", "1", "--table", "1",
                   stdin=json.dumps({**sheet, "signatures": signed(path)}))  # fmt: skip
    return ran.code, ran.err.strip().removeprefix("clubdesk: ")


@pytest.mark.parametrize(
    ("rules_id", "entrants", "hands", "missing"),
    [
        # seed 002: "Six deals per table with six tables of play"
        ("sun-city-west-pinochle", 8, [SCW_DEAL], "the game is not over: 1 of 6 deals played"),
        # seed 004: "The team that accumulates the most points after 4 hands wins the round"
        ("bid-whist", 4, [WHIST_MADE] * 2, "the game is not over: 2 of 4 hands played"),
        # seed 003: "Each match will be played to a total of 120 points in each of the
        # simultaneous games"
        ("house-gin", 4, [GIN_KNOCK], "the match is not over: game 1 at 15 of 120, game 2 at 0 "
         "of 120 and game 3 at 0 of 120"),
        # docs/rules.md §3: "Rounds and hands per round are club settings (defaults: 6 rounds, 8
        # hands per round, no clock end)"
        ("npa-club-pinochle", 12, [NPA_MADE] * 3, "the game is not over: 3 of 8 hands played"),
    ],
)  # fmt: skip
def test_submit_refuses_a_sheet_of_hands_before_its_game_is_over(
    tmp_path: Path, clock, rules_id: str, entrants: int, hands: list, missing: str
) -> None:
    path = night(tmp_path, clock, rules_id, entrants)
    assert submit(path, {"hands": hands}) == (2, f"round 1, table 1: hands: {missing}")
    assert json.loads(ok("sheet", "--db", path, "--round", "1", "--table", "1"))["state"] == (
        "waiting"
    )
    code, _ = submit(path, {"score": {"a": 300, "b": 200}})  # the signed paper as it says
    assert code == 0


def test_time_called_is_refused_where_no_clock_ends_a_game(tmp_path: Path, clock) -> None:
    path = night(tmp_path, clock, "npa-club-pinochle", 12)
    assert submit(path, {"hands": [NPA_MADE] * 3, "time_called": True}) == (
        2,
        "time_called: NPA Club Pinochle has no round clock that ends a game (its games end by "
        "their hands)",
    )


def test_a_level_npa_game_names_its_winner_and_amend_changes_it(tmp_path: Path, clock) -> None:
    """Seed 001: "Winners will stay at the table, losers will move to the next higher
    numbered table"."""
    path = night(tmp_path, clock, "npa-club-pinochle", 12)
    assert submit(path, {"score": {"a": 250, "b": 250}}) == (
        2,
        "round 1, table 1: winner: the game is level at 250 to 250: record who won the tie "
        "(the winning pair stays at the table for round 2)",
    )
    assert submit(path, {"score": {"a": 250, "b": 250}, "winner": "b"})[0] == 0
    ran = clubdesk("amend", "--db", path, "--round", "1", "--table", "1", "--reason",
                   "the cut of the cards read wrong", "--director", "Dee Rector",
                   stdin='{"score": {"a": 250, "b": 250}, "winner": "a"}')  # fmt: skip
    assert (ran.code, ran.err) == (0, "")
    shown = json.loads(ok("sheet", "--db", path, "--round", "1", "--table", "1"))
    assert (shown["winner"], shown["amendments"][0]["winner"]) == ("a", "a")
    ran = clubdesk("amend", "--db", path, "--round", "1", "--table", "1", "--reason",
                   "no winner", "--director", "Dee Rector",
                   stdin='{"score": {"a": 260, "b": 260}}')  # fmt: skip
    assert ran.code == 2 and "record who won the tie" in ran.err


# --- the event file ---------------------------------------------------------------------


def npa_file(game: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "clubdesk-event/1", "id": "npa-night", "name": "NPA night",
        "date": "2024-03-09", "rules": "npa-club-pinochle",
        "entrants": [{"number": n, "name": f"P{n}"} for n in range(1, 13)],
        "rounds": [{"number": 1, "games": [
            {"table": 1, "a": [1, 3], "b": [2, 4], **game},
            {"table": 2, "a": [5, 7], "b": [6, 8], "score": {"a": 400, "b": 200}},
            {"table": 3, "a": [9, 11], "b": [10, 12], "score": {"a": 400, "b": 200}},
        ]}],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("game", "problem"),
    [
        ({"hands": [NPA_MADE] * 3}, "hands: the game is not over: 3 of 8 hands played"),
        ({"score": {"a": 250, "b": 250}},
         "winner: the game is level at 250 to 250: record who won the tie (the winning pair "
         "stays at the table for round 2)"),
        ({"hands": [NPA_MADE] * 3, "time_called": True},
         "time_called: NPA Club Pinochle has no round clock that ends a game (its games end "
         "by their hands)"),
        ({"score": {"a": 500, "b": 100},
          "adjustments": [{"side": "b", "points": -150, "reason": "penalty"}]},
         "adjustments[0].points = -150 would take points off a side; an adjustment line only "
         'adds points ("at no time will a team have to subtract from their score")'),
    ],
)  # fmt: skip
def test_import_refuses_the_row_the_window_refuses_naming_it(
    tmp_path: Path, game: dict[str, Any], problem: str
) -> None:
    source = tmp_path / "night.json"
    source.write_text(json.dumps(npa_file(game)), encoding="utf-8")
    line = refused("import", source, "--db", tmp_path / "club.sqlite")
    where = "rounds[0].games[0] (round 1, table 1)"
    assert line == f"{source}: {where}: {problem}"


def test_a_grand_prix_export_with_time_called_imports_again(tmp_path: Path, clock) -> None:
    path = tmp_path / "gp.sqlite"
    with open_database(path) as db:
        event = builder.event(db, clock, "grand-prix-warmup", entrants=4)
        builder.draw(db, event, clock, seed=5)
        builder.publish(db, event, 1, clock)
    hands = [{"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
              "tricks": {"A": 30, "B": 20}}]  # fmt: skip
    assert submit(path, {"hands": hands, "time_called": True})[0] == 0
    exported = json.loads(ok("export", "--db", path))
    assert exported["rounds"][0]["games"][0]["time_called"] is True
    del exported["rounds"][0]["games"][0]["time_called"]
    source = tmp_path / "without.json"
    source.write_text(json.dumps(exported), encoding="utf-8")
    assert refused("import", source, "--db", tmp_path / "other.sqlite").endswith(
        "hands: the game is not over: 1 of 8 hands played, no side has reached 500 and time "
        "was not called"
    )
