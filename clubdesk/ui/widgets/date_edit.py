"""A date field that reads one way only and that Tab leaves in one press."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDateEdit, QWidget

from clubdesk.domain.limits import EVENT_DATE_FIRST, EVENT_DATE_LAST


class DateEdit(QDateEdit):
    """A date field with a calendar popup that Tab leaves in one press.

    (A plain QDateEdit moves between day, month and year with Tab; here the
    arrow keys and the separator do that.)
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setCalendarPopup(True)
        self.setDisplayFormat("d MMM yyyy")  # 9 Mar 2024: never read the wrong way round
        first, last = EVENT_DATE_FIRST, EVENT_DATE_LAST  # an event's days (domain.limits)
        self.setDateRange(QDate(first.year, first.month, first.day),
                          QDate(last.year, last.month, last.day))  # fmt: skip

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002
        return QWidget.focusNextPrevChild(self, next)

    def set_date(self, day: date) -> None:
        self.setDate(QDate(day.year, day.month, day.day))

    def value(self) -> date:
        qdate = self.date()
        return date(qdate.year(), qdate.month(), qdate.day())
