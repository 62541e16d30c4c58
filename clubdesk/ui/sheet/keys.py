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

The keys read the sheet's widgets as laid out (``layout.SheetFrame``) and ask the sheet's
dialog only what ``KeysHost`` names.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget

from clubdesk.domain.event.sheet_words import plain_words, problem_text
from clubdesk.domain.games.hands import HandError
from clubdesk.errors import UserError
from clubdesk.ui.sheet.layout import SheetFrame
from clubdesk.ui.style import set_invalid, set_role

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
        self.setObjectName("callout")  # its frame: the style sheet's (style.SHEET_STYLE)
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


class KeysHost(Protocol):
    """What the keys ask of the sheet's dialog: the sheet as calculated (its wrong hand,
    what holds it back, whether it went in), a hand's row, another hand, the draft kept,
    the field of a refusal, and submitting."""

    error: HandError | None
    held: UserError | None
    submitted: bool

    def recalculate(self) -> None: ...

    def row_of(self, widget: QObject | None) -> int | None: ...

    def can_add_hand(self) -> bool: ...

    def add_hand(self) -> None: ...

    def keep_draft(self) -> None: ...

    def field_of(self, error: HandError) -> QWidget | None: ...

    def widget_for(self, field: str | None) -> QWidget | None: ...

    def typed_score_error(self) -> UserError | None: ...

    def submit(self) -> None: ...


class SheetKeys(QObject):
    """Enter and Ctrl+Enter on the fields of the sheet laid out in ``frame``, refusals at
    their field, Tab kept in the sheet's newest hand; ``sheet`` is the dialog that acts."""

    def __init__(self, frame: SheetFrame, sheet: KeysHost):
        super().__init__(frame)
        self.frame = frame
        self.sheet = sheet
        self.callout = Callout(frame)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), frame)
            shortcut.activated.connect(self.submit_by_key)

    def watch(self, widget: QWidget) -> None:
        """Take ``widget``'s Enter key (a hand's field, a final score, the tie, the paper)."""
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() not in ENTER or event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False
        frame, sheet = self.frame, self.sheet
        if watched in (frame.score_a, frame.score_b, frame.tie_winner, frame.paper):
            if frame.submit_button.isEnabled():  # a paper sheet typed in: Enter submits
                sheet.submit()
            else:
                self.say_why()
            return True
        index = sheet.row_of(watched)
        if index is not None:
            self.enter_in_row(index)
            return True
        return False

    # Enter ---------------------------------------------------------------------------------
    def enter_in_row(self, index: int) -> None:
        """Enter in hand ``index + 1``: refused at the wrong field, or on to the next hand."""
        frame, sheet = self.frame, self.sheet
        sheet.recalculate()
        error = sheet.error
        if error is not None and (error.hand_number or len(frame.rows)) <= index + 1:
            self.refuse(error)
            return
        row = frame.rows[index]
        if row.is_blank():
            return  # nothing typed in the new hand yet
        if index < len(frame.rows) - 1:
            frame.rows[index + 1].asked_widgets()[0].setFocus(Qt.FocusReason.TabFocusReason)
            return
        if sheet.can_add_hand():
            sheet.add_hand()
            return
        sheet.keep_draft()  # the game is over: on to who won a tie, or the signers
        if frame.tie_box.isVisible():
            frame.tie_winner.setFocus(Qt.FocusReason.TabFocusReason)
        else:
            frame.scorekeeper.setFocus(Qt.FocusReason.TabFocusReason)

    # refusals ------------------------------------------------------------------------------
    def refuse(self, error: HandError) -> None:
        """A wrong hand: the cursor on its field, selected, the reason beside it."""
        widget = self.sheet.field_of(error)
        text = problem_text(error, self.frame.columns, self.frame.rules.game_end.hand_word)
        self.frame.problem.setText(text)
        if widget is None:
            return
        self.point(widget, text)

    def point(self, widget: QWidget, text: str) -> None:
        """The cursor on ``widget`` (its text selected), ``text`` beside it."""
        set_invalid(widget, True)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(widget, QLineEdit):
            widget.selectAll()
        self.frame.scroll.ensureWidgetVisible(widget, 0, 40)
        self.callout.point_at(widget, text)

    def refused(self, error: UserError) -> None:
        """A refusal from the service or the sheet as a whole, shown under the sheet and
        beside the field it names where the sheet has one."""
        frame, sheet = self.frame, self.sheet
        text = plain_words(error)
        frame.problem.setText(text)
        widget = sheet.widget_for(error.field)
        if widget is not None and widget.isVisible():
            self.point(widget, text)

    def say_why(self) -> None:
        """Why the sheet cannot go in yet, at the field to act on."""
        frame, sheet = self.frame, self.sheet
        if sheet.error is not None and not frame.final_only.isChecked():
            self.refuse(sheet.error)
        elif sheet.held is not None:
            self.refused(sheet.held)
        elif frame.final_only.isChecked() and sheet.typed_score_error() is not None:
            self.refused(sheet.typed_score_error())  # type: ignore[arg-type]
        elif not frame.signers.ready():
            self.refused(UserError(NOT_SIGNED, field="signatures"))

    def submit_by_key(self) -> None:
        """Ctrl+Enter: submit a complete, signed sheet; else say what is missing."""
        frame, sheet = self.frame, self.sheet
        if sheet.submitted:
            return
        sheet.recalculate()
        if frame.submit_button.isEnabled():
            sheet.submit()
        else:
            self.say_why()

    # Tab -----------------------------------------------------------------------------------
    def after_tab(self, before: int | None, forward: bool) -> None:
        """After Tab moved the cursor: from outside the hands into an earlier hand (round
        the end of the sheet), it goes to the newest hand instead."""
        frame, sheet = self.frame, self.sheet
        after = sheet.row_of(QApplication.focusWidget())
        newest = len(frame.rows) - 1
        if not forward or after is None or after >= newest:
            return
        if before is None or after < before:
            frame.rows[newest].asked_widgets()[0].setFocus(Qt.FocusReason.TabFocusReason)
