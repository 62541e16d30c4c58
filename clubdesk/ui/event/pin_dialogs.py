"""The Event page's Set PIN… and Clear PIN…: the director's PIN typed (twice, to set it),
digits only and shown as dots, through ``services/pin.py``; a refusal is said under the
form and the field it names is marked, and the dialog stays open with what was typed.
Setting a PIN in place of one set asks for that one as any act that needs it does."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.domain.limits import PIN_DIGITS, pin_problem
from clubdesk.errors import PinRefused, UserError
from clubdesk.services import pin as pin_service
from clubdesk.services.pin import PinState
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import FieldMarks, run_command
from clubdesk.ui.pin import WRONG, pin_field, refusal_words
from clubdesk.ui.widgets.form_dialog import FormDialog


class SetPinDialog(FormDialog):
    """A new director's PIN, typed twice; OK sets it (``done``)."""

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        fewest, most = PIN_DIGITS
        super().__init__(
            "Set PIN",
            parent,
            lead=f"The director's PIN: {fewest} to {most} digits. From now on the director's "
            "acts (amendments, refunds, reopening a round, finalizing payouts, …) ask for it.",
            ok_text="Set PIN",
        )
        self.context = context
        self.pin = pin_field("pin")
        self.again = pin_field("again")
        self.form.addRow("New &PIN:", self.pin)
        self.form.addRow("&Again:", self.again)
        self.marks = FieldMarks({"pin": self.pin, "again": self.again}, default=self.pin)
        self.done: PinState | None = None
        self.pin.setFocus(Qt.FocusReason.OtherFocusReason)

    def check(self) -> bool:
        typed, again = self.pin.text(), self.again.text()
        refused: list[UserError] = []
        done = run_command(
            self.context,
            lambda: pin_service.set_pin(self.context.desk.on(None), typed, again),
            parent=self,
            title="Set PIN",
            fields=self.marks,
            show_error=refused.append,
        )
        if done is None:
            if refused:
                self.fail(plain_words(refused[0]))
            return False
        self.context.pins.keep(typed)  # the director knows it: no need to ask again at once
        self.done = done
        return True


class ClearPinDialog(FormDialog):
    """The director's PIN typed to clear it; OK clears it (``done``)."""

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(
            "Clear PIN",
            parent,
            lead="Type the director's PIN to clear it: no act asks for one from then on.",
            ok_text="Clear PIN",
        )
        self.context = context
        self.pin = pin_field("pin")
        self.form.addRow("&PIN:", self.pin)
        self.marks = FieldMarks({"pin": self.pin}, default=self.pin)
        self.done: PinState | None = None
        self.pin.setFocus(Qt.FocusReason.OtherFocusReason)

    def check(self) -> bool:
        refused: list[UserError] = []
        done = run_command(
            self.context,
            lambda: _cleared(self.context, self.pin.text()),
            parent=self,
            title="Clear PIN",
            fields=self.marks,
            show_error=refused.append,
        )
        if done is None:
            if refused:
                self.fail(plain_words(refused[0]))
            return False
        self.context.pins.forget()
        self.done = done
        return True


def _cleared(context: UiContext, typed: str) -> PinState:
    """The PIN cleared with the one typed, its refusal said as the dialog's (the PIN asked
    for is the one typed, not asked again)."""
    problem = pin_problem(typed)
    if problem is not None:
        raise UserError(f"pin: {problem}", field="pin")
    try:
        return pin_service.clear_pin(context.desk.on(None).with_pin(typed))
    except PinRefused as refused:
        raise UserError(refusal_words(refused) or WRONG, field="pin") from None
