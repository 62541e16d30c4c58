"""Running a command for a page: the service call, its refusal in plain words, what it changed.

Every page changes the event the same way:

- ``run_command`` calls a service function now. A ``UserError`` is shown in
  plain words (by the page's ``show_error``, else in a message box) and the
  widget of the field it names is marked (``FieldMarks``: the page says which
  widget shows which field). An act refused for the director's PIN asks for it
  and runs again with it (``ui/pin.py``). A result is published on the context's
  ``changed`` signal with what it says it changed, and returned (a page that
  shows the result itself says so, ``shown_by``, and is not told of it).
- ``run_in_background`` does the same for slow work (a roster import) on the
  context's worker thread, with a busy progress bar while it runs. The
  database hands each thread its own SQLite connection from its pool, and a
  session is one transaction, so the work cannot mix with the window's reads.

Results and refusals come back to the window's thread as queued signals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QRunnable, Qt, Signal
from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QMessageBox, QProgressBar, QWidget

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import PinRefused, UserError
from clubdesk.services.changes import changes_of
from clubdesk.ui.context import UiContext
from clubdesk.ui.pin import ask_pin
from clubdesk.ui.style import set_invalid

T = TypeVar("T")


class FieldMarks:
    """A page's widgets by the field path a refusal names (``"players[1]"``, ``"paid_cents"``).

    A path that is not listed falls back to its first part (``"settings.rounds"``
    finds ``"settings"`` if only that is listed). ``default`` gets the focus when no
    listed widget shows the field (it is not marked then).
    """

    def __init__(self, fields: Mapping[str, QWidget], default: QWidget | None = None):
        self._fields = dict(fields)
        self._default = default

    def widget_for(self, field: str | None) -> QWidget | None:
        """The widget that shows ``field``, else ``default``."""
        found = self._listed(field)
        return found if found is not None else self._default

    def _listed(self, field: str | None) -> QWidget | None:
        if field is None:
            return None
        found = self._fields.get(field)
        return found if found is not None else self._fields.get(field.split(".")[0])

    def clear(self) -> None:
        for widget in self._fields.values():
            set_invalid(widget, False)

    def mark(self, field: str | None) -> QWidget | None:
        """Mark the widget of ``field`` (and only that), give it the focus; it, or None."""
        self.clear()
        listed = self._listed(field)
        if listed is not None:
            set_invalid(listed, True)
        widget = listed if listed is not None else self._default
        if widget is None:
            return None
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(widget, QLineEdit | QAbstractSpinBox):
            widget.selectAll()
        return widget


def run_command(
    context: UiContext,
    action: Callable[[], T],
    *,
    parent: QWidget,
    title: str,
    fields: FieldMarks | None = None,
    show_error: Callable[[UserError], None] | None = None,
    shown_by: QWidget | None = None,
) -> T | None:
    """Run a command now; publish what it changed and return its result (None if refused).
    Refused for the director's PIN, it is asked for and the command run again with it (None
    if the director cancels). ``shown_by``: the page that shows the result itself (it is not
    told of the change)."""
    try:
        result = action()
    except PinRefused as needs:
        asked = ask_pin(context.pins, action, needs, parent=parent, title=title)
        if asked is None:
            return None
        if asked.refused is not None:
            refused(asked.refused, parent=parent, title=title, fields=fields, show_error=show_error)
            return None
        result = asked.result  # type: ignore[assignment]
    except UserError as error:
        refused(error, parent=parent, title=title, fields=fields, show_error=show_error)
        return None
    if fields is not None:
        fields.clear()
    context.publish(changes_of(result), shown_by=shown_by)
    return result


def refused(
    error: UserError,
    *,
    parent: QWidget,
    title: str,
    fields: FieldMarks | None = None,
    show_error: Callable[[UserError], None] | None = None,
) -> None:
    """Say why a command was refused, and mark the field it names."""
    if fields is not None:
        fields.mark(error.field)
    if show_error is not None:
        show_error(error)
    else:
        QMessageBox.warning(parent, title, plain_words(error))


# --- slow work ----------------------------------------------------------------------------


class _Signals(QObject):
    done = Signal(object)  # the result
    refused = Signal(object)  # a UserError
    crashed = Signal(object)  # any other exception: a bug, raised again in the window's thread


class _Job(QRunnable):
    def __init__(self, work: Callable[[], Any], signals: _Signals):
        super().__init__()
        self._work = work
        self.signals = signals

    def run(self) -> None:
        try:
            result = self._work()
        except UserError as error:
            self.signals.refused.emit(error)
        except Exception as error:  # noqa: BLE001 - handed to the window's error reporter
            self.signals.crashed.emit(error)
        else:
            self.signals.done.emit(result)


class BackgroundCommand(QObject):
    """One slow command under way; ``finished(result)`` or ``failed(UserError)`` when it ends."""

    finished = Signal(object)
    failed = Signal(object)

    def __init__(
        self,
        context: UiContext,
        work: Callable[[], Any],
        progress: QProgressBar | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self._context = context
        self._work = work
        self._progress = progress
        self.running = False
        self._signals = _Signals(self)
        self._signals.done.connect(self._done)
        self._signals.refused.connect(self._refused)
        self._signals.crashed.connect(self._crashed)

    def start(self) -> None:
        self.running = True
        if self._progress is not None:
            self._progress.setRange(0, 0)  # busy: the work cannot say how far it is
            self._progress.show()
        self._context.workers.start(_Job(self._work, self._signals))

    def _end(self) -> None:
        self.running = False
        if self._progress is not None:
            self._progress.hide()

    def _done(self, result: object) -> None:
        self._end()
        self._context.publish(changes_of(result))
        self.finished.emit(result)

    def _refused(self, error: UserError) -> None:
        self._end()
        self.failed.emit(error)

    def _crashed(self, error: BaseException) -> None:
        self._end()
        raise error


def run_in_background(
    context: UiContext,
    work: Callable[[], T],
    *,
    progress: QProgressBar | None,
    on_done: Callable[[T], None],
    on_refused: Callable[[UserError], None],
    parent: QObject | None = None,
) -> BackgroundCommand:
    """Start slow work off the window's thread; what it changed is published when it ends."""
    command = BackgroundCommand(context, work, progress, parent)
    command.finished.connect(on_done)
    command.failed.connect(on_refused)
    command.start()
    return command


def ask_yes_no(parent: QWidget, title: str, question: str) -> bool:
    """Ask a question the user answers Yes or No (No is the default); True for Yes."""
    answer = QMessageBox.question(
        parent, title, question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )  # fmt: skip
    return answer == QMessageBox.StandardButton.Yes
