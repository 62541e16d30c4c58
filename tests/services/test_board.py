"""The Rounds board: the round being played, who sits at each table, each sheet's state."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import board as board_service
from clubdesk.services import sheets
from clubdesk.services.command import Desk
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
    sheets.amend_sheet(
        Desk(db, event, clock), 1, 3, score=(420, 500), director="Dee Rector", reason="added wrong",
    )  # fmt: skip
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


def test_a_ruling_shows_on_its_table_and_an_award_decides_the_sheet(db, clock, event):
    from clubdesk.services import rulings

    builder.start(db, event, 1, clock)
    rulings.rule_late(Desk(db, event, clock), 1, 1, "b", 7)
    rulings.remove_from_table(Desk(db, event, clock), 1, 2, "a", "abusive language")
    shown = board_service.board(db, event)
    tables = {t.table: t for t in shown.tables}
    assert tables[1].state == "waiting"
    assert tables[1].rulings == ("+100 to side A (side B 7 minutes late)",)
    assert tables[2].state == "awarded"
    assert tables[2].rulings == ("Award: side A removed from the table",)
    assert tables[3].rulings == ()
    assert shown.count_text == "1 of 3 sheets in"


def test_a_team_withdrawn_after_the_seating_is_marked_where_it_sits(db, clock, event):
    builder.start(db, event, 1, clock)
    seated = board_service.board(db, event).tables[0].b[0]
    builder.withdraw(db, event, seated.number, clock)
    shown = board_service.board(db, event)
    assert shown.tables[0].b[0].withdrawn
    assert [s.number for s in shown.withdrawn] == [seated.number]
    assert shown.unit == "team"


def test_the_rounds_count_the_sheets_in_as_the_board_does(db, clock, event):
    """The status bar counts from the rounds' status (``RoundLine``), the Rounds page from the
    board: waiting, submitted, amended, awarded and no sheet at the close, the same count."""
    from clubdesk.services import rounds, rulings

    def counted() -> tuple[str, str]:
        line = rounds.status(db, event).line(1)
        assert line is not None
        return line.count_text, board_service.board(db, event, 1).count_text

    assert counted() == ("0 of 3 sheets in",) * 2
    builder.start(db, event, 1, clock)
    builder.scores(db, event, 1, {1: (520, 300)}, clock)
    sheets.amend_sheet(
        Desk(db, event, clock), 1, 1, score=(530, 300), director="Dee Rector", reason="added wrong",
    )  # fmt: skip
    rulings.remove_from_table(Desk(db, event, clock), 1, 2, "a", "abusive language")
    assert counted() == ("2 of 3 sheets in",) * 2
    rounds.close_round(Desk(db, event, clock), 1, missing_ok=[3])
    assert board_service.board(db, event, 1).tables[2].state == "no-sheet"
    assert counted() == ("2 of 3 sheets in",) * 2
