"""Movements: who sits where each round (docs/rules.md §1, §3, §4, §5, §6; docs/cli.md seating)."""

import random
from collections import Counter
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.rules import MovementName
from clubdesk.domain.seating.draw import (
    Card,
    Chit,
    Draw,
    Drawn,
    card_draw,
    chit_draw,
    random_draw,
)
from clubdesk.domain.seating.first_round import (
    chit_seating,
    first_round,
    pairs_seating,
    random_pairs,
    starting_pairs,
)
from clubdesk.domain.seating.movements import MOVEMENTS, movement_of
from clubdesk.domain.seating.physical import record_physical_draw
from clubdesk.domain.seating.progressive import (
    bye_counts,
    progressive_round,
    winners_down,
    winners_stay,
)
from clubdesk.domain.seating.stationary import Rematch, repeat_meetings, stationary_rotating
from clubdesk.domain.seating.values import PartnerCard, PartnerDraw, RoundSeating, TableSeating
from clubdesk.errors import UserError
from tests.properties import examples

FIELD_SIZES = range(2, 42)


def assert_each_once(seating: RoundSeating, expected: set[int]) -> None:
    everyone = list(seating.seated) + list(seating.byes)
    assert Counter(everyone) == Counter(expected), seating


def physical(cards: str) -> Draw:
    """``"B1 R1 B2 R2 R3"``: team 1 drew B1, team 2 drew R1, ..."""
    typed = dict(enumerate(cards.split(), start=1))
    return record_physical_draw(typed, list(typed))


# --- stationary N/S, rotating E/W -----------------------------------------------------------


def test_five_teams_rotate_through_the_bye_station() -> None:
    draw = physical("B1 R1 B2 R2 R3")  # N/S: 1 at table 1, 3 at table 2; E/W: 2, 4, 5
    expected = {
        1: ([(1, 1, 2), (2, 3, 4)], [5]),
        2: ([(1, 1, 5), (2, 3, 2)], [4]),  # 5 comes from the bye station to table 1
        3: ([(1, 1, 4), (2, 3, 5)], [2]),  # 2 moves from the last table to the bye station
        4: ([(1, 1, 2), (2, 3, 4)], [5]),
    }
    for number, (tables, byes) in expected.items():
        seating = stationary_rotating(draw, number)
        assert seating.round == number
        assert seating.tables == tuple(TableSeating(t, (a,), (b,)) for t, a, b in tables)
        assert seating.byes == tuple(byes)


def test_two_teams_meet_every_round() -> None:
    draw = physical("R1 B1")
    for number in (1, 2, 3):
        assert stationary_rotating(draw, number).tables == (TableSeating(1, (2,), (1,)),)


@pytest.mark.parametrize("teams", FIELD_SIZES)
def test_stationary_rotating_every_round(teams: int) -> None:
    draw = card_draw(range(1, teams + 1), random.Random(teams))
    tables, stations = teams // 2, teams // 2 + teams % 2
    blue = {d.pick.number: d.entrant for d in draw.drawn if d.pick.colour == "blue"}
    red = {d.entrant: d.pick.number for d in draw.drawn if d.pick.colour == "red"}
    rounds = max(11, 2 * stations + 1)
    where: dict[int, list[int]] = {team: [] for team in red}  # station per round, E/W teams
    bye_order = []
    for number in range(1, rounds + 1):
        seating = stationary_rotating(draw, number)
        assert_each_once(seating, set(range(1, teams + 1)))
        assert [t.table for t in seating.tables] == list(range(1, tables + 1))
        for table in seating.tables:
            assert table.a == (blue[table.table],)  # N/S never move
            where[table.b[0]].append(table.table)
        assert len(seating.byes) == teams % 2
        for team in seating.byes:
            assert team in red  # only E/W teams reach the bye station
            where[team].append(stations)
        bye_order += seating.byes
    for team, start in red.items():
        # E/W advance one station a round, from the last station back to table 1
        assert where[team] == [(start - 1 + r) % stations + 1 for r in range(rounds)]
    if teams % 2:
        # byes rotate: no team has a second bye before every station has had one
        for i in range(len(bye_order) - stations + 1):
            assert sorted(bye_order[i : i + stations]) == sorted(red)


def test_the_same_seed_seats_the_same_rounds() -> None:
    one = card_draw(range(1, 16), random.Random(42))
    two = card_draw(range(1, 16), random.Random(42))
    assert [stationary_rotating(one, r) for r in range(1, 12)] == [
        stationary_rotating(two, r) for r in range(1, 12)
    ]


