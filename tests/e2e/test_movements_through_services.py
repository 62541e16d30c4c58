"""Every format's movement, a whole night through the services the window uses.

For each format: register, draw, then for every round publish the seating,
check that every active entrant is seated exactly once or has a bye, start
the round, submit every table's signed sheet and close the round; at the end
compute the standings. Scores are made up from a seeded ``random.Random``
(or, in places, played hand by hand from the sample hands), so each night is
the same every run.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any

import pytest

from clubdesk.domain.games.samples import sample_game
from clubdesk.domain.results.standings import average_winning_score
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.services import draw, events, registration, results, rounds, sheets
from clubdesk.services import entrants as entrants_service
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from clubdesk.store import eventfile as event_store
from clubdesk.store.db import Database
from tests import builder

NIGHT = dt.date(2024, 3, 9)
Score = Callable[[random.Random, int, TableSeating], tuple[int, int] | list[dict[str, Any]]]


class Night:
    """One event played through the services."""

    def __init__(self, db: Database, clock, rules_id: str, entrants: int, seed: int):
        self.db, self.clock, self.rng = db, clock, random.Random(seed)
        self.event = events.create_event(
            Desk(db, None, clock), events.NewEvent(rules_id, NIGHT, "Clubhouse", rules_id)
        ).id
        self.rules: Rules = events.event_rules(db, self.event)
        self.seatings: dict[int, RoundSeating] = {}
        self.published: dict[int, RoundSeating] = {}  # by closing the round before
        fee = self.rules.money.entry_fee_cents
        builder.roster(db, self.event, clock, entrants, players=self.players, paid_cents=fee)
        info = draw.make_draw(Desk(db, self.event, clock), seed)
        assert sorted(info.draw.entrants) == list(range(1, entrants + 1))

    def players(self, number: int) -> list[str]:
        if self.rules.unit == "team":
            return [f"North {number}", f"South {number}"]
        return [f"Player {number}"]

    def register(self) -> int:
        """A late entry: the next number, paid."""
        number = len(entrants_service.list_entrants(self.db, self.event)) + 1
        fee = self.rules.money.entry_fee_cents
        new = registration.RegisterEntrant(players=self.players(number), paid_cents=fee)
        return registration.register(Desk(self.db, self.event, self.clock), new).number

    def withdraw(self, number: int) -> None:
        registration.withdraw(Desk(self.db, self.event, self.clock), number, "went home")

    def active(self) -> list[int]:
        found = entrants_service.list_entrants(self.db, self.event)
        return [e.number for e in found if e.status == "active"]

    def play(
        self, number: int, score: Score, *, expected: list[int] | None = None, close: bool = True
    ) -> RoundSeating:
        """Publish (unless closing the last round did), check, start, submit every sheet and
        close round ``number`` (``close`` False: leave it open)."""
        seats = self.published.pop(number, None)
        if seats is None:
            seats = seating_service.publish_seating(
                Desk(self.db, self.event, self.clock), number
            ).seating
        stored = seating_service.seating(
            self.db, self.event, number
        )  # the partner draw is not stored
        assert stored.to_json() == seats.to_json()
        everyone = sorted([*seats.seated, *seats.byes])
        assert everyone == (self.active() if expected is None else sorted(expected))
        rounds.start_round(Desk(self.db, self.event, self.clock), number)
        for table in seats.tables:
            self.clock.advance(minutes=1)
            given = score(self.rng, number, table)
            done = sheets.submit_sheet(
                Desk(self.db, self.event, self.clock),
                number,
                table.table,
                **({"hands": given} if isinstance(given, list) else {"final_score": given}),
                signatures=builder.signers(self.db, self.event, number, table.table),
            )
        assert (done.sheets_in, done.sheets_total) == (len(seats.tables), len(seats.tables))
        self.seatings[number] = seats
        if close:
            self.close(number)
        return seats

    def close(self, number: int) -> None:
        """Close round ``number``; the next round is published by it where it follows from
        this round's results (a progressive movement, gin's final, bid whist's playoffs)
        and can be made (no tie at a cut line, not after the final)."""
        closed = rounds.close_round(Desk(self.db, self.event, self.clock), number)
        if seating_service.follows_from(self.rules, number) and not closed.seating_note:
            assert closed.next_seating is not None and closed.next_seating.round == number + 1
            self.published[number + 1] = closed.next_seating
        else:
            assert closed.next_seating is None

    def standings(self, after_round: int | None = None):
        return results.standings(self.db, self.event, after_round)


def differing(low: int, high: int) -> Score:
    """Two different scores: progressive movements need a winner at every table."""

    def score(rng: random.Random, _number: int, _table: TableSeating) -> tuple[int, int]:
        a, b = rng.sample(range(low, high), 2)
        return a, b

    return score


def bye_check(night: Night, final: int) -> None:
    """Every bye scored the round's bye score (average-winning in these formats)."""
    event = event_store_event(night)
    table = night.standings(final)
    for number, seats in night.seatings.items():
        average = average_winning_score(event.round(number))
        for entrant in seats.byes:
            assert table.row(entrant).rounds[number - 1] == average


def event_store_event(night: Night):
    with night.db.session() as session:
        return event_store.load_event(session, night.event, results_only=True)


# --- Grand Prix: stationary N/S, rotating E/W ------------------------------------------------


