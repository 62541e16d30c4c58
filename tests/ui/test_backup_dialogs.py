"""The window's backups: snapshots at round start and close and on closing, Back up now…,
Restore… (dialogs stubbed)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from clubdesk.services import board, rounds, snapshots
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk
from clubdesk.services.events import list_events
from clubdesk.store.db import open_database
from clubdesk.ui.backup_dialogs import KEEP_SETTING, RestoreDialog
from tests import builder


@pytest.fixture
def night(db, clock) -> str:
    """Four teams, round 1 published but not started."""
    event_id = builder.event(db, clock, entrants=4)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    return event_id


def reasons(event_id: str) -> list[tuple[int, str]]:
    return [(s.round_number, s.reason) for s in snapshots.list_snapshots(None, event_id)]


def start(window, event_id, clock) -> None:
    result = rounds.start_round(Desk(window.database, event_id, clock), 1)
    window.context.publish(result.changes)


def close(window, event_id, clock) -> None:
    missing = board.board(window.database, event_id, 1).missing
    result = rounds.close_round(Desk(window.database, event_id, clock), 1, missing_ok=missing)
    window.context.publish(result.changes)


def test_a_snapshot_is_taken_when_a_round_starts_and_when_it_closes(make_window, db, night, clock):
    window = make_window(db)
    assert window.context.event_id == night
    assert reasons(night) == []
    start(window, night, clock)
    assert reasons(night) == [(1, "start")]
    clock.advance(minutes=50)
    close(window, night, clock)
    assert reasons(night) == [(1, "close"), (1, "start")]


def test_a_clock_change_that_moves_no_round_takes_no_snapshot(make_window, db, night, clock):
    window = make_window(db)
    start(window, night, clock)
    window.context.publish(Change.CLOCK)  # e.g. a pause: no round started or closed
    assert reasons(night) == [(1, "start")]


def test_a_snapshot_is_taken_when_the_window_closes(make_window, db, night, clock):
    window = make_window(db)
    window.close()
    assert reasons(night) == [(0, "exit")]


def test_only_the_last_n_are_kept_as_the_setting_says(make_window, db, night, clock, qsettings):
    qsettings.setValue(KEEP_SETTING, 2)
    window = make_window(db)
    for _ in range(4):
        clock.advance(minutes=1)
        window.snapshots.take("start")
    listed = snapshots.list_snapshots(None, night)
    assert len(listed) == 2
    assert listed[0].taken_at == clock.now()


def test_back_up_now_writes_where_the_director_chose(make_window, db, night, monkeypatch, tmp_path):
    window = make_window(db)
    target = tmp_path / "stick" / "night.sqlite"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    window.backup_action.trigger()
    with open_database(target, create=False) as copy:
        assert snapshots.round_states(copy, night) == {1: "pending"}


def test_back_up_now_into_a_folder_that_cannot_be_written_says_so(
    make_window, db, night, monkeypatch, tmp_path
):
    window = make_window(db)
    warnings = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "night.sqlite-wal"), "")
    )
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warnings.append(a[2]))
    window.backup_action.trigger()
    assert len(warnings) == 1 and "-wal" in warnings[0]
    assert not (tmp_path / "night.sqlite-wal").exists()


def choose_row(reason: str):
    def exec_(dialog: RestoreDialog) -> int:
        for row, snapshot in enumerate(dialog._snapshots):
            if snapshot.reason == reason:
                dialog.list.setCurrentItem(dialog.list.topLevelItem(row))
        return QDialog.DialogCode.Accepted

    return exec_


def test_restore_from_the_dialog_brings_the_earlier_state_back(
    make_window, db, night, clock, monkeypatch
):
    window = make_window(db)
    start(window, night, clock)  # snapshot: round 1 running
    clock.advance(minutes=50)
    close(window, night, clock)  # round 1 closed
    assert snapshots.round_states(window.database, night) == {1: "closed"}
    monkeypatch.setattr(RestoreDialog, "exec", choose_row("start"))
    asked = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Yes,
    )
    clock.advance(minutes=1)
    window.restore_action.trigger()
    [event] = [e for e in list_events(window.database) if e.id == night]
    assert len(asked) == 1 and "Round 1" in asked[0] and f"\n\n{event.name}: " in asked[0]
    assert not window.database.closed
    assert window.context.event_id == night
    assert snapshots.round_states(window.database, night) == {1: "running"}
    assert (1, "before-restore") in reasons(night)  # what was replaced is kept first
    # its round 1 running again is no round starting: no snapshot for it
    assert sorted(reasons(night)) == [(1, "before-restore"), (1, "close"), (1, "start")]
    window.close()


def test_restore_is_not_done_without_confirmation(make_window, db, night, clock, monkeypatch):
    window = make_window(db)
    start(window, night, clock)
    clock.advance(minutes=50)
    close(window, night, clock)
    monkeypatch.setattr(RestoreDialog, "exec", choose_row("start"))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    window.restore_action.trigger()
    assert snapshots.round_states(window.database, night) == {1: "closed"}
    assert [r for _, r in reasons(night)] == ["close", "start"]


def test_the_restore_list_shows_event_round_and_time(db, night, clock, qtbot):
    snapshots.take_snapshot(db, night, "exit", clock)
    dialog = RestoreDialog(snapshots.list_snapshots())
    qtbot.addWidget(dialog)
    item = dialog.list.topLevelItem(0)
    [event] = [e for e in list_events(db) if e.id == night]
    assert event.name != night  # the event's name, not its id
    assert [item.text(c) for c in range(4)][:2] == [event.name, "before 1"]
    assert item.text(3) == "window closed"
    assert dialog.selected() is not None


def test_opening_another_file_with_the_same_event_takes_no_snapshot(
    make_window, db, night, clock, tmp_path, new_database
):
    other_path = new_database(tmp_path / "other.sqlite")
    with open_database(other_path) as other:
        same = builder.event(other, clock, entrants=4)
        builder.draw(other, same, clock, seed=3)
        builder.publish(other, same, 1, clock)
        builder.start(other, same, 1, clock)
    assert same == night
    window = make_window(db)
    assert window.open_database_file(other_path)
    assert window.context.event_id == night
    assert reasons(night) == []
    window.close()
    assert reasons(night) == [(1, "exit")]


def test_back_up_now_is_not_written_over_a_database_another_window_holds(
    make_window, db, night, monkeypatch, tmp_path, clock
):
    window = make_window(db)
    other = tmp_path / "other" / "club.sqlite"
    other.parent.mkdir()
    open_database(other).close()
    warnings = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(other), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warnings.append(a[2]))
    with open_database(other) as held:  # another clubdesk window has it open
        before = other.read_bytes()
        window.backup_action.trigger()
        assert warnings == [
            f"{other} is open in another clubdesk window; a backup is not written over it."
        ]
        assert other.read_bytes() == before
        with held.session() as session:  # and goes on with its own file
            session.connection().exec_driver_sql("SELECT count(*) FROM event")
