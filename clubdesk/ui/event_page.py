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

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from itertools import pairwise
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QDate,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.clock import Clock
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rules import (
    SETTING_SECTIONS,
    Rules,
    available_formats,
    load_rules,
    scan_rules,
)
from clubdesk.errors import UserError
from clubdesk.services import events as event_service
from clubdesk.services.events import EventChanges, EventInfo, NewEvent
from clubdesk.ui.money import NOT_AN_AMOUNT, MoneyEdit
from clubdesk.ui.style import set_role

Index = QModelIndex | QPersistentModelIndex

# The settings the form shows, in order, with how a message talks about each.
FORM_SETTINGS = ("entry_fee_cents", "return_percent", "rounds", "round_minutes", "drop_lowest")
_PHRASES = {
    "entry_fee_cents": "the entry fee",
    "return_percent": "the share returned as prizes",
    "added_cents": "the added money",
    "rounds": "the number of rounds",
    "round_minutes": "the round length",
    "warning_minutes": "the warning time",
    "drop_lowest": "drop lowest",
    "payout": "the payout",
}
# A message about a whole section (no key named) is shown beside this field.
_SECTION_FIELD = {"schedule": "rounds", "standings": "drop_lowest"}
FORM_FIELDS = ("name", "date", "venue", *FORM_SETTINGS)
SMALL_FIELD_WIDTH = 150
WIDE_FIELD_WIDTH = 460


def setting_default(rules: Rules, key: str) -> Any:
    """A setting's value in these rules (``key`` as in an event's settings)."""
    return getattr(getattr(rules, SETTING_SECTIONS[key]), key)


def plain_setting_error(message: str) -> tuple[str | None, str]:
    """The form field a rules message is about, and the message in a director's words.

    ``"settings: standings.drop_lowest must be less than schedule.rounds"`` becomes
    ``("drop_lowest", "Drop lowest must be less than the number of rounds.")``.
    """
    found = re.match(r"^settings(?:\.([\w.\[\]]+))?:\s*(.*)$", message, re.DOTALL)
    path, text = (found.group(1), found.group(2)) if found else (None, message)
    parts = path.split(".") if path else []
    field = next((p for p in reversed(parts) if p in FORM_SETTINGS), None)
    if field is not None and text.startswith("must"):
        text = f"{_PHRASES[field]} {text}"

    def phrase(match: re.Match[str]) -> str:
        nonlocal field
        section, key = match.group(1), match.group(2)
        if not section and "_" not in key:
            return match.group(0)  # a plain word ("rounds"), not a setting's name
        if key in FORM_SETTINGS and field is None:
            field = key
        return _PHRASES[key]

    keys = "|".join(_PHRASES)
    text = re.sub(rf"\b(\w+\.)?({keys})\b", phrase, text)
    if field is None and parts:
        field = _SECTION_FIELD.get(parts[0])
    text = text[:1].upper() + text[1:]
    if not text.endswith("."):
        text += "."
    return field, text


def payout_summary(rules: Rules) -> str:
    """``1st 50% · 2nd 30% · 3rd 20%``; fixed prizes as amounts."""
    if not rules.money.payout:
        return "No prizes"
    parts = []
    for place in rules.money.payout:
        amount = (
            f"{place.percent}%"
            if place.percent is not None
            else format_money(place.fixed_cents or 0)
        )
        parts.append(f"{_ordinal(place.place)} {amount}")
    return " · ".join(parts)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def long_date(day: date) -> str:
    return QLocale().toString(QDate(day.year, day.month, day.day), QLocale.FormatType.LongFormat)


def _minutes(value: int) -> str:
    return "no clock" if value == 0 else f"{value} minutes"


# --- the list of events ---------------------------------------------------------------------


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


# --- small widgets --------------------------------------------------------------------------


