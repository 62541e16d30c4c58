"""Closing a round: when every sheet is in, or with the missing tables named; the next
round of a progressive movement published by the close; a close undone until the next
round starts."""

from __future__ import annotations

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services import board, rounds, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk, list_audit
from clubdesk.store.models import Round
from tests import builder


def statuses(db) -> dict[int, str]:
    with db.session() as session:
        return {row.number: row.status for row in session.exec(select(Round))}


def published(db, event_id: str) -> list[int]:
    with db.session() as session:
        return sorted(row.number for row in session.exec(select(Round)))


@pytest.fixture
def warmup(db, clock) -> str:
    """A six-team warm-up (stationary N/S, rotating E/W): three tables, round 1 published."""
    event = builder.event(db, clock, "grand-prix-warmup", entrants=6)
    builder.draw(db, event, clock, seed=5)
    builder.publish(db, event, 1, clock)
    return event


@pytest.fixture
def npa(db, clock) -> str:
    """Twelve NPA players (winners stay, losers move up): three tables, round 1 published."""
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event, clock, seed=3)
    builder.publish(db, event, 1, clock)
    return event


def test_a_round_with_tables_missing_waits_for_them(db, clock, warmup) -> None:
    builder.scores(db, warmup, 1, {2: (500, 310)}, clock)
    with pytest.raises(UserError) as caught:
        rounds.close_round(Desk(db, warmup, clock), 1)
    assert str(caught.value) == (
        "round: round 1 still waits for tables 1, 3; to close it without them, name them"
    )
    with pytest.raises(UserError) as caught:
        rounds.close_round(Desk(db, warmup, clock), 1, missing_ok=[3])
    assert str(caught.value) == "tables: round 1 waits for tables 1, 3, not 3"
    with pytest.raises(UserError, match="waits for tables 1, 3, not 1, 2, 3"):
        rounds.close_round(Desk(db, warmup, clock), 1, missing_ok=[1, 2, 3])
    assert statuses(db) == {1: "running"}


def test_the_director_closes_with_the_missing_tables_named(db, clock, warmup) -> None:
    builder.scores(db, warmup, 1, {2: (500, 310)}, clock)
    closed = rounds.close_round(Desk(db, warmup, clock), 1, missing_ok=[3, 1])
    assert closed.missing == (1, 3) and closed.next_seating is None
    assert closed.changes == Change.CLOCK
    assert statuses(db) == {1: "closed"}
    last = list_audit(db)[-1]
    assert last.action == "round.close" and last.details == {"round": 1, "missing": [1, 3]}


def test_naming_missing_tables_when_every_sheet_is_in_is_refused(db, clock, warmup) -> None:
    builder.scores(db, warmup, 1, {1: (500, 310), 2: (500, 310), 3: (200, 510)}, clock)
    with pytest.raises(UserError, match="every sheet of round 1 is in; name no missing tables"):
        rounds.close_round(Desk(db, warmup, clock), 1, missing_ok=[2])
    closed = rounds.close_round(Desk(db, warmup, clock), 1)
    assert closed.missing == () and published(db, warmup) == [1]  # a fixed movement


def play_round_one(db, clock, event_id: str) -> None:
    seats = seating_service.seating(db, event_id, 1)
    builder.scores(db, event_id, 1, {t.table: (300 + t.table, 250) for t in seats.tables}, clock)


def test_closing_a_progressive_round_publishes_the_next(db, clock, npa) -> None:
    play_round_one(db, clock, npa)
    closed = rounds.close_round(Desk(db, npa, clock), 1)
    assert closed.changes == Change.CLOCK | Change.SEATING
    assert closed.next_seating is not None and closed.next_seating.round == 2
    assert seating_service.seating(db, npa, 2).to_json() == closed.next_seating.to_json()
    assert statuses(db) == {1: "closed", 2: "pending"}
    actions = [entry.action for entry in list_audit(db)[-2:]]
    assert actions == ["round.close", "seating.publish"]
    # the winners (side a everywhere) stayed at their tables
    first = seating_service.seating(db, npa, 1)
    for table in first.tables:
        assert set(table.a) <= set(closed.next_seating.table(table.table).entrants)


