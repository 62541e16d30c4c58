"""The director's PIN in the window (docs/architecture.md, "The director's PIN").

An act refused for the PIN (``PinRefused``) is asked for it: ``ask_pin`` shows the PIN
dialog, one field with its digits hidden, and OK runs the act again with what was typed; a
wrong PIN is said under the field and the dialog stays open. A PIN that worked is kept
(``PinMemory``, the window's desk's keeper) for ``PIN_MINUTES`` of the window's clock
after the last act that used it, then forgotten: the next act that needs it asks again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QDialog, QLineEdit, QWidget

from clubdesk.domain.limits import PIN_DIGITS, pin_problem
from clubdesk.errors import PIN_NEEDED, PinRefused, UserError
from clubdesk.timesource import TimeSource
from clubdesk.ui.widgets.form_dialog import FormDialog

T = TypeVar("T")

PIN_MINUTES = 5  # a PIN that worked is kept this long after the last act that used it
WRONG = "That is not the director's PIN."


class PinMemory:
    """The director's PIN as the window keeps it between acts (``services/command.py``'s
    ``PinKeeper``): given to every act while it is kept, kept for ``PIN_MINUTES`` of the
    window's clock after the act that last used it."""

    def __init__(self, clock: TimeSource):
        self._clock = clock
        self._pin: str | None = None
        self._since = 0.0

    def given(self) -> str | None:
        """The PIN kept, None once ``PIN_MINUTES`` have gone by since it last worked."""
        if self._pin is not None and self._clock.monotonic() - self._since > PIN_MINUTES * 60:
            self.forget()
        return self._pin

    def worked(self) -> None:
        """An act used the PIN kept: it is kept ``PIN_MINUTES`` from now."""
        if self._pin is not None:
            self._since = self._clock.monotonic()

    def keep(self, pin: str) -> None:
        self._pin, self._since = pin, self._clock.monotonic()

    def forget(self) -> None:
        self._pin = None


def pin_field(name: str = "pin") -> QLineEdit:
    """A field for a PIN: digits only, at most ``PIN_DIGITS`` of them, shown as dots."""
    field = QLineEdit()
    field.setObjectName(name)
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setMaxLength(PIN_DIGITS[1])
    field.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d*"), field))
    field.setInputMethodHints(
        Qt.InputMethodHint.ImhDigitsOnly | Qt.InputMethodHint.ImhSensitiveData
    )
    return field


def refusal_words(refused: PinRefused) -> str | None:
    """Why a PIN given was refused, for under its field (None: none was given)."""
    if refused.locked_until is not None:
        until = refused.locked_until.astimezone().strftime("%H:%M:%S")
        return f"Too many wrong PINs in a row: every PIN is refused until {until}."
    return WRONG if refused.wrong else None


class PinDialog(FormDialog):
    """The director's PIN asked for an act refused without it: OK runs the act again with
    the PIN typed (``attempt``, which says why it was refused, or None); a refusal is said
    under the field, and the dialog stays open."""

    def __init__(
        self,
        title: str,
        attempt: Callable[[str], str | None],
        refused: PinRefused,
        parent: QWidget | None = None,
    ):
        super().__init__("Director's PIN", parent, lead=f"{title}: {PIN_NEEDED}.")
        self._attempt = attempt
        self.pin = pin_field()
        self.form.addRow("&PIN:", self.pin)
        why = refusal_words(refused)
        if why is not None:
            self.fail(why)
        self.pin.setFocus(Qt.FocusReason.OtherFocusReason)

    def check(self) -> bool:
        typed = self.pin.text()
        problem = pin_problem(typed)
        why = f"{problem.capitalize()}." if problem is not None else self._attempt(typed)
        if why is None:
            return True
        self.fail(why)
        self.pin.selectAll()
        self.pin.setFocus(Qt.FocusReason.OtherFocusReason)
        return False


@dataclass
class Asked(Generic[T]):
    """What an act run again with the PIN came to: its result, or its refusal (not for the
    PIN: that one is said in the dialog)."""

    result: T | None = None
    refused: UserError | None = None


def ask_pin(
    keeper: PinMemory,
    action: Callable[[], T],
    refused: PinRefused,
    *,
    parent: QWidget,
    title: str,
) -> Asked[T] | None:
    """Ask for the director's PIN and run ``action`` again with it, until it is not refused
    for the PIN (None: the director cancelled). The PIN is kept while it works."""
    keeper.forget()
    asked: Asked[T] = Asked()

    def attempt(pin: str) -> str | None:
        keeper.keep(pin)
        try:
            asked.result = action()
        except PinRefused as again:
            keeper.forget()
            return refusal_words(again) or WRONG
        except UserError as error:
            asked.refused = error
        return None

    dialog = PinDialog(title, attempt, refused, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return asked
