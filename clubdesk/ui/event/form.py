"""The Event page's form: a new event, or the current one's name, date, venue and settings.

The form is filled in with the chosen format's defaults; only values that
differ from them are saved as the event's settings. The rules check every
value as it is typed (``Rules.with_settings``); a bad one is named next to its
field and nothing can be saved.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.formats import load_rules, scan_rules
from clubdesk.domain.limits import NAME_MAX
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.events import EventInfo
from clubdesk.services.roundclock import time_of_day
from clubdesk.timesource import TimeSource
from clubdesk.ui.event.settings import (
    CLOCK_SETTINGS,
    FORM_FIELDS,
    FORM_SETTINGS,
    format_rules,
    payout_summary,
    plain_setting_error,
    setting_default,
    time_shown,
)
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.date_edit import DateEdit
from clubdesk.ui.widgets.form_rows import GENERAL, FormRows, separator, spin_box
from clubdesk.ui.widgets.money_edit import NOT_AN_AMOUNT, MoneyEdit

SMALL_FIELD_WIDTH = 150


def _spin(minimum: int, maximum: int, suffix: str = "") -> QSpinBox:
    return spin_box(minimum, maximum, suffix, SMALL_FIELD_WIDTH)


class EventForm(QWidget):
    """New event, or the current event's name, date, venue and settings.

    ``submitted(dict)`` carries ``name``, ``date``, ``venue``, ``rules_id`` and
    ``settings`` once every value is valid; ``cancelled`` when the director
    leaves the form.
    """

    submitted = Signal(dict)
    cancelled = Signal()

    def __init__(self, clock: TimeSource, parent: QWidget | None = None):
        super().__init__(parent)
        self._clock = clock
        self._rules: Rules | None = None  # the chosen format's own rules, without settings
        self._editing: EventInfo | None = None
        self._filling = False
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
        self.warning_spin = _spin(0, 120, " min")
        self.warning_spin.setSpecialValueText("No warning")
        self.first_round_edit = QLineEdit()
        self.first_round_edit.setMaxLength(12)
        self.first_round_edit.setFixedWidth(SMALL_FIELD_WIDTH)
        self.first_round_edit.setPlaceholderText("e.g. 7:00 PM")
        self.drop_spin = _spin(0, 49)
        self.cross_check = QCheckBox("typed in and compared hand by hand")
        self.season_edit = QLineEdit()
        self.season_edit.setMaxLength(NAME_MAX)
        self.season_edit.setPlaceholderText("e.g. 2027 spring")
        self.payout_label = QLabel()
        self.general_error = set_role(QLabel(), "error")
        self.general_error.setWordWrap(True)
        self.general_error.hide()
        self.submit_button = set_role(PushButton("&Create event"), "primary")
        self.cancel_button = QPushButton("Cancel")
        for button in (self.submit_button, self.cancel_button):
            button.setAutoDefault(True)  # Return on a focused button presses that button

        form = QFormLayout()
        form.setVerticalSpacing(10)
        form.setHorizontalSpacing(18)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.rows = FormRows(form, self.general_error)
        self.rows.add("For&mat", "rules_id", self.format_combo, note=self.description)
        self.skipped_note = set_role(QLabel(), "error")
        self.skipped_note.setWordWrap(True)
        self.skipped_note.hide()
        form.addRow("", self.skipped_note)
        self.rows.add("&Name", "name", self.name_edit)
        self.rows.add("&Date", "date", self.date_edit, hint_label=self.weekday)
        self.rows.add("Ven&ue", "venue", self.venue_edit)
        form.addRow(separator())
        self.rows.add("&Entry fee", "entry_fee_cents", self.fee_edit, prefix="$")
        self.rows.add("Re&turned as prizes", "return_percent", self.return_spin)
        self.rows.add("&Rounds", "rounds", self.rounds_spin)
        self.rows.add("Round &length", "round_minutes", self.minutes_spin,
                      hint="a round clock; or no clock: a round is its hands")  # fmt: skip
        self.rows.add("&Warning", "warning_minutes", self.warning_spin,
                      hint="announced before time")  # fmt: skip
        self.rows.add("Round &1 starts", "first_round_at", self.first_round_edit)
        self.rows.add("Drop l&owest", "drop_lowest", self.drop_spin,
                      hint="rounds not counted in each total")  # fmt: skip
        self.rows.add("&Both sides' sheets", "cross_check", self.cross_check)
        self.rows.add("&Season", "season", self.season_edit,
                      hint="its league points count toward it")  # fmt: skip
        self.rows.add("Payout", "payout", self.payout_label,
                      hint="as the format says")  # fmt: skip
        self.other_settings = set_role(
            QLabel("Everything else (breaks, penalties, scoring) follows the format."),
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
        for widget in (self.return_spin, self.rounds_spin, self.minutes_spin,
                       self.warning_spin, self.drop_spin):  # fmt: skip
            widget.valueChanged.connect(self._settings_changed)
        self.minutes_spin.valueChanged.connect(self._show_clock_rows)
        self.cross_check.toggled.connect(self._settings_changed)
        self.first_round_edit.textChanged.connect(self._settings_changed)
        self.season_edit.textChanged.connect(self._settings_changed)
        self.fee_edit.cents_changed.connect(self._settings_changed)
        self.date_edit.dateChanged.connect(self._date_changed)
        self.name_edit.textChanged.connect(lambda: self.rows.show_error("name", ""))
        self.submit_button.clicked.connect(self.submit)
        self.cancel_button.clicked.connect(self.cancelled)

        order = [self.format_combo, self.name_edit, self.date_edit, self.venue_edit,
                 self.fee_edit, self.return_spin, self.rounds_spin, self.minutes_spin,
                 self.warning_spin, self.first_round_edit, self.drop_spin, self.cross_check,
                 self.season_edit, self.submit_button, self.cancel_button]  # fmt: skip
        for first, second in pairwise(order):
            QWidget.setTabOrder(first, second)

    # filling in

    def start_new(self, rules_id: str | None = None) -> None:
        """An empty form for a new event; ``rules_id`` (else the first format) chosen."""
        self._editing = None
        self.heading.setText("New event")
        self.submit_button.setText("&Create event")
        self.format_combo.setEnabled(True)
        self._load_formats()
        self.rows.clear_errors()
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
        self.rows.clear_errors()
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
            self._rules = format_rules(event)
        except UserError as exc:
            self._rules = None
            self.rows.show_error("rules_id", str(exc))
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
            for info in formats:  # a club's own file says so, and what it takes the place of
                note = f" ({info.own_note})" if info.own_note else ""
                self.format_combo.addItem(info.title + note, info.id)
                if note:
                    where = self.format_combo.count() - 1
                    self.format_combo.setItemData(
                        where, str(info.path), Qt.ItemDataRole.ToolTipRole
                    )
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
            self.rows.show_error("rules_id", str(exc))
            return
        self.rows.show_error("rules_id", "")
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
            self.warning_spin.setValue(values["warning_minutes"])
            self.first_round_edit.setText(time_shown(values["first_round_at"]))
            self.drop_spin.setValue(values["drop_lowest"])
            self.cross_check.setChecked(values["cross_check"])
            self.season_edit.setText(values["season"] or "")
        finally:
            self._filling = False
        # a format with a cut counts every game played: it has no games to drop
        self.rows.set_shown("drop_lowest", rules.cut is None)
        # a format without a [season] table scores toward no season
        self.rows.set_shown("season", rules.season is not None)
        self._show_clock_rows()
        self._settings_changed()

    def _show_clock_rows(self) -> None:
        """The warning and round 1's start belong to a round clock: shown with a length."""
        for key in CLOCK_SETTINGS:
            self.rows.set_shown(key, self.minutes_spin.value() > 0)

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
            self.rows.show_error("entry_fee_cents", NOT_AN_AMOUNT)
            return None
        typed: dict[str, Any] = {
            "entry_fee_cents": cents,
            "return_percent": self.return_spin.value(),
            "rounds": self.rounds_spin.value(),
            "round_minutes": self.minutes_spin.value(),
            "drop_lowest": self.drop_spin.value(),
            "cross_check": self.cross_check.isChecked(),
        }
        if self._rules is not None and self._rules.season is not None:
            typed["season"] = " ".join(self.season_edit.text().split()) or None
        if typed["round_minutes"]:  # a clock: its warning and when round 1 starts
            typed["warning_minutes"] = self.warning_spin.value()
            text = self.first_round_edit.text().strip()
            try:
                typed["first_round_at"] = time_of_day(text, "first_round_at") if text else None
            except UserError as exc:
                self.rows.show_error("first_round_at", sentence(exc.reason))
                return None
        return typed

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
        if not typed["round_minutes"]:  # no clock: no warning, no start time of its own
            for key in CLOCK_SETTINGS:
                settings.pop(key, None)
        return settings

    def _check_settings(self) -> dict[str, Any] | None:
        """The event's settings once the rules accept them; else mark the field and give None."""
        for key in FORM_SETTINGS:
            self.rows.show_error(key, "")
        self.rows.show_error(GENERAL, "")
        settings = self.event_settings()
        if settings is None:
            self.payout_label.setText("")
            return None
        try:
            checked = self._rules.with_settings(settings)
        except UserError as exc:
            field, message = plain_setting_error(exc)
            self.rows.show_error(field or GENERAL, message)
            return None
        self.payout_label.setText(payout_summary(checked))
        return settings

    def submit(self) -> None:
        """Check everything; emit ``submitted`` only when all of it is right."""
        self.rows.clear_errors()
        name = " ".join(self.name_edit.text().split())
        ok = True
        if not name:
            self.rows.show_error("name", "Give the event a name.")
            ok = False
        if self._rules is None:
            self.rows.show_error("rules_id", "Choose a format.")
            return
        settings = self._check_settings()
        if settings is None or not ok:
            self.rows.focus_first_error()
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

    def show_service_error(self, error: UserError) -> None:
        """A refusal from the service: beside the field it names, else below the form."""
        if error.field in FORM_FIELDS:
            field: str | None = error.field
            message = error.reason[:1].upper() + error.reason[1:]
        elif error.field is not None and error.field.startswith("settings."):
            field, message = plain_setting_error(error)
        else:
            field, message = None, str(error)
        self.rows.show_error(field or GENERAL, message)
        self.rows.focus_first_error()

    def error_text(self, key: str) -> str:
        """The message shown beside a field (``general``: below the form); empty if none."""
        return self.rows.error_text(key)

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