@pytest.mark.parametrize("teams", [15, 16])
def test_grand_prix_with_a_team_withdrawn_after_round_4(db, clock, teams: int):
    night = Night(db, clock, "grand-prix-pinochle", teams, seed=teams)
    rules = night.rules

    def score(rng: random.Random, number: int, _table: TableSeating):
        if number == 1:
            return sample_game(rules, rng)  # round 1 is played hand by hand
        return (rng.randrange(200, 700), rng.randrange(200, 700))

    for number in range(1, 5):
        seats = night.play(number, score)
        assert len(seats.byes) == teams % 2
    leaving = night.seatings[4].tables[1].a[0]  # an N/S team
    night.withdraw(leaving)
    for number in range(5, 12):
        seats = night.play(number, score)
        assert leaving not in seats.entrants
        # the withdrawn team's visitor sits out, and so does whoever is on the bye station
        assert len(seats.byes) == 1 + teams % 2
        assert 2 not in [t.table for t in seats.tables]
    table = night.standings()
    assert table.after_round == 11
    assert sorted(r.number for r in table.rows) == list(range(1, teams + 1))
    assert table.row(leaving).rounds[4:] == (0,) * 7
    assert len(table.row(leaving).dropped) == 1
    bye_check(night, 11)


# --- NPA: winners stay, losers move up -------------------------------------------------------


def test_npa_with_a_withdrawal_and_a_late_entry(db, clock):
    night = Night(db, clock, "npa-club-pinochle", 12, seed=3)
    score = differing(-60, 600)
    night.play(1, score)
    second = night.play(2, score, close=False)
    leaving = second.tables[0].b[1]
    night.withdraw(leaving)  # before the close seats round 3
    night.close(2)
    third = night.play(3, score, close=False)  # 11 players: two tables, three sit out
    assert len(third.tables) == 2 and len(third.byes) == 3
    late = night.register()  # 12 again: the closed table opens for the late entry
    assert late == 13
    night.close(3)
    fourth = night.play(4, score)
    assert len(fourth.tables) == 3 and fourth.byes == ()
    assert set(fourth.tables[2].entrants) == {*third.byes, late}
    for number in (5, 6):
        assert night.play(number, score).byes == ()
    table = night.standings()
    assert table.after_round == 6
    assert table.row(late).rounds[:3] == (0, 0, 0)  # not seated before round 4
    assert table.row(leaving).rounds[2:] == (0, 0, 0, 0)
    assert sum(len(s.byes) for s in night.seatings.values()) == 3
    bye_check(night, 6)  # the three who sat out scored the round's average winning score


# --- Sun City West: winners down, partners split ---------------------------------------------


def test_sun_city_west_16_players(db, clock):
    night = Night(db, clock, "sun-city-west-pinochle", 16, seed=4)
    score = differing(-30, 120)
    previous = None
    for number in range(1, 7):
        seats = night.play(number, score)
        assert len(seats.tables) == 4 and seats.byes == ()
        if previous is not None:  # table 1's winners stayed, split up
            first = previous.table(1)
            won = first.a if first.a in _winning_sides(night, number - 1) else first.b
            assert {seats.table(1).a[0], seats.table(1).b[0]} == set(won)
        previous = seats
    table = night.standings()
    assert table.after_round == 6 and len(table.rows) == 16


def _winning_sides(night: Night, number: int) -> list[tuple[int, ...]]:
    event = event_store_event(night)
    sides = []
    for game in event.round(number).games:
        side = game.won_by()
        assert side is not None
        sides.append(game.side(side))
    return sides


# --- house gin: random pairs, the cut, the final ---------------------------------------------


def test_house_gin_9_players_through_the_cut_to_the_final(db, clock):
    night = Night(db, clock, "house-gin", 9, seed=9)

    def score(rng: random.Random, number: int, _table: TableSeating):
        top = 300 if number < 3 else 450
        return (rng.randrange(0, top), rng.randrange(0, top))

    first = night.play(1, score)
    second = night.play(2, score)
    assert len(first.byes) == 1 and second.tables == first.tables and second.byes == first.byes
    cut = night.standings(2)
    advancing = [r.number for r in cut.rows[:5]]  # 60% of 9, rounded: 5
    assert cut.rows[4].place < cut.rows[5].place  # no tie at the line
    final = night.play(3, score, expected=advancing)
    assert len(final.tables) == 2 and len(final.byes) == 1
    table = night.standings()
    assert table.after_round == 3
    for row in table.rows:
        if row.number in advancing:  # each finalist played the final or had its bye
            assert row.absent == () and (row.number in final.byes) == (3 in row.byes)
        else:
            assert row.rounds[2] == 0 and row.absent == (3,)
    bye = final.byes[0]
    scores = [s for g in event_store_event(night).round(3).games for s in (g.score.a, g.score.b)]
    assert table.row(bye).rounds[2] == (2 * sum(scores) + len(scores)) // (2 * len(scores))


# --- bid whist: preliminaries and the playoff bracket ----------------------------------------


def test_bid_whist_17_teams_to_the_playoff_bracket(db, clock):
    night = Night(db, clock, "bid-whist", 17, seed=17)

    def score(rng: random.Random, _number: int, table: TableSeating) -> tuple[int, int]:
        # the lower the team number the stronger the team; never a tie
        return (
            10 * (18 - table.a[0]) + rng.randrange(10),
            10 * (18 - table.b[0]) + rng.randrange(10),
        )

    for number in (1, 2, 3):
        seats = night.play(number, score)
        assert len(seats.tables) == 8 and len(seats.byes) == 1
    table = night.standings()
    assert table.after_round == 3
    order = [r.number for r in table.rows]
    matches = seating_service.playoff_bracket(db, night.event)
    assert len(matches) == 8
    seeded = {m.seed_a: m.a for m in matches} | {m.seed_b: m.b for m in matches}
    assert [seeded[s] for s in range(1, 17)] == order[:16]
    assert order[16] not in seeded.values()
    assert all(m.seed_a + m.seed_b == 17 for m in matches)  # 1 v 16, 8 v 9, ...
    three_wins = [r.number for r in table.rows if r.wins == 3]
    assert three_wins and order[: len(three_wins)] == three_wins  # seeded first