def test_a_progressive_round_closed_with_a_table_missing_cannot_seat_the_next(
    db, clock, npa
) -> None:
    builder.scores(db, npa, 1, {1: (400, 300), 2: (250, 300)}, clock)
    closed = rounds.close_round(Desk(db, npa, clock), 1, missing_ok=[3])
    assert closed.next_seating is None and closed.changes == Change.CLOCK
    assert closed.seating_note.startswith("round 2's seating cannot be made yet: ")
    assert "table 3" in closed.seating_note
    assert published(db, npa) == [1]


def test_undoing_a_close_takes_back_the_next_seating(db, clock, npa) -> None:
    play_round_one(db, clock, npa)
    first = rounds.close_round(Desk(db, npa, clock), 1)
    reopened = rounds.reopen_round(Desk(db, npa, clock), 1)
    assert reopened.unpublished == 2
    assert reopened.changes == Change.CLOCK | Change.SEATING
    assert statuses(db) == {1: "running"} and published(db, npa) == [1]
    last = list_audit(db)[-1]
    assert last.action == "round.reopen" and last.details == {"round": 1, "unpublished": 2}
    again = rounds.close_round(Desk(db, npa, clock), 1)  # the same results seat the same round
    assert again.next_seating is not None
    assert again.next_seating.to_json() == first.next_seating.to_json()


def test_an_amendment_after_an_undone_close_moves_the_next_seating(db, clock, npa) -> None:
    play_round_one(db, clock, npa)
    before = rounds.close_round(Desk(db, npa, clock), 1).next_seating
    rounds.reopen_round(Desk(db, npa, clock), 1)
    sheets.amend_sheet(
        Desk(db, npa, clock), 1, 1, score=(250, 301), director="Dee", reason="misread",
    )  # fmt: skip
    after = rounds.close_round(Desk(db, npa, clock), 1).next_seating
    assert before is not None and after is not None
    table_one = seating_service.seating(db, npa, 1).table(1)
    assert set(table_one.b) <= set(after.table(1).entrants)  # the new winners stay at table 1
    assert before.to_json() != after.to_json()


def test_a_close_stands_once_the_next_round_has_started(db, clock, npa) -> None:
    play_round_one(db, clock, npa)
    rounds.close_round(Desk(db, npa, clock), 1)
    rounds.start_round(Desk(db, npa, clock), 2)
    with pytest.raises(UserError) as caught:
        rounds.reopen_round(Desk(db, npa, clock), 1)
    assert str(caught.value) == "round: round 2 has started; round 1's close stands"
    assert statuses(db) == {1: "closed", 2: "running"}


def test_only_a_closed_round_is_reopened(db, clock, warmup) -> None:
    with pytest.raises(UserError, match="round: round 1 is not closed"):
        rounds.reopen_round(Desk(db, warmup, clock), 1)


def test_undoing_a_fixed_movements_close_keeps_the_next_seating(db, clock, warmup) -> None:
    builder.scores(db, warmup, 1, {1: (500, 310), 2: (500, 310), 3: (200, 510)}, clock)
    builder.publish(db, warmup, 2, clock)
    rounds.close_round(Desk(db, warmup, clock), 1)
    reopened = rounds.reopen_round(Desk(db, warmup, clock), 1)
    assert reopened.unpublished is None and reopened.changes == Change.CLOCK
    assert statuses(db) == {1: "running", 2: "pending"}


# --- a table missing at the close scores nothing (docs/rules.md is silent; see standings.py) ---


@pytest.fixture
def seven(db, clock) -> str:
    """Seven Grand Prix teams: three tables and a bye, round 1 published and running."""
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=7)
    builder.draw(db, event, clock, seed=3)
    builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    return event


