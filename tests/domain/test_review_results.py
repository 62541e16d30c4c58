"""Standings, cut and payouts against the sentences of docs/rules.md, each with its numbers.

Each test quotes the sentence it checks; the numbers in the comments are worked out by
hand from the games as written.
"""

from __future__ import annotations

from typing import Any

from clubdesk.domain.event.model import Event, event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.money.payouts import compute_payouts, place_prizes, prize_pool
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.standings import compute_standings, round_results
from clubdesk.domain.rules import Rules
from clubdesk.printing.text import payouts_text
from tests.formats import lookup

TEAM_FORMATS = ("grand-prix-pinochle", "grand-prix-warmup", "bid-whist")


def game(table: int, a: int, b: int, sa: int | None = None, sb: int | None = None, **extra: Any):
    data: dict[str, Any] = {"table": table, "a": a, "b": b, **extra}
    if sa is not None:
        data["score"] = {"a": sa, "b": sb}
    return data


def make_event(
    rules: str,
    entrants: int,
    rounds: list[dict[str, Any]],
    *,
    paid_cents: int = 0,
    statuses: dict[int, str] | None = None,
    settings: dict[str, Any] | None = None,
    ledger: list[dict[str, Any]] | None = None,
) -> tuple[Event, Rules]:
    team = rules in TEAM_FORMATS
    data = {
        "format": "clubdesk-event/1",
        "id": "review-night",
        "name": "Review night",
        "rules": rules,
        "settings": settings or {},
        "entrants": [
            {
                "number": n,
                "name": f"Team {n}" if team else f"Player {n}",
                **({"players": [f"P{n}a", f"P{n}b"]} if team else {}),
                "paid_cents": paid_cents,
                "status": (statuses or {}).get(n, "active"),
            }
            for n in range(1, entrants + 1)
        ],
        "rounds": [{"number": i, **r} for i, r in enumerate(rounds, start=1)],
        "ledger": ledger or [],
    }
    event = parse_event(data, lookup)
    return event, event_rules(event, lookup)


def summary(event: Event, rules: Rules, *fields: str) -> list[tuple[Any, ...]]:
    rows = compute_standings(event, rules).rows
    return [tuple(getattr(row, name) for name in fields) for row in rows]


# --- docs/rules.md §1 and §2: round results and standings --------------------------------------


def test_the_bye_averages_the_winning_scores_as_written_on_the_sheets() -> None:
    # "Bye: the bye team scores the average of the winning scores of that round (the higher
    # score of every game actually played ...)". A sheet's score has its adjustments in it
    # (docs/cli.md): 290 + 100 for a late opponent = 390 is that game's winning score.
    event, rules = make_event(
        "grand-prix-pinochle",
        5,
        [
            {
                "games": [
                    game(1, 1, 2, 350, 390, adjustments=[{"side": "b", "points": 100,
                                                          "reason": "late"}]),
                    game(2, 3, 4, 511, 200),
                ],
                "byes": [5],
            }
        ],
    )  # fmt: skip
    # (390 + 511) / 2 = 450.5 -> 451
    assert round_results(event, rules, 1)[5].score == 451


def test_the_warm_up_drops_nothing_and_returns_every_entry() -> None:
    # §2: "4 rounds; entry $20; 100% of entries returned as prizes; no dropped game."
    rounds = [
        {"games": [game(1, 1, 2, 500, 120), game(2, 3, 4, 260, 505)]},
        {"games": [game(1, 1, 3, 80, 500), game(2, 2, 4, 510, 300)]},
        {"games": [game(1, 1, 4, 500, 0), game(2, 2, 3, 220, 505)]},
        {"games": [game(1, 1, 2, 505, 470), game(2, 3, 4, 500, 495)]},
    ]
    event, rules = make_event("grand-prix-warmup", 4, rounds, paid_cents=2000)
    assert summary(event, rules, "place", "number", "rounds", "dropped", "total") == [
        (1, 3, (260, 500, 505, 500), (), 1765),
        (2, 1, (500, 80, 500, 505), (), 1585),
        (3, 2, (120, 510, 220, 470), (), 1320),
        (4, 4, (505, 300, 0, 495), (), 1300),
    ]
    # 4 x $20 at 100% = $80: 50% $40, 30% $24, 20% $16
    pool = prize_pool(event, rules)
    assert (pool.fees_cents, pool.pool_cents) == (8000, 8000)
    paid = compute_payouts(event, rules).prizes
    assert [(p.place, p.number, p.amount_cents) for p in paid] == [
        (1, 3, 4000),
        (2, 1, 2400),
        (3, 2, 1600),
    ]