def test_withdrawn_ns_team_leaves_its_visitor_a_bye() -> None:
    draw = physical("B1 R1 B2 R2 B3 R3")  # N/S 1, 3, 5; E/W 2 (table 1), 4 (2), 6 (3)
    seating = stationary_rotating(draw, 2, active={1, 2, 4, 5, 6})  # team 3 (N/S table 2) left
    # round 2: E/W 6 at table 1, 2 at table 2, 4 at table 3
    assert seating.tables == (TableSeating(1, (1,), (6,)), TableSeating(3, (5,), (4,)))
    assert seating.byes == (2,)
    seating = stationary_rotating(draw, 3, active={1, 2, 4, 5, 6})
    assert seating.byes == (6,)  # round 3: team 6 visits table 2 and has the bye


def test_withdrawn_ew_team_leaves_the_ns_team_at_its_station_a_bye() -> None:
    draw = physical("B1 R1 B2 R2 B3 R3")
    active = {1, 2, 3, 5, 6}  # team 4 (E/W, starting at table 2) left
    assert stationary_rotating(draw, 1, active).byes == (3,)
    assert stationary_rotating(draw, 2, active).byes == (5,)
    assert stationary_rotating(draw, 3, active).byes == (1,)


def test_withdrawn_team_on_the_bye_station_means_no_bye() -> None:
    draw = physical("B1 R1 B2 R2 R3")
    seating = stationary_rotating(draw, 1, active={1, 2, 3, 4})  # team 5 on the bye station
    assert seating.byes == ()
    assert len(seating.tables) == 2
    # one round later team 5 would have been at table 1: team 1 sits out
    assert stationary_rotating(draw, 2, active={1, 2, 3, 4}).byes == (1, 4)


def test_both_teams_of_a_table_withdrawn_leaves_the_table_empty() -> None:
    draw = physical("B1 R1 B2 R2")
    seating = stationary_rotating(draw, 1, active={3, 4})
    assert seating.tables == (TableSeating(2, (3,), (4,)),)
    assert seating.byes == ()


@settings(max_examples=examples(120), deadline=None)
@given(st.data())
def test_withdrawals_mid_event(data: st.DataObject) -> None:
    teams = data.draw(st.integers(2, 41), label="teams")
    draw = card_draw(range(1, teams + 1), random.Random(teams))
    gone = data.draw(st.sets(st.integers(1, teams), max_size=teams), label="withdrawn")
    active = set(range(1, teams + 1)) - gone
    number = data.draw(st.integers(1, 25), label="round")
    full = stationary_rotating(draw, number)
    seating = stationary_rotating(draw, number, active)
    assert_each_once(seating, active)
    # every table still played is the table of the full round; a team whose opponent left
    # (or who was on the bye station) has the bye
    assert set(seating.tables) == {t for t in full.tables if set(t.entrants) <= active}
    for team in seating.byes:
        table = full.table_of(team)
        assert table is None or not set(table.entrants) <= active


def test_stationary_rotating_refuses_round_zero_a_stranger_and_another_draw() -> None:
    draw = physical("B1 R1")
    with pytest.raises(UserError, match="there is no round 0"):
        stationary_rotating(draw, 0)
    with pytest.raises(UserError, match="team 3 has no card in the draw"):
        stationary_rotating(draw, 1, active={1, 2, 3})
    chits = chit_draw(range(1, 5), random.Random(0))
    with pytest.raises(UserError, match="needs a card draw, not chits"):
        stationary_rotating(chits, 1)


def test_stationary_rotating_refuses_an_incomplete_deck() -> None:
    broken = Draw("cards", "physical", None, (Drawn(1, Card("blue", 1)), Drawn(2, Card("red", 2))))
    with pytest.raises(UserError, match="not a complete deck"):
        stationary_rotating(broken, 1)


def test_repeat_meetings_start_after_every_station_was_visited() -> None:
    draw = physical("B1 R1 B2 R2 R3")  # 3 stations
    meetings = repeat_meetings(draw, 5)
    assert meetings == [
        Rematch(round=4, table=1, ns=1, ew=2, first_met=1),
        Rematch(round=4, table=2, ns=3, ew=4, first_met=1),
        Rematch(round=5, table=1, ns=1, ew=5, first_met=2),
        Rematch(round=5, table=2, ns=3, ew=2, first_met=2),
    ]
    assert repeat_meetings(draw, 3) == []


@pytest.mark.parametrize("teams", [2, 5, 9, 16, 22, 23])
def test_repeat_meetings_are_exactly_the_pairs_met_before(teams: int) -> None:
    draw = card_draw(range(1, teams + 1), random.Random(teams))
    met: set[tuple[int, int]] = set()
    repeats = []
    for number in range(1, 12):
        for table in stationary_rotating(draw, number).tables:
            pair = (table.a[0], table.b[0])
            if pair in met:
                repeats.append((number, table.table, *pair))
            met.add(pair)
    found = repeat_meetings(draw, 11)
    assert [(m.round, m.table, m.ns, m.ew) for m in found] == repeats
    for m in found:
        first = stationary_rotating(draw, m.first_met)
        assert first.table(m.table).entrants == (m.ns, m.ew)


