"""The director's desk: a page list on the left, the chosen page on the right.

The window is made in two steps, so that it shows before the store is loaded. Its
frame (the page list, the menus, the status bar, its remembered size and page) needs
Qt alone; ``attach`` then gives it a database: it loads the services and the store,
builds the window's ``UiContext`` and the Event page (which opens the event) and the
page in use. ``MainWindow(db, ...)`` does both at once; ``clubdesk.ui.app`` shows the
frame first and attaches once it is on the screen.

Each page is a widget built from the window's ``UiContext``, listed in the registry
``pages.PAGES`` with its title and shortcut (Ctrl+1, Ctrl+2, ... in list order). Every
page but the Event page and the page in use is imported and built when it is first shown
or asked for (``page``, and the ``players_page``, ``money_page``, ... properties), so the
window opens sooner.
The chime and the voice are loaded just after the window is shown. The status
bar keeps the database file on the right, and on the left the round clock
(``Round 4 · 23:41 left · 9 of 12 sheets in``, from ``ClockWatch``) and the
event's count line, and beside the file whether the tables' pages are served to phones
(``ui/tables_dialog.py``); it follows the context's ``changed`` signal as the pages do.

The window remembers its size, position, last page, each database's last
event and the databases last opened (File > Open recent, ``menus.py``) in the
``QSettings`` it is given (tests give it a temporary file).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QByteArray, QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QWidget,
)

from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.timesource import TimeSource
from clubdesk.ui.clock.ticker import TimerFactory, qt_timer
from clubdesk.ui.context import UiContext, catch_up, database_key
from clubdesk.ui.menus import HelpMenu, RecentMenu, TextSizeMenu
from clubdesk.ui.pages import PAGES, PageRow, make_page

if TYPE_CHECKING:
    from clubdesk.services.events import EventInfo
    from clubdesk.store.db import Database
    from clubdesk.ui.backup_dialogs import Snapshots
    from clubdesk.ui.clock.announcer import Announcer, SoundMenu
    from clubdesk.ui.clock.status_bar import StatusClock
    from clubdesk.ui.clock.ticker import Ticker
    from clubdesk.ui.clock.watch import ClockWatch
    from clubdesk.ui.draw.page import DrawPage
    from clubdesk.ui.event.page import EventPage
    from clubdesk.ui.money.page import MoneyPage
    from clubdesk.ui.players.page import PlayersPage
    from clubdesk.ui.print.page import PrintPage
    from clubdesk.ui.projector.menu import ProjectorMenu
    from clubdesk.ui.rounds.page import RoundsPage
    from clubdesk.ui.standings.page import StandingsPage
    from clubdesk.ui.tables_dialog import TablesServing

APP_TITLE = "clubdesk"
DEFAULT_SIZE = (1280, 820)
DATABASE_FILTER = "clubdesk databases (*.sqlite *.db);;All files (*)"


@dataclass
class Page:
    key: str  # pages.PAGES
    title: str
    holder: QScrollArea  # the page's place in the stack
    widget: QWidget | None = field(default=None)  # None: not built yet


class MainWindow(QMainWindow):
    """The director's window on one open database (which it owns and closes).

    Made without a database it is the frame alone until ``attach`` gives it one."""

    opened = Signal()  # attached to its database, the page in use built
    all_built = Signal()  # every page built (``build_the_rest``)

    def __init__(
        self,
        db: Database | None = None,
        *,
        settings: QSettings,
        clock: TimeSource,
        make_timer: TimerFactory = qt_timer,
        speech_engine: str | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self._db: Database | None = None
        self._settings = settings
        self._clock = clock
        self._make_timer = make_timer
        self._speech_engine = speech_engine
        self._pages: list[Page] = []

        self.page_list = QListWidget()
        self.page_list.setObjectName("pageList")
        self.page_list.setAccessibleName("Pages")
        self.page_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.page_list.setFixedWidth(150)  # "Standings" whole, at the list's larger font
        self.stack = QStackedWidget()
        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.page_list)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        for row in PAGES:
            self._add_page(row)
        self._build_menus()
        self.statusBar().setSizeGripEnabled(False)
        self._restore_window()
        if db is not None:
            self.attach(db)

    @property
    def is_open(self) -> bool:
        """Whether the window has its database (``attach``)."""
        return self._db is not None

    def attach(self, db: Database) -> None:
        """Give the frame its database: the pages, the clock, the projector and the status
        bar, with the remembered page built and shown."""
        from clubdesk.ui.backup_dialogs import Snapshots
        from clubdesk.ui.clock.announcer import Announcer, SoundMenu
        from clubdesk.ui.clock.status_bar import StatusClock
        from clubdesk.ui.clock.ticker import Ticker
        from clubdesk.ui.clock.watch import ClockWatch
        from clubdesk.ui.projector.menu import ProjectorMenu
        from clubdesk.ui.tables_dialog import TablesServing
        from clubdesk.ui.widgets.elided_label import ElidedLabel

        settings, make_timer = self._settings, self._make_timer
        self._db = db
        self.context: UiContext = UiContext(db, self._clock, parent=self)
        self.ticker: Ticker = Ticker(self._clock, make_timer, self)
        self.clock_watch: ClockWatch = ClockWatch(self.context, self.ticker, self)
        event_page = make_page("event", self.context, self.clock_watch)
        self.event_page: EventPage = cast("EventPage", event_page)
        self.page("event")
        self.page_list.currentRowChanged.connect(self._go_to)
        self.stack.currentChanged.connect(self._lay_out_now)
        self.stack.currentChanged.connect(self._focus_page)
        self.event_page.current_event_changed.connect(self._event_changed)

        self.projector_menu: ProjectorMenu = ProjectorMenu(
            self, self.context, self.clock_watch, make_timer, settings=settings
        )
        self.tables_serving: TablesServing = TablesServing(
            self, self.context, self.projector_menu.menu, settings
        )
        self.status_clock: StatusClock = StatusClock(self.clock_watch)
        self.statusBar().addWidget(self.status_clock)
        self.summary_label = QLabel()
        self.statusBar().addWidget(self.summary_label)
        self.context.changed.connect(self._show_summary)
        self.statusBar().addPermanentWidget(self.tables_serving.label)  # serving, to how many
        self.ticker.tick.connect(self.tables_serving.show_status)
        self.database_label = ElidedLabel(keeps=12)  # a long file name gives way, path in tip
        self.statusBar().addPermanentWidget(self.database_label)

        self._show_database()
        self.snapshots: Snapshots = Snapshots(self, settings, self)
        self.announcer: Announcer = Announcer(
            self.context, settings, engine=self._speech_engine, parent=self
        )
        self.sound_label = QLabel()  # says once, and keeps saying, that announcements are silent
        self.sound_label.setContentsMargins(0, 0, 16, 0)
        self.statusBar().insertPermanentWidget(2, self.sound_label)  # left of the file name
        self.announcer.unavailable.connect(self._say_silent)
        self.clock_watch.given.connect(self.announcer.announce)
        self.sound_menu: SoundMenu = SoundMenu(self.projector_menu.menu, self.announcer)
        self.text_size_menu = TextSizeMenu(self.projector_menu.menu, settings)  # applies its size
        for action in self._needs_database:
            action.setEnabled(True)
        self._go_to(self.page_list.currentRow())
        if self.isVisible():
            self._load_sound()
        self.opened.emit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.is_open:
            self._load_sound()

    def _load_sound(self) -> None:
        if not self.announcer.loaded:  # the sound and speech engines, once the window shows
            QTimer.singleShot(0, self.announcer, self.announcer.load)

    def _say_silent(self, words: str, reason: str) -> None:
        self.sound_label.setText(words)
        self.sound_label.setToolTip(reason)

    # building

    def _add_page(self, row: PageRow) -> None:
        key, title = row.key, row.title
        # On a small screen a page scrolls rather than pushing the window off it.
        holder = QScrollArea()
        holder.setWidgetResizable(True)
        holder.setFrameShape(QFrame.Shape.NoFrame)
        holder.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._pages.append(Page(key, title, holder))
        self.stack.addWidget(holder)
        item = QListWidgetItem(title)
        item.setToolTip(f"{title} ({row.shortcut})")
        self.page_list.addItem(item)
        go = QAction(title, self)
        go.setShortcut(QKeySequence(row.shortcut))
        go.triggered.connect(lambda: self.show_page(key))
        self.addAction(go)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_event_action = file_menu.addAction("&New event…")
        self.new_event_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_event_action.triggered.connect(self.new_event)
        self.open_action = file_menu.addAction("&Open database…")
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.choose_database)
        self.recent = RecentMenu(
            file_menu.addMenu("Open r&ecent"), self._settings, self.open_database_file
        )
        file_menu.addSeparator()
        self.backup_action = file_menu.addAction("&Back up now…")
        self.backup_action.triggered.connect(lambda: self.snapshots.back_up_now())
        self.restore_action = file_menu.addAction("&Restore…")
        self.restore_action.triggered.connect(lambda: self.snapshots.restore())
        self._needs_database = [
            self.new_event_action,
            self.open_action,
            self.backup_action,
            self.restore_action,
        ]
        for action in self._needs_database:
            action.setEnabled(False)  # until the window has its database
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction("&Quit")
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)

        self.help_menu = HelpMenu(self.menuBar().addMenu("&Help"), self)
        self.about_action = self.help_menu.about_action
        self._needs_database.append(self.help_menu.help_action)

    # pages

    def page(self, key: str) -> QWidget:
        """The page ``key``, built now if it has not been yet, and showing what changed
        while it was hidden and what it reads off the window's thread (code that reads a
        page reads it up to date)."""
        widget = self._built(key)
        catch_up(widget)
        return widget

    def _built(self, key: str) -> QWidget:
        """The page ``key``, built now if it has not been yet; a page shown catches up as it
        is shown, its long reads off the window's thread."""
        for page in self._pages:
            if page.key == key:
                if page.widget is None:
                    page.widget = (
                        self.event_page
                        if key == "event"
                        else make_page(key, self.context, self.clock_watch)
                    )
                    page.holder.setWidget(page.widget)
                return page.widget
        raise KeyError(key)

    def build_the_rest(self) -> None:
        """Build the pages not built yet, one on each turn of the event loop, so that a first
        visit to a page is as quick as a later one (a page built while hidden does no work on
        a change until it is shown); then ``all_built``."""

        def next_one() -> None:
            if not self.isVisible() or self.database.closed:
                return  # closed meanwhile
            page = next((page for page in self._pages if page.widget is None), None)
            if page is None:  # the last was built, or shown or asked for meanwhile
                self.all_built.emit()
                return
            self._built(page.key)
            # laid out and drawn once, hidden, at the size it will be shown at: its first
            # showing then finds its widgets polished and its pictures drawn
            page.holder.setGeometry(self.stack.currentWidget().geometry())
            page.holder.grab()
            QTimer.singleShot(0, self, next_one)

        QTimer.singleShot(0, self, next_one)

    def is_built(self, key: str) -> bool:
        """Whether the page ``key`` has been built (it is when first shown or asked for)."""
        return any(page.key == key and page.widget is not None for page in self._pages)

    @property
    def players_page(self) -> PlayersPage:
        return cast("PlayersPage", self.page("players"))

    @property
    def draw_page(self) -> DrawPage:
        return cast("DrawPage", self.page("draw"))

    @property
    def rounds_page(self) -> RoundsPage:
        return cast("RoundsPage", self.page("rounds"))

    @property
    def standings_page(self) -> StandingsPage:
        return cast("StandingsPage", self.page("standings"))

    @property
    def money_page(self) -> MoneyPage:
        return cast("MoneyPage", self.page("money"))

    @property
    def print_page(self) -> PrintPage:
        return cast("PrintPage", self.page("print"))

    def _lay_out_now(self, index: int) -> None:
        """Lay out the page just shown before it is painted: a page laid out while hidden (or
        just built) otherwise shows a sideways scroll bar's empty track for a moment it does
        not need. The scroll area shows or hides its bars in a queued call: made now."""
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.sendPostedEvents(self.stack.widget(index), QEvent.Type.MetaCall)

    def _go_to(self, row: int) -> None:
        """Show the page in list row ``row``, built first if it is its first showing."""
        self._built(self._pages[row].key)
        self.stack.setCurrentIndex(row)

    @property
    def database(self) -> Database:
        if self._db is None:
            raise RuntimeError("the window has no database yet")
        return self._db

    def page_keys(self) -> list[str]:
        return [page.key for page in self._pages]

    def current_page(self) -> str:
        return self._pages[self.stack.currentIndex()].key

    def show_page(self, key: str) -> None:
        for row, page in enumerate(self._pages):
            if page.key == key:
                self.page_list.setCurrentRow(row)
                return
        raise KeyError(key)

    def _focus_page(self, index: int) -> None:
        """The page just shown takes the keyboard where the director types next (its
        ``focus_in``), else on its first control."""
        page = self._built(self._pages[index].key)
        focus_in = getattr(page, "focus_in", None)
        if focus_in is not None:
            focus_in()
        else:
            page.setFocus(Qt.FocusReason.OtherFocusReason)

    def new_event(self) -> None:
        self.show_page("event")
        self.event_page.new_event()

    # the database

    def choose_database(self) -> None:
        """File > Open database…: ask for a file and switch to it."""
        start = str(self.database.path.parent)
        chosen, _ = QFileDialog.getOpenFileName(self, "Open database", start, DATABASE_FILTER)
        if chosen:
            self.open_database_file(Path(chosen))

    def open_database_file(self, path: Path) -> bool:
        """Switch the window to another database file; a file that cannot be used is
        explained in a message and the current one stays open."""
        from clubdesk.store.db import open_database
        from clubdesk.store.errors import DatabaseError

        path = Path(path).expanduser().absolute()
        if path == self.database.path:
            return True
        try:
            new_db = open_database(path, create=False)
        except DatabaseError as exc:
            QMessageBox.warning(self, "Open database", str(exc))
            return False
        self.tables_serving.stop()
        self.context.wait_for_workers()
        old, self._db = self._db, new_db
        old.close()
        self._show_database()
        return True

    def reopen_database(self, path: Path) -> None:
        """Open ``path`` again after it was replaced underneath a closed database."""
        from clubdesk.store.db import open_database

        self._db = open_database(path, create=False)
        self._show_database()

    def close_database(self) -> Path:
        """Close the database (for a restore to replace it); its path."""
        self.tables_serving.stop()
        self.context.wait_for_workers()
        self.database.close()
        return self.database.path

    def _show_database(self) -> None:
        path = self.database.path
        self.database_label.setText(path.name)
        self.database_label.setToolTip(str(path))
        self.recent.remember(path)
        self.event_page.set_database(self.database, self._settings.value(self._last_event_key()))

    def _last_event_key(self) -> str:
        return database_key("lastEvent", self.database.path)

    def _event_changed(self, event: EventInfo | None) -> None:
        if event is None:
            self.setWindowTitle(APP_TITLE)
            return
        self.setWindowTitle(f"{APP_TITLE} — {event.name}")
        self._settings.setValue(self._last_event_key(), event.id)

    def _show_summary(self, change: Change) -> None:
        """The count line on the left of the status bar (``24 entrants · 22 paid · 12 tables``)."""
        from clubdesk.services import entrants as entrants_service
        from clubdesk.ui.players.entry import summary_text

        if not change & (Change.EVENT | Change.ENTRANTS | Change.MONEY | Change.SEATING):
            return
        db, event_id = self.context.db, self.context.event_id
        text = ""
        if db is not None and event_id is not None:
            try:
                text = summary_text(entrants_service.registration_summary(db, event_id))
            except UserError:
                text = ""
        self.summary_label.setText(text)

    # remembering the window

    def _restore_window(self) -> None:
        """The remembered size and position, and the remembered page marked in the list (it
        is built and shown when the window has its database)."""
        geometry = self._settings.value("window/geometry")
        if not (isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)):
            self.resize(*DEFAULT_SIZE)
        page = self._settings.value("window/page")
        self.page_list.setCurrentRow(
            self.page_keys().index(page) if page in self.page_keys() else 0
        )

    def save_window(self) -> None:
        self._settings.setValue("window/geometry", self.saveGeometry())
        self._settings.setValue("window/page", self.current_page())
        self._settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._db is None:  # the frame alone: its database could not be opened
            super().closeEvent(event)
            return
        self.save_window()
        self.projector_menu.close(forget=False)  # it opens again at the next start
        self.tables_serving.stop(forget=False)  # and serving, on this database
        self.ticker.stop()
        self.context.wait_for_workers()
        self.snapshots.take("exit")
        self.database.close()
        super().closeEvent(event)
