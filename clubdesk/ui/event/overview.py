"""The Event page's overview: the events in the file, and the current one's settings."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QDate,
    QLocale,
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListView,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.money.amounts import format_money
from clubdesk.errors import UserError
from clubdesk.services.events import EventInfo
from clubdesk.ui.event.settings import format_rules, payout_summary, setting_default, time_shown
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.rows_model import Index


def long_date(day: date) -> str:
    return QLocale().toString(QDate(day.year, day.month, day.day), QLocale.FormatType.LongFormat)


def _minutes(value: int) -> str:
    return "no clock" if value == 0 else f"{value} minutes"


class EventListModel(QAbstractListModel):
    """The events in the database, the current one in bold."""

    EventIdRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._events: list[EventInfo] = []
        self._titles: dict[str, str] = {}
        self._current: str | None = None

    def set_events(self, events: list[EventInfo], titles: dict[str, str]) -> None:
        self.beginResetModel()
        self._events = list(events)
        self._titles = dict(titles)
        self.endResetModel()

    def set_current(self, event_id: str | None) -> None:
        rows = [self.row_of(self._current), self.row_of(event_id)]
        self._current = event_id
        for row in rows:
            if row is not None:
                index = self.index(row, 0)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.FontRole])

    def row_of(self, event_id: str | None) -> int | None:
        for row, event in enumerate(self._events):
            if event.id == event_id:
                return row
        return None

    def event_at(self, row: int) -> EventInfo:
        return self._events[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._events)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._events):
            return None
        event = self._events[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{event.name}\n{long_date(event.date)}"
        if role == Qt.ItemDataRole.ToolTipRole:
            title = self._titles.get(event.rules_id, event.rules_id)
            return " · ".join(p for p in (title, long_date(event.date), event.venue) if p)
        if role == Qt.ItemDataRole.FontRole and event.id == self._current:
            font = QFont()
            font.setBold(True)
            return font
        if role == self.EventIdRole:
            return event.id
        return None


class EventOverview(QWidget):
    """The events in the file and the current one's settings."""

    open_requested = Signal(str)
    edit_requested = Signal()
    new_requested = Signal()
    set_pin_requested = Signal()
    clear_pin_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = EventListModel(self)
        self.list_view = QListView()
        self.list_view.setObjectName("eventList")
        self.list_view.setModel(self.model)
        self.list_view.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.list_view.setMinimumWidth(300)
        self.list_view.setMaximumWidth(380)
        self.list_view.setSpacing(2)
        self.open_button = PushButton("&Open event")
        self.new_button = PushButton("&New event…")
        self.edit_button = PushButton("&Edit…")
        self.set_pin_button = PushButton("Set &PIN…")  # the director's PIN: pin_dialogs.py
        self.clear_pin_button = PushButton("&Clear PIN…")
        self.pin_state = set_role(QLabel(), "hint")
        buttons = (self.open_button, self.new_button, self.edit_button)
        for button in (*buttons, self.set_pin_button, self.clear_pin_button):
            button.setAutoDefault(True)

        list_caption = set_role(QLabel("Events &in this file"), "subheading")
        list_caption.setBuddy(self.list_view)
        list_buttons = QHBoxLayout()
        list_buttons.addWidget(self.open_button)
        list_buttons.addWidget(self.new_button)
        list_buttons.addStretch(1)
        left = QVBoxLayout()
        left.setSpacing(10)
        left.addWidget(list_caption)
        left.addWidget(self.list_view, 1)
        left.addLayout(list_buttons)

        self.heading = set_role(QLabel(), "heading")
        self.heading.setWordWrap(True)
        self.details = QFormLayout()
        self.details.setVerticalSpacing(10)
        self.details.setHorizontalSpacing(24)
        self.details.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self._values: dict[str, QLabel] = {}
        for key, caption in (
            ("format", "Format"),
            ("date", "Date"),
            ("venue", "Venue"),
            ("entry_fee_cents", "Entry fee"),
            ("return_percent", "Returned as prizes"),
            ("payout", "Payout"),
            ("rounds", "Rounds"),
            ("round_minutes", "Round length"),
            ("drop_lowest", "Drop lowest"),
            ("game_end", "A game ends at"),
            ("season", "Season"),
        ):
            value = QLabel()
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setWordWrap(True)
            self._values[key] = value
            self.details.addRow(set_role(QLabel(caption), "hint"), value)
        edit_row = QHBoxLayout()
        edit_row.addWidget(self.edit_button)
        edit_row.addStretch(1)
        pin_row = QHBoxLayout()
        pin_row.addWidget(self.set_pin_button)
        pin_row.addWidget(self.clear_pin_button)
        pin_row.addWidget(self.pin_state)
        pin_row.addStretch(1)
        right = QVBoxLayout()
        right.setSpacing(12)
        right.addWidget(self.heading)
        right.addSpacing(8)
        right.addLayout(self.details)
        right.addSpacing(8)
        right.addLayout(edit_row)
        right.addSpacing(8)
        right.addLayout(pin_row)
        right.addStretch(1)
        right_box = QWidget()
        right_box.setLayout(right)
        right_box.setMaximumWidth(720)

        outer = QHBoxLayout(self)
        outer.setContentsMargins(32, 24, 32, 24)
        outer.setSpacing(40)
        outer.addLayout(left)
        outer.addWidget(right_box, 1)
        outer.addStretch(0)

        self.list_view.activated.connect(self._activated)
        self.open_button.clicked.connect(lambda: self._activated(self.list_view.currentIndex()))
        self.new_button.clicked.connect(self.new_requested)
        self.edit_button.clicked.connect(self.edit_requested)
        self.set_pin_button.clicked.connect(self.set_pin_requested)
        self.clear_pin_button.clicked.connect(self.clear_pin_requested)

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_requested.emit(index.data(EventListModel.EventIdRole))

    def show_events(
        self, events: list[EventInfo], titles: dict[str, str], current: EventInfo
    ) -> None:
        self.model.set_events(events, titles)
        self.model.set_current(current.id)
        row = self.model.row_of(current.id)
        if row is not None:
            self.list_view.setCurrentIndex(self.model.index(row, 0))
        self._show_details(current, titles)

    def show_pin(self, is_set: bool) -> None:
        """Whether the director's PIN is set (Clear PIN… only then)."""
        self.clear_pin_button.setEnabled(is_set)
        self.pin_state.setText(
            "The director's acts ask for the PIN." if is_set else "No director's PIN is set."
        )

    def value_text(self, key: str) -> str:
        return self._values[key].text()

    def _show_details(self, event: EventInfo, titles: dict[str, str]) -> None:
        self.heading.setText(event.name)
        try:
            base = format_rules(event)
            rules = base.with_settings(event.settings)
        except UserError as exc:
            for label in self._values.values():
                label.setText("")
            self._values["format"].setText(f"{titles.get(event.rules_id, event.rules_id)} ({exc})")
            return
        changed = event.settings

        def shown(key: str, text: str, default: Callable[[Any], str] = str) -> None:
            if key in changed and changed[key] != setting_default(base, key):
                text += f"   (format: {default(setting_default(base, key))})"
            self._values[key].setText(text)

        self._values["format"].setText(rules.title)
        self._values["date"].setText(long_date(event.date))
        self._values["venue"].setText(event.venue or "—")
        shown("entry_fee_cents", format_money(rules.money.entry_fee_cents), format_money)
        shown("return_percent", f"{rules.money.return_percent}%", lambda v: f"{v}%")
        self._values["payout"].setText(payout_summary(rules))
        shown("rounds", str(rules.schedule.rounds))
        schedule = rules.schedule
        clock_words = _minutes(schedule.round_minutes)
        if schedule.timed and schedule.warning_minutes:
            clock_words += f", warning {schedule.warning_minutes} minutes before time"
        if schedule.timed and schedule.first_round_at:
            clock_words += f"; round 1 at {time_shown(schedule.first_round_at)}"
        shown("round_minutes", clock_words, _minutes)
        shown("drop_lowest", str(rules.standings.drop_lowest))
        self.details.setRowVisible(self._values["drop_lowest"], rules.cut is None)
        ends = []
        if rules.game_end.point_limit:
            ends.append(f"{rules.game_end.point_limit} points")
        if rules.game_end.max_hands:
            ends.append(f"{rules.game_end.max_hands} hands")
        self._values["game_end"].setText(" or ".join(ends))
        self.details.setRowVisible(self._values["game_end"], bool(ends))  # gin: by its targets
        season = rules.season.season if rules.season is not None else None
        self._values["season"].setText(season or "")
        self.details.setRowVisible(self._values["season"], season is not None)
