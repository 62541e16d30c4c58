"""Nights with a tie-break due, and a bid whist night played to its final, built through the
services as a director builds them (``tests/builder.py``).

Gin: ten players, each scoring 100 + 10 x their number in both starting matches, except
player 4, who scores 150 as player 5 does: 10, 9, 8, 7 and 6 are sure of the final (60% of
10 = 6 advance), and 4 and 5 are level on 300 across the cut.
"""

from __future__ import annotations

from clubdesk.services import rounds, tiebreaks
from clubdesk.services.command import Desk
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource
from tests import builder
from tests.services.test_playoff_rounds import play, preliminaries


def starting_score(number: int) -> int:
    return 150 if number == 4 else 100 + 10 * number


def gin_cut_tie(db: Database, clock: TimeSource) -> str:
    """Both starting rounds played: players 4 and 5 tied at 300 across the cut; the event."""
    event = builder.event(db, clock, "house-gin", name="Gin night", entrants=10,
                          paid_cents=3000)  # fmt: skip
    builder.draw(db, event, clock, seed=3)
    for number in (1, 2):
        seats = builder.publish(db, event, number, clock)
        scores = {t.table: (starting_score(t.a[0]), starting_score(t.b[0])) for t in seats.tables}
        builder.scores(db, event, number, scores, clock)
    return event


def gin_final_tie(db: Database, clock: TimeSource) -> str:
    """On from ``gin_cut_tie``: player 4 wins the sudden death (301) and the final is played,
    players 9 and 10 ending level on 1000 for 1st, everyone else scoring 0 in it."""
    event = gin_cut_tie(db, clock)
    tiebreaks.break_tie(Desk(db, event, clock), [4, 5], 4)
    final = builder.publish(db, event, 3, clock)
    target = {10: 600, 9: 620}
    scores = {t.table: (target.get(t.a[0], 0), target.get(t.b[0], 0)) for t in final.tables}
    builder.scores(db, event, 3, scores, clock)
    return event


def whist_final(db: Database, clock: TimeSource) -> str:
    """Eight bid whist teams: the top four go to the semi-finals (1 v 4, 2 v 3 by seed), seed
    3 beats seed 2, and seed 3 beats seed 1 in the final; the event."""
    event = preliminaries(db, clock, teams=8)
    semi = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert semi is not None
    play(db, event, semi, clock, wins={semi.tables[1].b[0]})
    final = rounds.close_round(Desk(db, event, clock), 4).next_seating
    assert final is not None
    play(db, event, final, clock, wins={final.tables[0].b[0]})
    rounds.close_round(Desk(db, event, clock), 5)
    return event
