"""The Members page's form: one member's number, name and the club's own columns, for a new
member or one being edited.

Enter in any field saves; Escape gives up (``submitted``, ``cancelled``). A refusal is shown
in words on the line just under the field it names (``show_error``), and that field is
marked and takes the cursor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFormLayout, QFrame, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout

from clubdesk.services.members import MemberInfo
from clubdesk.ui.operations import FieldMarks
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton


class MemberForm(QFrame):
    """A new member (``editing`` None) or member ``editing`` changed."""

    submitted = Signal()
    cancelled = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("memberForm")
        self.editing: int | None = None
        self.title = set_role(QLabel("New member"), "subheading")
        self.number_edit = QLineEdit()
        self.number_edit.setObjectName("memberNumber")
        self.number_edit.setPlaceholderText("the next free number")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("memberName")
        self.name_edit.setPlaceholderText("e.g. Ann Smith")
        self.save_button = PushButton("&Save")
        self.save_button.setAutoDefault(True)
        self.cancel_button = PushButton("Cancel")
        self.cancel_button.setAutoDefault(True)
        self.form = QFormLayout()
        self.form.setVerticalSpacing(4)
        self._errors: dict[str, QLabel] = {}
        self.column_edits: dict[str, QLineEdit] = {}
        self._add_row("N&umber", self.number_edit, "number")
        self._add_row("N&ame", self.name_edit, "name")

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        layout.setSpacing(10)
        layout.addWidget(self.title)
        layout.addLayout(self.form)
        layout.addStretch(1)
        layout.addLayout(buttons)

        self.save_button.clicked.connect(self.submitted)
        self.cancel_button.clicked.connect(self.cancelled)

    def _add_row(self, caption: str, edit: QLineEdit, field: str) -> None:
        label = QLabel(caption)
        label.setBuddy(edit)
        error = set_role(QLabel(), "error")
        error.setWordWrap(True)
        error.hide()
        self.form.addRow(label, edit)
        self.form.addRow("", error)
        self._errors[field] = error
        edit.returnPressed.connect(self.submitted)

    # the club's own columns

    def set_columns(self, headings: Sequence[str]) -> None:
        """One field for each of the club's own columns the members have (phone, email...)."""
        if tuple(headings) == tuple(self.column_edits):
            return
        for heading in self.column_edits:
            self._errors.pop(heading)
        while self.form.rowCount() > 4:  # number and name, each with its error line
            self.form.removeRow(4)
        self.column_edits = {}
        for heading in headings:
            edit = QLineEdit()
            self.column_edits[heading] = edit
            self._add_row(heading, edit, heading)
        self.setTabOrder(self.name_edit, self.save_button)
        previous = self.name_edit
        for edit in self.column_edits.values():
            self.setTabOrder(previous, edit)
            previous = edit
        self.setTabOrder(previous, self.save_button)

    # what is shown

    def start_new(self) -> None:
        self.editing = None
        self.title.setText("New member")
        self._fill("", "", {})

    def start_edit(self, member: MemberInfo) -> None:
        self.editing = member.number
        self.title.setText(f"Member {member.number}")
        self._fill(str(member.number), member.name, member.club_columns)

    def _fill(self, number: str, name: str, columns: Mapping[str, str]) -> None:
        self.clear_errors()
        self.number_edit.setText(number)
        self.name_edit.setText(name)
        for heading, edit in self.column_edits.items():
            edit.setText(columns.get(heading, ""))

    def columns(self) -> dict[str, str]:
        return {heading: edit.text() for heading, edit in self.column_edits.items()}

    # refusals

    def fields(self) -> FieldMarks:
        """The form's widgets by the field a refusal names."""
        return FieldMarks(
            {"number": self.number_edit, "new_number": self.number_edit,
             "name": self.name_edit, **self.column_edits},
            default=self.name_edit,
        )  # fmt: skip

    def show_error(self, field: str | None, text: str) -> None:
        """``text`` just under the field it is about (the name's, for any other)."""
        self.clear_errors()
        field = "number" if field == "new_number" else field
        label = self._errors.get(field or "name", self._errors["name"])
        label.setText(text)
        label.show()

    def clear_errors(self) -> None:
        for label in self._errors.values():
            label.hide()
        self.fields().clear()

    def error_text(self) -> str:
        """The refusal shown, if any (for tests and the page)."""
        return next(
            (label.text() for label in self._errors.values() if label.isVisibleTo(self)), ""
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if event.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            return
        super().keyPressEvent(event)
