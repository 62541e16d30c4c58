"""Fixtures for the window's tests: a database file, private settings, the window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from clubdesk.store.db import Database
from clubdesk.ui.clock.ticker import FakeTimer
from clubdesk.ui.main_window import MainWindow
from tests.ui.showing import WindowsShown, show_active


@pytest.fixture
def settings_file(tmp_path: Path) -> Path:
    return tmp_path / "settings" / "clubdesk.ini"


@pytest.fixture
def qsettings(settings_file: Path) -> QSettings:
    return QSettings(str(settings_file), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot, qsettings, clock):
    """``make_window(db)``: the director's window on an open database, shown and focused
    (its clock's timers fire only by hand: ``window.ticker.second_timer.fire()``)."""

    def make(database: Database, settings: QSettings | None = None) -> MainWindow:
        window = MainWindow(
            database,
            settings=settings or qsettings,
            clock=clock,
            make_timer=FakeTimer,
            speech_engine="mock",
        )
        qtbot.addWidget(window)
        show_active(window)
        return window

    return make


@pytest.fixture
def windows_shown(qapp) -> Iterator[WindowsShown]:
    """The top-level windows that become visible during the test, from now on (``strays``:
    any but the director's window, the projector, the dialogs and the popups)."""
    shown = WindowsShown()
    qapp.installEventFilter(shown)
    yield shown
    qapp.removeEventFilter(shown)


@pytest.fixture
def window(make_window, db) -> MainWindow:
    return make_window(db)


class MessageBoxes:
    """Stands in for QMessageBox's modal calls: records what would have been shown."""

    def __init__(self) -> None:
        self.shown: list[dict[str, str]] = []

    def texts(self) -> list[str]:
        return [f"{box['text']} {box['informative']}".strip() for box in self.shown]


@pytest.fixture
def message_boxes(monkeypatch: pytest.MonkeyPatch) -> MessageBoxes:
    """Every QMessageBox (built and exec'd, or the static helpers) is recorded, never shown."""
    boxes = MessageBoxes()

    def record(kind: str, title: str, text: str, informative: str = "") -> None:
        boxes.shown.append({"kind": kind, "title": title, "text": text, "informative": informative})

    def exec_(self: QMessageBox) -> int:
        record("exec", self.windowTitle(), self.text(), self.informativeText())
        return int(QMessageBox.StandardButton.Ok.value)

    def static(kind: str):
        def show(parent: QWidget | None, title: str, text: str, *args, **kwargs):
            record(kind, title, text)
            return QMessageBox.StandardButton.Ok

        return show

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    for kind in ("information", "warning", "critical", "question", "about"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(static(kind)))
    return boxes


class Keyboard:
    """Types and presses keys on whatever has the keyboard focus, as a director would."""

    def __init__(self, qtbot) -> None:
        self._qtbot = qtbot

    def focused(self) -> QWidget:
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the keyboard focus"
        return widget

    def type(self, text: str) -> None:
        self._qtbot.keyClicks(self.focused(), text)

    def press(
        self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        self._qtbot.keyClick(self.focused(), key, modifier)

    def tab(self, times: int = 1) -> None:
        for _ in range(times):
            self.press(Qt.Key.Key_Tab)


@pytest.fixture
def keyboard(qtbot) -> Keyboard:
    return Keyboard(qtbot)
