"""Starting the window: bad files in plain words, the demo, unexpected errors."""

from __future__ import annotations

import gc
import sys
from datetime import date

import pytest
from PySide6.QtWidgets import QApplication

from clubdesk.errors import UserError
from clubdesk.services import demo
from clubdesk.services.command import Desk
from clubdesk.services.events import NewEvent, create_event, list_events
from clubdesk.store.db import open_database
from clubdesk.ui import app as ui_app
from clubdesk.ui.main_window import MainWindow


@pytest.fixture
def app_state(qapp):
    """``run`` names and styles the one QApplication: put it back for the next tests. (What
    the window was made of stays out of the garbage collector's full passes, as everything
    loaded before the tests is: tests/conftest.py.)"""
    saved = (
        qapp.applicationName(),
        qapp.organizationName(),
        qapp.applicationDisplayName(),
        qapp.styleSheet(),
        qapp.font(),
        qapp.style().name(),
        qapp.windowIcon(),
    )
    yield qapp
    name, organisation, display, sheet, font, style_name, icon = saved
    qapp.setApplicationName(name)
    qapp.setOrganizationName(organisation)
    qapp.setApplicationDisplayName(display)
    qapp.setStyleSheet(sheet)
    qapp.setFont(font)
    qapp.setStyle(style_name)
    qapp.setWindowIcon(icon)


@pytest.fixture
def exec_quits(monkeypatch: pytest.MonkeyPatch, qtbot):
    """``app.exec()`` as if the director closed every window at once, once each had its
    database (or closed itself because it could not have one); records who was shown."""
    shown: list[MainWindow] = []

    def windows() -> list[MainWindow]:
        return [
            widget
            for widget in QApplication.topLevelWidgets()
            if isinstance(widget, MainWindow) and widget.isVisible()
        ]

    def exec_(self=None) -> int:
        qtbot.waitUntil(lambda: all(window.is_open for window in windows()))
        for window in windows():
            shown.append(window)
            window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_)
    return shown


def damaged_database(path, clock):
    with open_database(path) as db:
        create_event(Desk(db, None, clock), NewEvent("Friday", date(2024, 3, 8), "", "house-gin"))
    size = path.stat().st_size
    with path.open("r+b") as file:
        file.truncate(size - 100)  # a copy cut short, e.g. a USB stick pulled out
    return path


def test_a_damaged_database_is_explained_and_exits_2(
    app_state, tmp_path, clock, message_boxes, exec_quits
):
    path = damaged_database(tmp_path / "club.sqlite", clock)
    before = path.read_bytes()

    assert ui_app.run(path) == 2

    [message] = message_boxes.texts()
    assert message == (
        f"clubdesk cannot open this database. {path} is damaged and cannot be opened; "
        "restore it from a backup."
    )
    assert "Traceback" not in message
    assert exec_quits == []  # no window
    assert path.read_bytes() == before  # left as it was
    assert sys.excepthook is not None and not isinstance(sys.excepthook, ui_app.ErrorReporter)


def test_run_opens_the_window_on_the_database(app_state, tmp_path, message_boxes, exec_quits):
    path = tmp_path / "new.sqlite"
    assert ui_app.run(path) == 0
    [window] = exec_quits
    assert window.database.path == path
    assert window.database.closed  # closed with the window
    assert app_state.applicationName() == "clubdesk"
    assert app_state.organizationName() == "clubdesk"
    assert not app_state.windowIcon().isNull()
    assert message_boxes.shown == []
    assert not isinstance(sys.excepthook, ui_app.ErrorReporter)  # put back after the loop


def test_the_demo_holds_a_grand_prix_event(app_state, user_data, exec_quits, monkeypatch, clock):
    monkeypatch.setattr(ui_app, "SYSTEM_TIME", clock)
    path = user_data / "demo.sqlite"
    assert ui_app.run(path, demo=True) == 0
    [window] = exec_quits
    assert window.windowTitle() == "clubdesk — Grand Prix Pinochle (demo)"
    with open_database(path) as db:
        [event] = list_events(db)
    assert event.name == "Grand Prix Pinochle (demo)"
    assert event.rules_id == "grand-prix-pinochle"
    assert event.venue == "Clubhouse"
    assert event.date == clock.now().date()