class DateEdit(QDateEdit):
    """A date field with a calendar popup that Tab leaves in one press.

    (A plain QDateEdit moves between day, month and year with Tab; here the
    arrow keys and the separator do that.)
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setCalendarPopup(True)
        self.setDisplayFormat("d MMM yyyy")  # 9 Mar 2024: never read the wrong way round

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002
        return QWidget.focusNextPrevChild(self, next)

    def set_date(self, day: date) -> None:
        self.setDate(QDate(day.year, day.month, day.day))

    def value(self) -> date:
        qdate = self.date()
        return date(qdate.year(), qdate.month(), qdate.day())


def _spin(minimum: int, maximum: int, suffix: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setSuffix(suffix)
    spin.setAccelerated(True)
    spin.setFixedWidth(SMALL_FIELD_WIDTH)
    return spin


@dataclass
class _Field:
    widget: QWidget
    error: QLabel


# --- the form -------------------------------------------------------------------------------


class EventForm(QWidget):
    """New event, or the current event's name, date, venue and settings.

    ``submitted(dict)`` carries ``name``, ``date``, ``venue``, ``rules_id`` and
    ``settings`` once every value is valid; ``cancelled`` when the director
    leaves the form.
    """

    submitted = Signal(dict)
    cancelled = Signal()

    def __init__(self, clock: Clock, parent: QWidget | None = None):
        super().__init__(parent)
        self._clock = clock
        self._rules: Rules | None = None  # the chosen format's own rules, without settings
        self._editing: EventInfo | None = None
        self._filling = False
        self._fields: dict[str, _Field] = {}
        self._build()

    # layout

    def _build(self) -> None:
        self.heading = set_role(QLabel("New event"), "heading")
        self.format_combo = QComboBox()
        self.format_combo.setMinimumContentsLength(30)
        self.description = set_role(QLabel(), "hint")
        self.description.setWordWrap(True)
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(120)
        self.name_edit.setPlaceholderText("e.g. Spring Grand Prix 2024")
        self.date_edit = DateEdit()
        self.date_edit.setFixedWidth(SMALL_FIELD_WIDTH + 40)
        self.weekday = set_role(QLabel(), "hint")
        self.venue_edit = QLineEdit()
        self.venue_edit.setMaxLength(120)
        self.venue_edit.setPlaceholderText("e.g. Clubhouse, main hall")
        self.fee_edit = MoneyEdit()
        self.fee_edit.setFixedWidth(SMALL_FIELD_WIDTH)
        self.return_spin = _spin(0, 100, " %")
        self.rounds_spin = _spin(1, 50)
        self.minutes_spin = _spin(0, 600, " min")
        self.minutes_spin.setSpecialValueText("No clock")
        self.minutes_spin.setSingleStep(5)
        self.drop_spin = _spin(0, 49)
        self.payout_label = QLabel()
        self.general_error = set_role(QLabel(), "error")
        self.general_error.setWordWrap(True)
        self.general_error.hide()
        self.submit_button = set_role(QPushButton("&Create event"), "primary")
        self.cancel_button = QPushButton("Cancel")
        for button in (self.submit_button, self.cancel_button):
            button.setAutoDefault(True)  # Return on a focused button presses that button

        form = QFormLayout()
        form.setVerticalSpacing(10)
        form.setHorizontalSpacing(18)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self._add_row(form, "For&mat", "rules_id", self.format_combo, note=self.description)
        self.skipped_note = set_role(QLabel(), "error")
        self.skipped_note.setWordWrap(True)
        self.skipped_note.hide()
        form.addRow("", self.skipped_note)
        self._add_row(form, "&Name", "name", self.name_edit)
        self._add_row(form, "&Date", "date", self.date_edit, hint_label=self.weekday)
        self._add_row(form, "&Venue", "venue", self.venue_edit)
        form.addRow(_separator())
        self._add_row(form, "&Entry fee", "entry_fee_cents", self.fee_edit, prefix="$")
        self._add_row(form, "Re&turned as prizes", "return_percent", self.return_spin)
        self._add_row(form, "&Rounds", "rounds", self.rounds_spin)
        self._add_row(form, "Round &length", "round_minutes", self.minutes_spin)
        self._add_row(form, "Drop l&owest", "drop_lowest", self.drop_spin,
                      hint="rounds not counted in each total")  # fmt: skip
        self._add_row(form, "Payout", "payout", self.payout_label,
                      hint="as the format says")  # fmt: skip
        self.other_settings = set_role(
            QLabel(
                "Everything else (clock warnings, breaks, penalties, scoring) follows the format."
            ),
            "hint",
        )
        self.other_settings.setWordWrap(True)

        buttons = QHBoxLayout()
        buttons.setSpacing(12)
        buttons.addWidget(self.submit_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)

        column = QVBoxLayout()
        column.setSpacing(14)
        column.addWidget(self.heading)
        column.addSpacing(6)
        column.addLayout(form)
        column.addWidget(self.other_settings)
        column.addWidget(self.general_error)
        column.addSpacing(6)
        column.addLayout(buttons)
        column.addStretch(1)

        box = QWidget()
        box.setLayout(column)
        box.setMaximumWidth(760)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(32, 24, 32, 24)
        outer.addWidget(box)
        outer.addStretch(1)

        self.format_combo.currentIndexChanged.connect(self._format_chosen)
        for widget in (self.return_spin, self.rounds_spin, self.minutes_spin, self.drop_spin):
            widget.valueChanged.connect(self._settings_changed)
        self.fee_edit.cents_changed.connect(self._settings_changed)
        self.date_edit.dateChanged.connect(self._date_changed)
        self.name_edit.textChanged.connect(lambda: self._show_error("name", ""))
        self.submit_button.clicked.connect(self.submit)
        self.cancel_button.clicked.connect(self.cancelled)

        order = [self.format_combo, self.name_edit, self.date_edit, self.venue_edit,
                 self.fee_edit, self.return_spin, self.rounds_spin, self.minutes_spin,
                 self.drop_spin, self.submit_button, self.cancel_button]  # fmt: skip
        for first, second in pairwise(order):
            QWidget.setTabOrder(first, second)

    def _add_row(
        self,
        form: QFormLayout,
        label: str,
        key: str,
        widget: QWidget,
        *,
        note: QLabel | None = None,
        hint: str = "",
        hint_label: QLabel | None = None,
        prefix: str = "",
    ) -> None:
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
        form.addRow(caption, cell)
        self._fields[key] = _Field(widget, error)

    # filling in

    def start_new(self, rules_id: str | None = None) -> None:
        """An empty form for a new event; ``rules_id`` (else the first format) chosen."""
        self._editing = None
        self.heading.setText("New event")
        self.submit_button.setText("&Create event")
        self.format_combo.setEnabled(True)
        self._load_formats()
        self._clear_errors()
        self._filling = True
        try:
            self.format_combo.setCurrentIndex(max(0, self.format_combo.findData(rules_id)))
        finally:
            self._filling = False
        self.name_edit.clear()
        self.venue_edit.clear()
        self.date_edit.set_date(self._clock.now().date())
        self._date_changed()
        self._format_chosen()
        self.format_combo.setFocus(Qt.FocusReason.OtherFocusReason)

    def start_edit(self, event: EventInfo) -> None:
        """The event's name, date, venue and settings, ready to change."""
        self._editing = event
        self.heading.setText(f"Edit {event.name}")
        self.submit_button.setText("&Save changes")
        self._load_formats(also=event.rules_id)
        self._clear_errors()
        self._filling = True
        try:
            self.format_combo.setCurrentIndex(max(0, self.format_combo.findData(event.rules_id)))
        finally:
            self._filling = False
        self.format_combo.setEnabled(False)  # an event keeps its format
        self.name_edit.setText(event.name)
        self.venue_edit.setText(event.venue)
        self.date_edit.set_date(event.date)
        self._date_changed()
        try:
            self._rules = _format_rules(event)
        except UserError as exc:
            self._rules = None
            self._show_error("rules_id", str(exc))
            return
        self._fill_settings(self._rules, event.settings)
        self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.name_edit.selectAll()

    def set_cancellable(self, cancellable: bool) -> None:
        self.cancel_button.setVisible(cancellable)

    @property
    def editing(self) -> EventInfo | None:
        return self._editing

    def _load_formats(self, also: str | None = None) -> None:
        self._filling = True
        try:
            self.format_combo.clear()
            formats, problems = scan_rules()
            for info in formats:
                self.format_combo.addItem(info.title, info.id)
            # a club's own rules file with a mistake is left out; say which and why
            self.skipped_note.setText(
                "\n".join(f"Left out, it has a mistake: {problem}" for problem in problems)
            )
            self.skipped_note.setVisible(bool(problems))
            if also and self.format_combo.findData(also) < 0:
                self.format_combo.addItem(also, also)
        finally:
            self._filling = False

    def _format_chosen(self) -> None:
        if self._filling or self._editing is not None:
            return
        rules_id = self.format_combo.currentData()
        if rules_id is None:
            self._rules = None
            return
        try:
            self._rules = load_rules(rules_id)
        except UserError as exc:
            self._rules = None
            self._show_error("rules_id", str(exc))
            return
        self._show_error("rules_id", "")
        self._fill_settings(self._rules, {})

    def _fill_settings(self, rules: Rules, settings: dict[str, Any]) -> None:
        """The format's description and defaults, with ``settings`` applied on top."""
        values = {key: settings.get(key, setting_default(rules, key)) for key in FORM_SETTINGS}
        self.description.setText(rules.description or "")
        self.description.setVisible(bool(rules.description))
        self._filling = True
        try:
            self.fee_edit.set_cents(values["entry_fee_cents"])
            self.return_spin.setValue(values["return_percent"])
            self.rounds_spin.setValue(values["rounds"])
            self.minutes_spin.setValue(values["round_minutes"])
            self.drop_spin.setValue(values["drop_lowest"])
        finally:
            self._filling = False
        self._settings_changed()

    def _date_changed(self) -> None:
        self.weekday.setText(QLocale().dayName(self.date_edit.date().dayOfWeek()))

    # checking and submitting

    def _settings_changed(self) -> None:
        if self._filling:
            return
        self._check_settings()

    def form_settings(self) -> dict[str, Any] | None:
        """The settings as typed; ``None`` (with the field marked) when one is not a value."""
        cents = self.fee_edit.cents()
        if cents is None:
            self._show_error("entry_fee_cents", NOT_AN_AMOUNT)
            return None
        return {
            "entry_fee_cents": cents,
            "return_percent": self.return_spin.value(),
            "rounds": self.rounds_spin.value(),
            "round_minutes": self.minutes_spin.value(),
            "drop_lowest": self.drop_spin.value(),
        }

    def event_settings(self) -> dict[str, Any] | None:
        """What the event stores: the form's values that differ from the format's defaults.

        When editing, settings the form does not show (e.g. a payout from an
        imported event file) are kept.
        """
        if self._rules is None:
            return None
        typed = self.form_settings()
        if typed is None:
            return None
        settings = dict(self._editing.settings) if self._editing is not None else {}
        base = self._rules
        for key, value in typed.items():
            if value == setting_default(base, key):
                settings.pop(key, None)
            else:
                settings[key] = value
        return settings

    def _check_settings(self) -> dict[str, Any] | None:
        """The event's settings once the rules accept them; else mark the field and give None."""
        for key in FORM_SETTINGS:
            self._show_error(key, "")
        self._show_error("general", "")
        settings = self.event_settings()
        if settings is None:
            self.payout_label.setText("")
            return None
        try:
            checked = self._rules.with_settings(settings)
        except UserError as exc:
            field, message = plain_setting_error(str(exc))
            self._show_error(field or "general", message)
            return None
        self.payout_label.setText(payout_summary(checked))
        return settings

    def submit(self) -> None:
        """Check everything; emit ``submitted`` only when all of it is right."""
        self._clear_errors()
        name = " ".join(self.name_edit.text().split())
        ok = True
        if not name:
            self._show_error("name", "Give the event a name.")
            ok = False
        if self._rules is None:
            self._show_error("rules_id", "Choose a format.")
            return
        settings = self._check_settings()
        if settings is None or not ok:
            self._focus_first_error()
            return
        self.submitted.emit(
            {
                "name": name,
                "date": self.date_edit.value(),
                "venue": " ".join(self.venue_edit.text().split()),
                "rules_id": self._rules.id,
                "settings": settings,
            }
        )

    def show_service_error(self, message: str) -> None:
        """A refusal from the service: beside the field it names, else below the form."""
        field = next(
            (key for key in FORM_FIELDS if re.match(rf"^(settings\.)?{key}\b", message)),
            None,
        )
        if field in FORM_SETTINGS:
            field, message = plain_setting_error(message)
        elif field is not None:
            message = message.split(":", 1)[-1].strip()
            message = message[:1].upper() + message[1:]
        self._show_error(field or "general", message)
        self._focus_first_error()

    def error_text(self, key: str) -> str:
        """The message shown beside a field (``general``: below the form); empty if none."""
        label = self.general_error if key == "general" else self._fields[key].error
        return label.text() if not label.isHidden() else ""

    def _show_error(self, key: str, message: str) -> None:
        label = self.general_error if key == "general" else self._fields[key].error
        label.setText(message)
        label.setVisible(bool(message))

    def _clear_errors(self) -> None:
        for key in self._fields:
            self._show_error(key, "")
        self._show_error("general", "")

    def _focus_first_error(self) -> None:
        for field in self._fields.values():
            if not field.error.isHidden():
                field.widget.setFocus(Qt.FocusReason.OtherFocusReason)
                return

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Return in a field (which fields pass on) submits; Escape leaves a form
        # that can be left.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
            return
        if event.key() == Qt.Key.Key_Escape and self.cancel_button.isVisible():
            self.cancelled.emit()
            return
        super().keyPressEvent(event)


