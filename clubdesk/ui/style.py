"""The window's look: one readable font, generous spacing, few colours.

The front table is busy and the laptop may sit an arm's length away, so the
base size is 11 pt and headings are clearly bigger. Widgets mark what they
are with a ``role`` property (``heading``, ``subheading``, ``hint``, ``error``,
``primary`` for the one button that does the page's main thing);
the style sheet below gives each role its look. A field a refusal is about
has the ``invalid`` property (``set_invalid``) and is drawn in red.
"""

from __future__ import annotations

import weakref
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication, QWidget

from clubdesk import paths

W = TypeVar("W", bound=QWidget)

BASE_POINT_SIZE = 11
FONT_FAMILY = "DejaVu Sans"
ERROR_COLOUR = "#b3261e"
ACCENT = "#1f5f8b"
INVALID_BACKGROUND = "#fdf1f0"

# A primary button that cannot be pressed yet: greyed, not the accent colour.
GREYED_ACCENT = "#b4c3cf"
DISABLED_PRIMARY = f"""
QPushButton[role="primary"]:disabled {{
    background: {GREYED_ACCENT};
    color: #f2f5f7;
    border: 1px solid {GREYED_ACCENT};
}}
"""

# The score sheet's own looks (ui/sheet), in the application's style sheet: a sheet is
# opened for every table of every round, and a style sheet given to a widget of it would
# restyle every widget under it again as it is given (a tenth of a second a sheet).
# ``sheetHands`` holds the hand rows: they sit close, as on paper; a submitted sheet's
# numbers are read, not typed (its fields read-only, its lists given the role ``read``).
SHEET_STYLE = f"""
QDialog#scoreSheet QPushButton[role="primary"]:disabled {{
    background: {GREYED_ACCENT};
    color: #f2f5f7;
    border: 1px solid {GREYED_ACCENT};
}}
QWidget#sheetHands QLineEdit, QWidget#sheetHands QComboBox {{
    min-height: 1.45em;
}}
QWidget#sheetHands QLineEdit:read-only {{
    border: none;
    background: transparent;
}}
QWidget#sheetHands QComboBox[role="read"]:disabled {{
    border: none;
    background: transparent;
    color: #1a1a1a;
}}
QWidget#sheetHands QComboBox[role="read"]::drop-down:disabled {{
    border: none;
    width: 0px;
}}
QLabel#submittedBanner {{
    background: #e6efe6;
    border: 1px solid #8fb08f;
    border-radius: 3px;
    padding: 3px 8px;
}}
QLabel#callout {{
    background: {INVALID_BACKGROUND};
    border: 1px solid {ERROR_COLOUR};
    border-radius: 3px;
    padding: 2px 6px;
}}
QWidget#padButtons QPushButton {{
    padding: 0 8px;
}}
"""

STYLE_SHEET = f"""
QLabel[role="heading"] {{
    font-size: {BASE_POINT_SIZE + 7}pt;
    font-weight: bold;
}}
QLabel[role="subheading"] {{
    font-size: {BASE_POINT_SIZE + 2}pt;
    font-weight: bold;
}}
QLabel[role="hint"] {{
    color: #555555;
}}
QLabel[role="error"] {{
    color: {ERROR_COLOUR};
    font-weight: bold;
}}
QListView#pageList {{
    font-size: {BASE_POINT_SIZE + 2}pt;
    background: #eef1f4;
    border: none;
    border-right: 1px solid #c9d0d6;
    outline: none;
}}
QListView#pageList::item {{
    padding: 10px 16px;
}}
QListView#pageList::item:selected {{
    background: {ACCENT};
    color: white;
}}
QListView#eventList::item {{
    padding: 6px 8px;
}}
QLineEdit, QSpinBox, QDateEdit, QComboBox {{
    min-height: 1.9em;
    padding: 0 6px;
}}
QLineEdit[invalid="true"] {{
    border: 1px solid {ERROR_COLOUR};
    border-radius: 2px;
    background: {INVALID_BACKGROUND};
}}
QAbstractSpinBox[invalid="true"], QComboBox[invalid="true"] {{
    background: {INVALID_BACKGROUND};
}}
QPushButton {{
    min-height: 1.9em;
    padding: 0 16px;
}}
QPushButton[role="primary"] {{
    background: {ACCENT};
    color: white;
    font-weight: bold;
    border: 1px solid #174a6c;
    border-radius: 4px;
}}
QPushButton[role="primary"]:hover {{
    background: #246ea1;
}}
QPushButton[role="primary"]:pressed {{
    background: #174a6c;
}}
QPushButton[role="primary"]:focus {{
    border: 2px solid #0b2a40;
}}
QStatusBar QLabel {{
    padding: 0 8px;
}}
{SHEET_STYLE}"""


def load_fonts() -> None:
    """Make the bundled fonts available (the same look on every laptop and in print)."""
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"):
        font_file = paths.resource(f"fonts/{name}")
        if font_file.is_file():
            QFontDatabase.addApplicationFont(str(font_file))


def app_icon() -> QIcon:
    icon = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        png = paths.resource(f"icons/clubdesk-{size}.png")
        if png.is_file():
            icon.addFile(str(png))
    return icon


def apply(app: QApplication) -> None:
    """Fonts, icon and style sheet for the whole application."""
    load_fonts()
    app.setStyle("Fusion")
    font = QFont(FONT_FAMILY, BASE_POINT_SIZE)
    app.setFont(font)
    app.setWindowIcon(app_icon())
    app.setStyleSheet(STYLE_SHEET)


# What each widget was given, kept in Python: reading a Qt property back costs a call
# into Qt, and one never set gives None without its reference (none_guard.py).
_ROLES: weakref.WeakKeyDictionary[QWidget, str] = weakref.WeakKeyDictionary()
_INVALID: weakref.WeakSet[QWidget] = weakref.WeakSet()


def set_role(widget: W, role: str) -> W:
    """Give a widget one of the style sheet's roles (and re-apply the style when it changes)."""
    if _ROLES.get(widget) != role:
        _ROLES[widget] = role
        widget.setProperty("role", role)
        _restyle(widget)
    return widget


def _restyle(widget: QWidget) -> None:
    """Style ``widget`` again after a property of the style sheet's changed; one not yet
    styled (not shown yet) takes it as it is first styled, which costs no more."""
    if widget.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def role_of(widget: QWidget) -> str:
    """The role ``set_role`` gave ``widget`` ("" for none)."""
    return _ROLES.get(widget, "")


def set_invalid(widget: QWidget, invalid: bool) -> None:
    """Mark a field as the one a refusal is about: a red frame on a text field, a red tint
    on a spin box, date or list (whose arrows keep their own look)."""
    if (widget in _INVALID) == invalid:
        return
    if invalid:
        _INVALID.add(widget)
    else:
        _INVALID.discard(widget)
    widget.setProperty("invalid", invalid)
    _restyle(widget)


def is_invalid(widget: QWidget) -> bool:
    """Whether ``set_invalid`` marked ``widget``."""
    return widget in _INVALID
