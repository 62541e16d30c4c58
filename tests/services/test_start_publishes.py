"""Starting a round publishes its seating when it is not published yet and can be made:
the window has no other step between the draw (or a close) and the start."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import draw, rounds
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk, list_audit
from tests import builder


def test_round_one_starts_straight_after_the_draw(db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event, clock, seed=3)
    started = rounds.start_round(Desk(db, event, clock), 1)
    assert started.changes == Change.CLOCK | Change.SEATING
    assert draw.draw_overview(db, event).published_rounds == (1,)
    assert [a.action for a in list_audit(db)[-2:]] == ["seating.publish", "round.start"]


def test_a_stationary_movements_next_round_starts_after_the_close(db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event, clock, seed=3)
    seats = builder.publish(db, event, 1, clock)
    assert (
        rounds.start_round(Desk(db, event, clock), 1).changes == Change.CLOCK
    )  # published already
    builder.scores(db, event, 1, {t.table: (300, 200) for t in seats.tables}, clock)
    rounds.close_round(Desk(db, event, clock), 1)
    clock.advance(minutes=75)
    rounds.start_round(Desk(db, event, clock), 2)
    assert seating_service.seating(db, event, 2).round == 2
    assert draw.draw_overview(db, event).published_rounds == (1, 2)


def test_a_progressive_round_is_seated_by_the_close_not_by_the_start(db, clock) -> None:
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event, clock, seed=3)
    seats = builder.publish(db, event, 1, clock)
    rounds.start_round(Desk(db, event, clock), 1)
    with pytest.raises(UserError, match="round 2's seating is not published yet$"):
        rounds.start_round(Desk(db, event, clock), 2)
    assert draw.draw_overview(db, event).published_rounds == (1,)  # nothing left behind
    assert len(seats.tables) == 3


def test_a_round_two_ahead_is_still_refused(db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event, clock, seed=3)
    with pytest.raises(UserError, match="round 3's seating is not published yet$"):
        rounds.start_round(Desk(db, event, clock), 3)
