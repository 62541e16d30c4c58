"""Standings: round scores, byes, awards, drops, wins, places and ties (docs/rules.md §1, §3,
§5, §6)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.event.model import Event, event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.results.standings import (
    average_match_score,
    average_winning_score,
    compute_standings,
    dropped_rounds,
    round_half_up,
    round_results,
    standings_with_running,
)
from clubdesk.errors import UserError
from clubdesk.printing.text import standings_csv, standings_text
from tests.formats import lookup
from tests.properties import examples

DATA = Path(__file__).parent / "data"


def game(table: int, a: Any, b: Any, sa: int | None = None, sb: int | None = None, **extra: Any):
    data: dict[str, Any] = {"table": table, "a": a, "b": b, **extra}
    if sa is not None:
        data["score"] = {"a": sa, "b": sb}
    return data


def make_event(
    rounds: list[dict[str, Any]],
    *,
    rules: str = "grand-prix-pinochle",
    numbers: range | list[int] = range(1, 8),
    statuses: dict[int, str] | None = None,
    settings: dict[str, Any] | None = None,
) -> tuple[Event, Any]:
    team = rules in ("grand-prix-pinochle", "grand-prix-warmup", "bid-whist")
    data = {
        "format": "clubdesk-event/1",
        "id": "test-night",
        "name": "Test night",
        "rules": rules,
        "settings": settings or {},
        "entrants": [
            {
                "number": n,
                "name": f"Team {n}" if team else f"Player {n}",
                **({"players": [f"P{n}a", f"P{n}b"]} if team else {}),
                "status": (statuses or {}).get(n, "active"),
            }
            for n in numbers
        ],
        "rounds": [{"number": i, **r} for i, r in enumerate(rounds, start=1)],
    }
    event = parse_event(data, lookup)
    return event, event_rules(event, lookup)


def fixture() -> tuple[Event, Any]:
    data = json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))
    event = parse_event(data, lookup)
    return event, event_rules(event, lookup)


# --- rounding -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("numerator", "denominator", "expected"),
    [(1021, 2, 511), (1020, 2, 510), (1243, 3, 414), (1504, 3, 501), (1505, 3, 502),
     (-5, 2, -2), (-7, 2, -3), (0, 4, 0)],
)  # fmt: skip
def test_round_half_up_with_integers_only(numerator: int, denominator: int, expected: int) -> None:
    assert round_half_up(numerator, denominator) == expected


# --- a round's results --------------------------------------------------------------------


def test_a_bye_scores_the_average_winning_score_with_a_half_rounding_up() -> None:
    # winning scores 520 and 501: 1021 / 2 = 510.5 -> 511
    event, rules = make_event(
        [{"games": [game(1, 1, 2, 520, 310), game(2, 3, 4, 433, 501)], "byes": [5]}],
        numbers=range(1, 6),
    )
    assert average_winning_score(event.rounds[0]) == 511
    results = round_results(event, rules, 1)
    assert (results[5].score, results[5].kind, results[5].won) == (511, "bye", False)
    assert compute_standings(event, rules).row(5).rounds == (511,)


def test_a_tied_game_counts_its_score_once_and_awards_are_left_out() -> None:
    event, rules = make_event(
        [
            {
                "games": [
                    game(1, 1, 2, 400, 400, winner="a"),
                    game(2, 3, 4, 100, 401),
                    game(3, 5, 6, award={"kind": "removed", "against": "b"}),
                ],
                "byes": [7],
            }
        ]
    )
    assert average_winning_score(event.rounds[0]) == 401  # (400 + 401) / 2 = 400.5
    assert round_results(event, rules, 1)[7].score == 401


def test_dq_award_gives_zero_and_the_round_average_winning_score() -> None:
    # winning scores 520, 505: 512.5 -> 513
    event, rules = make_event(
        [
            {
                "games": [
                    game(1, 1, 2, 520, 310),
                    game(2, 3, 4, 505, 200),
                    game(3, 5, 6, award={"kind": "dq", "against": "a"}),
                ],
                "byes": [7],
            }
        ]
    )
    results = round_results(event, rules, 1)
    assert (results[5].score, results[5].won) == (0, False)
    assert (results[6].score, results[6].won) == (513, True)
    assert results[7].score == 513


def test_removed_from_the_table_gives_zero_and_500() -> None:
    rounds = [{"games": [game(1, 1, 2, 520, 310), game(2, 3, 4,
               award={"kind": "removed", "against": "b"})], "byes": [5]}]  # fmt: skip
    event, rules = make_event(rounds, numbers=range(1, 6))
    results = round_results(event, rules, 1)
    assert (results[3].score, results[3].won) == (500, True)
    assert (results[4].score, results[4].won) == (0, False)
    assert results[5].score == 520  # the award game is not averaged
    event, rules = make_event(rounds, numbers=range(1, 6), settings={"removed_award_points": 450})
    assert round_results(event, rules, 1)[3].score == 450


def test_the_late_penalty_is_already_in_the_score() -> None:
    event, rules = fixture()
    # table 1, round 1: the hands give 116 : 118, and 100 to b for a late a-team
    assert event.rounds[0].games[0].score.b == 218
    standings = compute_standings(event, rules)
    assert standings.row(2).rounds[0] == 218
    assert standings.row(1).rounds[0] == 116


def test_in_individual_events_each_player_scores_the_pairs_score() -> None:
    event, rules = make_event(
        [{"games": [game(1, [1, 3], [2, 4], 120, -40), game(2, [5, 7], [6, 8], 64, 80)]}],
        rules="npa-club-pinochle",
        numbers=range(1, 9),
    )
    standings = compute_standings(event, rules)
    assert [(r.number, r.total, r.wins) for r in standings.rows] == [
        (1, 120, 1), (3, 120, 1), (6, 80, 1), (8, 80, 1),
        (5, 64, 0), (7, 64, 0), (2, -40, 0), (4, -40, 0),
    ]  # fmt: skip
    assert standings.rows[0].place == standings.rows[1].place == 1 and standings.rows[0].tied


def test_a_gin_bye_scores_the_average_of_all_match_scores_of_the_round() -> None:
    # four match scores 601, 0, 360, 121: 1082 / 4 = 270.5 -> 271
    event, rules = make_event(
        [{"games": [game(1, 1, 2, 601, 0), game(2, 3, 4, 360, 121)], "byes": [5]}],
        rules="house-gin",
        numbers=range(1, 6),
    )
    assert average_match_score(event.rounds[0]) == 271
    assert round_results(event, rules, 1)[5].score == 271


# --- the whole table ----------------------------------------------------------------------


def test_the_small_grand_prix_file_gives_these_standings() -> None:
    event, rules = fixture()
    standings = compute_standings(event, rules)
    assert standings.after_round == 3
    rows = [(r.place, r.number, r.rounds, r.dropped, r.total, r.wins) for r in standings.rows]
    # seed 000: "their lowest score of one of their 11 games which they played"
    assert rows == [
        (1, 3, (520, 470, 510), (2,), 1030, 2),
        (2, 6, (505, 501, 450), (3,), 1006, 2),  # 501: bye in round 2 (500.5 rounds up)
        (3, 2, (218, 501, 450), (1,), 951, 2),  # 501: the dq award in round 2
        (4, 4, (430, 300, 500), (2,), 930, 1),  # 500: removed award in round 3
        (5, 7, (414, 500, 480), (2,), 894, 1),  # byes in rounds 1 and 3 count: 500 dropped
        (6, 1, (116, 501, 0), (3,), 617, 1),  # removed from the table in round 3: 0 dropped
        (7, 5, (480, 0, 390), (3,), 480, 0),  # disqualified in round 2: 0 counts
    ]
    assert not any(r.tied for r in standings.rows)
    assert standings.row(7).byes == (1, 3)


def test_drop_lowest_drops_a_game_played_never_a_bye_and_the_earliest_of_equals() -> None:
    """Seed 000: "A TEAM WILL BE ALLOWED TO "throw out" THEIR LOWEST SCORE OF ONE OF THEIR
    11 GAMES WHICH THEY PLAYED"."""
    assert dropped_rounds((300, 200, 200, 450), 1) == (2,)
    assert dropped_rounds((300, 200, 200, 450), 2) == (2, 3)
    assert dropped_rounds((200, 300, 200), 1) == (1,)
    assert dropped_rounds((480,), 1) == ()  # at least one round counts
    assert dropped_rounds((480, 0), 0) == ()
    assert dropped_rounds((300, 200, 450), 1, (True, False, True)) == (1,)  # 200 not played
    event, rules = make_event(
        [
            {"games": [game(1, 1, 2, 400, 300), game(2, 3, 4, 380, 390)], "byes": [5]},
            {"games": [game(1, 1, 3, 395, 301), game(2, 2, 5, 500, 499)], "byes": [4]},
        ],
        numbers=range(1, 6),
    )
    row = compute_standings(event, rules).row(5)  # bye 395 in round 1, then 499: the bye counts
    assert (row.rounds, row.dropped, row.total) == ((395, 499), (2,), 395)
    row = compute_standings(event, rules).row(4)  # 390, then a bye of (395 + 500) / 2 = 448
    assert (row.rounds, row.dropped, row.total) == ((390, 448), (1,), 448)


