"""Tie-breaks the standings call for, and how one is filed (docs/rules.md §5 gin, §6 bid whist)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from clubdesk.domain.event.model import Event, Tiebreak
from clubdesk.domain.money.finish import final_order
from clubdesk.domain.money.payouts import compute_payouts
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.standings import compute_standings
from clubdesk.domain.results.ties import TieDue, ordinal, tiebreak_rows, ties_due
from clubdesk.errors import UserError
from tests.domain.test_cut import GIN_PAIRS, GIN_TIED, WHIST_ROUNDS, make_event
from tests.formats import lookup


def test_a_gin_tie_across_the_cut_is_due_once_the_cut_round_is_complete() -> None:
    # seed 003: "In the event of a tie, the two tied players will play a sudden death match
    # to 60 points to determine which player advances."
    event, rules = make_event("house-gin", [GIN_TIED], range(1, 15))
    assert ties_due(event, rules) == ()  # round 1 of 2: nothing is due yet
    event, rules = make_event("house-gin", [GIN_TIED, GIN_TIED], range(1, 15))
    [due] = ties_due(event, rules)
    assert due == TieDue((13, 14), "sudden-death", "cut", 2, 580, None, advance=1)
    assert due.describe("individual") == (
        "Sudden death due: players 13 and 14 (tied at 580 across the cut)"
    )
    assert tiebreak_rows(event, rules, [13, 14], 14) == (2, (Tiebreak(13, 14, "b"),))

    sudden = [{"a": 13, "b": 14, "winner": "b"}]
    event, rules = make_event("house-gin", [GIN_TIED, GIN_TIED], range(1, 15), tiebreaks=sudden)
    assert ties_due(event, rules) == ()
    with pytest.raises(UserError, match="^between: the standings hold no tie between 13 and 14"):
        tiebreak_rows(event, rules, [13, 14], 13)


def test_a_tiebreak_the_standings_do_not_hold_is_refused_naming_the_field() -> None:
    event, rules = make_event("house-gin", [GIN_TIED, GIN_TIED], range(1, 15))

    def refusal(between: list[int], winner: int) -> tuple[str | None, str]:
        with pytest.raises(UserError) as refused:
            tiebreak_rows(event, rules, between, winner)
        return refused.value.field, str(refused.value)

    assert refusal([1, 3], 1) == (
        "between",
        "between: the standings hold no tie between 1 and 3 for a sudden-death match; "
        "due: 13 and 14",
    )
    assert refusal([13, 14], 2) == ("winner", "winner: 2 is not one of 13 and 14")
    assert refusal([13], 13) == ("between", "between: name at least two tied players, e.g. 4,9")
    assert refusal([13, 13], 13) == ("between", "between: 13 is named twice")
    assert refusal([13, 99], 13) == ("between", "between: there is no entrant 99 in this event")
    pinochle = lookup("grand-prix-pinochle")
    with pytest.raises(UserError, match="^between: .* breaks no ties at the table"):
        tiebreak_rows(event, pinochle, [13, 14], 13)


def test_a_three_way_tie_is_filed_pairwise_and_the_others_still_play() -> None:
    # seed 004: "Should this not resolve any ties, there will be a one-hand play-off with the
    # winner advancing." Teams 6, 7 and 9 are level on 1 win and 14 points for 2 places.
    event, rules = make_event("bid-whist", WHIST_ROUNDS, range(1, 11))
    [due] = ties_due(event, rules)
    assert (due.entrants, due.advance, due.round_number) == ((6, 7, 9), 2, 3)
    assert due.describe("team") == (
        "One-hand play-off due: teams 6, 7 and 9 "
        "(tied at 1 win and 14 points across the cut; 2 of them advance)"
    )
    # 9 wins: it beats each of the others, one pairwise row per other team
    _, rows = tiebreak_rows(event, rules, [6, 7, 9], 9)
    assert rows == (Tiebreak(6, 9, "b"), Tiebreak(7, 9, "b"))
    played = [{"a": t.a, "b": t.b, "winner": t.winner} for t in rows]
    event, rules = make_event("bid-whist", WHIST_ROUNDS, range(1, 11), tiebreaks=played)
    [left] = ties_due(event, rules)
    assert (left.entrants, left.advance) == ((6, 7), 1)  # the other two still play
    assert left.describe("team").startswith("One-hand play-off due: teams 6 and 7 (tied at")
    assert compute_cut(event, rules).advancing == (1, 3, 5, 2, 10, 4, 9)

    _, rows = tiebreak_rows(event, rules, [7, 6], 6)
    played += [{"a": t.a, "b": t.b, "winner": t.winner} for t in rows]
    event, rules = make_event("bid-whist", WHIST_ROUNDS, range(1, 11), tiebreaks=played)
    assert ties_due(event, rules) == ()
    assert compute_cut(event, rules).advancing == (1, 3, 5, 2, 10, 4, 9, 6)


# 14 players: after two starting rounds 1, 3, 5, 7, 9, 11, 13 and 14 go to the final
# (13 and 14 level on 600 inside the line). In the final 1 and 3 end level on 1000 for
# 1st, 5 and 7 on 780 for 3rd, 9 and 11 on 670 for 5th, 13 and 14 on 600 for 7th.
GIN_FINAL = [(1, 3, 200, 240), (5, 7, 60, 100), (9, 11, 10, 30), (13, 14, 0, 0)]


def test_a_gin_tie_for_a_prize_in_the_final_order_is_due_and_paid_by_its_winner() -> None:
    # seed 003: "The final order (1st, 2nd, 3rd, and 4th) will be determined by the total
    # number of points for each player for all three matches played. In the event of a tie,
    # a sudden death match, as stipulated above, will be played between the tied players."
    rounds = [GIN_PAIRS, GIN_PAIRS, GIN_FINAL]
    event, rules = make_event("house-gin", rounds[:2], range(1, 15))
    assert ties_due(event, rules) == ()  # 13 and 14 are level inside the line: both go on
    event, rules = make_event("house-gin", rounds, range(1, 15))
    first, third = ties_due(event, rules)
    assert first == TieDue((1, 3), "sudden-death", "final", 3, 1000, None, place=1)
    assert first.describe("individual") == (
        "Sudden death due: players 1 and 3 (tied at 1000 for 1st place)"
    )
    assert (third.entrants, third.place) == ((5, 7), 3)  # 3rd and 4th pay $35 and $25
    # 9 and 11 share 5th and 13 and 14 share 7th: no prize hangs on them
    undecided = [f.number for f in final_order(event, rules).finish if not f.decided]
    assert undecided == [1, 3, 5, 7]
    assert tiebreak_rows(event, rules, [3, 1], 3) == (3, (Tiebreak(1, 3, "b"),))
    waiting = compute_payouts(paying_fees(event), rules)
    assert [(u.places, u.entrants) for u in waiting.undecided] == [
        ((1, 2), (1, 3)),
        ((3, 4), (5, 7)),
    ]

    sudden = [{"a": 1, "b": 3, "winner": "b"}, {"a": 5, "b": 7, "winner": "a"}]
    event, rules = make_event("house-gin", rounds, range(1, 15), tiebreaks=sudden)
    assert ties_due(event, rules) == ()
    standings = compute_standings(event, rules)
    assert [(r.place, r.number, r.total) for r in standings.rows[:4]] == [
        (1, 3, 1001), (2, 1, 1000), (3, 5, 781), (4, 7, 780),
    ]  # fmt: skip
    paid = compute_payouts(
        paying_fees(event), rules
    )  # 14 x $30: $35 and $25, then 60% and 40% of $360
    assert not paid.provisional and paid.undecided == ()
    assert [(p.place, p.number, p.amount_cents) for p in paid.prizes] == [
        (1, 3, 21_600), (2, 1, 14_400), (3, 5, 3500), (4, 7, 2500),
    ]  # fmt: skip


def paying_fees(event: Event) -> Event:
    """The event with every player's $30 paid."""
    return replace(event, entrants=tuple(replace(e, paid_cents=3000) for e in event.entrants))


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
    ]  # fmt: skip
