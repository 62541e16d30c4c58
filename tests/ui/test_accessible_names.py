"""Every control a director can reach has a name a screen reader says: on every page of the
demo's window, and in the dialogs a director opens from them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QSlider,
    QTextEdit,
    QWidget,
)

from clubdesk.store.db import open_database
from tests.ui.showing import show_active

INTERACTIVE = (
    QAbstractButton,
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractItemView,
    QTextEdit,
    QPlainTextEdit,
    QSlider,
)


def spoken_name(widget: QWidget) -> str:
    """The name Qt's accessibility gives ``widget``: its own, or the one Qt derives (a
    button's text, the text of the label it is the buddy of)."""
    face = QAccessible.queryAccessibleInterface(widget)
    derived = face.text(QAccessible.Text.Name) if face is not None else ""
    return widget.accessibleName() or derived


def controls(top: QWidget) -> list[QWidget]:
    """The controls shown in ``top`` that a director can reach."""
    return [
        widget
        for widget in top.findChildren(QWidget)
        if isinstance(widget, INTERACTIVE)
        and not isinstance(widget, QHeaderView)  # a table's header is its table's
        and not isinstance(widget.parent(), (QAbstractSpinBox, QComboBox))  # their own field
        and widget.isVisibleTo(top)
    ]


def nameless(top: QWidget) -> list[str]:
    """The controls shown in ``top`` that have no name."""
    return [
        f"{type(widget).__name__} {widget.objectName()!r} in {type(widget.parent()).__name__}"
        for widget in controls(top)
        if not spoken_name(widget).strip()
    ]


def nameless_in_dialog(qtbot, open_it: Callable[[], object]) -> list[str]:
    """What ``nameless`` finds in the modal dialog ``open_it`` opens (closed after)."""
    found: list[list[str]] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(10, look)
            return
        found.append(nameless(dialog))
        dialog.reject()

    QTimer.singleShot(0, look)
    open_it()
    qtbot.waitUntil(lambda: bool(found))
    return found[0]


def test_every_control_on_every_page_and_dialog_has_a_name(make_window, db_path, new_demo, qtbot):
    window = make_window(open_database(new_demo(db_path)))
    missing: dict[str, list[str]] = {"window": nameless(window)}
    looked_at = 0
    for key in window.page_keys():
        window.show_page(key)
        missing[key] = nameless(window.page(key))
        looked_at += len(controls(window.page(key)))
    assert looked_at > 60

    window.new_event()
    missing["new event"] = nameless(window.event_page)
    qtbot.keyClick(window.event_page.form.cancel_button, Qt.Key.Key_Space)

    window.show_page("rounds")
    window.rounds_page.table_view.selectRow(0)
    rulings = window.rounds_page.rulings
    for name, button in (("late", rulings.late_button), ("warning", rulings.warning_button)):
        # Space on the button: a shortcut's Ctrl held while its dialog is open would stay
        # held for the application after it (QTest's modifiers)
        missing[name] = nameless_in_dialog(
            qtbot, lambda button=button: qtbot.keyClick(button, Qt.Key.Key_Space)
        )
        show_active(window)  # the window's again, as the dialog closes
    sheet = window.rounds_page.open_sheet(window.rounds_page.model.index(2, 0))
    assert sheet is not None
    missing["sheet"] = nameless(sheet)
    sheet.reject()

    window.show_page("money")
    money = window.money_page
    missing["added money"] = nameless_in_dialog(qtbot, money.add_added.click)
    assert not any(missing.values()), {key: found for key, found in missing.items() if found}
