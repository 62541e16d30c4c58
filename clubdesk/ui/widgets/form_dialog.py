"""A dialog that asks a few fields and closes on OK only when they will do.

``FormDialog`` lays out, top to bottom: a lead line (what is asked, hidden when there is
none), the form (``form``, a ``QFormLayout`` the dialog fills), room for more under it
(``extra``), a one-line error naming the field that stops it (``error``, shown by
``fail``), and OK and Cancel (``buttons``; ``ok_button`` may be renamed, "Record",
"Withdraw"). OK, or Enter, calls ``check``: the dialog is accepted only when it passes,
else it stays open with what was typed. Every dialog of the window that asks for
something and confirms it with OK is one of these.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from clubdesk.ui.style import set_role


class FormDialog(QDialog):
    """A titled dialog with a lead line, a form, OK and Cancel; OK accepts only when
    ``check`` passes."""

    def __init__(
        self,
        title: str,
        parent: QWidget | None = None,
        *,
        lead: str = "",
        ok_text: str | None = None,
        width: int | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle(title)
        if width is not None:
            self.setMinimumWidth(width)
        self.lead = QLabel(lead)
        self.lead.setWordWrap(True)
        if not lead:  # hidden only: shown before it is in the layout, it was a window
            self.lead.hide()
        self.form = QFormLayout()
        self.extra = QVBoxLayout()
        self.error = set_role(QLabel(), "error")
        self.error.setWordWrap(True)
        self.error.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok_text is not None:
            self.ok_button.setText(ok_text)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.lead)
        layout.addLayout(self.form)
        layout.addLayout(self.extra)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def check(self) -> bool:
        """Whether OK may close the dialog (a dialog that checks says why not, ``fail``)."""
        return True

    def fail(self, text: str) -> None:
        """The one line under the form that says which field stops OK, and why."""
        self.error.setText(text)
        self.error.show()

    def accept(self) -> None:
        if self.check():
            super().accept()