def test_a_demo_that_cannot_be_made_is_explained(
    app_state, user_data, exec_quits, message_boxes, monkeypatch
):
    monkeypatch.setattr(demo, "DEMO_RULES", "no-such-format")
    path = user_data / "demo.sqlite"
    assert ui_app.run(path, demo=True) == 2
    [message] = message_boxes.texts()
    assert message.startswith("clubdesk cannot open this database. rules: no format with id")
    assert exec_quits == []
    with open_database(path):  # closed again, not left locked
        pass


def test_open_window_builds_the_window_without_showing_it(qtbot, tmp_path, qsettings, clock):
    window = ui_app.open_window(tmp_path / "a.sqlite", demo=True, settings=qsettings, clock=clock)
    assert window is not None
    qtbot.addWidget(window)
    assert not window.isVisible()
    assert window.event_page.current_event.name == "Grand Prix Pinochle (demo)"


def test_the_frame_is_on_the_screen_before_the_database_is_opened(
    qtbot, tmp_path, qsettings, clock, monkeypatch
):
    monkeypatch.setattr(ui_app.Opening, "LATE_MS", 60_000)  # only the expose opens it
    window = MainWindow(settings=qsettings, clock=clock)
    qtbot.addWidget(window)
    path = tmp_path / "club.sqlite"
    ui_app.Opening(window, path)
    window.show()
    assert not window.is_open and not path.exists()  # the frame alone, nothing opened yet
    assert [window.page_list.item(row).text() for row in range(window.page_list.count())] == [
        "Event",
        "Players",
        "Draw",
        "Rounds",
        "Standings",
        "Money",
        "Print",
        "Members",
        "Season",
    ]
    assert not window.new_event_action.isEnabled()  # nothing to make an event in yet
    assert window.statusBar().currentMessage() == "Opening club.sqlite…"

    with qtbot.waitSignal(window.opened):  # once it is exposed
        pass
    assert window.is_open and window.database.path == path
    assert window.new_event_action.isEnabled()
    assert window.statusBar().currentMessage() == ""
    assert window.stack.currentWidget().widget() is window.event_page
    assert not window.is_built("money")

    # the other pages are built next, while the director looks at the first, and what the
    # window is made of is then kept out of the garbage collector's full passes
    frozen = gc.get_freeze_count()
    with qtbot.waitSignal(window.all_built):
        pass
    assert all(window.is_built(key) for key in window.page_keys())
    assert window.current_page() == "event"
    assert gc.get_freeze_count() > frozen


def test_a_frame_never_exposed_opens_a_moment_later(qtbot, tmp_path, qsettings, clock, monkeypatch):
    monkeypatch.setattr(ui_app.Opening, "LATE_MS", 10)
    window = MainWindow(settings=qsettings, clock=clock)
    qtbot.addWidget(window)
    ui_app.Opening(window, tmp_path / "club.sqlite")  # e.g. a window opened minimised
    with qtbot.waitSignal(window.opened):
        pass
    assert window.is_open


def test_an_unexpected_error_is_logged_and_explained(qapp, tmp_path, message_boxes):
    log = tmp_path / "logs" / "errors.log"
    reporter = ui_app.ErrorReporter(log)
    try:
        raise ZeroDivisionError("division by zero in a payout")
    except ZeroDivisionError as exc:
        reporter(type(exc), exc, exc.__traceback__)

    [box] = message_boxes.shown
    assert box["text"] == (
        "Something went wrong inside clubdesk; the last action may not have finished."
    )
    assert str(log) in box["informative"]
    assert "Traceback" not in box["text"] + box["informative"]
    logged = log.read_text()
    assert "Traceback (most recent call last)" in logged
    assert "ZeroDivisionError: division by zero in a payout" in logged


def test_a_user_error_that_slips_through_is_shown_as_it_is(qapp, tmp_path, message_boxes):
    log = tmp_path / "errors.log"
    reporter = ui_app.ErrorReporter(log)
    error = UserError("rounds: the event has no round 12")
    reporter(UserError, error, None)
    assert message_boxes.texts() == ["rounds: the event has no round 12"]
    assert not log.exists()


