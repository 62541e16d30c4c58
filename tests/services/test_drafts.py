"""A score sheet being typed is kept as a draft (services/drafts.py): saved again after
every hand, read back, gone once the sheet is submitted, never kept for a submitted sheet."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from clubdesk.errors import UserError
from clubdesk.services import drafts
from clubdesk.services.command import Desk
from tests import builder

HAND = {"bidder": "A", "bid": 50, "meld": {"A": 20, "B": 20}, "tricks": {"A": 30, "B": 20}}


@pytest.fixture
def seated(db, clock) -> str:
    event_id = builder.event(db, clock, entrants=4)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    return event_id


def test_a_draft_is_saved_again_after_every_hand_and_read_back(db, clock, seated) -> None:
    assert drafts.table_draft(db, seated, 1, 1) is None
    drafts.save_draft(Desk(db, seated, clock), 1, 1, [HAND])
    clock.advance(dt.timedelta(minutes=4))
    drafts.save_draft(Desk(db, seated, clock), 1, 1, [HAND, {**HAND, "bid": 55}])
    kept = drafts.table_draft(db, seated, 1, 1)
    assert kept is not None
    assert [h["bid"] for h in kept.hands] == [50, 55]
    assert kept.saved_at == clock.now() and kept.source == "window"
    assert drafts.table_draft(db, seated, 1, 2) is None  # each table its own


def test_submitting_the_sheet_removes_its_draft_and_no_draft_follows(db, clock, seated) -> None:
    drafts.save_draft(Desk(db, seated, clock), 1, 1, [HAND])
    builder.scores(db, seated, 1, {1: (500, 300)}, clock)
    assert drafts.table_draft(db, seated, 1, 1) is None
    with pytest.raises(UserError, match="the sheet is already submitted"):
        drafts.save_draft(Desk(db, seated, clock), 1, 1, [HAND])


def test_a_draft_holds_what_a_sheet_can(db, clock, seated) -> None:
    with pytest.raises(UserError, match="hands holds 201 \\(at most 200 hands on one sheet\\)"):
        drafts.save_draft(Desk(db, seated, clock), 1, 1, [HAND] * 201)
    with pytest.raises(UserError, match="hands: each hand is an object of its fields"):
        drafts.save_draft(Desk(db, seated, clock), 1, 1, ["bid 50"])  # type: ignore[list-item]
    with pytest.raises(UserError, match="table: round 1 has no table 9"):
        drafts.save_draft(Desk(db, seated, clock), 1, 9, [HAND])


def test_the_database_keeps_no_draft_of_a_submitted_sheet(db, clock, seated) -> None:
    builder.scores(db, seated, 1, {1: (500, 300)}, clock)
    db.close()
    raw = sqlite3.connect(db.path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="A submitted score sheet has no draft"):
            raw.execute(
                "INSERT INTO sheet_draft (game_id, hands, saved_at, source) "
                "SELECT id, '[]', '2024-03-09T09:30:00-07:00', 'window' FROM game "
                "WHERE submitted_at IS NOT NULL"
            )
    finally:
        raw.close()
