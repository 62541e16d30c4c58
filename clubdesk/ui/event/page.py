"""The Event page: create an event from a format, open one, change its settings.

Two views in one page:

- the *overview* (when the database holds events): the events in the file,
  the current one's settings as a read-only form, and Edit;
- the *form* (new event, or editing the current one): format, name, date,
  venue and the settings a director usually changes, filled in with the
  format's defaults. Only values that differ from the format's defaults are
  saved as the event's settings. The rules check every value
  (``Rules.with_settings``); a bad one is named next to its field and
  nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from clubdesk.domain.formats import available_formats
from clubdesk.services import events as event_service
from clubdesk.services import pin as pin_service
from clubdesk.services.changes import Change
from clubdesk.services.events import EventChanges, EventInfo, NewEvent
from clubdesk.store.db import Database
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.event.form import EventForm
from clubdesk.ui.event.overview import EventOverview
from clubdesk.ui.event.pin_dialogs import ClearPinDialog, SetPinDialog
from clubdesk.ui.operations import run_command


def _scrolling(widget: QWidget) -> QScrollArea:
    """The widget, scrolled when the window is smaller than it (a small laptop screen)."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


class EventPage(QWidget):
    """Create, open and edit events; knows the current event.

    Opening an event sets it in the ``UiContext`` (every page then shows it);
    ``current_event_changed(EventInfo | None)`` tells the window too, for its
    title.
    """

    current_event_changed = Signal(object)

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self._clock = context.clock
        self._current: EventInfo | None = None
        self._opening = False
        self._form: EventForm | None = None
        self.overview = EventOverview()
        self.stack = QStackedWidget()
        self.stack.addWidget(_scrolling(self.overview))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

        self.overview.open_requested.connect(self.open_event)
        self.overview.new_requested.connect(self.new_event)
        self.overview.edit_requested.connect(self.edit_event)
        self.overview.set_pin_requested.connect(self.set_pin)
        self.overview.clear_pin_requested.connect(self.clear_pin)
        follow_changes(context, self, self._changed, Change.EVENT)

    @property
    def current_event(self) -> EventInfo | None:
        return self._current

    @property
    def form(self) -> EventForm:
        """The form, built the first time it is asked for: a window opened on a night under
        way shows the overview and may never need it."""
        if self._form is None:
            self._form = EventForm(self._clock)
            self.stack.addWidget(_scrolling(self._form))  # index 1
            self._form.submitted.connect(self._save)
            self._form.cancelled.connect(self._show_overview)
        return self._form

    def set_database(self, db: Database, prefer_event: str | None = None) -> None:
        """Show this database's events; open ``prefer_event`` if it is there, else the newest."""
        events = event_service.list_events(db)
        chosen = next((e for e in events if e.id == prefer_event), None)
        if chosen is None and events:
            chosen = max(events, key=lambda e: e.created_at)
        self._set_current(chosen, db)
        if chosen is None:
            self.new_event()
        else:
            self._show_overview()

    def new_event(self) -> None:
        self.form.set_cancellable(self._current is not None)
        self.form.start_new(self._current.rules_id if self._current else None)
        self.stack.setCurrentIndex(1)
        self.form.format_combo.setFocus(Qt.FocusReason.OtherFocusReason)

    def edit_event(self) -> None:
        if self._current is None:
            return
        self.form.set_cancellable(True)
        self.form.start_edit(self._current)
        self.stack.setCurrentIndex(1)
        self.form.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def open_event(self, event_id: str) -> None:
        self._set_current(event_service.get_event(self._database(), event_id))
        self._show_overview()

    def set_pin(self) -> SetPinDialog:
        """Set PIN…: a new director's PIN, typed twice (the one set asked for first)."""
        dialog = SetPinDialog(self.context, self)
        dialog.exec()
        return dialog

    def clear_pin(self) -> ClearPinDialog:
        """Clear PIN…: the director's PIN typed to clear it."""
        dialog = ClearPinDialog(self.context, self)
        dialog.exec()
        return dialog

    def focus_in(self) -> None:
        """Where the director types on coming to the page: the form's first field, or the
        list of events."""
        if not self.showing_form():
            self.overview.list_view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.form.editing is not None:
            self.form.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.form.format_combo.setFocus(Qt.FocusReason.OtherFocusReason)

    def showing_form(self) -> bool:
        return self.stack.currentIndex() == 1

    def _save(self, values: dict[str, Any]) -> None:
        desk, editing = self.context.desk, self.form.editing
        action: Callable[[], EventInfo]
        if editing is None:
            new = NewEvent(
                name=values["name"],
                date=values["date"],
                venue=values["venue"],
                rules_id=values["rules_id"],
                settings=values["settings"],
            )
            action = lambda: event_service.create_event(desk.on(None), new)  # noqa: E731
        else:
            changes = EventChanges(
                name=values["name"],
                date=values["date"],
                venue=values["venue"],
                settings=values["settings"],
            )
            action = lambda: event_service.update_event(desk.on(editing.id), changes)  # noqa: E731
        saved = run_command(
            self.context,
            action,
            parent=self,
            title="Event",
            show_error=self.form.show_service_error,
        )
        if saved is None:
            return
        self._set_current(saved)
        self._show_overview()

    def _show_overview(self) -> None:
        if self._current is None:
            self.new_event()
            return
        events = event_service.list_events(self._database())
        titles = {info.id: info.title for info in available_formats()}
        self.overview.show_events(events, titles, self._current)
        self.overview.show_pin(pin_service.pin_is_set(self._database()))
        self.stack.setCurrentIndex(0)
        self.overview.list_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _set_current(self, event: EventInfo | None, db: Database | None = None) -> None:
        self._current = event
        event_id = event.id if event is not None else None
        if db is not None or event_id != self.context.event_id:
            self._opening = True
            try:
                self.context.open(db if db is not None else self.context.db, event_id)
            finally:
                self._opening = False
        self.current_event_changed.emit(event)

    def _changed(self, change: Change) -> None:
        # an event changed by another page (or the command line's file import): show it anew
        if self._opening or not change & Change.EVENT or self.context.db is None:
            return
        event_id = self.context.event_id
        if event_id is None or self._current is None or event_id != self._current.id:
            return
        self._current = event_service.get_event(self.context.db, event_id)
        if not self.showing_form():
            self._show_overview()

    def _database(self) -> Database:
        assert self.context.db is not None, "no database is open"
        return self.context.db
