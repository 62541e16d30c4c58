"""Bid whist's playoffs played through the program (docs/rules.md §6): each playoff round seated
from the bracket or the round before, published by closing that round, started, scored and
closed; the final decides the payouts. Gin's final published by closing the cut round."""

from __future__ import annotations

from pathlib import Path

import pytest

from clubdesk.domain.event.model import Event
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.domain.results.playoffs import playoff_bracket as bracket_of
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.errors import UserError
from clubdesk.services import playoffs, results, rounds, sheets, warnings
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event
from clubdesk.store.db import Database
from tests import builder
from tests.formats import lookup

BRACKET = [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]


def play(db: Database, event: str, seats: RoundSeating, clock, wins: set[int]) -> None:
    """Start the round, hand in every table's sheet (the team in ``wins`` takes 7 to 3, else
    the better seed, side a) and leave the round running."""
    rounds.start_round(Desk(db, event, clock), seats.round)
    scores = {t.table: (3, 7) if t.b[0] in wins else (7, 3) for t in seats.tables}
    builder.scores(db, event, seats.round, scores, clock)


def preliminaries(db: Database, clock, teams: int = 17, rules: str = "bid-whist") -> str:
    """A bid whist night to the end of round 3, every round closed but the last: at each
    table the lower number wins, 1000 + n² to n² (n: the team's number), so no two teams
    stand level."""
    event = builder.event(db, clock, rules, name="Whist night", entrants=teams, paid_cents=4000)
    builder.draw(db, event, clock, seed=17)
    for number in (1, 2, 3):
        seats = builder.publish(db, event, number, clock)
        rounds.start_round(Desk(db, event, clock), number)
        scores = {t.table: prelim_score(t.a[0], t.b[0]) for t in seats.tables}
        builder.scores(db, event, number, scores, clock)
        if number < 3:
            rounds.close_round(Desk(db, event, clock), number)
    return event


def prelim_score(a: int, b: int) -> tuple[int, int]:
    return (1000 + a * a, b * b) if a < b else (a * a, 1000 + b * b)


def seeds(db: Database, event: str) -> dict[int, int]:
    """Seed -> team, from the standings after the preliminaries."""
    table = results.standings(db, event)
    return {place: row.number for place, row in enumerate(table.rows, start=1)}