def test_a_team_removed_from_the_table_played_that_game_so_its_0_may_be_thrown_out() -> None:
    """Seed 000: "A TEAM WILL BE ALLOWED TO "throw out" THEIR LOWEST SCORE OF ONE OF THEIR
    11 GAMES WHICH THEY PLAYED", and "the TD will have the discretion to remove a team from
    that table for the round; therefore, forfeiting points for the round". Team 1: 450, 480
    and a removal's 0 gives 930."""
    removal = {"kind": "removed", "against": "a"}
    event, rules = make_event(
        [
            {"games": [game(1, 1, 2, 450, 300), game(2, 3, 4, 400, 380)]},
            {"games": [game(1, 1, 3, 480, 500), game(2, 2, 4, 410, 420)]},
            {"games": [game(1, 1, 4, award=removal), game(2, 2, 3, 390, 350)]},
        ],
        numbers=range(1, 5),
    )
    assert round_results(event, rules, 3)[1].kind == "removed"
    row = compute_standings(event, rules).row(1)
    assert (row.rounds, row.dropped, row.total) == ((450, 480, 0), (3,), 930)
    row = compute_standings(event, rules).row(4)  # the removal's 500 for the opponents counts
    assert (row.rounds, row.dropped, row.total) == ((380, 420, 500), (1,), 920)