def test_drop_lowest_is_a_club_setting_an_event_can_change() -> None:
    # "the lowest one is dropped (club setting `drop_lowest = 1`) ... Only a game the team
    # played can be thrown out": with the event set to drop 2, team 5's bye (395) counts and
    # its two games (0 and 510) go; team 4 has one game to throw out beside its two byes.
    rounds = [
        {"games": [game(1, 1, 2, 400, 300), game(2, 3, 4, 390, 380)], "byes": [5]},
        {"games": [game(1, 1, 5, 505, 0), game(2, 2, 3, 300, 500)], "byes": [4]},
        {"games": [game(1, 5, 2, 510, 200), game(2, 3, 1, 450, 500)], "byes": [4]},
    ]
    event, rules = make_event("grand-prix-pinochle", 5, rounds, settings={"drop_lowest": 2})
    row = compute_standings(event, rules).row(5)
    assert (row.rounds, row.byes, row.dropped, row.total) == ((395, 0, 510), (1,), (2, 3), 395)
    row = compute_standings(event, rules).row(4)  # byes: (505 + 500) / 2 = 502.5 -> 503, 505
    assert (row.rounds, row.dropped, row.total) == ((380, 503, 505), (1,), 1008)


def test_a_team_removed_from_the_tournament() -> None:
    # "Removed from the tournament: no further games; its later opponents get a bye; its
    # entry fee is forfeited (kept in the prize fund)." Team 4 is removed after round 1;
    # in rounds 2 and 3 the team it would have met (3, then 5) has a bye beside the
    # bye station's team (2).
    rounds = [
        {"games": [game(1, 1, 2, 500, 310), game(2, 3, 4, 460, 505)], "byes": [5]},
        {"games": [game(1, 1, 5, 480, 500)], "byes": [2, 3]},
        {"games": [game(1, 1, 3, 520, 480)], "byes": [2, 5]},
    ]
    event, rules = make_event(
        "grand-prix-pinochle", 5, rounds, paid_cents=5000, statuses={4: "removed"},
        settings={"drop_lowest": 0},
    )  # fmt: skip
    # round 1's bye: (500 + 505) / 2 = 502.5 -> 503; rounds 2 and 3: the one game's winner
    assert summary(event, rules, "place", "number", "rounds", "total") == [
        (1, 5, (503, 500, 520), 1523),
        (2, 1, (500, 480, 520), 1500),
        (3, 3, (460, 500, 480), 1440),
        (4, 2, (310, 500, 520), 1330),
        (None, 4, (505, 0, 0), 505),
    ]  # team 4 is listed after the others, without a place
    assert compute_standings(event, rules).row(4).to_json()["status"] == "removed"
    pool = prize_pool(event, rules)
    assert pool.pool_cents == 25_000  # five fees, the removed team's too
    paid = compute_payouts(event, rules).prizes
    assert [(p.number, p.amount_cents) for p in paid] == [(5, 12_500), (1, 7500), (3, 5000)]


# --- docs/rules.md §5: gin ---------------------------------------------------------------------


