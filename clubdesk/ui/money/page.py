"""The Money page, for the treasurer: the ledger, the prize pool, the payout scheme and
its prizes, and what the cash box should hold.

On the left the event's ledger (entry fees by entrant with their method,
fines, added money, expenses, refunds), the buttons that add added money and
an expense and give a fee back (Refund…, where the format gives refunds), and the
cash box. On the right every term of the prize pool, the prizes the
scheme pays against the current standings (every line of them, with Finalize,
Mark a prize paid and the rest above them) and the payout scheme editor.
Editing the scheme previews its prizes at once (``services.ledger.preview``:
the rules check the scheme, the domain hands out the prizes); nothing is
written until Save, which stores the scheme in the event's settings. The
page reads everything again when money, sheets, entrants or the event change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import events, final_payouts, ledger, payments
from clubdesk.services.changes import Change
from clubdesk.services.events import EventChanges
from clubdesk.services.ledger import MoneySheet
from clubdesk.services.payments import Refund
from clubdesk.store.db import Database
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.money.dialogs import MoneyEntry, RefundDialog, ask_money
from clubdesk.ui.money.payout_actions import PayoutActions
from clubdesk.ui.money.payout_editor import PayoutEditor
from clubdesk.ui.money.texts import cash_lines, pool_lines, prize_lines, row_cells, status_line
from clubdesk.ui.off_thread import LatestRead
from clubdesk.ui.operations import run_command
from clubdesk.ui.style import DISABLED_PRIMARY, set_role

LEDGER_COLUMNS = ("Time", "Kind", "Entrant", "Method", "Note", "Amount")
PRIZE_COLUMNS = ("Place", "Who", "Prize")
PRIZES_TITLE = "Prizes by the current standings"
ENTRANT_COLUMN = 2
NOTE_COLUMN = 4
NOTE_WIDTH = 80  # pixels: a short note whole, a long one elided
_PRIZES_ONLY = Change.SHEETS | Change.SEATING  # changes that move only the prizes


class MoneyPage(QWidget):
    """The treasurer's page for the context's event."""

    READS = Change.MONEY | Change.SHEETS | Change.ENTRANTS | Change.EVENT | Change.SEATING

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.setStyleSheet(DISABLED_PRIMARY)  # Save greyed while there is nothing to save
        self.context = context
        self.sheet: MoneySheet | None = None  # as saved
        self.shown: MoneySheet | None = None  # as previewed (the saved one when not edited)
        self.edited = False  # the scheme on screen differs from the saved one
        self._paid: dict[int, int] = {}  # cash handed over for prizes, by entrant number
        # asks for the amount, method and note of added money or an expense (tests stub it)
        self.ask: Callable[[str, QWidget], MoneyEntry | None] = ask_money
        self.reads = LatestRead(context.readers, self)
        self._build()
        follow_changes(context, self, self._changed, self.READS, self.reads)
        self.refresh()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.heading = set_role(QLabel("Money"), "heading")
        self.message = set_role(QLabel(), "hint")
        self.message.setWordWrap(True)

        self.ledger_table = _table(LEDGER_COLUMNS, "Ledger")
        self.add_added = QPushButton("Add added money…")
        self.add_expense = QPushButton("Add an expense…")
        self.add_added.clicked.connect(lambda: self.add_money("added"))
        self.add_expense.clicked.connect(lambda: self.add_money("expense"))
        self.refund_button = QPushButton("Refund…")
        self.refund_button.setToolTip("Give an entrant's entry fee back (a refund row)")
        self.refund_button.clicked.connect(self.open_refund)
        self.refund_dialog: RefundDialog | None = None
        self.done_label = QLabel()  # the last refund given, for the event it was given in
        self.done_label.setStyleSheet("color: #1b6e2a;")
        self._done_for: str | None = None
        self.cash_grid = QGridLayout()
        cash_box = QGroupBox("Cash box")
        cash_box.setLayout(self.cash_grid)
        self.cash_note = set_role(QLabel(_CASH_READING), "hint")
        self.cash_note.setWordWrap(True)
        self.cash_grid.addWidget(self.cash_note, 0, 0, 1, 2)

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_added)
        buttons.addWidget(self.add_expense)
        buttons.addWidget(self.refund_button)
        buttons.addStretch(1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(set_role(QLabel("Ledger"), "subheading"))
        left_layout.addWidget(self.ledger_table, 1)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.done_label)
        left_layout.addWidget(cash_box)

        self.pool_grid = QGridLayout()
        pool_box = QGroupBox("Prize pool")
        pool_box.setLayout(self.pool_grid)
        self.editor = PayoutEditor()
        self.editor.edited.connect(self._scheme_edited)
        self.save_button = set_role(QPushButton("Save the scheme"), "primary")
        self.revert_button = QPushButton("Undo the changes")
        self.save_button.clicked.connect(self.save_scheme)
        self.revert_button.clicked.connect(self.revert_scheme)
        self.scheme_state = set_role(QLabel(), "hint")
        self.scheme_state.setWordWrap(True)
        scheme_buttons = QHBoxLayout()
        scheme_buttons.addWidget(self.save_button)
        scheme_buttons.addWidget(self.revert_button)
        scheme_buttons.addStretch(1)
        scheme_box = QGroupBox("Payout scheme")
        scheme_layout = QVBoxLayout(scheme_box)
        scheme_layout.addWidget(self.editor)
        scheme_layout.addLayout(scheme_buttons)
        scheme_layout.addWidget(self.scheme_state)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.prize_table = _table(PRIZE_COLUMNS, PRIZES_TITLE)
        # every line shows, and the column scrolls as one: no scroller inside a scroller
        self.prize_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.prizes_box = prizes_box = QGroupBox(PRIZES_TITLE)
        prizes_layout = QVBoxLayout(prizes_box)
        prizes_layout.addWidget(self.status)
        self.actions = PayoutActions(self.context)
        prizes_layout.addWidget(self.actions)  # above the prizes, however many they are
        prizes_layout.addWidget(self.prize_table)

        # the prizes and their actions before the scheme (set once): in view at 1280x820
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 8, 0)
        right_layout.addWidget(pool_box)
        right_layout.addWidget(prizes_box)
        right_layout.addWidget(scheme_box)
        right_layout.addStretch(1)
        scroll = _Column(right)

        self.body = QSplitter(Qt.Orientation.Horizontal)
        self.body.addWidget(left)
        self.body.addWidget(scroll)
        self.body.setStretchFactor(0, 1)
        self.body.setStretchFactor(1, 0)
        self.body.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.message)
        layout.addWidget(self.body, 1)

    # --- reading ----------------------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        """After sheets or seatings alone only the money sheet is read again, off the
        window's thread (its prizes follow the standings: a tenth of a second on the largest
        field); what is shown stays until it is in. Anything else is read at once."""
        if not change & self.READS:
            return
        db, event_id = self.context.db, self.context.event_id
        if change & ~_PRIZES_ONLY or self.sheet is None or db is None or event_id is None:
            self.refresh(change)
            return
        self.reads.ask(lambda: ledger.money_sheet(db, event_id), self._prizes_read)

    def refresh(self, change: Change | None = None) -> None:
        """Read the ledger, pool and prizes again; a scheme being edited stays on screen.

        ``change`` says what changed (None: anything). After sheets or seatings alone the
        refunds that can be given and the prizes paid are as they were, and only the money
        sheet is read again (its prizes follow the standings); a table or a list is filled
        again only when what it shows changed."""
        self.reads.drop()  # a read under way is older than this one
        db, event_id = self.context.db, self.context.event_id
        before, self.sheet = self.sheet, None
        problem = "Open or create an event on the Event page first."
        if db is not None and event_id is not None:
            try:
                self.sheet = ledger.money_sheet(db, event_id)
                rules = events.event_rules(db, event_id)
            except UserError as exc:
                problem = sentence(str(exc))
        self.body.setVisible(self.sheet is not None)
        self.message.setVisible(self.sheet is None)
        self.message.setText("" if self.sheet is not None else problem)
        if self.sheet is None:
            self.shown = None
            return
        assert db is not None and event_id is not None
        if before is None or change is None or change & ~_PRIZES_ONLY:
            self._show_refunds(db, event_id)
            self._paid = final_payouts.paid_so_far(db, event_id)
        self._show_sheet(self.sheet, before, rules)

    def _prizes_read(self, sheet: MoneySheet) -> None:
        """The money sheet read off the window's thread after sheets or seatings."""
        if self.sheet is None:  # no event is shown now
            return
        before, self.sheet = self.sheet, sheet
        self._show_sheet(sheet, before, None)

    def _show_sheet(
        self, sheet: MoneySheet, before: MoneySheet | None, rules: Rules | None
    ) -> None:
        """Show ``sheet`` where it differs from ``before`` (``rules``: the event's, to load
        the scheme from; None where they are as they were)."""
        if before is None or sheet.rows != before.rows:
            self._show_ledger(sheet)
        self.actions.show_payouts(sheet.payouts, self._paid)
        if self.edited:
            self._scheme_edited()
        else:
            if rules is not None:
                self.editor.load(rules.money)
            if sheet != self.shown:
                self._show_preview(sheet)
        self._show_scheme_state()

    def _show_ledger(self, sheet: MoneySheet) -> None:
        rows = [row_cells(row) for row in sheet.rows]
        _fill(self.ledger_table, rows, right_aligned=(len(LEDGER_COLUMNS) - 1,))

    def _show_preview(self, sheet: MoneySheet) -> None:
        self.shown = sheet
        _fill_lines(self.pool_grid, pool_lines(sheet.pool))
        payouts = sheet.payouts
        self.status.setText(status_line(payouts))
        self.status.setStyleSheet(
            "font-weight: bold;" if payouts.provisional or payouts.final else ""
        )
        self.prizes_box.setTitle("Prizes, as finalized" if payouts.final else PRIZES_TITLE)
        _fill(self.prize_table, prize_lines(payouts), right_aligned=(2,))
        paid_in = "cash" if sheet.cash.cash_prizes_cents else payouts.prizes_in
        _fill_lines(self.cash_grid, cash_lines(sheet.cash, paid_in), first_row=1)

    # --- the scheme -------------------------------------------------------------------------

    def _scheme_edited(self) -> None:
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None or self.sheet is None:
            return
        self.edited = True
        try:
            shown = ledger.preview(db, event_id, self.editor.settings())
        except UserError as error:
            self.editor.show_problem(error)
            self.shown = None
            self.status.setText("Fix the scheme to see its prizes.")
            _fill(self.prize_table, [], right_aligned=())
        else:
            self.editor.show_problem(None)
            self._show_preview(shown)
        self._show_scheme_state()

    def _show_scheme_state(self) -> None:
        valid = self.shown is not None
        final = self.sheet is not None and bool(self.sheet.payouts.final)
        self.editor.setEnabled(not final)  # the frozen prizes came from the saved scheme
        self.save_button.setEnabled(self.edited and valid and not final)
        self.revert_button.setEnabled(self.edited)
        if final:
            self.scheme_state.setText("The payouts are final: reopen them to change the scheme.")
        elif not self.edited:
            self.scheme_state.setText("Saved. The prizes above follow it.")
        elif valid:
            self.scheme_state.setText("Not saved yet: the prizes above preview it.")
        else:
            self.scheme_state.setText("Not saved: the scheme is not valid.")

    def save_scheme(self) -> None:
        """Store the scheme on screen in the event's settings (nothing if it is not valid)."""
        db, event_id, sheet = self.context.db, self.context.event_id, self.sheet
        if db is None or event_id is None or sheet is None or self.shown is None:
            return
        try:
            scheme = self.editor.settings()
        except UserError as error:
            self.editor.show_problem(error)
            return
        changes = EventChanges(settings={**sheet.settings, **scheme})
        done = run_command(
            self.context,
            lambda: events.update_event(self.context.desk, changes),
            parent=self,
            title="Save the payout scheme",
            show_error=self.editor.show_problem,
            shown_by=self,  # read once, below, with the scheme no longer edited
        )
        if done is not None:
            self.edited = False
            self.refresh()

    def revert_scheme(self) -> None:
        """Put the saved scheme back on screen."""
        self.edited = False
        self.refresh()

    # --- adding money -----------------------------------------------------------------------

    def add_money(self, kind: str) -> None:
        """Ask for and record added money or an expense (``kind`` ``added``/``expense``)."""
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            return
        entry = self.ask(kind, self)
        if entry is None:
            return
        run_command(
            self.context,
            lambda: ledger.add_money(
                self.context.desk,
                kind,
                entry.cents if entry.cents is not None else 0,
                note=entry.note,
                method=entry.method,
            ),
            parent=self,
            title="Add added money" if kind == "added" else "Add an expense",
        )

    # --- refunds ----------------------------------------------------------------------------

    def _show_refunds(self, db: Database, event_id: str) -> None:
        """Refund… where the format gives refunds (bid whist never does), for the entrants
        who have paid something not refunded yet."""
        if self._done_for != event_id:
            self.done_label.setText("")
        self.refund_button.setVisible(entrants_service.registration_setup(db, event_id).refunds)
        offers = payments.refund_offers(db, event_id)
        self.refund_button.setEnabled(bool(offers))

    def open_refund(self) -> RefundDialog | None:
        """Ask which entrant's fee is given back, how much, how and why (``refund_dialog``);
        a refusal is shown at its field in the dialog."""
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            return None
        offers = payments.refund_offers(db, event_id)
        if not offers:
            return None
        desk = self.context.desk
        dialog: RefundDialog

        def give(number: int, refund: Refund) -> UserError | None:
            refused: list[UserError] = []
            done = run_command(
                self.context,
                lambda: payments.refund(desk, number, refund.cents, refund.method,
                                        note=refund.reason),
                parent=dialog, title="Refund", show_error=refused.append,
            )  # fmt: skip
            if done is not None:
                self._done_for = event_id
                self.done_label.setText(
                    f"✓ Refunded {format_money(refund.cents)} {refund.method} "
                    f"to {done.number} {done.name}"
                )
            return refused[0] if refused else None

        dialog = RefundDialog(offers, give, self)
        dialog.finished.connect(self._refund_closed)
        self.refund_dialog = dialog
        dialog.open()
        return dialog

    def _refund_closed(self, result: int) -> None:
        dialog, self.refund_dialog = self.refund_dialog, None
        if dialog is not None:
            dialog.deleteLater()


