"""The Members page: the club's members, kept across every event of the database.

On the left, the list (number, name, the events each played in, the club's own columns)
under a search that filters as it is typed: any part of the name or the number. On the
right, the form: a new member, or the one chosen in the list, to edit. By keyboard: the
page opens in the search; Down or Enter goes to the list, Escape clears the search; Enter
(or Alt+E) on a member edits it, Alt+N starts a new one; in the form Enter saves and Escape
goes back to the list. A refusal is shown under the field it names. Merging two records of
one person is not here.

Every rule (what a number and a name may be, what a search finds) is the services'
(``services/members.py``); this page only shows and asks.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.services import members as service
from clubdesk.services.changes import Change
from clubdesk.services.members import MemberInfo
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.members.form import MemberForm
from clubdesk.ui.members.model import MemberFilterModel, MemberTableModel
from clubdesk.ui.operations import run_command
from clubdesk.ui.players.entry import plural, readable
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.numbered_list import NumberedList

PAGE_STYLE = """
QLabel[role="done"] { color: #1b6e2a; }
QLabel[role="error"] { color: #b3261e; font-weight: bold; }
QFrame#memberForm { background: #f3f6f9; border: 1px solid #c9d0d6; border-radius: 6px; }
QTableView { gridline-color: #dde2e6; }
QTableView::item { padding: 0 12px; }
QHeaderView::section { padding: 6px 12px; font-weight: bold; }
"""
FORM_WIDTH = 340


class MembersPage(QWidget):
    """Find, add and edit the club's members."""

    READS = Change.MEMBERS | Change.ENTRANTS | Change.EVENT  # a member's events, too

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        readable(self)
        self.setStyleSheet(PAGE_STYLE)
        self._build()
        self._connect()
        self.refresh()
        follow_changes(context, self, self._changed, reads=self.READS)

    # building

    def _build(self) -> None:
        heading = set_role(QLabel("Members"), "heading")
        self.count_label = set_role(QLabel(), "subheading")
        title_row = QHBoxLayout()
        title_row.addWidget(heading)
        title_row.addSpacing(16)
        title_row.addWidget(self.count_label, 0, Qt.AlignmentFlag.AlignBottom)
        title_row.addStretch(1)

        self.model = MemberTableModel(self)
        self.proxy = MemberFilterModel(self)
        self.rows = NumberedList(self.model, self.proxy, number_role=MemberTableModel.NumberRole,
                                 sort_column=MemberTableModel.NUMBER, name="memberTable",
                                 title="Members", parent=self)  # fmt: skip
        self.search_edit = self.rows.search_edit
        self.shown_label = self.rows.shown_label
        self.table = self.rows.table
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.installEventFilter(self)
        self.new_button = PushButton("&New member")
        self.edit_button = PushButton("&Edit")
        tools = QHBoxLayout()
        tools.setSpacing(10)
        tools.addWidget(self.search_edit, 2)
        tools.addWidget(self.shown_label)
        tools.addStretch(1)
        for button in (self.edit_button, self.new_button):
            button.setAutoDefault(True)
            tools.addWidget(button)

        self.form = MemberForm()
        self.form.setFixedWidth(FORM_WIDTH)
        self.message = set_role(QLabel(), "done")
        self.message.setWordWrap(True)

        body = QHBoxLayout()
        body.setSpacing(16)
        body.addWidget(self.table, 1)
        body.addWidget(self.form)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(28, 20, 28, 20)
        outer.setSpacing(12)
        outer.addLayout(title_row)
        outer.addLayout(tools)
        outer.addLayout(body, 1)
        outer.addWidget(self.message)
        self.setFocusProxy(self.search_edit)
        QWidget.setTabOrder(self.search_edit, self.table)

    def _set_column_widths(self) -> None:
        """Columns wide enough for their usual contents in the page's font: the number, name
        and events, and the club's own columns (phone, email, notes) after them."""
        width = self.fontMetrics().horizontalAdvance("0")
        self.table.setColumnWidth(MemberTableModel.NUMBER, width * 7)
        self.table.setColumnWidth(MemberTableModel.NAME, width * 17)
        self.table.setColumnWidth(MemberTableModel.EVENTS, width * 8)
        for column in range(len(MemberTableModel.FIXED), self.model.columnCount()):
            self.table.setColumnWidth(column, width * 13)

    def _connect(self) -> None:
        self.new_button.clicked.connect(self.new_member)
        self.edit_button.clicked.connect(self.edit_selected)
        self.table.doubleClicked.connect(self.edit_selected)
        self.table.selectionModel().selectionChanged.connect(self._update_actions)
        self.proxy.modelReset.connect(self._update_actions)
        self.form.submitted.connect(self.save)
        self.form.cancelled.connect(self.cancel)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.activated.connect(self.focus_search)

    # reading

    def _changed(self, change: Change) -> None:
        if change & self.READS:
            self.refresh()

    def refresh(self) -> None:
        """Read the members again (after a command changed them, or the events they played)."""
        db = self.context.db
        if db is None:
            return
        selected = self.selected_member()
        members = service.list_members(db)
        self.model.set_members(members)
        self._set_column_widths()
        self.form.set_columns(self.model.columns)
        self.count_label.setText(plural(len(members), "member"))
        if selected is not None:
            self.select_number(selected.number)

    # the search and the list

    def focus_in(self) -> None:
        """Coming to the page: the search, to find a member by name or number."""
        self.focus_search()

    def focus_search(self) -> None:
        self.rows.focus_search()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Enter on a member in the list edits it."""
        if (
            watched is self.table
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.edit_selected()
            return True
        return super().eventFilter(watched, event)

    def visible_numbers(self) -> list[int]:
        """The members the list shows, top to bottom."""
        return self.rows.visible_numbers()

    def selected_member(self) -> MemberInfo | None:
        row = self.rows.selected_row()
        return None if row is None else self.model.member_at(row)

    def select_number(self, number: int) -> bool:
        return self.rows.select_number(number)

    def _update_actions(self, *args: object) -> None:
        self.edit_button.setEnabled(self.selected_member() is not None)

    # adding and editing

    def new_member(self) -> None:
        """An empty form for a new member, the cursor in its name (the number is the next free
        one unless one is typed)."""
        self.form.start_new()
        self.message.setText("")
        self.form.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def edit_selected(self) -> None:
        """The member chosen in the list, in the form, the cursor in its name."""
        member = self.selected_member()
        if member is None:
            return
        self.form.start_edit(member)
        self.message.setText("")
        self.form.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.form.name_edit.selectAll()

    def cancel(self) -> None:
        """Give up the form's changes: back to the list (or the search, when it is empty)."""
        self.form.start_new()
        target = self.table if self.selected_member() is not None else self.search_edit
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def save(self) -> None:
        """Add the form's member, or save the one being edited; a refusal under its field."""
        form = self.form
        if self.context.db is None:
            return
        desk = self.context.desk.on(None)  # the club's members: no event
        editing = form.editing
        typed = form.number_edit.text().strip()
        name, columns = form.name_edit.text(), form.columns()

        def act() -> MemberInfo:
            if editing is None:
                number = _number("number", typed)
                return service.add_member(desk, name, number=number, club_columns=columns)
            number = _number("new_number", typed)
            return service.edit_member(desk, editing, name=name, new_number=number,
                                       club_columns=columns)  # fmt: skip

        fields = form.fields()
        member = run_command(
            self.context, act, parent=self, title="Members", fields=fields,
            show_error=lambda error: form.show_error(error.field, plain_words(error)),
            shown_by=self,
        )  # fmt: skip
        if member is None:
            return
        form.start_new()
        self.refresh()
        if not self.select_number(member.number):
            self.search_edit.clear()
            self.select_number(member.number)
        done = "Added" if editing is None else "Saved"
        self.message.setText(f"✓ {done} member {member.number}: {member.name}")
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)


def _number(field: str, typed: str) -> int | None:
    """The number typed in the form (None when left empty); the service's refusal for one
    that is not a member number."""
    return service.typed_number(field, typed) if typed else None
