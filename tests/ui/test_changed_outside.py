"""The window on a file changed outside clubdesk (``store/integrity.py``): it says so once as
it opens, shows what clubdesk recorded, and refuses every change in the same plain words,
never writing a byte to the file."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from clubdesk.services import board as board_service
from clubdesk.store.db import open_database
from clubdesk.store.errors import changed_message
from clubdesk.ui import app as ui_app
from tests import builder

FORGED = (
    "INSERT INTO amendment (game_id, what, old_value, new_value, who, why, at) "
    'SELECT game.id, \'result\', \'{}\', \'{"score": {"a": 900, "b": 0}, "winner": null}\', '
    "'Dee Rector', 'forged', '2024-03-09T12:00:00-07:00' FROM game WHERE table_number = 1"
)


@pytest.fixture
def night(tmp_path: Path, new_database, clock) -> Path:
    """Seven Grand Prix teams, round 1 running, table 1's sheet in at 400 to 300."""
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path) as db:
        event_id = builder.event(db, clock, entrants=7)
        builder.draw(db, event_id, clock, seed=3)
        builder.publish(db, event_id, 1, clock)
        builder.start(db, event_id, 1, clock)
        builder.scores(db, event_id, 1, {1: (400, 300)}, clock)
    return path


def open_changed(path: Path, qtbot, qsettings, clock):
    window = ui_app.open_window(path, settings=qsettings, clock=clock)
    assert window is not None
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_forged_amendment_is_not_shown_and_nothing_is_written(
    night, qtbot, qsettings, clock, message_boxes
) -> None:
    with closing(sqlite3.connect(night, isolation_level=None)) as conn:
        conn.execute(FORGED)
    before = night.read_bytes()
    window = open_changed(night, qtbot, qsettings, clock)
    reason = "an amendment without the audit row clubdesk writes with each"
    assert message_boxes.texts() == [
        f"clubdesk opens this database for reading only. {changed_message(night, reason)}"
    ]
    db, event_id = window.database, window.context.event_id
    [table_1] = [t for t in board_service.board(db, event_id).tables if t.table == 1]
    assert table_1.state == "submitted"  # the forged row is not counted
    window.show_page("rounds")
    page = window.rounds_page
    assert page.pause_button.isEnabled()
    qtbot.mouseClick(page.pause_button, Qt.MouseButton.LeftButton)  # a change: refused
    assert page.error_label.text() == changed_message(night, reason)
    assert len(message_boxes.shown) == 1  # said once, as it opened
    window.close()
    assert night.read_bytes() == before


def test_a_file_with_its_protections_stripped_opens_for_reading_only(
    night, qtbot, qsettings, clock, message_boxes
) -> None:
    with closing(sqlite3.connect(night, isolation_level=None)) as conn:
        names = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'")]  # fmt: skip
        for name in names:
            conn.execute(f'DROP TRIGGER "{name}"')
    before = night.read_bytes()
    window = open_changed(night, qtbot, qsettings, clock)
    reason = f"its schema is not clubdesk's own: {len(names)} triggers missing"
    assert message_boxes.texts() == [
        f"clubdesk opens this database for reading only. {changed_message(night, reason)}"
    ]
    assert window.context.event_id is not None  # the event is there to read
    window.show_page("rounds")
    page = window.rounds_page
    qtbot.mouseClick(page.pause_button, Qt.MouseButton.LeftButton)
    assert page.error_label.text() == changed_message(night, reason)
    window.close()
    assert night.read_bytes() == before


def test_a_file_sealed_on_another_laptop_is_accepted_by_the_director_as_it_opens(
    night, qtbot, qsettings, clock, message_boxes, monkeypatch, tmp_path
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "this-laptop"))  # not where it was sealed
    seen: list[str] = []

    def the_director_accepts() -> None:
        dialog = QApplication.activeModalWidget()
        seen.append(dialog.windowTitle())
        qtbot.keyClick(dialog.director, Qt.Key.Key_Return)  # no name yet: refused at the field
        seen.append(dialog.error.text())
        qtbot.keyClicks(dialog.director, "Dee Rector")
        qtbot.keyClick(dialog.director, Qt.Key.Key_Return)

    QTimer.singleShot(0, the_director_accepts)
    window = open_changed(night, qtbot, qsettings, clock)
    assert seen == [
        "Sealed on another laptop",
        "The director who accepts the file is named.",
    ]
    assert message_boxes.shown == []
    assert window.database.changed_outside is None  # written to from now on
    window.show_page("rounds")
    page = window.rounds_page
    qtbot.mouseClick(page.pause_button, Qt.MouseButton.LeftButton)
    assert page.error_label.text() == ""
    window.close()
    with closing(sqlite3.connect(night)) as conn:
        logged = conn.execute("SELECT details FROM audit_log WHERE action = 'file.accept'")
        assert '"director":"Dee Rector"' in logged.fetchone()[0]


def test_a_file_from_another_laptop_opens_to_read_when_it_is_not_accepted(
    night, qtbot, qsettings, clock, message_boxes, monkeypatch, tmp_path
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "this-laptop"))
    before = night.read_bytes()
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    window = open_changed(night, qtbot, qsettings, clock)
    reason = "it was sealed on another laptop; accept it to write to it"
    assert message_boxes.texts() == [
        f"clubdesk opens this database for reading only. {changed_message(night, reason)}"
    ]
    window.show_page("rounds")
    qtbot.mouseClick(window.rounds_page.pause_button, Qt.MouseButton.LeftButton)
    assert window.rounds_page.error_label.text() == changed_message(night, reason)
    window.close()
    assert night.read_bytes() == before