def test_a_17_team_night_plays_its_playoffs_to_the_final(db, clock) -> None:
    event = preliminaries(db, clock)
    before = results.standings(db, event).to_json()
    with pytest.raises(UserError) as caught:
        seating_service.seating(db, event, 5)
    assert str(caught.value) == "round 5 cannot be seated yet: round 4 is not seated yet"

    # closing the last preliminary round publishes the bracket from the cut
    closed = rounds.close_round(Desk(db, event, clock), 3)
    seed = seeds(db, event)
    fourth = closed.next_seating
    assert fourth is not None and fourth.byes == ()
    assert [(t.table, t.a[0], t.b[0]) for t in fourth.tables] == [
        (n, seed[a], seed[b]) for n, (a, b) in enumerate(BRACKET, start=1)
    ]
    assert seed[17] not in fourth.entrants  # 16 of 17 advance
    assert seating_service.seating(db, event, 4) == fourth
    assert playoffs.playoff_round(db, event, 4).name == "round of 16"
    assert playoffs.playoff_round(db, event, 3) is None  # a preliminary round

    with pytest.raises(UserError) as caught:
        seating_service.seating(db, event, 5)
    assert str(caught.value) == (
        "round 5 cannot be seated yet: no result for tables 1, 2, 3, 4, 5, 6, 7, 8"
    )
    play(db, event, fourth, clock, wins=set())  # every better seed wins
    quarter = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert quarter is not None and quarter.round == 5
    assert [(t.a[0], t.b[0]) for t in quarter.tables] == [
        (seed[1], seed[8]), (seed[4], seed[5]), (seed[2], seed[7]), (seed[3], seed[6])
    ]  # fmt: skip
    assert playoffs.playoff_round(db, event, 5).name == "quarter-final"

    play(db, event, quarter, clock, wins={seed[5]})  # seed 5 beats seed 4
    semi = rounds.close_round(Desk(db, event, clock), 5).next_seating
    assert semi is not None
    assert [(t.a[0], t.b[0]) for t in semi.tables] == [(seed[1], seed[5]), (seed[2], seed[3])]
    assert playoffs.playoff_round(db, event, 6).name == "semi-final"
    assert results.payouts(db, event).provisional

    play(db, event, semi, clock, wins=set())
    final = rounds.close_round(Desk(db, event, clock), 6).next_seating
    assert final is not None and [(t.a[0], t.b[0]) for t in final.tables] == [(seed[1], seed[2])]
    assert playoffs.playoff_round(db, event, 7).name == "final"

    play(db, event, final, clock, wins={seed[2]})  # seed 2 wins the final
    closed = rounds.close_round(Desk(db, event, clock), 7)
    assert closed.next_seating is None
    assert closed.seating_note == f"the playoffs are over: team {seed[2]} won"
    for number in (8, 9):
        with pytest.raises(UserError) as caught:
            seating_service.seating(db, event, number)
        assert str(caught.value) == f"round: the playoffs are over: team {seed[2]} won"
    with pytest.raises(UserError, match="the playoffs are over"):
        seating_service.publish_seating(Desk(db, event, clock), 8)

    # the standings stay those of the preliminaries; the playoffs pay
    assert results.standings(db, event).to_json() == before
    paid = results.payouts(db, event)
    assert not paid.provisional and paid.undecided == ()
    # $680: 50% $340, 30% $204, 20% $136; the semi-final losers (seeds 5 and 3) share 3rd
    # and 4th: $136 between them
    assert [(p.place, p.number, p.amount_cents) for p in paid.prizes] == sorted(
        [(1, seed[2], 34_000), (2, seed[1], 20_400), (3, seed[3], 6800), (3, seed[5], 6800)],
        key=lambda p: (p[0], p[1]),
    )
    assert sum(p.amount_cents for p in paid.prizes) == paid.pool_cents == 68_000


def test_a_playoff_sheet_is_a_bid_whist_game_that_must_have_a_winner(db, clock) -> None:
    event = preliminaries(db, clock)
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None
    rounds.start_round(Desk(db, event, clock), 4)
    table = fourth.tables[0]
    signed = builder.signers(db, event, 4, table.table)
    with pytest.raises(UserError, match=r"^round 4, table 1: winner: the game is level at 5 to 5"):
        sheets.submit_sheet(Desk(db, event, clock), 4, 1, final_score=(5, 5), signatures=signed)
    hands = [
        {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}},
        {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 3, "B": 10}},
        {"bidder": "A", "bid": 5, "kind": "no", "books": {"A": 11, "B": 2}},
        {"bidder": "B", "bid": 5, "kind": "no", "books": {"A": 2, "B": 11}},
        {"bidder": "B", "bid": 4, "kind": "special", "books": {"A": 3, "B": 10}},  # the fifth
    ]
    done = sheets.submit_sheet(Desk(db, event, clock), 4, 1, hands=hands, signatures=signed)
    assert (done.score_a, done.score_b) == (9, 9)  # the fifth hand decides, is not added
    assert seating_service.seating(db, event, 4).tables[0] == table
    game = next(g for g in results_event(db, event).round(4).games if g.table == 1)
    assert game.won_by() == "b"


def results_event(db: Database, event: str) -> Event:
    """The event as its exported file says."""
    return parse_event(export_event(db, event), lookup)