def test_a_gin_dq_gives_the_average_winning_score_and_the_bye_the_average_match_score() -> None:
    # docs/cli.md: a dq award gives the other side "the round's average winning score";
    # §5: "An odd player out gets a bye scoring the average of all match scores".
    event, rules = make_event(
        "house-gin",
        7,
        [
            {
                "games": [
                    game(1, 1, 2, 301, 120),
                    game(2, 3, 4, 250, 280),
                    game(3, 5, 6, award={"kind": "dq", "against": "a"}),
                ],
                "byes": [7],
            }
        ],
    )
    results = round_results(event, rules, 1)
    # winning scores 301 and 280: 290.5 -> 291; all match scores 951 / 4 = 237.75 -> 238
    assert (results[6].score, results[6].won, results[5].score) == (291, True, 0)
    assert (results[7].score, results[7].won) == (238, False)


# --- docs/rules.md §6: bid whist ---------------------------------------------------------------


def test_bid_whist_teams_level_on_wins_and_points_share_a_place() -> None:
    # "Standings: rounds won, then total points"; level on both: a shared place, flagged
    rounds = [
        {"games": [game(1, 1, 2, 7, 2), game(2, 3, 4, 1, 9), game(3, 5, 6, 4, 3)]},
        {"games": [game(1, 1, 4, 5, 0), game(2, 3, 6, 6, 2), game(3, 5, 2, 3, 8)]},
    ]
    event, rules = make_event("bid-whist", 6, rounds)
    assert summary(event, rules, "place", "number", "wins", "total", "tied") == [
        (1, 1, 2, 12, False),
        (2, 2, 1, 10, False),
        (3, 4, 1, 9, False),
        (4, 3, 1, 7, True),
        (4, 5, 1, 7, True),
        (6, 6, 0, 5, False),
    ]


def test_more_than_64_teams_send_32_and_every_three_win_team_past_that() -> None:
    # "64-127: 32 ... Teams with 3 wins always advance, even past the cut size."
    # 66 teams: teams 1-33 beat a different team of 34-66 in each of the 3 rounds.
    def rounds() -> list[dict[str, Any]]:
        played = []
        for r in range(3):
            played.append(
                {
                    "games": [
                        game(s, s, 34 + (s + r) % 33, 6 + s % 5, 1 + s % 3) for s in range(1, 34)
                    ]
                }
            )
        return played

    event, rules = make_event("bid-whist", 66, rounds())
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (66, 32)
    assert len(cut.advancing) == 33 and set(cut.advancing) == set(range(1, 34))
    assert len(cut.past_size) == 1 and cut.past_size == cut.advancing[-1:]
    assert len(cut.out) == 33 and cut.resolved


def test_seventeen_teams_send_sixteen() -> None:
    # "17-63 teams: 16 advance": the last of 17 is out
    games = [game(t, t, t + 8, 9, 8 - t % 8) for t in range(1, 9)]
    event, rules = make_event("bid-whist", 17, [{"games": games, "byes": [17]}] * 3)
    cut = compute_cut(event, rules)
    assert (cut.field, cut.size) == (17, 16)
    # team 17 sat out every round: bid-whist.toml's `bye_score = "none"` gives it no points
    assert cut.out == (17,)


# --- Money --------------------------------------------------------------------------------


def test_percent_prizes_round_down_to_the_clubs_unit_with_the_rest_to_first() -> None:
    # "Percent prizes are rounded down to the club's rounding unit (default $1); what
    # rounding leaves over goes to 1st place". A $5 unit on a $355.25 pool:
    # 50% = $177.625 -> $175, 30% = $106.575 -> $105, 20% = $71.05 -> $70; $5.25 to 1st.
    money = lookup("grand-prix-pinochle").money.model_copy(update={"rounding_cents": 500})
    assert place_prizes(35_525, money) == (18_025, 10_500, 7000)