@pytest.mark.parametrize(
    ("award", "rounds", "total"),
    [
        ({"kind": "dq", "against": "a"}, (450, 480, 0), 480),  # a DQ for lateness: 0 counts
        ({"kind": "dq", "against": "b"}, (450, 480, 390), 870),  # the opponents DQ'd: 390
        ({"kind": "removed", "against": "b"}, (450, 480, 500), 980),  # the opponents removed
    ],
)
def test_a_dq_for_lateness_and_an_award_for_the_opponents_always_count(
    award: dict[str, str], rounds: tuple[int, ...], total: int
) -> None:
    """Seed 000: "their lowest score of one of their 11 games which they played": a team
    DQ'd for lateness never sat down to that game, and an award for the opponents' absence
    is not a game played; the lowest game played is thrown out instead."""
    event, rules = make_event(
        [
            {"games": [game(1, 1, 2, 450, 300), game(2, 3, 4, 400, 380)]},
            {"games": [game(1, 1, 3, 480, 500), game(2, 2, 4, 410, 420)]},
            {"games": [game(1, 1, 4, award=award), game(2, 2, 3, 390, 350)]},
        ],
        numbers=range(1, 5),
    )
    row = compute_standings(event, rules).row(1)
    assert (row.rounds, row.dropped, row.total) == (rounds, (1,), total)  # the 450 thrown out