def test_a_tie_at_the_cut_line_waits_for_its_play_off_hand(db, clock) -> None:
    event = builder.event(db, clock, "bid-whist", entrants=17)
    builder.draw(db, event, clock, seed=5)
    for number in (1, 2, 3):
        seats = builder.publish(db, event, number, clock)
        builder.scores(db, event, number, {t.table: (3, 3, "a") for t in seats.tables}, clock)
        if number < 3:
            rounds.close_round(Desk(db, event, clock), number)
    byes = sorted(b for n in (1, 2, 3) for b in seating_service.seating(db, event, n).byes)
    closed = rounds.close_round(Desk(db, event, clock), 3)
    assert closed.next_seating is None
    assert closed.seating_note == (
        "round 4's seating cannot be made yet: the cut after round 3 is tied between "
        f"{byes[0]}, {byes[1]} and {byes[2]}: record the play-off hands first"
    )
    # the director records the one-hand play-offs: the lowest number loses both
    builder.tiebreak(db, event, 3, byes[1], byes[0], "a", clock)
    builder.tiebreak(db, event, 3, byes[2], byes[0], "a", clock)
    fourth = builder.publish(db, event, 4, clock)
    assert byes[0] not in fourth.entrants and {byes[1], byes[2]} <= set(fourth.entrants)


def test_byes_go_to_the_top_seeds(db, clock, tmp_path: Path) -> None:
    text = Path(load_rules("bid-whist").source_path).read_text(encoding="utf-8")
    text = text.replace("{ min_entrants = 9, advance = 8 }", "{ min_entrants = 9, advance = 6 }")
    rules_file = tmp_path / "six-whist.toml"
    rules_file.write_text(text.replace('id = "bid-whist"', 'id = "six-whist"'), "utf-8")
    event = preliminaries(db, clock, teams=12, rules=str(rules_file))
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    seed = seeds(db, event)
    assert fourth is not None
    # 6 teams in a bracket of 8: seeds 1 and 2 sit out the first playoff round
    assert fourth.byes == (seed[1], seed[2])
    assert [(t.a[0], t.b[0]) for t in fourth.tables] == [(seed[4], seed[5]), (seed[3], seed[6])]
    assert [str(m) for m in bracket_of([seed[n] for n in range(1, 7)])][0].endswith("has a bye")
    assert playoffs.playoff_round(db, event, 4).name == "quarter-final"
    play(db, event, fourth, clock, wins=set())
    semi = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert semi is not None and semi.byes == ()
    assert [(t.a[0], t.b[0]) for t in semi.tables] == [(seed[1], seed[4]), (seed[2], seed[3])]


def test_a_playoff_close_can_be_undone_until_the_next_round_starts(db, clock) -> None:
    event = preliminaries(db, clock)
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None
    play(db, event, fourth, clock, wins=set())
    rounds.close_round(Desk(db, event, clock), 4)
    reopened = rounds.reopen_round(Desk(db, event, clock), 4)
    assert reopened.unpublished == 5
    with pytest.raises(UserError, match="round 5's seating is not published yet"):
        rounds.start_round(Desk(db, event, clock), 5)
    assert rounds.close_round(Desk(db, event, clock), 4).next_seating is not None
    rounds.start_round(Desk(db, event, clock), 5)


def test_a_warning_in_a_playoff_round_is_a_loss_of_hand_at_once(db, clock) -> None:
    event = preliminaries(db, clock)
    rounds.close_round(Desk(db, event, clock), 3)
    team = seating_service.seating(db, event, 4).tables[0].a[0]
    assert warnings.log_warning(Desk(db, event, clock), 4, team, "talking").kind == "loss-of-hand"
    with pytest.raises(UserError, match="round: round 5's seating is not published yet"):
        warnings.log_warning(Desk(db, event, clock), 5, team, "talking")


def test_closing_gins_cut_round_publishes_the_final(db, clock) -> None:
    event = builder.event(db, clock, "house-gin", entrants=6)
    builder.draw(db, event, clock, seed=3)
    first = builder.publish(db, event, 1, clock)
    scores = {t.table: (100 + 10 * t.a[0], 100 + 10 * t.b[0]) for t in first.tables}
    builder.scores(db, event, 1, scores, clock)
    assert rounds.close_round(Desk(db, event, clock), 1).next_seating is None  # not a progressive
    second = builder.publish(db, event, 2, clock)
    builder.scores(db, event, 2, scores, clock)
    closed = rounds.close_round(Desk(db, event, clock), 2)
    final = closed.next_seating
    assert final is not None and final.round == 3
    assert sorted(final.entrants) == [3, 4, 5, 6] and second.round == 2  # 60% of 6: 4 advance
    assert final == seating_service.seating(db, event, 3)
    rounds.start_round(Desk(db, event, clock), 3)
    assert rounds.close_round(Desk(db, event, clock), 3, missing_ok=(1, 2)).next_seating is None