class _Column(QScrollArea):
    """The page's right-hand column: scrolls down, never sideways, and is never narrower
    than what it holds needs (a payout scheme's rows, filled after the page is built)."""

    SCROLLBAR_ROOM = 24

    def __init__(self, content: QWidget) -> None:
        super().__init__()
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        content.installEventFilter(self)

    def minimumSizeHint(self) -> QSize:
        content = self.widget()
        hint = super().minimumSizeHint()
        return QSize(content.minimumSizeHint().width() + self.SCROLLBAR_ROOM, hint.height())

    def sizeHint(self) -> QSize:
        """As narrow as it may be: the room beyond goes to the ledger first (its names)."""
        return QSize(self.minimumSizeHint().width(), super().sizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # its content's needs changed: the splitter asks again
        return super().eventFilter(watched, event)


_CASH_READING = (
    "Cash rows only: fees, fines and added money paid in cash, less refunds and "
    "expenses paid in cash, less the cash prizes once handed over."
)


def _table(columns: Sequence[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(list(columns))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.verticalHeader().hide()
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    for column in range(len(columns)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    if len(columns) == len(LEDGER_COLUMNS):
        # the entrant takes what is left and the note a set width (both elided, the whole
        # text in the tooltip), so that the amount always shows
        header.setSectionResizeMode(ENTRANT_COLUMN, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(NOTE_COLUMN, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(NOTE_COLUMN, NOTE_WIDTH)
    else:
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    return table


def _fill(
    table: QTableWidget, rows: Sequence[Sequence[str]], *, right_aligned: Sequence[int]
) -> None:
    header = table.horizontalHeader()
    modes = [header.sectionResizeMode(c) for c in range(table.columnCount())]
    for column in range(table.columnCount()):  # sized once, below, not after every cell
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    table.setRowCount(len(rows))
    for r, cells in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(text)  # a cell too narrow for its text shows it whole here
            if c in right_aligned:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    for column, mode in enumerate(modes):
        header.setSectionResizeMode(column, mode)
    if table.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        lines = table.verticalHeader()  # a table that never scrolls is as tall as its lines
        height = lines.length() if rows else lines.defaultSectionSize()
        table.setFixedHeight(header.sizeHint().height() + height + 2 * table.frameWidth())


def _fill_lines(grid: QGridLayout, lines: Sequence[tuple[str, str]], first_row: int = 0) -> None:
    """Lay out (words, amount) lines in a two-column grid, the last line in bold."""
    for index in reversed(range(grid.count())):
        item = grid.itemAt(index)
        row, _, _, _ = grid.getItemPosition(index)
        if row >= first_row and item is not None and item.widget() is not None:
            widget = item.widget()
            grid.removeWidget(widget)
            widget.deleteLater()
    for offset, (words, amount) in enumerate(lines):
        label, value = QLabel(words), QLabel(amount)
        value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if offset == len(lines) - 1:
            label.setStyleSheet("font-weight: bold;")
            value.setStyleSheet("font-weight: bold;")
        grid.addWidget(label, first_row + offset, 0)
        grid.addWidget(value, first_row + offset, 1)
    grid.setColumnStretch(0, 1)