def test_ties_share_a_place_are_flagged_and_listed_in_number_order() -> None:
    event, rules = make_event(
        [{"games": [game(1, 5, 1, 500, 300), game(2, 2, 3, 500, 300), game(3, 4, 6, 450, 300)]}],
        numbers=range(1, 7),
        settings={"drop_lowest": 0},
    )
    rows = [(r.place, r.number, r.total, r.tied) for r in compute_standings(event, rules).rows]
    assert rows == [
        (1, 2, 500, True),
        (1, 5, 500, True),
        (3, 4, 450, False),
        (4, 1, 300, True),
        (4, 3, 300, True),
        (4, 6, 300, True),
    ]


def test_bid_whist_ranks_by_wins_then_points() -> None:
    event, rules = make_event(
        [
            {"games": [game(1, 1, 2, 20, 4), game(2, 3, 4, 3, 5)]},
            {"games": [game(1, 1, 4, 5, 6), game(2, 3, 2, 2, 7)]},
        ],
        rules="bid-whist",
        numbers=range(1, 5),
    )
    rows = [(r.place, r.number, r.wins, r.total) for r in compute_standings(event, rules).rows]
    # team 1 has the most points but one win; team 4 two wins
    assert rows == [(1, 4, 2, 11), (2, 1, 1, 25), (3, 2, 1, 11), (4, 3, 0, 5)]


def test_a_recorded_play_off_hand_orders_teams_level_on_wins_and_points() -> None:
    rounds = [{"games": [game(1, 1, 2, 9, 4), game(2, 3, 4, 4, 9)]}]
    event, rules = make_event(rounds, rules="bid-whist", numbers=range(1, 5))
    first = compute_standings(event, rules).rows
    assert [(r.place, r.number, r.tied) for r in first[:2]] == [(1, 1, True), (1, 4, True)]
    play_off = {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 2, "B": 11}}
    rounds[0]["tiebreaks"] = [{"a": 1, "b": 4, "hands": [play_off]}]
    event, rules = make_event(rounds, rules="bid-whist", numbers=range(1, 5))
    rows = compute_standings(event, rules).rows
    top = [(r.place, r.number, r.tied, r.total) for r in rows[:2]]
    assert top == [(1, 4, False, 9), (2, 1, False, 9)]


def test_a_gin_sudden_death_winner_gets_one_point_on_the_total() -> None:
    rounds: list[dict[str, Any]] = [
        {"games": [game(1, 1, 2, 300, 250), game(2, 3, 4, 250, 280)], "byes": [5]},
        {"games": [game(1, 1, 2, 262, 310), game(2, 3, 4, 310, 200)], "byes": [5]},
    ]
    event, rules = make_event(rounds, rules="house-gin", numbers=range(1, 6))
    before = {r.number: (r.place, r.total, r.tied) for r in compute_standings(event, rules).rows}
    assert before[2] == before[3] == (2, 560, True)
    rounds[1]["tiebreaks"] = [{"a": 2, "b": 3, "winner": "b"}]
    event, rules = make_event(rounds, rules="house-gin", numbers=range(1, 6))
    standings = compute_standings(event, rules)
    row = standings.row(3)
    assert (row.place, row.total, row.rounds, row.bonus, row.tied) == (2, 561, (250, 310), 1, False)
    assert (standings.row(2).place, standings.row(2).total) == (3, 560)
    assert "561*" in standings_text(standings)


# --- who is listed, and after which round ------------------------------------------------


