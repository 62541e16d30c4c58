"""Bid whist's playoff rounds as the event's rounds after the preliminaries (docs/rules.md §6):
named by their matches, walked from the bracket to the final, refused where a round does
not follow; the standings stop at the preliminaries; the event-file check; the cut stands
as it was made once the first playoff round is seated; the timetable with playoff rounds."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.domain.event.model import Entrant, Event, Game, Round, Score
from clubdesk.domain.eventfile import checks
from clubdesk.domain.formats import load_rules
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.playoffs import (
    has_playoffs,
    playoff_rounds,
    round_title,
    stage_name,
)
from clubdesk.domain.results.standings import compute_standings
from clubdesk.domain.schedule import timetable
from clubdesk.errors import UserError
from tests.formats import lookup

WHIST = lookup("bid-whist")
SEEDS = [11, 12, 13, 14, 15, 16]  # 6 teams: seeds 1 and 2 (11, 12) have byes


def game(table: int, a: int, b: int, score_a: int, score_b: int) -> Game:
    return Game(table, (a,), (b,), Score(score_a, score_b))


@pytest.mark.parametrize(
    ("matches", "name"),
    [(1, "final"), (2, "semi-final"), (4, "quarter-final"), (8, "round of 16"),
     (16, "round of 32"), (32, "round of 64")],
)  # fmt: skip
def test_a_playoff_round_is_named_by_its_matches(matches: int, name: str) -> None:
    assert stage_name(matches) == name


def test_round_titles() -> None:
    assert round_title(2, 3) == "Round 2 of 3"
    assert round_title(5, 3, "quarter-final") == "Playoffs: quarter-final"
    assert round_title(5, 3) == "Playoffs: round 5"


def test_only_a_cut_after_the_last_round_makes_a_bracket() -> None:
    assert has_playoffs(WHIST)
    assert not has_playoffs(lookup("house-gin"))  # its round after the cut is the final
    assert not has_playoffs(lookup("grand-prix-pinochle"))


def test_six_teams_from_the_bracket_to_the_final() -> None:
    [first] = playoff_rounds(SEEDS, 3, [])  # nothing played: the first round to seat
    assert (first.number, first.stage, first.name) == (4, 1, "quarter-final")
    assert [(m.a, m.b) for m in first.matches] == [(11, None), (14, 15), (12, None), (13, 16)]
    assert not first.complete and first.champion is None

    quarter = Round(4, (game(1, 14, 15, 3, 7), game(2, 13, 16, 7, 3)), byes=(11, 12))
    found = playoff_rounds(SEEDS, 3, [quarter])
    assert [(r.number, r.name, r.complete) for r in found] == [
        (4, "quarter-final", True),
        (5, "semi-final", False),
    ]
    assert found[0].advancing() == [11, 15, 12, 13]
    assert [(m.a, m.b) for m in found[1].matches] == [(11, 15), (12, 13)]

    semi = Round(5, (game(1, 11, 15, 7, 3), game(2, 12, 13, 3, 7)))
    final = Round(6, (game(1, 11, 13, 5, 8),))
    found = playoff_rounds(SEEDS, 3, [quarter, semi, final])
    assert [r.name for r in found] == ["quarter-final", "semi-final", "final"]
    assert found[-1].final and found[-1].champion == 13


def test_a_round_that_does_not_follow_is_refused() -> None:
    quarter = Round(4, (game(1, 14, 15, 3, 7),), byes=(11, 12))  # table 2 not played yet
    early = Round(5, (game(1, 11, 15, 7, 3),))
    with pytest.raises(UserError) as caught:
        playoff_rounds(SEEDS, 3, [quarter, early])
    assert str(caught.value) == (
        "round 5: there is no such playoff round: playoff round 1 (round 4) is not finished"
    )
    wrong = Round(4, (game(1, 14, 16, 3, 7),), byes=(11, 12))
    with pytest.raises(UserError, match="^round 4, table 1: teams 14 and 16 do not meet in pl"):
        playoff_rounds(SEEDS, 3, [wrong])


def whist_night(*playoffs: Round) -> Event:
    """8 teams: 1, 3, 5 and 7 win every preliminary game and advance (seeded in that order);
    the semi-finals are 1 v 7 and 3 v 5."""
    teams = tuple(Entrant(n, f"Team {n}", (f"North{n}", f"South{n}")) for n in range(1, 9))
    prelims = tuple(
        Round(
            r, (game(1, 1, 2, 7, 0), game(2, 3, 4, 6, 0), game(3, 5, 6, 5, 0), game(4, 7, 8, 4, 0))
        )  # fmt: skip
        for r in (1, 2, 3)
    )
    return Event("bw", "Bid whist night", "bid-whist", entrants=teams, rounds=prelims + playoffs)


SEMIS = Round(4, (game(1, 1, 7, 3, 5), game(2, 3, 5, 6, 2)))


def test_the_standings_stop_at_the_preliminaries() -> None:
    night = whist_night(SEMIS, Round(5, (game(1, 3, 7, 2, 4),)))
    assert compute_standings(night, WHIST).after_round == 3
    assert (
        compute_standings(night, WHIST).to_json()
        == compute_standings(whist_night(), WHIST).to_json()
    )
    with pytest.raises(UserError) as caught:
        compute_standings(night, WHIST, after_round=4)
    assert str(caught.value) == (
        "after round 4: round 4 is a playoff round; the standings end with round 3"
    )


def test_the_event_file_check_of_the_playoffs() -> None:
    assert checks.playoffs(whist_night(SEMIS), WHIST) == []
    wrong = Round(4, (game(1, 1, 3, 3, 5),))
    assert checks.playoffs(whist_night(wrong), WHIST) == [
        "round 4, table 1: teams 1 and 3 do not meet in playoff round 1"
    ]
    after = Round(6, (game(1, 3, 7, 2, 4),))
    night = whist_night(SEMIS, Round(5, (game(1, 3, 7, 2, 4),)), after)
    assert checks.playoffs(night, WHIST) == [
        "round 6: there is no such playoff round: the playoffs end with the final in round 5"
    ]
    assert checks.playoffs(whist_night(), lookup("grand-prix-pinochle")) == []


def test_a_team_that_withdraws_after_the_cut_stays_in_it() -> None:
    night = whist_night(SEMIS)
    gone = Entrant(7, "Team 7", ("North7", "South7"), status="withdrawn")
    withdrawn = Event(night.id, night.name, night.rules,
                      entrants=(*night.entrants[:6], gone, night.entrants[7]),
                      rounds=night.rounds)  # fmt: skip
    assert compute_cut(withdrawn, WHIST).advancing == (1, 3, 5, 7)
    before = Event(night.id, night.name, night.rules, entrants=withdrawn.entrants,
                   rounds=night.rounds[:3])  # fmt: skip
    assert 7 not in compute_cut(before, WHIST).advancing  # gone before the playoffs: out


def test_the_timetable_goes_on_with_the_playoff_rounds() -> None:
    rules = load_rules("bid-whist").with_settings({"round_minutes": 30, "first_round_at": "19:00"})
    rows = timetable(rules, dt.date(2024, 3, 9), rounds=5)
    assert [r.starts.strftime("%H:%M") for r in rows] == ["19:00", "19:40", "20:20", "21:00",
                                                          "21:40"]  # fmt: skip
    assert [r.pause_after for r in rows] == ["break", "break", "break", "break", "none"]
    assert len(timetable(rules, dt.date(2024, 3, 9))) == 3