def test_a_table_closed_without_its_sheet_scores_0_and_the_round_counts(db, clock, seven):
    from clubdesk.services import results

    seats = seating_service.seating(db, seven, 1)
    builder.scores(db, seven, 1, {1: (520, 300), 2: (410, 505)}, clock)
    assert results.standings(db, seven).after_round == 0  # table 3 is still out
    rounds.close_round(Desk(db, seven, clock), 1, missing_ok=[3])
    table = results.standings(db, seven)
    assert table.after_round == 1
    scores = {row.number: row.rounds[0] for row in table.rows}
    for number in seats.table(3).entrants:
        assert scores[number] == 0 and table.row(number).wins == 0
    [bye] = seats.byes
    assert scores[bye] == 513  # (520 + 505) / 2, halves up: table 3 is no game played
    rounds.reopen_round(Desk(db, seven, clock), 1)  # undone: the round waits for table 3 again
    assert results.standings(db, seven).after_round == 0


def test_the_event_file_keeps_a_round_closed_with_a_table_missing(
    db, clock, seven, tmp_path, new_database
):
    from clubdesk.services import eventfile, results
    from clubdesk.store.db import open_database

    builder.scores(db, seven, 1, {1: (520, 300), 2: (410, 505)}, clock)
    rounds.close_round(Desk(db, seven, clock), 1, missing_ok=[3])
    data = eventfile.export_event(db, seven)
    assert data["rounds"][0]["closed"] is True
    with open_database(new_database(tmp_path / "other.sqlite")) as other:
        eventfile.import_event(Desk(other, None, clock), data)
        again = results.standings(other, seven)
        assert again.to_json() == results.standings(db, seven).to_json()
        assert again.after_round == 1
        assert eventfile.export_event(other, seven)["rounds"] == data["rounds"]
    data["rounds"][0]["closed"] = "yes"
    with pytest.raises(UserError, match="closed = 'yes' is not true or false"):
        eventfile.check_event_file(data)


def test_a_round_played_out_is_written_without_the_closed_key(db, clock, seven):
    from clubdesk.services import eventfile

    builder.scores(db, seven, 1, {1: (520, 300), 2: (410, 505), 3: (300, 500)}, clock)
    rounds.close_round(Desk(db, seven, clock), 1)
    assert "closed" not in eventfile.export_event(db, seven)["rounds"][0]


def test_the_cut_counts_a_round_closed_with_a_table_missing(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=8)
    builder.draw(db, event, clock, seed=21)
    for number in (1, 2):
        seats = builder.publish(db, event, number, clock)
        builder.start(db, event, number, clock)
        played = {
            t.table: (200 + 10 * t.table, 50 + 7 * t.table) for t in seats.tables if t.table != 4
        }
        builder.scores(db, event, number, played, clock)
        rounds.close_round(Desk(db, event, clock), number, missing_ok=[4])
    final = seating_service.seating(
        db, event, 3
    )  # the cut after round 2 is made: 60% of 8 = 5 advance
    assert len(final.entrants) == 5  # byes included
    assert not set(seats.table(4).entrants) & set(final.entrants)  # they scored nothing


def test_the_missing_sheet_recorded_after_the_close_seats_the_next_round(db, clock, npa) -> None:
    builder.scores(db, npa, 1, {1: (400, 300), 2: (250, 300)}, clock)
    rounds.close_round(Desk(db, npa, clock), 1, missing_ok=[3])
    shown = board.board(db, npa, 1)
    assert shown.next_note == (
        "Round 2 is seated from round 1's results, and table 3 handed in no sheet. "
        "Record its sheet (open the table; round 2 is seated once the last one is in), "
        "or reopen round 1."
    )
    done = sheets.submit_sheet(
        Desk(db, npa, clock), 1, 3, final_score=(400, 200),
        signatures=builder.signers(db, npa, 1, 3),
    )  # fmt: skip
    assert done.next_seated == 2
    assert done.changes == Change.SHEETS | Change.SEATING
    assert published(db, npa) == [1, 2]
    assert board.board(db, npa, 1).next_note == ""
    assert list_audit(db)[-1].action == "seating.publish"


def test_a_sheet_in_a_running_round_seats_nothing(db, clock, npa) -> None:
    builder.scores(db, npa, 1, {1: (400, 300), 2: (250, 300)}, clock)
    done = sheets.submit_sheet(
        Desk(db, npa, clock), 1, 3, final_score=(400, 200),
        signatures=builder.signers(db, npa, 1, 3),
    )  # fmt: skip
    assert done.next_seated is None and done.changes == Change.SHEETS
    assert published(db, npa) == [1]
