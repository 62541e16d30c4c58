"""The round's board is read only where something on show needs it (the Rounds page in view,
the projector open): the status bar counts the sheets in from the rounds' status. What the
tables' server changed is read off the window's thread."""

from __future__ import annotations

import threading

from clubdesk.services import board as board_service
from clubdesk.services import rounds as rounds_service
from clubdesk.services.changes import Change
from tests import builder


def counted_boards(monkeypatch) -> list[int]:
    """The threads that read a board from now on."""
    read: list[int] = []
    real = board_service.board

    def board(*args, **kwargs):
        read.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(board_service, "board", board)
    return read


def night(db, clock) -> tuple[str, int]:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    return event_id, rounds_service.status(db, event_id).rounds[0].tables


def test_the_status_bar_counts_the_sheets_in_without_the_board(make_window, db, clock,
                                                               monkeypatch):  # fmt: skip
    event_id, tables = night(db, clock)
    window = make_window(db)
    window.show_page("players")
    read = counted_boards(monkeypatch)
    builder.scores(db, event_id, 1, {1: (300, 250)}, clock)
    window.context.publish(Change.SHEETS)
    assert read == []  # nothing on show needs the board
    assert window.status_clock.text() == f"Round 1 · 1 of {tables} sheets in"
    window.show_page("rounds")  # the board is on show again: read once, as it is now
    assert len(read) == 1
    assert window.rounds_page.model.state_text(0) == "Submitted"
    builder.scores(db, event_id, 1, {2: (300, 250)}, clock)
    window.context.publish(Change.SHEETS)
    assert len(read) == 2 and window.rounds_page.model.state_text(1) == "Submitted"


def test_what_the_server_changed_is_read_off_the_windows_thread(make_window, db, clock, qtbot,
                                                               monkeypatch):  # fmt: skip
    event_id, tables = night(db, clock)
    window = make_window(db)
    window.show_page("rounds")
    read = counted_boards(monkeypatch)
    builder.scores(db, event_id, 1, {1: (300, 250)}, clock)
    window.context.publish(Change.SHEETS, from_server=True)
    qtbot.waitUntil(lambda: window.rounds_page.model.state_text(0) == "Submitted")
    assert window.status_clock.text() == f"Round 1 · 1 of {tables} sheets in"
    assert read and threading.get_ident() not in read
