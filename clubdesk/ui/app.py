"""Starting the window: the application, the database, and errors in plain words.

``run`` is what ``clubdesk`` (the command line) calls. The window's frame is shown
first, before the store and the services are loaded; once it is on the screen
(``Opening``) the database is opened and given to it, and the page in use is built
(docs/architecture.md, "The window"). The pieces it is made of are public so tests
can use them without entering the event loop.
"""

from __future__ import annotations

import gc
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from clubdesk import __version__, paths
from clubdesk.errors import UserError
from clubdesk.store.errors import ChangedOutsideError, DatabaseError
from clubdesk.timesource import SYSTEM_TIME, TimeSource
from clubdesk.ui import style
from clubdesk.ui.main_window import MainWindow

if TYPE_CHECKING:
    from clubdesk.store.db import Database

APP_NAME = "clubdesk"
ORGANISATION = "clubdesk"
EXIT_BAD_INPUT = 2
ERROR_LOG_NAME = "clubdesk-errors.log"

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def run(db_path: Path, *, demo: bool = False, projector: int | None = None) -> int:
    """Open the director's window on ``db_path`` and return the exit status.

    The window's frame shows at once; the database is opened when it is on the screen.
    A database that cannot be used is explained in a message box, the window closes, and
    the exit status is 2. With ``demo`` a demo event is put in the (fresh) database.
    With ``projector`` the projector opens full screen on that screen (1 = the first).
    """
    app = application()
    try:
        paths.user_data_dir()  # snapshots of the night and the error log go there
    except UserError as exc:
        return cannot_start(exc)
    previous_hook = install_excepthook(error_log())
    try:
        window = MainWindow(settings=QSettings(), clock=SYSTEM_TIME)
        opening = Opening(window, db_path, demo=demo, projector=projector)
        window.show()
        status = app.exec()
        return EXIT_BAD_INPUT if opening.failed else status
    finally:
        sys.excepthook = previous_hook


class Opening(QObject):
    """Gives a shown frame its database once the frame is on the screen (its first
    expose), or after ``LATE_MS`` when it is not exposed (a window opened minimised)."""

    LATE_MS = 500

    def __init__(
        self,
        window: MainWindow,
        db_path: Path,
        *,
        demo: bool = False,
        projector: int | None = None,
    ):
        super().__init__(window)
        self.window = window
        self.db_path = db_path
        self.demo = demo
        self.projector = projector
        self.failed = False
        self.done = False
        window.statusBar().showMessage(f"Opening {db_path.name}…")
        window.installEventFilter(self)
        self._late = QTimer(self)
        self._late.setSingleShot(True)
        self._late.timeout.connect(self.open)
        self._late.start(self.LATE_MS)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Show:  # the window now has its native window
            handle = self.window.windowHandle()
            if handle is not None:
                handle.installEventFilter(self)
        elif (
            event.type() == QEvent.Type.Expose
            and watched is self.window.windowHandle()
            and self.window.windowHandle().isExposed()
        ):  # painted: open on the next turn
            QTimer.singleShot(0, self, self.open)
        return False

    def open(self) -> None:
        """Open the database in the window (once); a file that cannot be used is explained
        and the window closed."""
        if self.done:
            return
        self.done = True
        self._late.stop()
        self.window.removeEventFilter(self)
        self.window.statusBar().clearMessage()
        db = open_database_for_window(self.db_path, demo=self.demo, clock=SYSTEM_TIME)
        if db is None:
            self.failed = True
            self.window.close()
            return
        if not explained(db, lambda: self.window.attach(db)):
            self.failed = True
            self.window.close()
            return
        # The other pages are built while the director looks at the first, and then what
        # the program and the window are made of, which lives as long as the window, is
        # kept out of the garbage collector's full passes: they walk it (tens of ms at a
        # time with a big field) in the middle of a publish.
        self.window.all_built.connect(gc.freeze)
        self.window.build_the_rest()
        if self.projector is not None:
            self.window.projector_menu.open_on(self.projector)
        else:
            self.window.projector_menu.reopen()  # where it was when the app last closed


def application() -> QApplication:
    """The one QApplication, named and styled (an existing one is reused)."""
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else APP_NAME])
    assert isinstance(app, QApplication)
    app.setApplicationName(APP_NAME)
    # no display name: a desktop's platform (X11, Windows) adds one to every window's title,
    # and the window's own title already names the app ("clubdesk — Spring Grand Prix")
    app.setApplicationVersion(__version__)
    app.setOrganizationName(ORGANISATION)
    app.setDesktopFileName(APP_NAME)
    style.apply(app)
    return app


def open_window(
    db_path: Path,
    *,
    demo: bool = False,
    settings: QSettings,
    clock: TimeSource,
) -> MainWindow | None:
    """Open the database and build the window on it (not shown yet).

    ``None`` when the database cannot be used; the reason was shown to the user.
    """
    db = open_database_for_window(db_path, demo=demo, clock=clock)
    if db is None:
        return None
    window = MainWindow(settings=settings, clock=clock)
    if not explained(db, lambda: window.attach(db)):
        window.deleteLater()
        return None
    return window


def open_database_for_window(db_path: Path, *, demo: bool, clock: TimeSource) -> Database | None:
    """The database at ``db_path`` opened for the window (with the demo put in it when
    ``demo``); ``None`` when it cannot be used, the reason shown to the user."""
    from clubdesk.store.db import open_database  # the store loads once the frame shows

    try:
        db = open_database(db_path)
    except ChangedOutsideError as changed:
        db = _open_to_read(db_path, changed, clock)
        if db is None:
            return None
    except DatabaseError as exc:
        show_start_error(exc)
        return None
    if demo and not explained(db, lambda: make_demo(db, clock)):
        return None
    return db


