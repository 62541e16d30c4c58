"""The director records a tie-break the standings call for (docs/rules.md §5 gin, §6 bid whist):
refused where the standings hold no such tie; filed pairwise, each row after its audit row."""

from __future__ import annotations

import pytest

from clubdesk.domain.event.model import Tiebreak
from clubdesk.errors import UserError
from clubdesk.services import playoffs, results, rounds, seating, tiebreaks
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Desk, list_audit
from tests import builder
from tests.services.test_playoff_rounds import play, preliminaries
from tests.tie_nights import gin_cut_tie, gin_final_tie


def test_a_sudden_death_at_the_cut_is_recorded_with_its_reason(db, clock) -> None:
    # seed 003: "In the event of a tie, the two tied players will play a sudden death match
    # to 60 points to determine which player advances."
    event = gin_cut_tie(db, clock)
    [due] = tiebreaks.ties_due(db, event)
    assert due.describe("individual") == (
        "Sudden death due: players 4 and 5 (tied at 300 across the cut)"
    )
    with pytest.raises(UserError, match="the cut after round 2 is tied between 4 and 5"):
        seating.seating(db, event, 3)
    logged = len(list_audit(db, event))

    done = tiebreaks.break_tie(Desk(db, event, clock), [5, 4], 4, reason="  won   60 to 42 ")
    assert (done.round_number, done.between, done.winner) == (2, (5, 4), 4)
    assert done.rows == (Tiebreak(4, 5, "a"),) and done.still_due == ()
    assert changes_of(done) == Change.SHEETS
    rows = list_audit(db, event)[logged:]
    assert [(r.action, r.details) for r in rows] == [
        ("tiebreak.record", {"round": 2, "a": 4, "b": 5, "winner": 4}),
        ("tiebreak.reason",
         {"round": 2, "between": [5, 4], "winner": 4, "reason": "won 60 to 42"}),
    ]  # fmt: skip
    # the winner gets +1 and goes to the final; the tie is no longer due
    totals = {row.number: row.total for row in results.standings(db, event).rows}
    assert (totals[4], totals[5]) == (301, 300)
    assert tiebreaks.ties_due(db, event) == ()
    assert {4, 6, 7, 8, 9, 10} == set(seating.seating(db, event, 3).entrants)
    board = results.standings_board(db, event)
    assert board.ties == () and board.cut is not None and board.cut.above == 6


def test_a_tiebreak_the_standings_do_not_hold_is_refused_and_nothing_is_kept(db, clock) -> None:
    event = gin_cut_tie(db, clock)
    logged = len(list_audit(db, event))
    for between, winner, field, message in [
        (
            [6, 7],
            6,
            "between",
            "between: the standings hold no tie between 6 and 7 for a "
            "sudden-death match; due: 4 and 5",
        ),
        ([4, 5], 6, "winner", "winner: 6 is not one of 4 and 5"),
        ([4, 5], True, "winner", "winner: an entrant's number, not True"),
        ([4, 11], 4, "between", "between: there is no entrant 11 in this event"),
    ]:
        with pytest.raises(UserError) as refused:
            tiebreaks.break_tie(Desk(db, event, clock), between, winner)
        assert (refused.value.field, str(refused.value)) == (field, message)
    with pytest.raises(UserError) as refused:
        tiebreaks.break_tie(Desk(db, event, clock), [4, 5], 4, reason="x" * 501)
    assert str(refused.value) == "reason is longer than 500 characters"
    assert refused.value.field == "reason"
    assert len(list_audit(db, event)) == logged
    assert [t.entrants for t in tiebreaks.ties_due(db, event)] == [(4, 5)]

    tiebreaks.break_tie(Desk(db, event, clock), [4, 5], 5)
    with pytest.raises(UserError, match="^between: the standings hold no tie between 4 and 5"):
        tiebreaks.break_tie(Desk(db, event, clock), [4, 5], 4)  # played once: never again


def test_a_tie_for_a_prize_in_gins_final_is_due_and_the_prizes_follow_its_winner(db, clock) -> None:
    # seed 003: "The final order (1st, 2nd, 3rd, and 4th) will be determined by the total
    # number of points for each player for all three matches played. In the event of a tie,
    # a sudden death match, as stipulated above, will be played between the tied players."
    event = gin_final_tie(db, clock)
    [due] = tiebreaks.ties_due(db, event)
    assert due.describe("individual") == (
        "Sudden death due: players 9 and 10 (tied at 1000 for 1st place)"
    )
    waiting = results.payouts(db, event)
    assert waiting.provisional and [u.entrants for u in waiting.undecided] == [(9, 10)]

    done = tiebreaks.break_tie(Desk(db, event, clock), [9, 10], 10)
    assert done.round_number == 3 and done.still_due == ()
    paid = results.payouts(db, event)
    assert not paid.provisional and paid.undecided == ()
    # 10 x $30 = $300: 3rd $35, 4th $25, then 60% and 40% of $240
    assert [(p.place, p.number, p.amount_cents) for p in paid.prizes] == [
        (1, 10, 14_400), (2, 9, 9600), (3, 8, 3500), (4, 7, 2500),
    ]  # fmt: skip


