"""The director's window: pages, menus, the status bar, switching files, remembering itself."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import QFileDialog

from clubdesk import __version__, paths
from clubdesk.services.command import Desk
from clubdesk.services.events import NewEvent, create_event
from clubdesk.store.db import open_database
from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.pages import PAGES


def make_database_with_event(path, clock, name):
    with open_database(path) as other:
        create_event(Desk(other, None, clock), NewEvent(name, date(2024, 4, 1), "", "house-gin"))


def test_the_status_bar_shows_the_database_file(window, db_path):
    assert window.database_label.text() == "club.sqlite"
    assert window.database_label.toolTip() == str(db_path)


def test_only_real_pages_are_listed(window):
    assert window.page_keys() == [
        "event",
        "players",
        "draw",
        "rounds",
        "standings",
        "money",
        "print",
        "members",
        "season",
    ]
    assert [window.page_list.item(i).text() for i in range(3)] == ["Event", "Players", "Draw"]
    assert window.current_page() == "event"


def test_each_page_is_built_as_its_row_in_the_registry_says(window):
    # clubdesk/ui/pages.py: a page's title, shortcut and class are its row's
    shortcuts = {action.text(): action.shortcut().toString() for action in window.actions()}
    for number, row in enumerate(PAGES):
        module, _, name = row.builds.partition(":")
        page = window.page(row.key)
        assert (type(page).__module__, type(page).__name__) == (module, name)
        assert window.page_list.item(number).toolTip() == f"{row.title} ({row.shortcut})"
        assert shortcuts[row.title] == row.shortcut
    assert len({row.shortcut for row in PAGES}) == len(PAGES)


def test_ctrl_number_switches_pages(window, keyboard):
    keyboard.press(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "event"
    assert window.stack.currentWidget().widget() is window.event_page


def test_ctrl_n_starts_a_new_event(make_window, db, clock, keyboard):
    create_event(Desk(db, None, clock), NewEvent("Friday", date(2024, 3, 8), "", "house-gin"))
    window = make_window(db)
    assert not window.event_page.showing_form()
    keyboard.press(Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.event_page.showing_form()
    assert window.event_page.form.heading.text() == "New event"


def test_the_menus(window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles == ["&File", "&View", "&Help"]
    assert window.new_event_action.shortcut().toString() == "Ctrl+N"
    assert window.open_action.shortcut().toString() == "Ctrl+O"
    assert window.quit_action.shortcut().toString() == "Ctrl+Q"


def test_about_says_only_what_is_there(window, message_boxes):
    window.about_action.trigger()
    [box] = message_boxes.shown
    assert box["kind"] == "about"
    text = box["text"]
    assert __version__ in text
    assert "Licence: MIT." in text
    assert "DejaVu (Bitstream Vera licence" in text
    assert (paths.resources_dir() / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert f"Data folder: {paths.user_data_dir()}" in text
    assert "payouts" not in text and "score sheets" not in text  # no list of promises


def test_quit_closes_the_window_and_the_database(window, db, keyboard):
    keyboard.press(Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()
    assert db.closed


def test_size_position_and_page_are_remembered(qtbot, make_window, db_path, settings_file, clock):
    first = make_window(
        open_database(db_path), QSettings(str(settings_file), QSettings.Format.IniFormat)
    )
    first.resize(720, 520)  # within the offscreen screen (800 x 600)
    first.move(40, 30)
    qtbot.waitUntil(lambda: first.size() == QSize(720, 520))
    position = first.pos()
    first.close()

    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    assert settings.value("window/page") == "event"
    second = MainWindow(open_database(db_path), settings=settings, clock=clock)
    qtbot.addWidget(second)
    with qtbot.waitExposed(second):
        second.show()
    assert second.size() == QSize(720, 520)
    assert second.pos() == position
    assert second.current_page() == "event"


def test_a_first_start_gets_a_sensible_size(window):
    assert window.width() >= 1000 and window.height() >= 700


def test_settings_go_where_they_are_told(window, settings_file):
    window.close()
    assert settings_file.is_file()
    assert "geometry" in settings_file.read_text()


def test_file_open_database_switches_files(window, db, tmp_path, clock, monkeypatch):
    other_path = tmp_path / "other.sqlite"
    make_database_with_event(other_path, clock, "Other night")
    asked = []

    def choose(parent, caption, folder, filters):
        asked.append(folder)
        return str(other_path), filters.split(";;")[0]

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    window.open_action.trigger()

    assert asked == [str(db.path.parent)]
    assert window.database.path == other_path
    assert db.closed
    assert window.windowTitle() == "clubdesk — Other night"
    assert window.database_label.text() == "other.sqlite"
    assert window.event_page.current_event.name == "Other night"


def test_a_file_that_cannot_be_opened_keeps_the_current_one(window, db, tmp_path, message_boxes):
    junk = tmp_path / "notes.sqlite"
    junk.write_text("shopping list: cards, pencils, score pads\n" * 10)
    assert not window.open_database_file(junk)
    assert window.database is db and not db.closed
    [message] = message_boxes.texts()
    assert message == f"{junk} is not a clubdesk database (it is not an SQLite file)."


def test_cancelling_the_file_dialog_changes_nothing(window, db, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a: ("", "")))
    window.open_action.trigger()
    assert window.database is db and not db.closed


def test_each_database_remembers_its_event(make_window, db, db_path, tmp_path, clock, qsettings):
    first = create_event(
        Desk(db, None, clock), NewEvent("First", date(2024, 3, 1), "", "house-gin")
    )
    clock.advance(minutes=1)
    create_event(Desk(db, None, clock), NewEvent("Second", date(2024, 3, 2), "", "house-gin"))
    window = make_window(db)
    assert window.event_page.current_event.name == "Second"
    window.event_page.open_event(first.id)
    other_path = tmp_path / "other.sqlite"
    make_database_with_event(other_path, clock, "Other night")
    window.open_database_file(other_path)
    assert window.event_page.current_event.name == "Other night"
    window.open_database_file(db_path)
    assert window.event_page.current_event.name == "First"


def test_the_open_event_reaches_the_players_and_draw_pages(make_window, db, clock, keyboard):
    from clubdesk.services.registration import RegisterEntrant, register

    event = create_event(
        Desk(db, None, clock), NewEvent("Friday", date(2024, 3, 8), "", "grand-prix-warmup")
    )
    for pair in (["Ann Smith", "Bob Jones"], ["Cy Young", "Di Prince"]):
        register(Desk(db, event.id, clock), RegisterEntrant(players=pair, paid_cents=2000))
    window = make_window(db)
    assert window.summary_label.text() == window.players_page.summary_text()
    assert window.summary_label.text().startswith("2 entrants")
    keyboard.press(Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "players"
    assert window.players_page.model.rowCount() == 2
    keyboard.press(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "draw"
