"""The Players page: registration at the front table, fast and calm.

At the top, the entry row: name, partner (team events), paid (the entry fee
to start with) and method. Enter registers, and the cursor is back in an
empty name field for the next arrival. A name already in the event is
flagged in the row before anything is saved; Enter again registers a second
person of that name.

Below: everyone registered, a search that filters as it is typed (Ctrl+F),
and actions on the selected entrant (record a payment, withdraw, with
"Refund the fee?" where the format gives refunds, or reinstate, renumber
before the draw), and "Import roster…" for a
spreadsheet. The count line ("24 entrants · 22 paid · 12 tables") is shown
on the page and sent out as ``summary_changed``.

The page is built from the window's ``UiContext``: commands run through
``clubdesk.ui.operations``, and the page reads the event again when a
command anywhere changes its entrants, money, draw or settings.

Every rule (names that match, tables needed, what is owed, how money is
read) is the services' and the domain's; this page only shows and asks.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.domain.money.amounts import MoneyError, format_money, parse_money
from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import members as members_service
from clubdesk.services import payments, registration
from clubdesk.services.changes import Change
from clubdesk.services.entrants import EntrantInfo, RegistrationSetup
from clubdesk.services.registration import RegisterEntrant
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.operations import FieldMarks, refused, run_command
from clubdesk.ui.players.asking import (
    Asked,
    ask_payment,
    ask_renumber,
    ask_status,
    late_entry_text,
    seating_text,
)
from clubdesk.ui.players.entrant_list import EntrantList
from clubdesk.ui.players.entry import (
    EntryRow,
    duplicate_warning,
    number_ranges,
    plural,
    readable,
    summary_text,
)
from clubdesk.ui.players.member_picker import MemberPicker
from clubdesk.ui.players.roster_import import RosterImportDialog
from clubdesk.ui.style import set_role

PAGE_STYLE = """
QLabel[role="count"] { font-size: 14pt; font-weight: bold; }
QTableView { gridline-color: #dde2e6; }
QTableView::item { padding: 0 12px; }
QHeaderView::section { padding: 6px 12px; font-weight: bold; }
"""


class PlayersPage(QWidget):
    """Register arrivals, take their money, find them, fix their numbers.

    ``summary_changed(str)`` carries the count line each time it changes.
    """

    summary_changed = Signal(str)
    READS = (
        Change.EVENT | Change.ENTRANTS | Change.MONEY | Change.DRAW | Change.SEATING
        | Change.MEMBERS
    )  # fmt: skip

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self._clock = context.clock
        self._db = context.db
        self._event_id: str | None = None
        self._setup: RegistrationSetup | None = None
        self._summary = ""
        self._confirmed: tuple[str, ...] | None = None
        self.import_dialog: RosterImportDialog | None = None

        readable(self)
        self.setStyleSheet(PAGE_STYLE)
        self._build()
        self._connect()
        self._show_event()
        follow_changes(context, self, self._changed)

    # building

    def _build(self) -> None:
        self.heading = set_role(QLabel("Players"), "heading")
        self.event_label = set_role(QLabel(), "subheading")
        self.count_label = set_role(QLabel(), "count")
        self.count_label.setObjectName("countLabel")
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        title_row = QHBoxLayout()
        title_row.addWidget(self.heading)
        title_row.addSpacing(16)
        title_row.addWidget(self.event_label, 0, Qt.AlignmentFlag.AlignBottom)
        title_row.addStretch(1)
        title_row.addWidget(self.count_label)

        self.draw_note = set_role(QLabel(), "warning")
        self.draw_note.setWordWrap(True)
        self.draw_note.hide()
        self.field_note = set_role(QLabel(), "warning")  # a field the draw cannot seat
        self.field_note.setWordWrap(True)
        self.field_note.hide()
        self.entry = EntryRow()
        self.member_picker = MemberPicker(self)  # the club's members, offered as names are typed
        for edit in (self.entry.name_edit, self.entry.partner_edit):
            self.member_picker.attach(edit)
        self.entry_fields = FieldMarks(
            {
                "players[0]": self.entry.name_edit,
                "players[1]": self.entry.partner_edit,
                "paid_cents": self.entry.paid_edit,
                "method": self.entry.method_combo,
            },
            default=self.entry.name_edit,
        )
        self.list = EntrantList(self)
        self.search_edit = self.list.search_edit
        self.shown_label = self.list.shown_label
        self.payment_button = self.list.payment_button
        self.status_button = self.list.status_button
        self.renumber_button = self.list.renumber_button
        self.import_button = self.list.import_button
        self.model = self.list.model
        self.proxy = self.list.proxy
        self.table = self.list.table

        self.empty_label = set_role(
            QLabel("No event is open. Create or open one on the Event page."), "subheading"
        )
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        content = QWidget()
        body = QVBoxLayout(content)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(12)
        body.addWidget(self.draw_note)
        body.addWidget(self.field_note)
        body.addWidget(self.entry)
        body.addSpacing(4)
        body.addWidget(self.list, 1)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(content)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(28, 20, 28, 20)
        outer.setSpacing(14)
        outer.addLayout(title_row)
        outer.addWidget(self.stack, 1)

        self.setFocusProxy(self.entry.name_edit)  # showing the page puts the cursor there
        QWidget.setTabOrder(self.entry.register_button, self.search_edit)

    def _connect(self) -> None:
        self.entry.submitted.connect(self.submit)
        self.member_picker.entered.connect(self.submit)
        self.member_picker.picked.connect(
            lambda number, name: self.entry.show_message(f"Member {number}: {name}")
        )
        for edit in (self.entry.name_edit, self.entry.partner_edit):
            edit.textEdited.connect(self._names_edited)
        # the row clicked may be the current one, only not selected: selection counts too
        self.table.selectionModel().currentRowChanged.connect(self._update_actions)
        self.table.selectionModel().selectionChanged.connect(self._update_actions)
        self.proxy.modelReset.connect(self._update_actions)
        self.list.leave_requested.connect(self.focus_entry)
        self.payment_button.clicked.connect(self.record_payment)
        self.status_button.clicked.connect(self.toggle_status)
        self.renumber_button.clicked.connect(self.renumber)
        self.import_button.clicked.connect(self.open_import)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.setWhatsThis("Find a name or number")  # what Help says it does
        find.activated.connect(self.focus_search)

    # the event

    @property
    def event_id(self) -> str | None:
        return self._event_id

    def _changed(self, change: Change) -> None:
        if self.context.db is not self._db or self.context.event_id != self._event_id:
            self._show_event()
        elif change & self.READS:
            if change & Change.MEMBERS:
                self._read_members()
            self.refresh()

    def _read_members(self) -> None:
        if self._db is not None:
            self.member_picker.set_members(members_service.list_members(self._db))

    def _show_event(self) -> None:
        """Show the context's event (or none); the form starts empty."""
        self._db = self.context.db
        self._event_id = self.context.event_id
        self._confirmed = None
        self.search_edit.clear()
        self.entry.show_message("")
        self.entry_fields.clear()
        if self._event_id is None:
            self._setup = None
            self.model.set_entrants([])
            self.event_label.setText("")
            self.stack.setCurrentIndex(0)
            self._set_summary("")
            return
        self.stack.setCurrentIndex(1)
        self._read_members()
        self.refresh()
        self.entry.clear(self._fee())
        self.focus_entry()

    def refresh(self) -> None:
        """Read the event again (after a command changed something it shows)."""
        if self._db is None or self._event_id is None:
            return
        try:
            self._setup = entrants_service.registration_setup(self._db, self._event_id)
            entrants = entrants_service.list_entrants(self._db, self._event_id)
        except UserError as exc:
            self.entry.show_message(str(exc), "error")
            return
        selected = self.selected_entrant()
        self.event_label.setText(self._setup.event_name)
        self.entry.set_team(self._setup.team)
        self.draw_note.setText(
            "The draw is made: numbers are fixed, and anyone registered now is a late entry."
        )
        self.draw_note.setVisible(self._setup.draw_made)
        self.model.set_entrants(entrants)
        if selected is not None:
            self.select_number(selected.number)
        self._refresh_summary()

    # registering

    def submit(self) -> None:
        """Enter in the entry row: flag a name already in the event, else register."""
        if self._db is None or self._event_id is None or self._setup is None:
            return
        db, event_id = self._db, self._event_id
        names = self.entry.names(self._setup.team)
        paid_text = self.entry.paid_edit.text().strip()
        try:
            paid = parse_money(paid_text) if paid_text else 0
        except MoneyError as exc:
            self.entry_fields.mark("paid_cents")
            self.entry.show_message(f"Paid: {exc}.", "error")
            return
        edits = (self.entry.name_edit, self.entry.partner_edit)[: len(names)]
        members = [self.member_picker.member_of(edit) for edit in edits]
        key = tuple(" ".join(name.split()).casefold() for name in names)
        allow = self._confirmed == key
        if not allow:
            try:  # a member is told apart by number: the service checks
                duplicates = registration.find_duplicates(
                    db, event_id, registration.unlinked(names, members)
                )
            except UserError as exc:
                refused(exc, parent=self, title="Register", fields=self.entry_fields,
                        show_error=lambda e: self.entry.show_message(str(e), "error"))  # fmt: skip
                return
            if duplicates:
                self._confirmed = key
                self.entry.show_message(duplicate_warning(duplicates), "warning")
                return
        request = RegisterEntrant(
            players=names,
            paid_cents=paid,
            method=self.entry.method() if paid else None,
            allow_duplicate_name=allow,
            members=members,
        )
        info = run_command(
            self.context,
            lambda: registration.register(self.context.desk_for(db, event_id), request),
            parent=self,
            title="Register",
            fields=self.entry_fields,
            show_error=lambda e: self.entry.show_message(self.entry.refusal_text(e), "error"),
        )
        if info is not None:
            self._confirmed = None
            self._registered(info)

    def _registered(self, info: EntrantInfo) -> None:
        self.model.put(info)
        if not self.list.shows(info.number):
            self.search_edit.clear()
        self.select_number(info.number)
        paid = f"paid {format_money(info.paid_cents)}" if info.paid_cents else "nothing paid yet"
        text = f"✓ Entrant {info.number}: {info.name} · {paid}"
        if info.late:
            text += " · " + late_entry_text(self._db, self._event_id, info.number)
        self.entry.show_message(text, "done")
        self.entry.clear(self._fee())
        self.focus_entry()

    def _names_edited(self) -> None:
        if self._confirmed is not None:
            self._confirmed = None
            self.entry.show_message("")

    def focus_in(self) -> None:
        """Coming to the page: the new entry's name, ready for the next player in the queue."""
        self.focus_entry()

    def focus_entry(self) -> None:
        self.entry.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    # the list

    def focus_search(self) -> None:
        self.list.focus_search()

    def visible_numbers(self) -> list[int]:
        """The entrants the list shows, top to bottom."""
        return self.list.visible_numbers()

    def selected_entrant(self) -> EntrantInfo | None:
        return self.list.selected_entrant()

    def select_number(self, number: int) -> bool:
        return self.list.select_number(number)

    def _update_actions(self, *args: object) -> None:
        self.list.update_actions(self._setup is not None and self._setup.draw_made)

    # actions on the selected entrant

    def record_payment(self) -> None:
        info = self.selected_entrant()
        if info is not None:
            self._ask(ask_payment(self, info, info.owed_cents or self._fee()))

    def toggle_status(self) -> None:
        info = self.selected_entrant()
        if info is None or self._db is None or self._event_id is None:
            return
        offer = None
        if info.status == "active":
            try:  # what the withdrawal may give back (nothing where the format says never)
                offer = payments.refund_offer(self._db, self._event_id, info.number)
            except UserError as exc:
                self.entry.show_message(plain_words(exc), "error")
                return
        self._ask(ask_status(self, info, offer))

    def renumber(self) -> None:
        info = self.selected_entrant()
        if info is not None:
            self._ask(ask_renumber(self, info))

    def _ask(self, asked: Asked | None) -> EntrantInfo | None:
        """Run an act the director asked for; say it was done, or why it was refused."""
        if asked is None or self._db is None or self._event_id is None:
            return None
        desk = self.context.desk
        info = run_command(self.context, lambda: asked.run(desk), parent=self, title=asked.title)
        if info is None:
            self.refresh()  # the event may have changed under the page
            return None
        self.select_number(info.number)
        self._update_actions()
        fitted = asked.title in ("Withdraw", "Reinstate")  # the field changed
        seating = seating_text(desk.db, desk.event_id, info) if fitted else ""
        self.entry.show_message(f"✓ {asked.done}" + (f" · {seating}" if seating else ""), "done")
        return info

    # the roster import

    def open_import(self) -> RosterImportDialog | None:
        if self._db is None or self._event_id is None:
            return None
        dialog = RosterImportDialog(self.context, self._event_id, self)
        dialog.finished.connect(self._import_finished)
        self.import_dialog = dialog
        dialog.open()
        return dialog

    def _import_finished(self, result: int) -> None:
        dialog = self.import_dialog
        self.import_dialog = None
        if dialog is None:
            return
        dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted or not dialog.imported:
            return
        numbers = [info.number for info in dialog.imported]
        self.search_edit.clear()  # a search left applied would hide the rows just imported
        self.entry.show_message(
            f"✓ Imported {plural(len(numbers), 'entrant')} "
            f"(number{'s' if len(numbers) > 1 else ''} {number_ranges(numbers)}).",
            "done",
        )

    # the count line

    def summary_text(self) -> str:
        return self._summary

    def _refresh_summary(self) -> None:
        if self._db is None or self._event_id is None:
            return
        try:
            summary = entrants_service.registration_summary(self._db, self._event_id)
        except UserError:
            return
        self._set_summary(summary_text(summary))
        problem = summary.field_problem if summary.entrants else None
        self.field_note.setText(f"The draw cannot seat this field: {problem}." if problem else "")
        self.field_note.setVisible(problem is not None)

    def _set_summary(self, text: str) -> None:
        self.count_label.setText(text)
        if text != self._summary:
            self._summary = text
            self.summary_changed.emit(text)

    def _fee(self) -> int:
        return self._setup.entry_fee_cents if self._setup is not None else 0