def whist_night_level_at_the_cut(db, clock) -> tuple[str, tuple[int, int, int]]:
    """17 teams, every game 3 to 3 won by side a: the three teams that had a bye (a win
    fewer) are level for the last 2 of the 16 places that advance; the event and them."""
    event = builder.event(db, clock, "bid-whist", entrants=17)
    builder.draw(db, event, clock, seed=5)
    for number in (1, 2, 3):
        seats = builder.publish(db, event, number, clock)
        builder.scores(db, event, number, {t.table: (3, 3, "a") for t in seats.tables}, clock)
        if number < 3:
            rounds.close_round(Desk(db, event, clock), number)
    x, y, z = sorted(b for n in (1, 2, 3) for b in seating.seating(db, event, n).byes)
    return event, (x, y, z)


def test_three_teams_level_at_the_whist_cut_play_off_one_hand_at_a_time(db, clock) -> None:
    # seed 004: "Should this not resolve any ties, there will be a one-hand play-off with
    # the winner advancing."
    event, (x, y, z) = whist_night_level_at_the_cut(db, clock)
    [due] = tiebreaks.ties_due(db, event)
    assert (due.entrants, due.advance, due.kind) == ((x, y, z), 2, "play-off-hand")
    assert due.describe("team") == (
        f"One-hand play-off due: teams {x}, {y} and {z} "
        "(tied at 0 wins and 6 points across the cut; 2 of them advance)"
    )
    # z beats y: z advances; x and y are still level for the last place
    first = tiebreaks.break_tie(Desk(db, event, clock), [y, z], z)
    assert [(t.entrants, t.advance) for t in first.still_due] == [((x, y), 1)]
    done = tiebreaks.break_tie(Desk(db, event, clock), [x, y], x)
    assert done.still_due == ()
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None and {x, z} <= set(fourth.entrants) and y not in fourth.entrants


def test_a_three_way_winner_beats_each_of_the_others(db, clock) -> None:
    event, (x, y, z) = whist_night_level_at_the_cut(db, clock)
    logged = len(list_audit(db, event))
    done = tiebreaks.break_tie(Desk(db, event, clock), [x, y, z], y)
    assert done.rows == (Tiebreak(x, y, "b"), Tiebreak(y, z, "a"))
    assert [r.details for r in list_audit(db, event)[logged:]] == [
        {"round": 3, "a": x, "b": y, "winner": y},
        {"round": 3, "a": y, "b": z, "winner": y},
    ]
    # y advances; the other two stay level for the last place and still play for it
    assert [(t.entrants, t.advance) for t in done.still_due] == [((x, z), 1)]
    places = {row.number: row.place for row in results.standings(db, event).rows}
    assert places[y] < places[x] == places[z]


def test_a_format_that_shares_its_ties_records_none(db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    with pytest.raises(UserError, match="^between: .* breaks no ties at the table"):
        tiebreaks.break_tie(Desk(db, event, clock), [1, 2], 1)
    assert tiebreaks.ties_due(db, event) == ()


def test_playoff_titles_stay_put_with_a_bracket_bye(db, clock) -> None:
    # three teams: seed 1 has a bye in the semi-finals (round 4); the final is round 5
    event = preliminaries(db, clock, teams=3)
    semi = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert semi is not None and len(semi.tables) == 1 and len(semi.byes) == 1

    def titles() -> list[str]:
        listed = {line.number: line.title for line in rounds.status(db, event).rounds}
        return [playoffs.round_title(db, event, 4), listed[4]]

    assert titles() == ["Playoffs: semi-final"] * 2
    play(db, event, semi, clock, wins=set())
    assert titles() == ["Playoffs: semi-final"] * 2  # after its result
    final = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert final is not None
    assert titles() == ["Playoffs: semi-final"] * 2
    assert playoffs.round_title(db, event, 5) == "Playoffs: final"
    play(db, event, final, clock, wins=set())
    rounds.close_round(Desk(db, event, clock), 5)
    assert titles() == ["Playoffs: semi-final"] * 2
    assert playoffs.round_title(db, event, 5) == "Playoffs: final"