def test_an_amendment_that_would_change_who_meets_whom_is_refused(db, clock) -> None:
    event = preliminaries(db, clock)
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None
    play(db, event, fourth, clock, wins=set())
    fifth = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert fifth is not None
    table = fourth.tables[0]
    with pytest.raises(UserError) as caught:
        sheets.amend_sheet(
            Desk(db, event, clock), 4, 1, score=(3, 7), director="Dee", reason="misread",
        )  # fmt: skip
    assert str(caught.value).startswith(
        "score: the playoff rounds seated so far would no longer follow from the results "
        f"(round 5, table 1: teams {table.a[0]} and {fifth.tables[0].b[0]} do not meet in "
        "playoff round 2); reopen the round before them to seat them again"
    )
    assert sheets.table_sheet(db, event, 4, 1).game.amendments == ()  # nothing recorded
    # a score that keeps the winner stands; so does a preliminary one that keeps the cut
    sheets.amend_sheet(
        Desk(db, event, clock), 4, 1, score=(8, 3), director="Dee", reason="misread",
    )  # fmt: skip
    prelim = seating_service.seating(db, event, 1).tables[0]
    a, b = prelim_score(prelim.a[0], prelim.b[0])
    more = (a + 2, b) if a > b else (a, b + 2)  # the winner 2 more: no place changes
    sheets.amend_sheet(Desk(db, event, clock), 1, 1, score=more, director="Dee", reason="sum")
    # reopened, the quarter-finals are taken back; the amendment goes in; they are seated anew
    assert rounds.reopen_round(Desk(db, event, clock), 4).unpublished == 5
    sheets.amend_sheet(
        Desk(db, event, clock), 4, 1, score=(3, 7), director="Dee", reason="misread",
    )  # fmt: skip
    again = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert again is not None and again.tables[0].b == table.b  # seed 16 goes on, as side b
    assert table.a[0] not in again.entrants


def test_a_team_that_withdraws_in_the_playoffs_leaves_the_bracket_as_it_was(db, clock) -> None:
    event = preliminaries(db, clock)
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None
    loser = fourth.tables[0].b[0]
    rounds.start_round(Desk(db, event, clock), 4)  # the playoffs have begun
    builder.withdraw(db, event, loser, clock)  # it goes home; its opponents win the match
    assert seating_service.seating(db, event, 4) == fourth
    scores = {t.table: (7, 3) for t in fourth.tables}
    builder.scores(db, event, 4, scores, clock)
    fifth = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert fifth is not None and loser not in fifth.entrants
    assert results.payouts(db, event).provisional


def test_a_preliminary_amendment_that_would_change_the_cut_is_refused(db, clock) -> None:
    event = preliminaries(db, clock)
    rounds.close_round(Desk(db, event, clock), 3)
    last = seeds(db, event)[17]  # out at the cut
    number, table = next(
        (n, t)
        for n in (1, 2, 3)
        for t in seating_service.seating(db, event, n).tables
        if last in t.entrants
    )
    a, b = prelim_score(table.a[0], table.b[0])
    flipped = (b, a)  # the team out at the cut wins that game after all
    with pytest.raises(UserError, match="^score: the playoff rounds seated so far would no lo"):
        sheets.amend_sheet(
            Desk(db, event, clock), number, table.table, score=flipped, director="Dee",
            reason="misread",
        )  # fmt: skip
    rounds.reopen_round(Desk(db, event, clock), 3)  # the bracket is taken back: now it goes in
    sheets.amend_sheet(
        Desk(db, event, clock), number, table.table, score=flipped, director="Dee",
        reason="misread",
    )  # fmt: skip
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None and last in fourth.entrants
