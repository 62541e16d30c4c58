"""The window's look: one readable font, generous spacing, few colours.

The front table is busy and the laptop may sit an arm's length away, so the
base size is 11 pt and headings are clearly bigger; View > Text size makes the whole
window's text larger, up to 13 pt (``set_text_size``), the largest at which every page
still fits 1280x820. Widgets mark what they are with a ``role`` property (``heading``,
``subheading``, ``hint``, ``error``, ``warning``, ``done``, ``panel`` for a form set apart
from the page, ``primary`` for the one button that does the page's main thing); the style
sheet below gives each role its look, in colours that read on the desktop's palette, light
or dark. A field a refusal is about
has the ``invalid`` property (``set_invalid``) and is drawn in red.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from clubdesk import paths

W = TypeVar("W", bound=QWidget)

BASE_POINT_SIZE = 11
TEXT_SIZES = (BASE_POINT_SIZE, 12, 13)  # View > Text size, from the usual to the largest
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


@dataclass(frozen=True)
class Colours:
    """The colours the style sheet draws with, for a light or a dark desktop palette."""

    hint: str
    error: str
    done: str
    warning: str
    panel: str  # the page list's background and an entry row's (a form set apart)
    line: str  # their edge
    invalid_background: str


LIGHT = Colours(
    hint="#555555",
    error=ERROR_COLOUR,
    done="#1b6e2a",
    warning="#8a4b00",
    panel="#eef1f4",
    line="#c9d0d6",
    invalid_background=INVALID_BACKGROUND,
)
DARK = Colours(
    hint="#b8bcc0",
    error="#ff8a80",
    done="#7fd48b",
    warning="#f0b35a",
    panel="#1f2a33",
    line="#3e4a54",
    invalid_background="#4a2624",
)


def colours_for(palette: QPalette) -> Colours:
    """The dark colours on a dark desktop palette (its windows darker than their text)."""
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    return DARK if window.lightness() < text.lightness() else LIGHT


def style_sheet(colours: Colours = LIGHT, size: int = BASE_POINT_SIZE) -> str:
    """The application's style sheet in ``colours``, its text ``size`` points."""
    return f"""
QLabel[role="heading"] {{
    font-size: {size + 7}pt;
    font-weight: bold;
}}
QLabel[role="subheading"] {{
    font-size: {size + 2}pt;
    font-weight: bold;
}}
QLabel[role="hint"] {{
    color: {colours.hint};
}}
QLabel[role="error"] {{
    color: {colours.error};
    font-weight: bold;
}}
QLabel[role="warning"] {{
    color: {colours.warning};
    font-weight: bold;
}}
QLabel[role="done"] {{
    color: {colours.done};
}}
QFrame[role="panel"] {{
    background: {colours.panel};
    border: 1px solid {colours.line};
    border-radius: 6px;
}}
QListView#pageList {{
    font-size: {size + 2}pt;
    background: {colours.panel};
    border: none;
    border-right: 1px solid {colours.line};
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
    border: 1px solid {colours.error};
    border-radius: 2px;
    background: {colours.invalid_background};
}}
QAbstractSpinBox[invalid="true"], QComboBox[invalid="true"] {{
    background: {colours.invalid_background};
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


STYLE_SHEET = style_sheet(LIGHT)  # on a light desktop palette


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


def apply(app: QApplication, size: int = BASE_POINT_SIZE) -> None:
    """Fonts, icon and style sheet for the whole application, its text ``size`` points."""
    load_fonts()
    app.setStyle("Fusion")
    app.setWindowIcon(app_icon())
    set_text_size(app, size)


def set_text_size(app: QApplication, size: int) -> None:
    """The whole application's text ``size`` points (one of ``TEXT_SIZES``; View > Text
    size): its font and its style sheet, every widget re-laid out."""
    global _text_size
    _text_size = size
    app.setFont(QFont(FONT_FAMILY, size))
    app.setStyleSheet(style_sheet(colours_for(app.palette()), size))


def text_size() -> int:
    """The window's text size in points (``set_text_size``)."""
    return _text_size


# What each widget was given, kept in Python: reading a Qt property back costs a call
# into Qt, and one never set gives None without its reference (none_guard.py).
_text_size = BASE_POINT_SIZE
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