def _scrolling(widget: QWidget) -> QScrollArea:
    """The widget, scrolled when the window is smaller than it (a small laptop screen)."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def _separator() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def _format_rules(event: EventInfo) -> Rules:
    return load_rules(event.rules_id)


# --- the overview ---------------------------------------------------------------------------


class EventOverview(QWidget):
    """The events in the file and the current one's settings."""

    open_requested = Signal(str)
    edit_requested = Signal()
    new_requested = Signal()

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
        self.open_button = QPushButton("&Open event")
        self.new_button = QPushButton("&New event…")
        self.edit_button = QPushButton("&Edit…")
        for button in (self.open_button, self.new_button, self.edit_button):
            button.setAutoDefault(True)

        list_caption = set_role(QLabel("E&vents in this file"), "subheading")
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
        ):
            value = QLabel()
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setWordWrap(True)
            self._values[key] = value
            self.details.addRow(set_role(QLabel(caption), "hint"), value)
        edit_row = QHBoxLayout()
        edit_row.addWidget(self.edit_button)
        edit_row.addStretch(1)
        right = QVBoxLayout()
        right.setSpacing(12)
        right.addWidget(self.heading)
        right.addSpacing(8)
        right.addLayout(self.details)
        right.addSpacing(8)
        right.addLayout(edit_row)
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

    def value_text(self, key: str) -> str:
        return self._values[key].text()

    def _show_details(self, event: EventInfo, titles: dict[str, str]) -> None:
        self.heading.setText(event.name)
        try:
            base = _format_rules(event)
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
        shown("round_minutes", _minutes(rules.schedule.round_minutes), _minutes)
        shown("drop_lowest", str(rules.standings.drop_lowest))
        ends = []
        if rules.game_end.point_limit:
            ends.append(f"{rules.game_end.point_limit} points")
        if rules.game_end.max_hands:
            ends.append(f"{rules.game_end.max_hands} hands")
        self._values["game_end"].setText(" or ".join(ends))
        self.details.setRowVisible(self._values["game_end"], bool(ends))  # gin: by its targets