def test_entrants_gone_before_the_last_round_are_listed_once_they_played_but_not_placed() -> None:
    # An entrant withdrawn, removed or ejected before the last round is listed (marked) and
    # not placed for prizes; places pass to the next. Team 6 never played: not listed.
    event, rules = make_event(
        [{"games": [game(1, 1, 2, 500, 300), game(2, 3, 4, 450, 460)]}],
        numbers=range(1, 7),
        statuses={2: "removed", 3: "withdrawn", 6: "withdrawn"},
    )
    standings = compute_standings(event, rules)
    assert [(r.place, r.number, r.status) for r in standings.rows] == [
        (1, 1, "active"), (2, 4, "active"), (3, 5, "active"),
        (None, 3, "withdrawn"), (None, 2, "removed"),
    ]  # fmt: skip
    assert standings.row(5).absent == (1,)
    assert standings.row(3).to_json()["place"] is None
    assert "status" not in standings.row(1).to_json()
    ranked = compute_standings(event, rules, rank_everyone=True)  # as the cut ranks them
    assert [(r.place, r.number) for r in ranked.rows] == [(1, 1), (2, 4), (3, 3), (4, 2), (5, 5)]


def test_a_team_withdrawn_after_the_last_round_keeps_its_place() -> None:
    rounds = [
        {"games": [game(1, 1, 2, 500, 300), game(2, 3, 4, 450, 460)]},
        {"games": [game(1, 1, 3, 500, 300), game(2, 2, 4, 450, 460)]},
        {"games": [game(1, 1, 4, 500, 300), game(2, 2, 3, 450, 460)]},
        {"games": [game(1, 1, 2, 500, 300), game(2, 3, 4, 450, 460)]},
    ]
    event, rules = make_event(rounds, numbers=range(1, 5), statuses={3: "withdrawn"},
                              rules="grand-prix-warmup")  # fmt: skip
    standings = compute_standings(event, rules)
    assert standings.row(3).place is not None and standings.row(3).status == "withdrawn"
    early = compute_standings(event, rules, after_round=3)  # the last round not counted yet
    assert early.row(3).place is None


def test_standings_after_a_given_round() -> None:
    event, rules = fixture()
    after_one = compute_standings(event, rules, after_round=1)
    assert after_one.after_round == 1
    assert [(r.number, r.rounds, r.dropped, r.total) for r in after_one.rows[:2]] == [
        (3, (520,), (), 520),
        (6, (505,), (), 505),
    ]
    assert after_one.to_json()["after_round"] == 1


def test_an_unfinished_round_is_left_out_unless_asked_for_by_number() -> None:
    rounds = [
        {"games": [game(1, 1, 2, 500, 300), game(2, 3, 4, 450, 460)]},
        {"games": [game(1, 1, 3, 500, 300), game(2, 2, 4)]},
    ]
    event, rules = make_event(rounds, numbers=range(1, 5))
    assert compute_standings(event, rules).after_round == 1
    with pytest.raises(UserError, match=r"round 2 is not finished \(no result yet at table 2\)"):
        compute_standings(event, rules, after_round=2)
    with pytest.raises(UserError, match="round 3 has not been played"):
        compute_standings(event, rules, after_round=3)
    assert round_results(event, rules, 2)[2].kind == "pending"


# --- output -------------------------------------------------------------------------------


def test_json_rows_have_exactly_the_interface_keys() -> None:
    event, rules = fixture()
    out = compute_standings(event, rules).to_json()
    assert list(out) == ["event", "rules", "after_round", "rows"]
    assert (out["event"], out["rules"]) == ("gp-mini-2011", "grand-prix-pinochle")
    assert out["rows"][0] == {
        "place": 1,
        "number": 3,
        "name": "Ortiz / Ng",
        "total": 1030,
        "rounds": [520, 470, 510],
        "dropped": [2],
        "wins": 2,
        "tied": False,
    }


def test_csv_has_a_header_and_one_line_per_entrant() -> None:
    event, rules = fixture()
    lines = standings_csv(compute_standings(event, rules)).splitlines()
    assert lines[0] == "place,number,name,total,wins,tied,dropped,round 1,round 2,round 3"
    assert lines[1] == "1,3,Ortiz / Ng,1030,2,no,2,520,470,510"
    assert lines[5] == "5,7,Moss / Ali,894,1,no,2,414,500,480"
    assert len(lines) == 8