def explained(db: Database, step: Callable[[], object]) -> bool:
    """Whether ``step`` on a newly opened ``db`` was done: a UserError it raises (e.g. the
    file went bad while it was read) is shown and gives False; on any error the database
    is closed."""
    try:
        step()
    except UserError as exc:
        db.close()
        show_start_error(exc)
        return False
    except BaseException:
        db.close()
        raise
    return True


def _open_to_read(
    db_path: Path, changed: ChangedOutsideError, clock: TimeSource
) -> Database | None:
    """A file changed outside clubdesk, opened for reading only after saying so once (its
    writes are refused, each in the same plain words); None when it cannot be read. One
    sealed on another laptop is offered to the director to accept first (``AcceptDialog``)."""
    from clubdesk.store.db import open_database
    from clubdesk.store.read_only import open_for_reading
    from clubdesk.store.seal import FOREIGN
    from clubdesk.ui.backup_dialogs import AcceptDialog

    if changed.changed == FOREIGN and AcceptDialog(db_path, clock).exec():
        try:
            return open_database(db_path)
        except DatabaseError as exc:
            show_start_error(exc)
            return None

    try:
        db = open_for_reading(db_path)
    except DatabaseError as exc:
        show_start_error(exc)
        return None
    show_start_error(changed, "clubdesk opens this database for reading only.")
    return db


def cannot_start(error: UserError) -> int:
    """The user data folder cannot be used (``error`` names it and why): said in a message
    box, and the exit status for it."""
    application()
    show_start_error(error, "clubdesk cannot use its data folder.")
    return EXIT_BAD_INPUT


def show_start_error(
    error: UserError, heading: str = "clubdesk cannot open this database."
) -> None:
    """Why the window cannot open, in a message box (before there is a window)."""
    box = QMessageBox(QMessageBox.Icon.Warning, APP_NAME, heading)
    box.setInformativeText(str(error))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()


def make_demo(db: Database, clock: TimeSource) -> None:
    """Fill a fresh database with the demo night."""
    from clubdesk.services import events as event_service

    if event_service.list_events(db):
        return  # already made
    from clubdesk.services import demo  # only for the demo night

    demo.make_demo(db, clock)


# --- unexpected errors ----------------------------------------------------------------------


def error_log() -> Path:
    """Where tracebacks go (the folder is made when the first one is written)."""
    return paths.user_data_folder() / ERROR_LOG_NAME


def install_excepthook(log_path: Path, clock: TimeSource = SYSTEM_TIME) -> ExceptHook:
    """Show errors nobody caught in a dialog, log their traceback; returns the old hook."""
    previous = sys.excepthook
    sys.excepthook = ErrorReporter(log_path, clock)
    return previous


class ErrorReporter:
    """``sys.excepthook`` for the window.

    A ``UserError`` that slipped through is shown as it is. Anything else is
    a bug: its traceback goes to the log file and the director sees one
    plain sentence saying the last action may not have finished.

    A message is shown in a dialog once: the same one again (an error that comes back
    each second, from the clock's watch) goes to the window's status bar, so that the
    director is never kept closing dialogs in the middle of a night.
    """

    NOTICE_MS = 30_000  # how long the status bar says it

    def __init__(self, log_path: Path, clock: TimeSource = SYSTEM_TIME):
        self.log_path = log_path
        self._clock = clock
        self._showing = False
        self._shown: set[str] = set()

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        tb: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            app = QApplication.instance()
            if app is not None:
                app.quit()
            return
        if isinstance(error, UserError):
            self._show(QMessageBox.Icon.Warning, str(error), "")
            return
        logged = self.log(kind, error, tb)
        where = (
            f"The details were written to {self.log_path}."
            if logged
            else "The details could not be written to a log file."
        )
        self._show(
            QMessageBox.Icon.Critical,
            "Something went wrong inside clubdesk; the last action may not have finished.",
            f"{where}\nWhat was saved before is safe. Please keep the log for whoever looks "
            "after clubdesk.",
        )

    def log(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> bool:
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            with self.log_path.open("a", encoding="utf-8") as out:
                out.write(f"--- {self._clock.now().isoformat()} clubdesk {__version__}\n")
                out.write("".join(traceback.format_exception(kind, error, tb)))
        except OSError:
            logging.getLogger(__name__).exception("could not write %s", self.log_path)
            return False
        return True

    def _show(self, icon: QMessageBox.Icon, text: str, details: str) -> None:
        if self._showing or QApplication.instance() is None:
            return  # an error while showing an error: the log has it
        if text in self._shown:
            _status_notice(f"{text} {details}".strip(), self.NOTICE_MS)
            return
        self._shown.add(text)
        self._showing = True
        try:
            parent: QWidget | None = QApplication.activeWindow()
            box = QMessageBox(icon, APP_NAME, text, QMessageBox.StandardButton.Ok, parent)
            if details:
                box.setInformativeText(details)
            box.exec()
        finally:
            self._showing = False


def _status_notice(text: str, timeout_ms: int) -> None:
    """``text`` in the status bar of the director's window (if one is open)."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and widget.isVisible():
            widget.statusBar().showMessage(" ".join(text.split()), timeout_ms)
            return