# --- seating output -------------------------------------------------------------------------


def test_team_seating_json_has_plain_numbers() -> None:
    seating = RoundSeating(2, (TableSeating(1, (4,), (11,)),), (15,))
    assert seating.to_json() == {
        "round": 2,
        "tables": [{"table": 1, "a": 4, "b": 11}],
        "byes": [15],
    }


def test_individual_seating_json_has_partner_lists() -> None:
    seating = RoundSeating(1, (TableSeating(1, (7, 2), (5, 9)),))
    assert seating.to_json() == {
        "round": 1,
        "tables": [{"table": 1, "a": [7, 2], "b": [5, 9]}],
        "byes": [],
    }


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(2, 41), st.integers(1, 11))
def test_seating_survives_json(teams: int, number: int) -> None:
    seating = stationary_rotating(card_draw(range(1, teams + 1), random.Random(teams)), number)
    assert RoundSeating.from_json(seating.to_json()) == seating
    players = 4 * (teams // 4 + 1)
    chits = chit_seating(chit_draw(range(1, players + 1), random.Random(teams)))
    assert RoundSeating.from_json(chits.to_json()) == chits


@pytest.mark.parametrize(
    "data, message",
    [
        ({"round": "2", "tables": []}, "round must be a whole number"),
        ({"round": 2, "tables": None}, "round 2: tables must be a list"),
        ({"round": 2, "tables": [3]}, "round 2: each table must be an object"),
        ({"round": 2, "tables": [{"table": 1, "a": 4, "b": "x"}]}, "round 2, table 1: b"),
        ({"round": 2, "tables": [], "byes": 5}, "round 2: byes must be a list"),
    ],
)
def test_seating_from_bad_json_names_the_field(data: dict, message: str) -> None:
    with pytest.raises(UserError, match=message):
        RoundSeating.from_json(data)


def test_table_lookups() -> None:
    table = TableSeating(3, (1, 3), (2, 4))
    assert [table.seat_of(p) for p in (1, 2, 3, 4, 5)] == [1, 2, 3, 4, None]
    assert table.side_of(3) == "a"
    assert table.side_of(4) == "b"
    assert table.side_of(9) is None
    assert TableSeating(1, (4,), (11,)).seat_of(4) is None
    seating = RoundSeating(1, (table,), (9,))
    assert seating.table_of(4) is table
    assert seating.table_of(9) is None
    assert seating.entrants == (1, 2, 3, 4, 9)
    with pytest.raises(UserError, match="round 1 has no table 2"):
        seating.table(2)


# --- chits: round 1 -------------------------------------------------------------------------


def test_chit_seating_puts_seats_1_and_3_against_2_and_4() -> None:
    drawn = tuple(
        Drawn(p, Chit(t, s))
        for p, (t, s) in zip(
            range(1, 9),
            [(1, 3), (2, 1), (1, 1), (2, 4), (1, 2), (2, 2), (1, 4), (2, 3)],
            strict=True,
        )
    )
    seating = chit_seating(Draw("chits", "random", None, drawn))
    assert seating == RoundSeating(
        1, (TableSeating(1, (3, 1), (5, 7)), TableSeating(2, (2, 8), (6, 4)))
    )


@pytest.mark.parametrize("players", range(12, 42, 4))
def test_chit_seating_seats_everyone_where_the_chit_says(players: int) -> None:
    draw = chit_draw(range(1, players + 1), random.Random(players), min_tables=3)
    seating = chit_seating(draw)
    assert_each_once(seating, set(range(1, players + 1)))
    for d in draw.drawn:
        table = seating.table(d.pick.table)
        assert table.seat_of(d.entrant) == d.pick.seat


def test_chit_seating_refuses_an_incomplete_set_and_another_draw() -> None:
    drawn = tuple(Drawn(p, Chit(1, 1 if p < 3 else p)) for p in range(1, 5))
    with pytest.raises(UserError, match="not a complete set of chits"):
        chit_seating(Draw("chits", "random", None, drawn))
    with pytest.raises(UserError, match="needs a chit draw, not cards"):
        chit_seating(physical("B1 R1"))


# --- NPA: winners stay, losers move up, partners drawn ------------------------------------


class StackedPack(random.Random):
    """A pack stacked for the partner draw: each table's four cards in turn."""

    def __init__(self, *deals: list[int]):
        super().__init__(0)
        self.deals = list(deals)

    def sample(self, population, k, *, counts=None):  # type: ignore[override]
        cards = self.deals.pop(0)
        assert k == len(cards) and all(c in population for c in cards)
        return cards


THREE_TABLES = RoundSeating(
    1,
    (
        TableSeating(1, (1, 3), (2, 4)),
        TableSeating(2, (5, 7), (6, 8)),
        TableSeating(3, (9, 11), (10, 12)),
    ),
)


def test_npa_winners_stay_losers_move_up_and_draw_for_partners() -> None:
    pack = StackedPack([14, 2, 13, 3], [5, 12, 11, 4], [10, 9, 8, 7])
    seating = winners_stay(THREE_TABLES, {1: "A", 2: "B", 3: "A"}, pack)
    # table 1: winners 1, 3 stay; table 3's losers 10, 12 come round to table 1
    #   cards 1:A 3:2 10:K 12:3 -> 1 and 10 (high) v 12 and 3 (low)
    # table 2: winners 6, 8 stay; table 1's losers 2, 4 arrive
    #   cards 6:5 8:Q 2:J 4:4 -> 8 and 2 v 6 and 4
    # table 3: winners 9, 11 stay; table 2's losers 5, 7 arrive
    #   cards 9:10 11:9 5:8 7:7 -> 9 and 11 v 5 and 7
    assert seating == RoundSeating(
        2,
        (
            TableSeating(1, (1, 10), (12, 3)),
            TableSeating(2, (8, 2), (6, 4)),
            TableSeating(3, (9, 11), (5, 7)),
        ),
        (),
        (
            PartnerDraw(
                1, (PartnerCard(1, 14), PartnerCard(3, 2), PartnerCard(10, 13), PartnerCard(12, 3))
            ),
            PartnerDraw(
                2, (PartnerCard(6, 5), PartnerCard(8, 12), PartnerCard(2, 11), PartnerCard(4, 4))
            ),
            PartnerDraw(
                3, (PartnerCard(9, 10), PartnerCard(11, 9), PartnerCard(5, 8), PartnerCard(7, 7))
            ),
        ),
    )
    assert seating.to_json()["tables"][0] == {"table": 1, "a": [1, 10], "b": [12, 3]}
    assert seating.partner_draws[0].to_json() == {
        "table": 1,
        "cards": [
            {"player": 1, "card": "A"},
            {"player": 3, "card": "2"},
            {"player": 10, "card": "K"},
            {"player": 12, "card": "3"},
        ],
    }


def test_npa_single_table_losers_move_round_to_the_same_table() -> None:
    one = RoundSeating(3, (TableSeating(1, (1, 3), (2, 4)),))
    seating = winners_stay(one, {1: "B"}, StackedPack([2, 3, 4, 5]))
    # cards 2:2 4:3 1:4 3:5 -> 3 and 1 v 4 and 2
    assert seating == RoundSeating(
        4,
        (TableSeating(1, (3, 1), (4, 2)),),
        (),
        (
            PartnerDraw(
                1, (PartnerCard(2, 2), PartnerCard(4, 3), PartnerCard(1, 4), PartnerCard(3, 5))
            ),
        ),
    )


@pytest.mark.parametrize("players", range(12, 42, 4))
def test_npa_all_rounds(players: int) -> None:
    rng = random.Random(players)
    seating = chit_seating(chit_draw(range(1, players + 1), rng, min_tables=3))
    tables = players // 4
    for _ in range(5):
        winners = {t.table: rng.choice("ab") for t in seating.tables}
        following = winners_stay(seating, winners, rng)
        assert following.round == seating.round + 1
        assert_each_once(following, set(range(1, players + 1)))
        for table in seating.tables:
            won = set(table.side(winners[table.table]))
            lost = set(table.entrants) - won
            assert won <= set(following.table(table.table).entrants)
            assert lost <= set(following.table(table.table % tables + 1).entrants)
        for table, draw in zip(following.tables, following.partner_draws, strict=True):
            assert draw.table == table.table
            ranked = sorted(draw.cards, key=lambda c: -c.rank)
            assert len({c.rank for c in draw.cards}) == 4
            assert all(2 <= c.rank <= 14 for c in draw.cards)
            assert table.a == (ranked[0].player, ranked[1].player)  # high cards, seats 1 and 3
            assert table.b == (ranked[2].player, ranked[3].player)  # low cards, seats 2 and 4
        seating = following


def test_npa_the_same_seed_draws_the_same_partners() -> None:
    winners = {1: "A", 2: "A", 3: "B"}
    assert winners_stay(THREE_TABLES, winners, random.Random(9)) == winners_stay(
        THREE_TABLES, winners, random.Random(9)
    )


def test_npa_partner_draw_is_not_always_the_same() -> None:
    winners = {1: "A", 2: "A", 3: "B"}
    seen = {winners_stay(THREE_TABLES, winners, random.Random(s)).tables for s in range(20)}
    assert len(seen) > 1


# --- results missing or wrong -------------------------------------------------------------


@pytest.mark.parametrize("move", ["stay", "down"])
def test_missing_results_name_the_tables(move: str) -> None:
    five = RoundSeating(
        1, tuple(TableSeating(t, (4 * t - 3, 4 * t - 1), (4 * t - 2, 4 * t)) for t in range(1, 6))
    )

    def seat(winners: dict[int, str]) -> RoundSeating:
        if move == "stay":
            return winners_stay(five, winners, random.Random(0))
        return winners_down(five, winners)

    with pytest.raises(UserError) as caught:
        seat({1: "A", 2: "B", 4: "A"})
    assert str(caught.value) == "round 2 cannot be seated yet: no result for tables 3, 5"
    with pytest.raises(UserError) as caught:
        seat({1: "A", 2: "B", 3: "A", 4: "A"})
    assert str(caught.value) == "round 2 cannot be seated yet: no result for table 5"
    with pytest.raises(UserError, match="round 1 has no table 6"):
        seat({t: "A" for t in range(1, 7)})
    with pytest.raises(UserError, match="round 1, table 2: the winner is A or B, not 'C'"):
        seat({1: "A", 2: "C", 3: "A", 4: "A", 5: "B"})
    assert seat({t: "a" for t in range(1, 6)}) == seat({t: "A" for t in range(1, 6)})


def test_progressive_movement_needs_pairs_at_every_table() -> None:
    teams = RoundSeating(1, (TableSeating(1, (1,), (2,)),))
    with pytest.raises(UserError, match="round 1, table 1 does not seat two pairs"):
        winners_down(teams, {1: "A"})


# --- Sun City West: high pair moves down, partners split ----------------------------------


def test_scw_high_pair_moves_down_and_partners_change() -> None:
    seating = winners_down(THREE_TABLES, {1: "A", 2: "B", 3: "A"})
    # table 1: winners 1, 3 stay and are split; table 2's winners 6, 8 arrive
    # table 2: losers 5, 7 stay; table 3's winners 9, 11 arrive
    # table 3: losers 10, 12 stay; table 1's losers 2, 4 go to the last table
    assert seating == RoundSeating(
        2,
        (
            TableSeating(1, (1, 6), (3, 8)),
            TableSeating(2, (5, 9), (7, 11)),
            TableSeating(3, (10, 2), (12, 4)),
        ),
    )


def test_scw_two_tables() -> None:
    two = RoundSeating(4, (TableSeating(1, (1, 3), (2, 4)), TableSeating(2, (5, 7), (6, 8))))
    assert winners_down(two, {1: "B", 2: "B"}) == RoundSeating(
        5, (TableSeating(1, (2, 6), (4, 8)), TableSeating(2, (5, 1), (7, 3)))
    )


def test_scw_one_table_splits_the_partners() -> None:
    one = RoundSeating(1, (TableSeating(1, (1, 3), (2, 4)),))
    assert winners_down(one, {1: "A"}).tables == (TableSeating(1, (1, 2), (3, 4)),)


@pytest.mark.parametrize("players", range(8, 42, 4))
def test_scw_all_rounds(players: int) -> None:
    rng = random.Random(players)
    seating = chit_seating(chit_draw(range(1, players + 1), rng, min_tables=2))
    last = players // 4
    for _ in range(5):
        winners = {t.table: rng.choice("ab") for t in seating.tables}
        following = winners_down(seating, winners)
        assert_each_once(following, set(range(1, players + 1)))
        for table in seating.tables:
            won = table.side(winners[table.table])
            lost = tuple(p for p in table.entrants if p not in won)
            if table.table == 1:
                stay, won_to, lost_to = won, 1, last
            else:
                stay, won_to, lost_to = lost, table.table - 1, table.table
            assert set(won) <= set(following.table(won_to).entrants)
            assert set(lost) <= set(following.table(lost_to).entrants)
            # the two who stayed are split, each partnering one who arrived
            here = following.table(table.table)
            assert here.a[0] in stay and here.b[0] in stay
            assert here.a[1] not in stay and here.b[1] not in stay
        seating = following


# --- progressive movements when the field changes ------------------------------------------

# THREE_TABLES with table 1 won by A, table 2 by B, table 3 by A. The movement sends:
#   winners-stay: 1, 3 stay at 1; 2, 4 to 2; 6, 8 stay at 2; 5, 7 to 3; 9, 11 stay at 3;
#                 10, 12 to 1
#   winners-down: 1, 3 stay at 1; 2, 4 to 3; 5, 7 stay at 2; 6, 8 to 1; 10, 12 stay at 3;
#                 9, 11 to 2
RESULTS = {1: "A", 2: "B", 3: "A"}
TWELVE = set(range(1, 13))


def fours(seating: RoundSeating) -> list[set[int]]:
    return [set(t.entrants) for t in seating.tables]


def test_npa_a_withdrawal_closes_the_last_table_and_its_players_sit_out() -> None:
    pack = StackedPack([14, 13, 12, 11], [2, 3, 4, 5])
    seating = winners_stay(THREE_TABLES, RESULTS, pack, active=TWELVE - {6})
    # 11 players: 2 tables and 3 byes. Table 3 closes; of its players 9, 11, 5, 7 (nobody
    # has sat out yet) the movement's closing table goes first, lowest numbers first:
    # 5, 7 and 9 sit out; 11 takes 6's empty place at table 2 (a stayer's place).
    assert seating.byes == (5, 7, 9)
    assert fours(seating) == [{1, 3, 10, 12}, {11, 8, 2, 4}]
    assert seating.partner_draws[1] == PartnerDraw(
        2, (PartnerCard(11, 2), PartnerCard(8, 3), PartnerCard(2, 4), PartnerCard(4, 5))
    )
    assert seating.tables[1] == TableSeating(2, (4, 2), (8, 11))  # the high cards: 4 and 2
    assert_each_once(seating, TWELVE - {6})


def test_npa_byes_rotate_to_players_who_have_not_sat_out() -> None:
    third = RoundSeating(
        3, (TableSeating(1, (1, 10), (3, 12)), TableSeating(2, (11, 2), (8, 4))), (5, 7, 9)
    )
    seating = winners_stay(
        third,
        {1: "A", 2: "B"},
        random.Random(1),
        active=TWELVE - {6},
        byes_so_far={5: 1, 7: 1, 9: 1},
    )
    # 5, 7, 9 have sat out; of the others the losers (who would move) sit out first, the
    # higher table they were going to first: 3 and 12 (to table 2), then 2 (to table 1).
    # The three back from their bye fill the empty places, table 1 first.
    assert seating.byes == (2, 3, 12)
    assert fours(seating) == [{1, 10, 11, 5}, {8, 4, 7, 9}]
    assert [d.cards[-1].player for d in seating.partner_draws] == [5, 9]


def test_npa_a_late_entry_takes_the_place_of_a_withdrawn_player() -> None:
    seating = winners_stay(THREE_TABLES, RESULTS, random.Random(3), active=TWELVE - {6} | {13})
    assert seating.byes == ()
    assert fours(seating) == [{1, 3, 10, 12}, {13, 8, 2, 4}, {9, 11, 5, 7}]
    assert [c.player for c in seating.partner_draws[1].cards] == [13, 8, 2, 4]


def test_npa_a_late_entry_reopens_the_closed_table_with_the_players_back_from_a_bye() -> None:
    two = RoundSeating(
        3, (TableSeating(1, (1, 10), (3, 12)), TableSeating(2, (11, 2), (8, 4))), (5, 7, 9)
    )
    active = TWELVE - {6} | {13}
    seating = winners_stay(two, {1: "B", 2: "A"}, random.Random(4), active=active)
    # table 1 (won by B): 3, 12 stay, 1, 10 move up to table 2; table 2 (won by A): 11, 2
    # stay, 8, 4 come round to table 1; table 3 opens again for the three back from their
    # bye and the late entry
    assert fours(seating) == [{3, 12, 8, 4}, {11, 2, 1, 10}, {5, 7, 9, 13}]
    assert seating.byes == () and [t.table for t in seating.tables] == [1, 2, 3]


def test_npa_the_same_inputs_give_the_same_byes_and_tables() -> None:
    def seat(seed: int) -> RoundSeating:
        return winners_stay(THREE_TABLES, RESULTS, random.Random(seed), active=TWELVE - {2, 11})

    assert seat(5) == seat(5)
    assert {seat(s).byes for s in range(10)} == {seat(0).byes}  # byes never depend on the cards


def test_scw_a_withdrawal_keeps_stayers_apart_and_fills_the_stayers_seat() -> None:
    seating = winners_down(THREE_TABLES, RESULTS, active=TWELVE - {5})
    # table 3 (10, 12 stay, 2, 4 arrive) closes: 2, 4 and 10 sit out; 12 fills 5's place
    # at table 2, a stayer's seat, partnering 9, who arrived
    assert seating == RoundSeating(
        2,
        (TableSeating(1, (1, 6), (3, 8)), TableSeating(2, (12, 9), (7, 11))),
        (2, 4, 10),
    )


def test_scw_a_late_entry_takes_the_place_of_a_withdrawn_arrival() -> None:
    seating = winners_down(THREE_TABLES, RESULTS, active=TWELVE - {8} | {20})
    assert seating.table(1) == TableSeating(1, (1, 6), (3, 20))
    assert seating.table(2) == TableSeating(2, (5, 9), (7, 11))
    assert seating.byes == ()


def test_too_few_players_for_a_table() -> None:
    with pytest.raises(UserError, match="round 2 cannot be seated: 3 players are still playing"):
        winners_down(THREE_TABLES, RESULTS, active={1, 2, 3})
    with pytest.raises(UserError, match="1 player is still playing and a table needs 4"):
        winners_stay(THREE_TABLES, RESULTS, random.Random(0), active={1})


def test_without_active_everyone_of_the_previous_round_plays_byes_included() -> None:
    with_bye = RoundSeating(4, THREE_TABLES.tables[:2], (9, 10, 11, 12, 13))
    seating = winners_down(with_bye, {1: "A", 2: "B"})
    assert_each_once(seating, set(range(1, 14)))
    # 9-13 have sat out once; of the others, those who would move sit out first, the higher
    # table they were going to first: 2 (on its way to table 2, the last) sits out
    assert seating.byes == (2,)
    # a third table opens: 9 fills 2's place, 10-13 sit at the new table
    assert seating.tables == (
        TableSeating(1, (1, 6), (3, 8)),
        TableSeating(2, (5, 9), (7, 4)),
        TableSeating(3, (10, 12), (11, 13)),
    )


def test_progressive_round_by_name() -> None:
    assert progressive_round("winners-down", THREE_TABLES, RESULTS, random.Random(0)) == (
        winners_down(THREE_TABLES, RESULTS)
    )
    assert progressive_round("winners-stay", THREE_TABLES, RESULTS, random.Random(2)) == (
        winners_stay(THREE_TABLES, RESULTS, random.Random(2))
    )
    with pytest.raises(UserError, match="random-pairs is not a progressive movement"):
        progressive_round("random-pairs", THREE_TABLES, RESULTS, random.Random(0))


def test_bye_counts() -> None:
    assert bye_counts([(1, 2), (), (2, 5)]) == {1: 1, 2: 2, 5: 1}
    assert bye_counts([]) == {}


@settings(max_examples=examples(60), deadline=None)
@given(
    move=st.sampled_from(["winners-stay", "winners-down"]),
    tables=st.integers(1, 8),
    seed=st.integers(0, 10**6),
)
def test_a_changing_field_every_round(move: str, tables: int, seed: int) -> None:
    """Withdrawals, late entries and reinstatements over 12 rounds: everyone active is
    seated once or sits out; byes rotate; stayers keep their table where it stays open."""
    rng = random.Random(seed)
    players = 4 * tables
    seating = chit_seating(chit_draw(range(1, players + 1), rng))
    active = set(range(1, players + 1))
    gone: list[int] = []
    newcomer = players + 1
    sat_out: Counter[int] = Counter()
    for _ in range(12):
        change = rng.random()
        if change < 0.3 and len(active) > 4:
            gone.append(rng.choice(sorted(active)))
            active.discard(gone[-1])
        elif change < 0.5:
            active.add(newcomer)
            newcomer += 1
        elif change < 0.6 and gone:
            active.add(gone.pop(0))  # reinstated
        winners = {t.table: rng.choice("ab") for t in seating.tables}
        following = progressive_round(
            move, seating, winners, rng, active=active, byes_so_far=dict(sat_out)
        )
        assert_each_once(following, active)
        assert len(following.byes) == len(active) % 4
        assert [t.table for t in following.tables] == list(range(1, len(active) // 4 + 1))
        fewest = min(sat_out[p] for p in active)
        # only players with the fewest byes sit out, unless all of those sit out now
        if any(sat_out[p] > fewest for p in following.byes):
            assert {p for p in active if sat_out[p] == fewest} <= set(following.byes)
        open_tables = len(following.tables)
        for table in seating.tables:
            if table.table > open_tables:
                continue
            won = table.side(winners[table.table])
            lost = tuple(p for p in table.entrants if p not in won)
            stay = won if move == "winners-stay" or table.table == 1 else lost
            for player in stay:
                if player in active and player not in following.byes:
                    assert player in following.table(table.table).entrants
        sat_out.update(following.byes)
        seating = following


# --- gin: the starting pairs after a withdrawal ---------------------------------------------


def test_gin_starting_pairs_give_a_bye_to_a_player_whose_opponent_left() -> None:
    draw = random_draw(range(1, 10), random.Random(2))
    first = pairs_seating(draw)
    assert starting_pairs(draw, 2) == pairs_seating(draw, 2)
    assert starting_pairs(draw, 2, set(range(1, 10))).tables == first.tables
    leaving, opponent = first.tables[1].a[0], first.tables[1].b[0]
    second = starting_pairs(draw, 2, set(range(1, 10)) - {leaving})
    assert second.round == 2
    assert second.byes == tuple(sorted([opponent, *first.byes]))
    assert second.tables == first.tables[:1] + first.tables[2:]
    odd_one = first.byes[0]
    assert starting_pairs(draw, 2, set(range(1, 10)) - {odd_one}).byes == ()


def test_gin_starting_pairs_refuse_a_late_entry() -> None:
    draw = random_draw(range(1, 9), random.Random(2))
    with pytest.raises(UserError, match="player 9 is not in the draw: a late entry cannot join"):
        starting_pairs(draw, 2, set(range(1, 10)))


# --- gin: random pairs ----------------------------------------------------------------------


@pytest.mark.parametrize("players", FIELD_SIZES)
def test_random_pairs_seat_everyone_once_with_a_bye_for_the_odd_player(players: int) -> None:
    seating = random_pairs(range(1, players + 1), random.Random(players))
    assert_each_once(seating, set(range(1, players + 1)))
    assert len(seating.byes) == players % 2
    assert [t.table for t in seating.tables] == list(range(1, players // 2 + 1))
    assert all(len(t.a) == len(t.b) == 1 for t in seating.tables)
    assert seating.to_json()["tables"][0].keys() == {"table", "a", "b"}


def test_random_pairs_follow_the_lots() -> None:
    draw = random_draw([10, 20, 30, 40, 50], random.Random(1))
    lot = {d.entrant: d.pick.number for d in draw.drawn}
    order = sorted(lot, key=lot.get)
    assert pairs_seating(draw) == RoundSeating(
        1,
        (TableSeating(1, (order[0],), (order[1],)), TableSeating(2, (order[2],), (order[3],))),
        (order[4],),
    )


def test_random_pairs_final_round_among_those_who_advanced() -> None:
    advanced = [3, 8, 11, 14, 20, 21]
    final = random_pairs(advanced, random.Random(5), round_number=2)
    assert final.round == 2
    assert sorted(final.seated) == advanced
    assert final.byes == ()
    assert final == random_pairs(advanced, random.Random(5), round_number=2)
    assert len({random_pairs(advanced, random.Random(s)).tables for s in range(10)}) > 1


def test_a_single_player_has_a_bye() -> None:
    assert random_pairs([7], random.Random(0)) == RoundSeating(1, (), (7,))


# --- round 1 of any draw ------------------------------------------------------------------


def test_first_round_of_each_draw() -> None:
    cards = physical("B1 R1 R2")
    assert first_round(cards) == stationary_rotating(cards, 1)
    assert first_round(cards, {1, 2}).byes == ()
    chits = chit_draw(range(1, 13), random.Random(0))
    assert first_round(chits, set(range(1, 13))) == chit_seating(chits)
    lots = random_draw(range(1, 8), random.Random(0))
    assert first_round(lots) == pairs_seating(lots)


def test_first_round_of_a_chit_draw_after_a_withdrawal_asks_for_a_new_draw() -> None:
    chits = chit_draw(range(1, 13), random.Random(0))
    with pytest.raises(UserError, match="player 5 withdrew after the draw; make the draw again"):
        first_round(chits, set(range(1, 13)) - {5})
    with pytest.raises(UserError, match="player 13 is not in the draw"):
        first_round(chits, set(range(1, 14)))


def test_every_movement_a_rules_file_may_name_is_described_once() -> None:
    """The registry says what each movement needs (domain/seating/movements.py): the
    services ask it, never a movement's name."""
    assert set(MOVEMENTS) == set(get_args(MovementName))
    needs = {
        name: (m.fixed_field, m.from_results, m.pairs_after_cut) for name, m in MOVEMENTS.items()
    }
    assert needs == {
        "stationary-rotating": (True, False, False),
        "random-pairs": (True, False, True),
        "winners-stay": (False, True, False),
        "winners-down": (False, True, False),
    }
    npa = load_rules("npa-club-pinochle")
    assert movement_of(npa).winner_moves == "the winning pair stays at the table"
    draw = card_draw(list(range(1, 9)), random.Random(1))
    grand_prix = movement_of(load_rules("grand-prix-pinochle"))
    assert grand_prix.from_draw(draw, 3, range(1, 9)) == stationary_rotating(draw, 3, range(1, 9))
    assert movement_of(npa).from_draw(draw, 2, range(1, 9)) is None  # from round 1's results