def test_the_text_table_is_aligned_and_marks_ties_drops_and_byes() -> None:
    event, rules = fixture()
    text = standings_text(compute_standings(event, rules))
    lines = text.splitlines()
    assert lines[0] == "Grand Prix Pinochle 2011 (mini): standings after round 3"
    header = lines[3]
    assert header.split() == ["Place", "No.", "Team", "Total", "Wins", "R1", "R2", "R3"]
    table = lines[3:12]
    assert len({len(line) for line in table[:2]}) == 1  # the rule under the header is as wide
    assert "414b" in lines[9] and "(500)" in lines[9] and "480b" in lines[9]  # byes count
    for line in lines[5:12]:  # totals right-aligned in one column
        assert line[header.index("Total") + len("Total") - 1] != " "
    tied, _ = make_event(
        [{"games": [game(1, 1, 2, 500, 300), game(2, 3, 4, 500, 460)]}], numbers=range(1, 5)
    )
    assert "   =1" in standings_text(compute_standings(tied, rules))


# --- order does not matter ----------------------------------------------------------------


def random_round(
    rng: random.Random, numbers: list[int], *, highest: int
) -> tuple[dict[str, Any], list[int]]:
    """A round of ``numbers`` seated in a random order (returned too): one game in ten an
    award, the others scored below ``highest``, the odd one out a bye."""
    teams = len(numbers)
    order = rng.sample(numbers, teams)
    games_ = []
    for table, start in enumerate(range(0, teams - 1, 2), start=1):
        if rng.random() < 0.1:
            award = {"kind": rng.choice(["dq", "removed"]), "against": rng.choice("ab")}
            games_.append(game(table, order[start], order[start + 1], award=award))
        else:
            a, b = rng.randrange(0, highest, 10), rng.randrange(0, highest, 10)
            games_.append(game(table, order[start], order[start + 1], a, b))
    return {"games": games_, "byes": order[teams - teams % 2 :]}, order


@settings(max_examples=examples(40), deadline=None)
@given(st.randoms(use_true_random=False), st.integers(3, 11), st.integers(1, 4))
def test_standings_do_not_depend_on_the_order_entrants_and_games_are_listed(
    rng: random.Random, teams: int, rounds: int
) -> None:
    numbers = list(range(1, teams + 1))
    played = [random_round(rng, numbers, highest=700)[0] for _ in range(rounds)]
    event, rules = make_event(played, numbers=numbers)
    shuffled_rounds = [{**r, "games": rng.sample(r["games"], len(r["games"]))} for r in played]
    shuffled, _ = make_event(shuffled_rounds, numbers=rng.sample(numbers, teams))
    assert compute_standings(shuffled, rules) == compute_standings(event, rules)


# --- running totals -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(3, 9), st.integers(1, 5), st.booleans())
def test_running_totals_are_each_rounds_standings_totals(
    rng: random.Random, teams: int, rounds: int, gin: bool
) -> None:
    """One pass over the rounds gives every entrant's total after each round as the
    standings after that round do (drops, byes, awards, gin's sudden-death bonus, entrants
    gone and not listed yet)."""
    numbers = list(range(1, teams + 1))
    statuses = {n: rng.choice(["active", "active", "withdrawn", "removed"]) for n in numbers}
    played: list[dict[str, Any]] = []
    for _ in range(min(rounds, 3) if gin else rounds):  # gin plays 3 rounds
        one, order = random_round(rng, numbers, highest=400)
        if gin and rng.random() < 0.5:
            one["tiebreaks"] = [{"a": order[0], "b": order[1], "winner": rng.choice("ab")}]
        played.append(one)
    name = "house-gin" if gin else "grand-prix-pinochle"  # a sudden-death bonus; a drop
    event, rules = make_event(played, rules=name, numbers=numbers, statuses=statuses)
    current, running = standings_with_running(event, rules)
    assert current == compute_standings(event, rules)
    last = current.after_round
    for after in range(1, last + 1):
        totals = {row.number: row.total for row in compute_standings(event, rules, after).rows}
        assert {n: line[after - 1] for n, line in running.items()} == {
            n: totals.get(n, 0) for n in numbers
        }
