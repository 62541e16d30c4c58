"""Who can win a prize: an entrant withdrawn, removed or ejected before the last round is
listed (marked) and not placed for prizes; places and prizes pass to the next. Bid whist
(docs/rules.md §6): "the cut size is set by the teams that played the preliminaries; a team
withdrawn or ejected before the playoffs is passed over and the next team in the standings
advances in its place"."""

from __future__ import annotations

from typing import Any

from clubdesk.domain.event.model import Event, event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.money.finish import final_order
from clubdesk.domain.money.payouts import compute_payouts
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.playoff_order import playoff_order
from clubdesk.domain.results.standings import compute_standings
from clubdesk.domain.rules import Rules
from tests.formats import lookup

Game = tuple[int, int, int, int]  # a, b, score a, score b


def make_event(
    rules: str,
    rounds: list[list[Game]],
    numbers: range,
    *,
    byes: dict[int, list[int]] | None = None,
    statuses: dict[int, str] | None = None,
    awards: dict[tuple[int, int], str] | None = None,
) -> tuple[Event, Rules]:
    """Rounds as lists of games; ``awards`` by (round, table): the side removed there."""
    team = rules != "house-gin"

    def game(round_number: int, table: int, a: int, b: int, sa: int, sb: int) -> dict[str, Any]:
        against = (awards or {}).get((round_number, table))
        if against is not None:
            return {"table": table, "a": a, "b": b,
                    "award": {"kind": "removed", "against": against}}  # fmt: skip
        return {"table": table, "a": a, "b": b, "score": {"a": sa, "b": sb}}

    data = {
        "format": "clubdesk-event/1",
        "id": "prize-night",
        "name": "Prize night",
        "rules": rules,
        "entrants": [
            {
                "number": n,
                "name": f"Team {n}",
                **({"players": [f"P{n}a", f"P{n}b"]} if team else {}),
                "paid_cents": 4000,
                "status": (statuses or {}).get(n, "active"),
            }
            for n in numbers
        ],
        "rounds": [
            {
                "number": number,
                "games": [game(number, t, *g) for t, g in enumerate(games, start=1)],
                "byes": (byes or {}).get(number, []),
            }
            for number, games in enumerate(rounds, start=1)
        ],
    }
    event = parse_event(data, lookup)
    return event, event_rules(event, lookup)


# --- a night paid by its standings --------------------------------------------------------

# the Friday warm-up: 4 rounds, no game dropped, 50/30/20 of the pool
WARMUP = [
    [(1, 2, 500, 300), (3, 4, 480, 320), (5, 6, 460, 340)],
    [(1, 3, 500, 300), (2, 5, 480, 320), (4, 6, 460, 340)],
    [(1, 4, 500, 300), (2, 6, 480, 320), (3, 5, 460, 340)],
    [(1, 5, 500, 300), (2, 3, 480, 320), (4, 6, 460, 340)],
]


def test_a_team_withdrawn_before_the_last_round_is_listed_without_a_place_or_a_prize() -> None:
    # team 1 leads after three rounds, then withdraws: round 4 is played without it
    rounds = [*WARMUP[:3], [(2, 3, 480, 320), (4, 6, 460, 340)]]
    event, rules = make_event("grand-prix-warmup", rounds, range(1, 7), byes={4: [5]},
                              statuses={1: "withdrawn"})  # fmt: skip
    standings = compute_standings(event, rules)
    assert [(r.place, r.number, r.status) for r in standings.rows][-1] == (None, 1, "withdrawn")
    assert [r.place for r in standings.rows if r.placed] == [1, 2, 3, 4, 5]
    prizes = compute_payouts(event, rules).prizes
    assert 1 not in [p.number for p in prizes]
    assert [p.place for p in prizes] == [1, 2, 3]  # the places passed to the next
    assert [p.number for p in prizes] == [r.number for r in standings.rows[:3]]


