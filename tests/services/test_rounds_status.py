"""Rounds in every format, with or without a clock (docs/cli.md, ``round status``): each
round's state, tables and sheets in, and which round may start."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.errors import UserError
from clubdesk.services import roundclock as clock_service
from clubdesk.services import rounds
from clubdesk.services.command import Desk
from tests import builder


def states(db, event_id: str) -> list[tuple[int, str, int, int]]:
    found = rounds.status(db, event_id)
    return [(r.number, r.state, r.tables, r.sheets_in) for r in found.rounds]


def test_an_npa_night_goes_pending_seated_started_closed(db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12,
                             players=lambda n: [f"Player{n} Smith"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    found = rounds.status(db, event_id)
    assert not found.clock
    assert found.startable == 1 and found.current is None
    assert states(db, event_id)[:2] == [(1, "pending", 0, 0), (2, "pending", 0, 0)]
    rounds.start_round(Desk(db, event_id, clock), 1)
    assert states(db, event_id)[:2] == [(1, "started", 3, 0), (2, "pending", 0, 0)]
    assert rounds.status(db, event_id).startable is None  # round 1 is not closed
    builder.scores(db, event_id, 1, {1: (300, 250), 2: (310, 250)}, clock)
    assert states(db, event_id)[0] == (1, "started", 3, 2)
    builder.scores(db, event_id, 1, {3: (320, 250)}, clock)
    clock.advance(dt.timedelta(hours=1))
    rounds.close_round(Desk(db, event_id, clock), 1)
    found = rounds.status(db, event_id)
    assert [(r.number, r.state) for r in found.rounds[:3]] == [
        (1, "closed"), (2, "seated"), (3, "pending")]  # fmt: skip
    assert found.startable == 2
    assert found.current.started_at == dt.datetime(2024, 3, 9, 9, 30, tzinfo=clock.now().tzinfo)
    assert found.current.ended_at == clock.now()  # its close
    assert found.to_json()["rounds"][0] == {
        "round": 1, "title": "Round 1", "state": "closed", "tables": 3, "sheets_in": 3}  # fmt: skip


def test_without_a_clock_nothing_but_the_close_ends_a_round(db, clock) -> None:
    """Bid whist's preliminaries are stationary: round 2 could be seated while round 1 is
    played, but only round 1's close lets it start."""
    event_id = builder.event(db, clock, "bid-whist", entrants=8,
                             players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    rounds.start_round(Desk(db, event_id, clock), 1)
    assert rounds.status(db, event_id).startable is None
    with pytest.raises(UserError, match="round 1 is still being played; close it before "
                       "starting round 2"):  # fmt: skip
        rounds.start_round(Desk(db, event_id, clock), 2)


def test_with_a_clock_the_next_round_may_start_once_the_clock_has_ended(db, clock) -> None:
    """The clock never waits for paperwork (docs/cli.md)."""
    event_id = builder.event(db, clock, entrants=8)
    builder.draw(db, event_id, clock, seed=3)
    rounds.start_round(Desk(db, event_id, clock), 1)
    found = rounds.status(db, event_id)
    assert found.clock and found.startable is None
    clock.advance(dt.timedelta(minutes=61))
    clock_service.end(Desk(db, event_id, clock))
    assert rounds.status(db, event_id).startable == 2  # no sheet in yet


def test_a_round_started_afterwards_from_paper_keeps_its_time(db, clock) -> None:
    event_id = builder.event(db, clock, "sun-city-west-pinochle", entrants=8,
                             players=lambda n: [f"Player{n} Smith"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    earlier = clock.now() - dt.timedelta(hours=2)
    rounds.start_round(Desk(db, event_id, clock), 1, at=earlier)
    assert rounds.status(db, event_id).current.started_at == earlier
    with pytest.raises(UserError, match=r"at: 7:00 AM is before the clock's last recorded "
                       r"change \(7:30 AM\)"):  # fmt: skip
        rounds.close_round(
            Desk(db, event_id, clock), 1, missing_ok=(1, 2), at=earlier - dt.timedelta(minutes=30)
        )
