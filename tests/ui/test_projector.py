"""The projector on the demo night: the clock in huge digits, the warning and time banners,
the pause, and the slides between rounds, all on the fake clock and fake timers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from clubdesk.services import results, rounds
from clubdesk.services import roundclock as clock_service
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import changes_of
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.ui.projector.window import SLIDE_MS, ProjectorWindow, screen_for, screen_left
from tests import builder
from tests.ui.pictures import picture

SIZES = [(1280, 720), (3840, 2160)]


@pytest.fixture
def demo_window(make_window, db_path, new_demo):
    """The window on the demo: round 4 of 11 running with 23:41 left."""
    db = open_database(new_demo(db_path))
    return make_window(db)


@pytest.fixture
def projector(demo_window, qtbot) -> ProjectorWindow:
    window = demo_window.projector_menu.open_on(1)
    assert window is not None
    qtbot.waitUntil(window.isFullScreen)
    return window


def tick(window) -> None:
    window.ticker.second_timer.fire()


def go(window, service_result) -> None:
    """Tell the window what a service call changed, as ``ui.operations`` does."""
    window.context.publish(changes_of(service_result))


def to_the_break(window, clock) -> None:
    """End round 4 and seat round 5: the break before round 5."""
    db, event_id = window.context.db, window.context.event_id
    go(window, clock_service.end(Desk(db, event_id, clock)))
    go(window, seating_service.publish_seating(Desk(db, event_id, clock), 5))


def test_in_a_round_it_shows_the_event_the_round_and_the_time_left(projector):
    assert projector.title_label.text() == "Grand Prix Pinochle (demo)"
    assert projector.round_label.text() == "Round 4 of 11"
    assert projector.digits_label.text() == "23:41"
    assert projector.text.mood == "calm"
    assert not projector.banner_label.isVisible()
    assert projector.current_slide() is None  # no slides while a round is played


def test_the_warning_banner_appears_when_the_clock_crosses_the_warning(
    demo_window, projector, clock
):
    clock.advance(minutes=13, seconds=40)
    tick(demo_window)
    assert projector.digits_label.text() == "10:01"
    assert not projector.banner_label.isVisible()
    clock.advance(seconds=1)
    tick(demo_window)
    assert projector.digits_label.text() == "10:00"
    assert projector.banner_label.isVisible()
    assert projector.banner_label.text() == "10 MINUTES LEFT IN ROUND 4"
    assert projector.text.mood == "warning"
    assert "#ffb000" in projector.styleSheet()  # a bright ground: brightness, not hue alone


def test_at_time_it_says_finish_the_hand(demo_window, projector, clock):
    clock.advance(minutes=23, seconds=41)
    tick(demo_window)
    assert projector.banner_label.text() == "TIME: finish the hand in play"
    assert projector.text.mood == "time"


def test_paused_it_says_so(demo_window, projector, clock):
    db, event_id = demo_window.context.db, demo_window.context.event_id
    go(demo_window, clock_service.pause(Desk(db, event_id, clock)))
    assert projector.banner_label.text() == "PAUSED"
    assert projector.digits_label.text() == "23:41"
    clock.advance(minutes=5)
    tick(demo_window)
    assert projector.digits_label.text() == "23:41"  # a paused clock does not run


def test_between_rounds_it_counts_down_to_the_next_round_and_cycles_slides(
    demo_window, projector, clock
):
    to_the_break(demo_window, clock)
    tick(demo_window)
    assert projector.text.mood == "between"
    assert projector.round_label.text() == "Round 5 of 11 next"
    assert projector.next_label.text().startswith("Break until ")
    assert projector.digits_label.text() == "15:00"
    seating = projector.current_slide()
    assert seating is not None and seating.heading == "Round 5 seating"
    assert len(seating.rows) == 8  # the demo's eight tables, on one page
    assert projector.slide_timer.interval == SLIDE_MS
    projector.slide_timer.fire()
    leaders = projector.current_slide()
    assert leaders is not None and leaders.heading == "Leaders after round 3"
    assert projector.slide_timer.interval == SLIDE_MS  # aimed again
    projector.slide_timer.fire()
    assert projector.current_slide() == seating  # round again


def test_the_leaders_are_the_top_ten_of_the_standings(demo_window, projector, clock):
    to_the_break(demo_window, clock)
    projector.next_slide()
    leaders = projector.current_slide()
    assert leaders is not None
    table = results.standings(demo_window.context.db, demo_window.context.event_id)
    assert len(leaders.rows) == 10
    assert [row[1] for row in leaders.rows] == [str(r.number) for r in table.rows[:10]]


def test_the_directors_notice_is_a_slide(demo_window, projector, clock, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(
        QInputDialog, "getMultiLineText", staticmethod(lambda *a, **k: ("Cake at the bar", True))
    )
    demo_window.projector_menu.notice_action.trigger()
    to_the_break(demo_window, clock)
    assert [s.kind for s in projector.slides] == ["seating", "leaders", "notice"]
    assert projector.slides[-1].rows == (("Cake at the bar",),)


def test_the_notice_survives_a_restart(demo_window, make_window, qsettings, db_path, clock,
                                       monkeypatch):  # fmt: skip
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(
        QInputDialog,
        "getMultiLineText",
        staticmethod(lambda *a, **k: ("Coffee in the lobby", True)),
    )
    demo_window.projector_menu.notice_action.trigger()
    demo_window.close()
    again = make_window(
        open_database(db_path), QSettings(qsettings.fileName(), QSettings.Format.IniFormat)
    )
    assert again.projector_menu.notice() == "Coffee in the lobby"
    projector = again.projector_menu.open_on(1)
    to_the_break(again, clock)
    assert projector.slides[-1].rows == (("Coffee in the lobby",),)
    asked = []
    monkeypatch.setattr(
        QInputDialog, "getMultiLineText",
        staticmethod(lambda *a, **k: asked.append(a[-1]) or ("", True)),
    )  # fmt: skip
    again.projector_menu.notice_action.trigger()
    assert asked == ["Coffee in the lobby"]  # the director edits the notice kept
    assert [s.kind for s in projector.slides] == ["seating", "leaders"]  # cleared, and kept so
    assert again.projector_menu.notice() == ""


def test_the_digits_scale_with_the_window(demo_window, qtbot):
    projector = ProjectorWindow(demo_window.context, demo_window.clock_watch)
    qtbot.addWidget(projector)
    sizes = []
    for size in SIZES:
        projector.resize(*size)
        projector.show()
        qtbot.waitUntil(lambda s=size: projector.width() == s[0])
        sizes.append(projector.digits_label.font().pixelSize())
        assert projector.digits_label.fontMetrics().horizontalAdvance("23:41") < size[0]
    assert sizes[1] > 2.5 * sizes[0]


def test_screen_choice_follows_the_screens_qt_gives():
    screens = QGuiApplication.screens()
    assert screen_for(1, screens) is screens[0]
    assert screen_for(len(screens) + 3, screens) is screens[-1]  # too high: the last
    assert screen_for(1, []) is None


def test_it_goes_full_screen_on_the_screen_it_is_sent_to(projector, qtbot):
    assert projector.isFullScreen()
    assert projector.screen() is QGuiApplication.screens()[0]
    qtbot.keyClick(projector, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not projector.isFullScreen())
    qtbot.keyClick(projector, Qt.Key.Key_F11)
    qtbot.waitUntil(projector.isFullScreen)
    qtbot.keyClick(projector, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not projector.isFullScreen())


def test_the_view_menu_lists_the_connected_screens_by_name(demo_window):
    menu = demo_window.projector_menu
    menu.screens_menu.aboutToShow.emit()
    texts = [a.text() for a in menu.screens_menu.actions()]
    screens = QGuiApplication.screens()
    assert len(texts) == len(screens)
    assert texts[0].startswith(f"Projector on screen 1: {screens[0].name() or 'unnamed'} (")
    menu.screens_menu.actions()[0].trigger()
    assert menu.projector is not None and menu.projector.isFullScreen()
    menu.close_action.trigger()
    assert menu.projector is None


@pytest.mark.parametrize("size", SIZES)
def test_pictures_of_each_state(demo_window, clock, qtbot, size):
    """In a round, paused, at the warning, at time, and the break's two slides; each line
    that is shown fits across the window."""
    projector = ProjectorWindow(demo_window.context, demo_window.clock_watch)
    qtbot.addWidget(projector)
    projector.resize(*size)
    projector.show()
    qtbot.waitUntil(lambda: projector.width() == size[0])

    def state(name: str) -> None:
        picture(projector, f"projector-{name}-{size[0]}")
        for label in (projector.digits_label, projector.banner_label, projector.next_label):
            if label.isVisible():
                assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width()

    state("round")
    db, event_id = demo_window.context.db, demo_window.context.event_id
    go(demo_window, clock_service.pause(Desk(db, event_id, clock)))
    state("paused")
    go(demo_window, clock_service.resume(Desk(db, event_id, clock)))
    clock.advance(minutes=13, seconds=41)
    tick(demo_window)
    state("warning")
    clock.advance(minutes=10)
    tick(demo_window)
    state("time")
    to_the_break(demo_window, clock)
    cells = [projector.slide_grid.itemAt(i).widget() for i in range(projector.slide_grid.count())]
    assert len(cells) == 8 * 4 and all(cell.isVisible() for cell in cells)
    tables = [c for c in cells if c.text().startswith("Table ")]
    assert len({c.x() for c in tables}) == 2  # two columns of tables, each lined up
    state("break-seating")
    projector.next_slide()
    state("break-leaders")


def test_an_unplugged_screen_sends_the_projector_to_the_first_screen_left():
    first, second = object(), object()
    screens = [first, second]
    assert screen_left(second, second, screens) is first  # type: ignore[arg-type]
    assert screen_left(first, first, screens) is second  # type: ignore[arg-type]
    assert screen_left(second, first, screens) is None  # type: ignore[arg-type]
    assert screen_left(first, first, [first]) is None  # type: ignore[arg-type]


def test_it_follows_its_screen_being_unplugged(projector, qtbot):
    """Sent full screen to a second screen (a stand-in: the test platform has one), which
    is then unplugged: it goes full screen on the screen left."""
    laptop = QGuiApplication.screens()[0]
    hdmi = object()
    projector.sent_to = hdmi  # type: ignore[assignment]
    projector.connected_screens = lambda: [laptop]  # Qt's list once HDMI is gone
    projector.screen_removed(laptop)  # another screen: nothing moves
    assert projector.sent_to is hdmi
    projector.screen_removed(hdmi)  # type: ignore[arg-type]
    assert projector.sent_to is laptop
    qtbot.waitUntil(projector.isFullScreen)
    assert projector.screen() is laptop


def test_a_windowed_projector_moves_to_the_screen_left(projector, qtbot):
    laptop = QGuiApplication.screens()[0]
    qtbot.keyClick(projector, Qt.Key.Key_Escape)  # the director left full screen
    qtbot.waitUntil(lambda: not projector.isFullScreen())
    hdmi = object()
    projector.sent_to = hdmi  # type: ignore[assignment]
    projector.connected_screens = lambda: [hdmi, laptop]
    projector.screen_removed(hdmi)  # type: ignore[arg-type]
    assert projector.sent_to is laptop and not projector.isFullScreen()
    assert projector.screen() is laptop


def test_it_listens_for_screens_being_unplugged(demo_window, qtbot):
    app = QGuiApplication.instance()
    before = app.receivers("2screenRemoved(QScreen*)")
    projector = ProjectorWindow(demo_window.context, demo_window.clock_watch)
    qtbot.addWidget(projector)
    assert app.receivers("2screenRemoved(QScreen*)") == before + 1


def play_to_the_night(window, clock) -> None:
    """From the demo's round 4, play every round to the end of round 8 (the last of the
    first day), and seat round 9."""
    db, event_id = window.context.db, window.context.event_id
    for number in range(4, 9):
        if number > 4:
            go(window, rounds.start_round(Desk(db, event_id, clock), number))
        clock.advance(minutes=60)
        go(window, clock_service.end(Desk(db, event_id, clock)))
        tables = seating_service.seating(db, event_id, number).tables
        builder.scores(db, event_id, number, {t.table: (500, 300) for t in tables}, clock)
        go(window, rounds.close_round(Desk(db, event_id, clock), number))
        go(window, seating_service.publish_seating(Desk(db, event_id, clock), number + 1))


def test_overnight_it_says_when_play_resumes(demo_window, clock, qtbot):
    projector = ProjectorWindow(demo_window.context, demo_window.clock_watch)
    qtbot.addWidget(projector)
    projector.show()
    play_to_the_night(demo_window, clock)  # once, then looked at in both sizes
    tick(demo_window)
    assert projector.next_label.text() == "Round 9 starts tomorrow at 9:30 AM"
    assert projector.current_slide().heading == "Round 9 seating"
    for size in SIZES:
        projector.resize(*size)
        qtbot.waitUntil(lambda s=size: projector.width() == s[0])
        assert not projector.digits_label.isVisible()  # no countdown over the night
        line = projector.next_label
        assert line.fontMetrics().horizontalAdvance(line.text()) <= line.width()
        assert line.font().pixelSize() >= size[1] // 20  # reads from the back of the hall
        picture(projector, f"projector-overnight-{size[0]}")


def test_opening_it_leaves_the_keyboard_with_the_director(demo_window, qtbot, clock):
    """F5 and the shortcuts keep working after the projector opens."""
    projector = demo_window.projector_menu.open_on(1)
    qtbot.waitUntil(projector.isFullScreen)
    assert QApplication.activeWindow() is demo_window
    assert not projector.isActiveWindow()
    qtbot.keyClick(demo_window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    assert demo_window.current_page() == "rounds"
    qtbot.keyClick(demo_window, Qt.Key.Key_F11)  # the View menu's F11: the projector's
    qtbot.waitUntil(lambda: not projector.isFullScreen())
    assert QApplication.activeWindow() is demo_window


def test_it_opens_again_on_its_screen_after_a_restart(demo_window, make_window, db_path, qtbot):
    demo_window.projector_menu.open_on(1)
    demo_window.close()  # the app closes with the projector up
    again = make_window(open_database(db_path))
    projector = again.projector_menu.reopen()
    assert projector is not None
    qtbot.waitUntil(projector.isFullScreen)
    assert projector.screen() is QGuiApplication.screens()[0]
    again.projector_menu.close_action.trigger()  # the director closes it
    again.close()
    third = make_window(open_database(db_path))
    assert third.projector_menu.reopen() is None
