"""A form whose every field has a caption, an optional hint, and room for a message below it.

``FormRows`` adds captioned rows to a ``QFormLayout`` under a key
(``"name"``, ``"drop_lowest"``), shows a message beside the field a key
names (and marks that field red), and one below the form for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.ui.style import set_invalid, set_role

WIDE_FIELD_WIDTH = 460
GENERAL = "general"  # the key of the message below the form


def spin_box(minimum: int, maximum: int, suffix: str, width: int) -> QSpinBox:
    """A number field of a form, ``width`` pixels wide."""
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setSuffix(suffix)
    spin.setAccelerated(True)
    spin.setFixedWidth(width)
    return spin


def separator() -> QFrame:
    """A line across a form, between groups of rows."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


@dataclass
class _Field:
    widget: QWidget
    error: QLabel
    row: int  # the row's index in the form


class FormRows:
    """The rows of one form, by key, each with its own error message."""

    def __init__(self, form: QFormLayout, general_error: QLabel):
        self.form = form
        self.general_error = general_error
        self._fields: dict[str, _Field] = {}

    def add(
        self,
        label: str,
        key: str,
        widget: QWidget,
        *,
        note: QLabel | None = None,
        hint: str = "",
        hint_label: QLabel | None = None,
        prefix: str = "",
    ) -> None:
        """A row: caption, ``prefix``, the widget, a hint after it; a note and the message below."""
        caption = QLabel(label)
        caption.setBuddy(widget)
        # level with the field's first line, also while a message shows below the field
        widget.ensurePolished()
        caption.setFixedHeight(widget.sizeHint().height())
        caption.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        line = QHBoxLayout()
        line.setSpacing(8)
        if prefix:
            line.addWidget(QLabel(prefix))
        line.addWidget(widget)
        if hint:
            hint_label = set_role(QLabel(hint), "hint")
        if hint_label is not None:
            line.addWidget(hint_label)
        line.addStretch(1)
        if widget.maximumWidth() >= 10000 and hint_label is None:
            widget.setFixedWidth(WIDE_FIELD_WIDTH)
        error = set_role(QLabel(), "error")
        error.setWordWrap(True)
        error.hide()
        cell = QVBoxLayout()
        cell.setSpacing(4)
        cell.addLayout(line)
        if note is not None:
            cell.addWidget(note)
        cell.addWidget(error)
        self.form.addRow(caption, cell)
        self._fields[key] = _Field(widget, error, self.form.rowCount() - 1)

    def keys(self) -> list[str]:
        return list(self._fields)

    def set_shown(self, key: str, shown: bool) -> None:
        """Show or hide the row ``key`` (a setting the chosen values leave without meaning)."""
        self.form.setRowVisible(self._fields[key].row, shown)

    def error_text(self, key: str) -> str:
        """The message shown beside a field (``general``: below the form); empty if none."""
        label = self.general_error if key == GENERAL else self._fields[key].error
        return label.text() if not label.isHidden() else ""

    def show_error(self, key: str, message: str) -> None:
        """A message beside the field ``key`` (marked red), or below the form; "" clears it."""
        if key == GENERAL:
            label = self.general_error
        else:
            label = self._fields[key].error
            set_invalid(self._fields[key].widget, bool(message))
        label.setText(message)
        label.setVisible(bool(message))

    def clear_errors(self) -> None:
        for key in self._fields:
            self.show_error(key, "")
        self.show_error(GENERAL, "")

    def focus_first_error(self) -> None:
        for field in self._fields.values():
            if not field.error.isHidden():
                field.widget.setFocus(Qt.FocusReason.OtherFocusReason)
                return