def test_the_excepthook_goes_in_and_comes_back(qapp, tmp_path):
    before = sys.excepthook
    previous = ui_app.install_excepthook(tmp_path / "errors.log")
    try:
        assert isinstance(sys.excepthook, ui_app.ErrorReporter)
        assert previous is before
    finally:
        sys.excepthook = previous


def test_the_error_log_lives_in_the_user_data_folder(user_data):
    assert ui_app.error_log().parent == user_data


def test_a_data_folder_that_cannot_be_made_is_named_and_exits_2(
    app_state, tmp_path, message_boxes, exec_quits, monkeypatch
):
    from clubdesk import paths

    in_the_way = tmp_path / "clubdesk"
    in_the_way.write_text("", encoding="utf-8")
    monkeypatch.setattr(paths, "user_data_folder", lambda: in_the_way)
    database = tmp_path / "club.sqlite"

    assert ui_app.run(database) == 2

    [message] = message_boxes.texts()
    assert message == (
        f"clubdesk cannot use its data folder. the user data folder {in_the_way} cannot be "
        "made (a file has its name)"
    )
    assert exec_quits == [] and not database.exists()


@pytest.mark.parametrize("args", [[], ["--demo"]])
def test_the_window_on_the_default_database_names_the_folder_it_cannot_make(
    app_state, tmp_path, message_boxes, exec_quits, monkeypatch, args
):
    from clubdesk import cli, paths

    in_the_way = tmp_path / "clubdesk"
    in_the_way.write_text("", encoding="utf-8")
    monkeypatch.setattr(paths, "user_data_folder", lambda: in_the_way)

    assert cli.main(args) == 2

    [message] = message_boxes.texts()
    assert message.startswith(
        f"clubdesk cannot use its data folder. the user data folder {in_the_way}"
    )
    assert exec_quits == []


def test_an_error_that_comes_back_is_shown_once_then_in_the_status_bar(
    qapp, tmp_path, message_boxes, window
) -> None:
    reporter = ui_app.ErrorReporter(tmp_path / "errors.log")
    for _ in range(25):  # an error each second, from the clock's watch
        try:
            raise OverflowError("date value out of range")
        except OverflowError as exc:
            reporter(type(exc), exc, exc.__traceback__)
    assert message_boxes.texts() == [
        "Something went wrong inside clubdesk; the last action may not have finished. "
        f"The details were written to {tmp_path / 'errors.log'}.\nWhat was saved before is "
        "safe. Please keep the log for whoever looks after clubdesk."
    ]
    said = window.statusBar().currentMessage()
    assert said.startswith("Something went wrong inside clubdesk;")
    assert str(tmp_path / "errors.log") in said and "\n" not in said
    assert (tmp_path / "errors.log").read_text().count("OverflowError") == 25 * 2
    reporter(UserError, UserError("round: round 12 is not seated"), None)
    reporter(UserError, UserError("round: round 12 is not seated"), None)
    assert message_boxes.texts()[1:] == ["round: round 12 is not seated"]
    assert window.statusBar().currentMessage() == "round: round 12 is not seated"


@pytest.mark.qt_no_exception_capture
def test_a_clock_time_out_of_range_brings_no_dialog(
    qapp, tmp_path, message_boxes, make_window, db, clock, monkeypatch
) -> None:
    """A clock fact an older clubdesk let in (the year 1): the window reads the clock each
    second, and no dialog ever comes up; the director still moves through the pages."""
    import datetime as dt

    from clubdesk.domain.roundclock.state import ClockFact, Reading
    from clubdesk.store import roundclock as clock_store
    from tests import builder

    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    with db.session() as session:
        far = dt.datetime.fromisoformat("0001-01-01T00:00:00+14:00")
        clock_store.add_fact(session, event_id, ClockFact(1, "start", Reading(far, 5.0)))
    monkeypatch.setattr(sys, "excepthook", ui_app.ErrorReporter(tmp_path / "errors.log", clock))
    window = make_window(db)
    for _ in range(25):
        clock.advance(seconds=1)
        window.ticker.second_timer.fire()
    window.show_page("rounds")
    window.ticker.second_timer.fire()
    assert message_boxes.shown == []
    assert not (tmp_path / "errors.log").exists()