def test_a_tie_for_third_and_fourth_in_gin_shares_the_two_fixed_prizes() -> None:
    # "3rd $35, 4th $25, the rest of the pot 60% to 1st and 40% to 2nd" and "Tied entrants
    # share the prizes of the places they cover equally"
    rounds = [
        {"games": [game(1, 1, 2, 400, 300), game(2, 3, 4, 250, 250)]},
        {"games": [game(1, 1, 2, 380, 350), game(2, 3, 4, 200, 200)]},
    ]
    event, rules = make_event("house-gin", 4, rounds, paid_cents=3000)
    assert summary(event, rules, "place", "number", "total", "tied") == [
        (1, 1, 780, False), (2, 2, 650, False), (3, 3, 450, True), (3, 4, 450, True),
    ]  # fmt: skip
    # pool $120: $60 fixed, $60 left: 1st $36, 2nd $24; 3rd + 4th = $60 -> $30 each
    paid = compute_payouts(event, rules).prizes
    assert [(p.place, p.number, p.amount_cents) for p in paid] == [
        (1, 1, 3600), (2, 2, 2400), (3, 3, 3000), (3, 4, 3000),
    ]  # fmt: skip


def test_the_pool_is_fees_times_return_plus_added_plus_fines_less_expenses() -> None:
    # "Prize pool = entry fees received x return percentage + added money + fines
    # collected - expenses the treasurer records as taken from the pot."
    event, rules = make_event(
        "npa-club-pinochle",
        13,
        [],
        paid_cents=1000,
        settings={"return_percent": 75, "added_cents": 500},
        ledger=[
            {"kind": "fine", "cents": 50, "entrant": 2, "note": "set"},
            {"kind": "fine", "cents": 25, "entrant": 7, "note": "renege"},
            {"kind": "expense", "cents": 330, "note": "cards"},
            {"kind": "refund", "cents": 1000, "entrant": 13, "note": "left"},
        ],
    )
    pool = prize_pool(event, rules)
    # fees 13 x $10 - $10 refunded = $120 x 75% = $90; + $5 added + $0.75 - $3.30
    assert (pool.returned_cents, pool.pool_cents) == (9000, 9000 + 500 + 75 - 330)


def test_a_team_prize_shared_in_a_tie_splits_per_player() -> None:
    # "Tied entrants share the prizes of the places they cover equally (cents rounded down;
    # the leftover cents to the tied entrant with the lowest entrant number)" and "Team
    # prizes are shown per team and per player (split in two, leftover cent to the
    # first-listed player)".
    rounds = [{"games": [game(1, 4, 2, 500, 480), game(2, 3, 1, 480, 500)]}]
    event, rules = make_event(
        "grand-prix-warmup",
        4,
        rounds,
        paid_cents=2000,
        ledger=[{"kind": "fine", "cents": 3, "entrant": 2, "note": "set"}],
    )
    # pool 8003: 50% -> $40 (+3 cents left over), 30% $24, 20% $16.
    # 1 and 4 share 1st + 2nd = 6403 -> 3202 to number 1, 3201 to number 4
    payouts = compute_payouts(event, rules)
    assert payouts.place_prizes == (4003, 2400, 1600)
    shares = [
        (p.number, p.amount_cents, [s.amount_cents for s in p.players]) for p in payouts.prizes
    ]
    assert shares == [(1, 3202, [1601, 1601]), (4, 3201, [1601, 1600]), (2, 800, [400, 400]),
                      (3, 800, [400, 400])]  # fmt: skip


def test_gin_prizes_are_read_out_as_store_credit() -> None:
    # §5: "Prizes (store credit): 3rd $35, 4th $25, the rest of the pot 60% to 1st and 40%
    # to 2nd." The treasurer's sheet says what the prizes are paid in.
    rounds = [{"games": [game(1, 1, 2, 400, 300), game(2, 3, 4, 250, 200)]}]
    event, rules = make_event("house-gin", 4, rounds, paid_cents=3000)
    text = payouts_text(compute_payouts(event, rules), "Gin night: prizes")
    assert "Prizes are paid in store credit." in text.splitlines()
    event, rules = make_event("grand-prix-warmup", 4, rounds, paid_cents=2000)
    assert "store credit" not in payouts_text(compute_payouts(event, rules))
