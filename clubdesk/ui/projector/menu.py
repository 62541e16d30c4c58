"""The director's View menu for the projector: send it full screen to one of the connected
screens (listed by name, read again each time the menu opens), type the notice it shows
between rounds, and close it.

The notice is kept in the window's settings (``QSettings``), one per event of each
database file, so it survives a restart and each event keeps its own. So is the screen the
projector was sent to: after a restart it opens there again (``reopen``), until the
director closes it. It is a note for
the hall on this laptop ("Coffee in the lobby"), not a fact of the event: it is not in
the event's settings, the audit log or the event file.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMainWindow, QMenu

from clubdesk.services.changes import Change
from clubdesk.ui.clock.ticker import TimerFactory, qt_timer
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext, database_key
from clubdesk.ui.projector.window import ProjectorWindow, screen_for

SCREEN_KEY = "projector/screen"  # the number of the screen it was last sent to
SCREEN_NAME_KEY = "projector/screenName"


def screen_label(number: int, name: str, width: int, height: int) -> str:
    """A screen as the menu lists it: ``Projector on screen 2: HDMI-1 (1920×1080)``."""
    return f"Projector on screen {number}: {name or 'unnamed'} ({width}×{height})"


class ProjectorMenu:
    """The View menu of ``window`` and the one projector window it opens."""

    def __init__(
        self,
        window: QMainWindow,
        context: UiContext,
        watch: ClockWatch,
        make_timer: TimerFactory = qt_timer,
        settings: QSettings | None = None,
    ):
        self.window = window
        self.context = context
        self.watch = watch
        self.make_timer = make_timer
        self.settings = settings
        self.projector: ProjectorWindow | None = None
        context.changed.connect(self._changed)
        bar = window.menuBar()
        actions = bar.actions()
        self.menu = QMenu("&View", window)
        bar.insertMenu(actions[-1], self.menu) if actions else bar.addMenu(self.menu)
        self.screens_menu = self.menu.addMenu("&Projector")
        self.screens_menu.aboutToShow.connect(self.list_screens)
        self.full_screen_action = self.menu.addAction("Projector &full screen")
        self.full_screen_action.setShortcut(QKeySequence("F11"))
        self.full_screen_action.triggered.connect(self.toggle_full_screen)
        self.notice_action = self.menu.addAction("Projector &notice…")
        self.notice_action.triggered.connect(self.ask_notice)
        self.close_action = self.menu.addAction("&Close projector")
        self.close_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.close_action.triggered.connect(lambda: self.close())
        self.list_screens()

    def list_screens(self) -> None:
        """List the screens connected now, one item each."""
        self.screens_menu.clear()
        for number, screen in enumerate(QGuiApplication.screens(), start=1):
            size = screen.geometry().size()
            text = screen_label(number, screen.name(), size.width(), size.height())
            action = QAction(text, self.screens_menu)
            action.triggered.connect(lambda _=False, n=number: self.open_on(n))
            self.screens_menu.addAction(action)

    def open_on(self, number: int) -> ProjectorWindow | None:
        """Open the projector (or move it) full screen on screen ``number`` (1 = the first)."""
        screen = screen_for(number, QGuiApplication.screens())
        if screen is None:
            return None
        projector = self.projector_window()
        projector.send_to(screen)
        self._keep_screen(number, screen.name())
        self.window.activateWindow()  # the director's keys stay with the director's window
        return projector

    def reopen(self) -> ProjectorWindow | None:
        """Open the projector where it was when the app last closed (the same screen by name,
        else by number); None when it was not open."""
        if self.settings is None:
            return None
        number = self.settings.value(SCREEN_KEY)
        if number is None:
            return None
        name = str(self.settings.value(SCREEN_NAME_KEY, "") or "")
        screens = QGuiApplication.screens()
        named = [i for i, s in enumerate(screens, start=1) if name and s.name() == name]
        try:
            return self.open_on(named[0] if named else int(str(number)))
        except ValueError:
            return None

    def toggle_full_screen(self) -> None:
        """F11: the projector full screen, or back to a window (when it is open)."""
        if self.projector is not None:
            self.projector.toggle_full_screen()

    def _keep_screen(self, number: int, name: str) -> None:
        if self.settings is None:
            return
        self.settings.setValue(SCREEN_KEY, number)
        self.settings.setValue(SCREEN_NAME_KEY, name)
        self.settings.sync()

    def projector_window(self) -> ProjectorWindow:
        if self.projector is None:
            self.projector = ProjectorWindow(self.context, self.watch, self.make_timer)
            self.projector.set_notice(self.notice())
        return self.projector

    def ask_notice(self) -> None:
        """Ask the director for the notice the projector shows between rounds, and keep it."""
        text, accepted = QInputDialog.getMultiLineText(
            self.window, "Projector notice", "Notice shown between rounds:", self.notice()
        )
        if accepted:
            self._keep_notice(text.strip())
            self.projector_window().set_notice(text)

    def notice(self) -> str:
        """The open event's notice as last typed (empty: none, or no event open)."""
        key = self._notice_key()
        if self.settings is None or key is None:
            return self.projector.notice if self.projector is not None else ""
        return str(self.settings.value(key, "") or "")

    def _keep_notice(self, text: str) -> None:
        key = self._notice_key()
        if self.settings is None or key is None:
            return
        if text:
            self.settings.setValue(key, text)
        else:
            self.settings.remove(key)
        self.settings.sync()

    def _notice_key(self) -> str | None:
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            return None
        return f"{database_key('projectorNotice', db.path)}/{event_id}"

    def _changed(self, change: Change) -> None:
        """Another event opened: the projector shows that event's notice."""
        if self.projector is not None and change & Change.EVENT:
            notice = self.notice()
            if notice != self.projector.notice:
                self.projector.set_notice(notice)

    def close(self, *, forget: bool = True) -> None:
        """Close the projector window; ``forget``: it is not opened again at the next start
        (the main window closing it keeps it for then)."""
        if forget and self.settings is not None:
            self.settings.remove(SCREEN_KEY)
            self.settings.remove(SCREEN_NAME_KEY)
            self.settings.sync()
        if self.projector is not None:
            self.projector.close()
            self.projector.deleteLater()
            self.projector = None
