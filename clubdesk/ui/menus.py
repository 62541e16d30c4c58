"""The window's menu entries beyond its pages and its database: File > Open recent (the
databases last opened), View > Text size (the whole window's, ``style.set_text_size``), both
remembered in the window's ``QSettings``, and the Help menu (Help, F1, in
``help_window.py``; About)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from clubdesk import __version__, paths
from clubdesk.ui.style import BASE_POINT_SIZE, TEXT_SIZES, set_text_size, text_size

if TYPE_CHECKING:
    from clubdesk.ui.help_window import HelpHost, HelpWindow

RECENT_KEY = "recent/databases"  # the databases last opened, the latest first
RECENT_COUNT = 6
TEXT_SIZE_KEY = "view/textSize"
ABOUT_TEXT = "Runs a card club's tournament night from one laptop."


class RecentMenu(QObject):
    """File > Open recent: the databases last opened but the one open, each opened again by
    ``open_file``; greyed while there is none."""

    def __init__(self, menu: QMenu, settings: QSettings, open_file: Callable[[Path], object]):
        super().__init__(menu)
        self.menu = menu
        self._settings = settings
        self._open_file = open_file
        menu.setEnabled(False)

    def databases(self) -> list[Path]:
        """The databases last opened in a window, the latest first."""
        value = self._settings.value(RECENT_KEY)
        if isinstance(value, str):  # a list of one, as an ini file gives it back
            value = [value]
        return [Path(text) for text in value if isinstance(text, str)] if value else []

    def remember(self, path: Path) -> None:
        """``path`` first in the remembered databases; the menu lists the others."""
        recent = [path, *(known for known in self.databases() if known != path)]
        self._settings.setValue(RECENT_KEY, [str(known) for known in recent[:RECENT_COUNT]])
        self.menu.clear()
        for number, known in enumerate(recent[1:RECENT_COUNT], start=1):
            action = self.menu.addAction(f"&{number} {known.name}  ({known.parent})")
            action.setToolTip(str(known))
            action.triggered.connect(lambda _=False, known=known: self._open_file(known))
        self.menu.setEnabled(len(recent) > 1)


class TextSizeMenu(QObject):
    """View > Text size: larger (Ctrl++), smaller (Ctrl+-) and the usual size (Ctrl+0), among
    ``TEXT_SIZES``; the size chosen is the window's again at the next start."""

    def __init__(self, menu: QMenu, settings: QSettings):
        super().__init__(menu)
        self._settings = settings
        self.menu = menu.addMenu("Te&xt size")
        self.larger_action = self.menu.addAction("&Larger")
        self.larger_action.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")]
        )
        self.smaller_action = self.menu.addAction("&Smaller")
        self.smaller_action.setShortcut(QKeySequence(QKeySequence.StandardKey.ZoomOut))
        self.usual_action = self.menu.addAction("&Usual size")
        self.usual_action.setShortcut(QKeySequence("Ctrl+0"))
        self.larger_action.triggered.connect(lambda: self.step(1))
        self.smaller_action.triggered.connect(lambda: self.step(-1))
        self.usual_action.triggered.connect(lambda: self.set_size(BASE_POINT_SIZE))
        remembered = settings.value(TEXT_SIZE_KEY)
        size = int(remembered) if str(remembered).isdigit() else BASE_POINT_SIZE
        if size in TEXT_SIZES and size != text_size():
            self.set_size(size)
        self._show_limits()

    def step(self, by: int) -> None:
        """The next size up (``by`` 1) or down (-1), if there is one."""
        at = TEXT_SIZES.index(text_size()) if text_size() in TEXT_SIZES else 0
        self.set_size(TEXT_SIZES[max(0, min(len(TEXT_SIZES) - 1, at + by))])

    def set_size(self, size: int) -> None:
        """The whole window's text ``size`` points, remembered."""
        app = QApplication.instance()
        if isinstance(app, QApplication) and size != text_size():
            set_text_size(app, size)
        self._settings.setValue(TEXT_SIZE_KEY, size)
        self._show_limits()

    def _show_limits(self) -> None:
        self.larger_action.setEnabled(text_size() < TEXT_SIZES[-1])
        self.smaller_action.setEnabled(text_size() > TEXT_SIZES[0])


class HelpMenu(QObject):
    """Help > clubdesk help (F1; greyed until the window has its database) and About."""

    def __init__(self, menu: QMenu, window: HelpHost):
        super().__init__(menu)
        self._window = window
        self.help_window: HelpWindow | None = None  # made when first asked for
        self.help_action = menu.addAction("clubdesk &help")
        self.help_action.setShortcut(QKeySequence("F1"))
        self.help_action.setEnabled(False)
        self.help_action.triggered.connect(self.show_help)
        self.about_action = menu.addAction("&About clubdesk")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)

    def show_help(self) -> HelpWindow:
        """The Help window, filled in afresh from the window as it is now, and shown."""
        from clubdesk.ui.help_window import HelpWindow

        if self.help_window is None:
            self.help_window = HelpWindow(self._window)
        self.help_window.show_for(self._window)
        return self.help_window

    def show_about(self) -> None:
        QMessageBox.about(
            self._window,
            "About clubdesk",
            f"<h3>clubdesk {__version__}</h3><p>{ABOUT_TEXT}</p>"
            "<p>Licence: MIT.</p><p>Fonts: DejaVu (Bitstream Vera licence; "
            "resources/fonts/LICENSE-DejaVu.txt).</p>"
            f"<p>Data folder: {escape(str(paths.user_data_dir()))}</p>",
        )
