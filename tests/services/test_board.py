"""The Rounds board: the round being played, who sits at each table, each sheet's state."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import board as board_service
from clubdesk.services import sheets
from tests import builder


@pytest.fixture
def event(db, clock) -> str:
    """Seven Grand Prix teams named ``Team n``: three tables and a bye, round 1 published."""
    event = builder.event(
        db, clock, entrants=7, players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"],
        entrant_name=lambda n: f"Team {n}",
    )  # fmt: skip
    builder.draw(db, event, clock, seed=3)
    builder.publish(db, event, 1, clock)
    return event


def test_no_round_published_is_an_empty_board(db, clock):
    event = builder.event(db, clock, entrants=4)
    shown = board_service.board(db, event)
    assert shown.round_number is None
    assert shown.tables == () and shown.count_text == "0 of 0 sheets in"


def test_before_round_one_starts_the_board_shows_round_one(db, clock, event):
    shown = board_service.board(db, event)
    assert (shown.round_number, shown.status, shown.rounds) == (1, "pending", 11)
    assert [t.table for t in shown.tables] == [1, 2, 3]
    assert all(t.state == "waiting" for t in shown.tables)
    seated = [s for t in shown.tables for s in (*t.a, *t.b)] + list(shown.byes)
    assert sorted(s.number for s in seated) == list(range(1, 8))
    assert all(s.name == f"Team {s.number}" for s in seated)
    assert len(shown.byes) == 1
    assert shown.count_text == "0 of 3 sheets in"


def test_sheets_in_are_counted_and_an_amended_one_is_marked(db, clock, event):
    builder.start(db, event, 1, clock)
    builder.scores(db, event, 1, {1: (520, 300), 3: (410, 500)}, clock)
    sheets.amend_sheet(db, event, 1, 3, score=(420, 500), director="Dee Rector",
                       reason="added wrong", clock=clock)  # fmt: skip
    shown = board_service.board(db, event)
    assert {t.table: t.state for t in shown.tables} == {1: "submitted", 2: "waiting", 3: "amended"}
    assert shown.status == "running"
    assert shown.missing == (2,)
    assert shown.count_text == "2 of 3 sheets in"


def test_the_board_follows_the_last_round_started(db, clock, event):
    builder.start(db, event, 1, clock)
    builder.scores(db, event, 1, {1: (520, 300), 2: (300, 520), 3: (410, 500)}, clock)
    builder.close(db, event, 1, clock)  # its clock ends with it
    builder.publish(db, event, 2, clock)
    assert board_service.board(db, event).round_number == 1  # round 2 not started yet
    assert board_service.board(db, event).next_published
    builder.start(db, event, 2, clock)
    shown = board_service.board(db, event)
    assert (shown.round_number, shown.status, shown.sheets_in) == (2, "running", 0)
    assert board_service.board(db, event, 1).status == "closed"


def test_a_round_not_published_is_refused(db, clock, event):
    with pytest.raises(UserError, match="round 4's seating is not published"):
        board_service.board(db, event, 4)