# --- the page -------------------------------------------------------------------------------


class EventPage(QWidget):
    """Create, open and edit events; knows the current event.

    ``current_event_changed(EventInfo | None)`` tells the window which event
    is open (for its title and the other pages).
    """

    current_event_changed = Signal(object)

    def __init__(self, clock: Clock, parent: QWidget | None = None):
        super().__init__(parent)
        self._clock = clock
        self._db: Any = None
        self._current: EventInfo | None = None
        self.form = EventForm(clock)
        self.overview = EventOverview()
        self.stack = QStackedWidget()
        self.stack.addWidget(_scrolling(self.overview))
        self.stack.addWidget(_scrolling(self.form))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

        self.form.submitted.connect(self._save)
        self.form.cancelled.connect(self._show_overview)
        self.overview.open_requested.connect(self.open_event)
        self.overview.new_requested.connect(self.new_event)
        self.overview.edit_requested.connect(self.edit_event)

    @property
    def current_event(self) -> EventInfo | None:
        return self._current

    def set_database(self, db: Any, prefer_event: str | None = None) -> None:
        """Show this database's events; open ``prefer_event`` if it is there, else the newest."""
        self._db = db
        events = event_service.list_events(db)
        chosen = next((e for e in events if e.id == prefer_event), None)
        if chosen is None and events:
            chosen = max(events, key=lambda e: e.created_at)
        self._set_current(chosen)
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
        self._set_current(event_service.get_event(self._db, event_id))
        self._show_overview()

    def showing_form(self) -> bool:
        return self.stack.currentIndex() == 1

    def _save(self, values: dict[str, Any]) -> None:
        try:
            if self.form.editing is None:
                new = NewEvent(
                    name=values["name"],
                    date=values["date"],
                    venue=values["venue"],
                    rules_id=values["rules_id"],
                    settings=values["settings"],
                )
                saved = event_service.create_event(self._db, new, self._clock)
            else:
                changes = EventChanges(
                    name=values["name"],
                    date=values["date"],
                    venue=values["venue"],
                    settings=values["settings"],
                )
                saved = event_service.update_event(
                    self._db, self.form.editing.id, changes, self._clock
                )
        except UserError as exc:
            self.form.show_service_error(str(exc))
            return
        self._set_current(saved)
        self._show_overview()

    def _show_overview(self) -> None:
        if self._current is None:
            self.new_event()
            return
        events = event_service.list_events(self._db)
        titles = {info.id: info.title for info in available_formats()}
        self.overview.show_events(events, titles, self._current)
        self.stack.setCurrentIndex(0)
        self.overview.list_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _set_current(self, event: EventInfo | None) -> None:
        self._current = event
        self.current_event_changed.emit(event)
