"""The score sheet's keys, as a director types a paper sheet in.

- Enter on a complete hand goes to the next hand (a new row while the game goes on);
  on the last hand of a game that is over, to what is left: who won a level game, else
  the scorekeeper. Enter on a typed-in final score, the tie's winner or the paper
  attestation submits.
- Ctrl+Enter anywhere submits a complete, signed sheet, or says what is missing.
- A refusal (a wrong hand on Enter, a sheet that cannot go in yet) puts the cursor on
  the field it is about, its text selected, with the reason beside it (``Callout``)
  as well as under the sheet.
- Tab never goes round from the end of the sheet into an earlier hand: typing on after
  the last field goes to the newest hand instead. An earlier hand changes only when the
  director goes there (Shift+Tab, a click).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget

from clubdesk.domain.event.sheet_words import plain_words, problem_text
from clubdesk.domain.games.hands import HandError
from clubdesk.errors import UserError
from clubdesk.ui.style import set_invalid, set_role

if TYPE_CHECKING:
    from clubdesk.ui.sheet.dialog import SheetDialog

ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
NOT_SIGNED = (
    "signatures: sign on both pads, or tick Signed paper sheet received (Alt+P) for a "
    "paper sheet signed at the table"
)


class Callout(QLabel):
    """The reason for a refusal, shown beside the field it is about (under it, or above it
    where the sheet has no room below), until that field changes."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        set_role(self, "error")
        self.setWordWrap(True)
        self.setStyleSheet(
            "background: #fdf1f0; border: 1px solid #b3261e; border-radius: 3px; padding: 2px 6px;"
        )
        self.field: QWidget | None = None
        self.hide()

    def point_at(self, field: QWidget, text: str) -> None:
        host = self.parentWidget()
        assert host is not None
        self.field = field
        self.setText(text)
        width = min(max(field.width() * 4, 360), host.width() - 20)
        self.setFixedWidth(width)
        self.adjustSize()
        below = field.mapTo(host, QPoint(0, field.height() + 2))
        above = field.mapTo(host, QPoint(0, -self.height() - 2))
        spot = below if below.y() + self.height() <= host.height() else above
        x = min(max(spot.x(), 10), host.width() - width - 10)
        self.move(x, spot.y())
        self.raise_()
        self.show()

    def leave(self) -> None:
        self.field = None
        self.hide()


class SheetKeys(QObject):
    """Enter and Ctrl+Enter on ``dialog``'s fields, refusals at their field, Tab kept in
    the sheet's newest hand."""

    def __init__(self, dialog: SheetDialog):
        super().__init__(dialog)
        self.dialog = dialog
        self.callout = Callout(dialog)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), dialog)
            shortcut.activated.connect(self.submit_by_key)

    def watch(self, widget: QWidget) -> None:
        """Take ``widget``'s Enter key (a hand's field, a final score, the tie, the paper)."""
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() not in ENTER or event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False
        dialog = self.dialog
        if watched in (dialog.score_a, dialog.score_b, dialog.tie_winner, dialog.paper):
            if dialog.submit_button.isEnabled():  # a paper sheet typed in: Enter submits
                dialog.submit()
            else:
                self.say_why()
            return True
        index = dialog.row_of(watched)
        if index is not None:
            self.enter_in_row(index)
            return True
        return False

    # Enter ---------------------------------------------------------------------------------
    def enter_in_row(self, index: int) -> None:
        """Enter in hand ``index + 1``: refused at the wrong field, or on to the next hand."""
        dialog = self.dialog
        dialog.recalculate()
        error = dialog.error
        if error is not None and (error.hand_number or len(dialog.rows)) <= index + 1:
            self.refuse(error)
            return
        row = dialog.rows[index]
        if row.is_blank():
            return  # nothing typed in the new hand yet
        if index < len(dialog.rows) - 1:
            dialog.rows[index + 1].asked_widgets()[0].setFocus(Qt.FocusReason.TabFocusReason)
            return
        if dialog.can_add_hand():
            dialog.add_hand()
            return
        dialog.keep_draft()  # the game is over: on to who won a tie, or the signers
        if dialog.tie_box.isVisible():
            dialog.tie_winner.setFocus(Qt.FocusReason.TabFocusReason)
        else:
            dialog.scorekeeper.setFocus(Qt.FocusReason.TabFocusReason)

    # refusals ------------------------------------------------------------------------------
    def refuse(self, error: HandError) -> None:
        """A wrong hand: the cursor on its field, selected, the reason beside it."""
        widget = self.dialog.field_of(error)
        text = problem_text(error, self.dialog.columns)
        self.dialog.problem.setText(text)
        if widget is None:
            return
        self.point(widget, text)

    def point(self, widget: QWidget, text: str) -> None:
        """The cursor on ``widget`` (its text selected), ``text`` beside it."""
        set_invalid(widget, True)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(widget, QLineEdit):
            widget.selectAll()
        self.dialog.scroll.ensureWidgetVisible(widget, 0, 40)
        self.callout.point_at(widget, text)

    def refused(self, error: UserError) -> None:
        """A refusal from the service or the sheet as a whole, shown under the sheet and
        beside the field it names where the sheet has one."""
        dialog = self.dialog
        text = plain_words(error)
        dialog.problem.setText(text)
        widget = dialog.widget_for(error.field)
        if widget is not None and widget.isVisible():
            self.point(widget, text)

    def say_why(self) -> None:
        """Why the sheet cannot go in yet, at the field to act on."""
        dialog = self.dialog
        if dialog.error is not None and not dialog.final_only.isChecked():
            self.refuse(dialog.error)
        elif dialog.held is not None:
            self.refused(dialog.held)
        elif dialog.final_only.isChecked() and dialog.typed_score_error() is not None:
            self.refused(dialog.typed_score_error())  # type: ignore[arg-type]
        elif not dialog.signers.ready():
            self.refused(UserError(NOT_SIGNED, field="signatures"))

    def submit_by_key(self) -> None:
        """Ctrl+Enter: submit a complete, signed sheet; else say what is missing."""
        dialog = self.dialog
        if dialog.submitted:
            return
        dialog.recalculate()
        if dialog.submit_button.isEnabled():
            dialog.submit()
        else:
            self.say_why()

    # Tab -----------------------------------------------------------------------------------
    def after_tab(self, before: int | None, forward: bool) -> None:
        """After Tab moved the cursor: from outside the hands into an earlier hand (round
        the end of the sheet), it goes to the newest hand instead."""
        dialog = self.dialog
        after = dialog.row_of(QApplication.focusWidget())
        newest = len(dialog.rows) - 1
        if not forward or after is None or after >= newest:
            return
        if before is None or after < before:
            dialog.rows[newest].asked_widgets()[0].setFocus(Qt.FocusReason.TabFocusReason)
