"""A bid whist event with playoff rounds in its event file (docs/event-file.md, "What the event file
keeps"): exported and imported round trip, going on where it was, and the checks that refuse
a playoff game between teams that do not meet, one without a winner, a round after the final."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain.event.model import EventError
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.services import playoffs, results, rounds, seating
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.store.db import Database, open_database
from tests.formats import lookup
from tests.services.test_playoff_rounds import play, preliminaries, seeds


def other_db(tmp_path: Path, new_database) -> Database:
    path = new_database(tmp_path / "other" / "club.sqlite")
    return open_database(path, backups=tmp_path / "other" / "backups")


def to_the_semi_finals(db: Database, clock) -> str:
    """17 teams through the round of 16 and the quarter-finals (the better seed wins each
    match); the semi-finals published, not played."""
    event = preliminaries(db, clock)
    seats = rounds.close_round(Desk(db, event, clock), 3).next_seating
    for _ in (4, 5):
        assert seats is not None
        play(db, event, seats, clock, wins=set())
        seats = rounds.close_round(Desk(db, event, clock), seats.round).next_seating
    return event


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


def test_a_playoff_night_goes_on_where_it_was_after_export_and_import(
    db, clock, tmp_path: Path, new_database
) -> None:
    event = to_the_semi_finals(db, clock)
    data = export_event(db, event)
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3, 4, 5, 6]
    assert all("score" not in g or g["score"] is None for g in data["rounds"][5]["games"])
    other = other_db(tmp_path, new_database)
    try:
        import_event(Desk(other, None, clock), data)
        assert export_event(other, event) == data  # round trip, identical
        assert seating.seating(other, event, 6) == seating.seating(db, event, 6)
        assert playoffs.playoff_round(other, event, 6).name == "semi-final"
        # and the night goes on there: the semi-finals, then the final
        semi = seating.seating(other, event, 6)
        play(other, event, semi, clock, wins=set())
        final = rounds.close_round(Desk(other, event, clock), 6).next_seating
        seed = seeds(other, event)
        assert final is not None and final.tables[0].entrants == (seed[1], seed[2])
        play(other, event, final, clock, wins=set())
        rounds.close_round(Desk(other, event, clock), 7)
        paid = results.payouts(other, event)
        assert not paid.provisional and paid.prizes[0].number == seed[1]
        finished = export_event(other, event)
        assert parse_event(finished, lookup).round(7).games[0].won_by() == "a"
        after = copy.deepcopy(finished)
        after["rounds"].append({**copy.deepcopy(finished["rounds"][6]), "number": 8})
        assert problems(after) == [
            "round 8: there is no such playoff round: the playoffs end with the final in round 7"
        ]
    finally:
        other.close()


def test_a_playoff_game_between_teams_that_do_not_meet_is_refused(db, clock) -> None:
    event = to_the_semi_finals(db, clock)
    data = export_event(db, event)
    wrong = copy.deepcopy(data)
    quarter = wrong["rounds"][4]["games"]
    quarter[0]["b"], quarter[1]["b"] = quarter[1]["b"], quarter[0]["b"]
    countersigned = [game["signatures"][1] for game in quarter[:2]]  # each by its side b
    quarter[0]["signatures"][1], quarter[1]["signatures"][1] = reversed(countersigned)
    first = quarter[0]
    assert problems(wrong) == [
        f"round 5, table 1: teams {first['a']} and {first['b']} do not meet in playoff round 2"
    ]


def test_a_playoff_game_without_a_winner_is_refused(db, clock) -> None:
    event = to_the_semi_finals(db, clock)
    data = export_event(db, event)
    level = copy.deepcopy(data)
    game = level["rounds"][4]["games"][2]
    game["score"] = {"a": 5, "b": 5}
    game["winner"] = None
    game["amendments"] = []
    [found] = [p for p in problems(level) if "table 3" in p]
    assert found.startswith("rounds[4].games[2] (round 5, table 3): winner: the game is level")


def test_a_round_after_the_final_or_before_its_round_is_finished_is_refused(db, clock) -> None:
    event = to_the_semi_finals(db, clock)
    data = export_event(db, event)
    early = copy.deepcopy(data)
    early["rounds"].append({**copy.deepcopy(data["rounds"][5]), "number": 7})
    assert problems(early) == [
        "round 7: there is no such playoff round: playoff round 3 (round 6) is not finished"
    ]


def test_a_playoff_round_needs_the_cut_settled(db, clock) -> None:
    event = to_the_semi_finals(db, clock)
    data = export_event(db, event)
    unfinished = copy.deepcopy(data)
    third = unfinished["rounds"][2]["games"][0]
    for key in ("score", "hands", "adjustments", "award", "winner", "signatures", "amendments"):
        third.pop(key, None)
    found = problems(unfinished)
    assert found == [
        "round 4: the playoffs follow the cut after round 3, not made: round 3 is not finished "
        "(no result yet at table 1)"
    ]
