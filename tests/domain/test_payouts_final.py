"""Payouts that wait for the result: provisional until the end, bid whist paid by its
playoffs, a tie in gin's final order left for its sudden-death match (docs/rules.md §5, §6,
"Money")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from clubdesk.domain.event.model import (
    Entrant,
    Event,
    Game,
    LedgerEntry,
    Round,
    Score,
    Tiebreak,
)
from clubdesk.domain.money.finish import final_order
from clubdesk.domain.money.payouts import compute_payouts, place_prizes
from clubdesk.errors import UserError
from tests.formats import lookup

WHIST = lookup("bid-whist")
GIN = lookup("house-gin")


def game(table: int, a: int, b: int, score_a: int, score_b: int) -> Game:
    return Game(table, (a,), (b,), Score(score_a, score_b))


def paid(rows: list) -> list[tuple[int, int, int]]:
    return [(p.place, p.number, p.amount_cents) for p in rows]


# --- bid whist: 8 teams, 4 advance, paid by the playoffs ---------------------------------------


def whist_night(playoff_rounds: tuple[Round, ...] = ()) -> Event:
    """8 teams at $40. In each preliminary round 1 beats 2, 3 beats 4, 5 beats 6, 7 beats 8,
    the winners by 7, 6, 5 and 4 points: 1, 3, 5 and 7 have 3 wins and advance, seeded in
    that order (points 21, 18, 15, 12). The semi-finals are 1 v 7 and 3 v 5."""
    teams = tuple(
        Entrant(n, f"Team {n}", (f"North{n}", f"South{n}"), paid_cents=4000) for n in range(1, 9)
    )
    prelims = tuple(
        Round(
            r, (game(1, 1, 2, 7, 0), game(2, 3, 4, 6, 0), game(3, 5, 6, 5, 0), game(4, 7, 8, 4, 0))
        )  # fmt: skip
        for r in (1, 2, 3)
    )
    return Event("bw", "Bid whist night", "bid-whist", entrants=teams,
                 rounds=prelims + playoff_rounds)  # fmt: skip


SEMIS = Round(4, (game(1, 1, 7, 3, 5), game(2, 3, 5, 6, 2)))  # 7 upsets 1; 3 beats 5
FINAL = Round(5, (game(1, 3, 7, 2, 4),))  # 7 wins it


def test_the_bid_whist_scheme_on_eight_teams() -> None:
    # $320: 50% $160, 30% $96, 20% $64
    assert place_prizes(32_000, WHIST.money) == (16_000, 9600, 6400)


def test_bid_whist_pays_by_the_playoff_result_not_the_preliminary_standings() -> None:
    payouts = compute_payouts(whist_night((SEMIS, FINAL)), WHIST)
    assert not payouts.provisional and payouts.undecided == ()
    # 7, seeded 4th, wins; 3 loses the final; the semi-final losers 1 (1st after the
    # preliminaries) and 5 share 3rd and 4th: $64 + nothing, $32 each
    assert paid(payouts.prizes) == [(1, 7, 16_000), (2, 3, 9600), (3, 1, 3200), (3, 5, 3200)]
    assert sum(p.amount_cents for p in payouts.prizes) == payouts.pool_cents == 32_000
    assert [(s.player, s.amount_cents) for s in payouts.prizes[0].players] == [
        ("North7", 8000),
        ("South7", 8000),
    ]


def test_while_the_playoffs_are_played_the_places_still_open_are_undecided() -> None:
    payouts = compute_payouts(whist_night((SEMIS,)), WHIST)
    assert payouts.provisional and payouts.why == "the playoffs are not finished"
    assert paid(payouts.prizes) == [(3, 1, 3200), (3, 5, 3200)]  # out in the semi-finals
    [open_places] = payouts.undecided
    assert open_places.to_json() == {
        "places": [1, 2],
        "entrants": [3, 7],
        "amount_cents": 16_000 + 9600,
        "settled_by": "playoffs",
    }


def test_a_playoff_round_counts_once_all_its_matches_are_played() -> None:
    one = Round(4, (game(1, 1, 7, 3, 5),))  # 1 is out, but the other semi-final is not over
    payouts = compute_payouts(whist_night((one,)), WHIST)
    assert payouts.provisional and payouts.prizes == ()
    assert [(u.places, u.entrants, u.amount_cents) for u in payouts.undecided] == [
        ((1, 2, 3), (1, 3, 5, 7), 32_000)
    ]


def test_after_the_preliminaries_every_team_that_advances_plays_for_the_prizes() -> None:
    payouts = compute_payouts(whist_night(), WHIST)
    assert payouts.provisional and payouts.prizes == ()
    [open_places] = payouts.undecided
    assert (open_places.places, open_places.entrants) == ((1, 2, 3), (1, 3, 5, 7))
    assert open_places.amount_cents == 32_000


def test_before_the_cut_every_team_is_still_in() -> None:
    night = whist_night()
    night = replace(night, rounds=night.rounds[:1])
    payouts = compute_payouts(night, WHIST)
    assert payouts.provisional and payouts.prizes == ()
    assert payouts.why == "the preliminaries (to round 3) and the playoffs are not finished"
    assert payouts.undecided[0].entrants == tuple(range(1, 9))


def test_a_playoff_game_between_teams_that_do_not_meet_is_refused() -> None:
    wrong = Round(4, (game(1, 1, 3, 5, 2),))
    with pytest.raises(UserError) as caught:
        final_order(whist_night((wrong,)), WHIST)
    assert str(caught.value) == ("round 4, table 1: teams 1 and 3 do not meet in playoff round 1")


# --- gin: 12 players at $30 --------------------------------------------------------------------


def test_the_seeds_gin_split_for_12_players_at_30_dollars() -> None:
    # $360: 3rd $35 and 4th $25 first; the $300 left: 60% $180 to 1st, 40% $120 to 2nd
    assert place_prizes(12 * 3000, GIN.money) == (18_000, 12_000, 3500, 2500)


def gin_night(final: tuple[Game, ...], tiebreaks: tuple[Tiebreak, ...] = ()) -> Event:
    """12 players at $30; in both starting matches (1 v 2, 3 v 4, ...) the higher number
    scores 10 x its number against 0. ``final`` is round 3, player 6 on its bye."""
    players = tuple(Entrant(n, f"Player {n}", (f"Player {n}",), 3000) for n in range(1, 13))
    pairs = [(n + 1, n) for n in range(1, 13, 2)]
    starting = tuple(game(t, a, b, 10 * a, 0) for t, (a, b) in enumerate(pairs, 1))
    rounds = (Round(1, starting), Round(2, starting), Round(3, final, (6,), tiebreaks))
    return Event("gin", "Gin night", "house-gin", entrants=players, rounds=rounds)


# after two matches: 12: 240, 10: 200, 8: 160, 6: 120 (the odd numbers: 0). In the final
# 12 and 10 end level on 400 and 8 on 300; the bye (6) scores the average of the final's
# match scores, (160 + 200 + 140 + 0 + 0 + 0) / 6 = 83 -> 203
TIED_FINAL = (game(1, 12, 11, 160, 0), game(2, 10, 9, 200, 0), game(3, 8, 7, 140, 0))


def test_a_tie_in_gins_final_order_waits_for_the_sudden_death_match() -> None:
    payouts = compute_payouts(gin_night(TIED_FINAL), GIN)
    assert payouts.provisional and payouts.why == "tied places wait for their tie-break"
    assert paid(payouts.prizes) == [(3, 8, 3500), (4, 6, 2500)]
    [tie] = payouts.undecided
    assert tie.to_json() == {
        "places": [1, 2],
        "entrants": [10, 12],
        "amount_cents": 18_000 + 12_000,
        "settled_by": "sudden-death",
    }


def test_the_recorded_sudden_death_match_decides_the_places() -> None:
    won = Tiebreak(10, 12, "a")  # 10 beats 12: +1, 401
    payouts = compute_payouts(gin_night(TIED_FINAL, (won,)), GIN)
    assert not payouts.provisional and payouts.undecided == ()
    assert paid(payouts.prizes) == [(1, 10, 18_000), (2, 12, 12_000), (3, 8, 3500),
                                    (4, 6, 2500)]  # fmt: skip


def test_fines_go_into_the_pool_and_so_into_the_percent_prizes() -> None:
    won = Tiebreak(10, 12, "a")
    night = gin_night(TIED_FINAL, (won,))
    fines = (LedgerEntry("fine", 500, 7, "renege"), LedgerEntry("fine", 250, 9, "set"))
    payouts = compute_payouts(replace(night, ledger=fines), GIN)
    # $360 + $7.50 = $367.50; $307.50 after 3rd and 4th: 60% $184.50 -> $184,
    # 40% $123; the 50 cents rounding leaves go to 1st
    assert (payouts.pool.fines_cents, payouts.pool_cents) == (750, 36_750)
    assert paid(payouts.prizes) == [(1, 10, 18_450), (2, 12, 12_300), (3, 8, 3500),
                                    (4, 6, 2500)]  # fmt: skip


def test_a_tie_below_the_paid_places_needs_no_match() -> None:
    # 12: 400, 10: 350, 8: 300, 6: 120 + 470 / 6 -> 198; 9 and 11 (0 so far) score 10
    # each in the final and share 7th: nothing to play for
    final = (game(1, 12, 11, 160, 10), game(2, 10, 9, 150, 10), game(3, 8, 7, 140, 0))
    payouts = compute_payouts(gin_night(final), GIN)
    assert not payouts.provisional and payouts.undecided == ()
    assert paid(payouts.prizes) == [(1, 12, 18_000), (2, 10, 12_000), (3, 8, 3500),
                                    (4, 6, 2500)]  # fmt: skip


def test_before_the_final_gin_payouts_are_provisional_and_ties_share() -> None:
    night = gin_night(TIED_FINAL)
    night = replace(night, rounds=night.rounds[:2])
    payouts = compute_payouts(night, GIN)
    assert payouts.provisional and payouts.why == "round 3, the last, is not finished"
    assert paid(payouts.prizes) == [(1, 12, 18_000), (2, 10, 12_000), (3, 8, 3500),
                                    (4, 6, 2500)]  # fmt: skip
    # players 1, 3, ... all have 0: a tie, but far below the paid places
    assert payouts.undecided == ()


def test_with_no_round_played_there_are_no_prizes_to_show() -> None:
    night = replace(gin_night(TIED_FINAL), rounds=())
    payouts = compute_payouts(night, GIN)
    assert (payouts.played, payouts.provisional, payouts.prizes) == (False, True, ())
    assert payouts.pool_cents == 36_000
    assert payouts.to_json()["places"] == [] and payouts.to_json()["provisional"] is True
    # no fee paid yet: the pool cannot cover the fixed prizes, and nothing is refused
    unpaid = replace(night, entrants=tuple(replace(e, paid_cents=0) for e in night.entrants))
    assert compute_payouts(unpaid, GIN).prizes == ()