def test_a_team_removed_from_the_tournament_takes_no_prize_and_its_fee_stays() -> None:
    # seed 000: "IF a team is removed from the tournament, ALL fees paid to enter that
    # tourney will be FORFEITED." Team 1 is removed after playing every round.
    event, rules = make_event("grand-prix-warmup", WARMUP, range(1, 7), statuses={1: "removed"})
    standings = compute_standings(event, rules)
    assert standings.rows[-1].number == 1 and standings.rows[-1].status == "removed"
    assert standings.rows[-1].place is None and standings.rows[-1].total == 2000
    payouts = compute_payouts(event, rules)
    assert payouts.pool.fees_cents == 6 * 4000
    assert [p.number for p in payouts.prizes] == [2, 3, 4]
    assert [p.number for p in final_order(event, rules).finish] == [2, 3, 4, 5, 6]


# --- bid whist: the cut and the playoffs --------------------------------------------------


def prelims(teams: int) -> list[list[Game]]:
    """Three preliminary rounds where a lower number always finishes higher: each round the
    teams meet in pairs (1 v 2, 3 v 4, ...) and the last team sits out; the lower number
    wins rounds 1 and 3, the higher round 2."""
    rounds = []
    for number in (1, 2, 3):
        games = []
        for a in range(1, teams, 2):
            b = a + 1
            if b > teams:
                break
            low, high = 40 - a, 20 - b // 2
            games.append((a, b, low, high) if number != 2 else (a, b, high - 5, low - 5))
        rounds.append(games)
    return rounds


def test_seventeen_teams_one_withdrawn_after_the_preliminaries_still_send_sixteen() -> None:
    # 17-63 teams: 16 advance. Team 2 withdraws after the preliminaries: the field is still
    # the 17 teams that played them, so the playoffs keep 16, not 8
    byes = {1: [17], 2: [17], 3: [17]}
    event, rules = make_event("bid-whist", prelims(17), range(1, 18), byes=byes,
                              statuses={2: "withdrawn"})  # fmt: skip
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (17, 16)
    assert cut.passed_over == (2,)
    assert 2 not in cut.advancing and 17 in cut.advancing  # the next team advances
    assert len(cut.advancing) == 16
    assert [seed for seed, team in cut.seeds() if team == 3] == [2]  # seed 2 passes on


def test_a_team_ejected_in_the_preliminaries_did_not_play_them() -> None:
    rounds = prelims(17)
    rounds[2] = [g for g in rounds[2] if 2 not in g[:2]]  # team 2 ejected after round 2
    byes = {1: [17], 2: [17], 3: [17, 1]}
    event, rules = make_event("bid-whist", rounds, range(1, 18), byes=byes,
                              statuses={2: "removed"})  # fmt: skip
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (16, 8)  # 9-16 teams: 8
    assert 2 not in (*cut.advancing, *cut.out)
    standings = compute_standings(event, rules, after_round=3)
    assert (standings.row(2).place, standings.row(2).status) == (None, "ejected")


def test_an_ejected_finalist_passes_its_place_and_prize_on() -> None:
    # 8 teams: 4 advance, seeded 1, 3, 5, 7 (seeds 1 v 4 and 2 v 3 in the semi-finals,
    # round 4); team 1 wins its semi-final, is ejected, and the final (round 5) is awarded
    # against it
    rounds = [*prelims(8), [(1, 7, 7, 3), (3, 5, 7, 5)], [(1, 3, 0, 0)]]
    event, rules = make_event("bid-whist", rounds, range(1, 9), statuses={1: "removed"},
                              awards={(5, 1): "a"})  # fmt: skip
    assert compute_cut(event, rules).advancing == (1, 3, 5, 7)  # the cut as it was made
    order = final_order(event, rules)
    assert not order.provisional
    assert [(f.place, f.number) for f in order.finish][:3] == [(1, 3), (2, 5), (2, 7)]
    assert 1 not in [f.number for f in order.finish]
    prizes = compute_payouts(event, rules).prizes
    assert [(p.place, p.number) for p in prizes] == [(1, 3), (2, 5), (2, 7)]
    assert prizes[1].amount_cents == prizes[2].amount_cents  # 2nd and 3rd shared
    places = playoff_order(event, rules)
    assert [(p.place, p.number, p.tied) for p in places][:3] == [
        (1, 3, False), (2, 5, True), (2, 7, True),
    ]  # fmt: skip
