"""The Draw page: make the round-1 draw, type in a physical one, see who sits where.

- **Make the draw** (Ctrl+D) asks for confirmation and makes a random draw;
  the seed it used is shown so the draw can be checked and repeated.
- **Record a physical draw…** opens a dialog listing every entrant with a field
  for the card, chit or lot they drew (what the format draws), typed as printed
  on it; each is checked as it is typed and the draw is saved only when every
  one is there and right.
- **Redo the draw…** (until round 1 starts) makes a new random draw; the old
  one stays in the event's log, marked as replaced.

Below: the draw's notes (repeat meetings, the bye station; before the draw, a
field the draw cannot seat), a round selector, the room as a picture
(``TableMap``) and the same seating as a sortable list, as wide as its names
need up to 40% of the room. Long texts wrap, so the page never scrolls sideways.
Every decision is the services'; the page shows what they return.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.seating.draw import bye_words
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.errors import UserError
from clubdesk.services import draw as draw_service
from clubdesk.services import playoffs as playoffs_service
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import Change
from clubdesk.services.draw import DrawInfo, DrawOverview
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.draw.physical import PhysicalDrawDialog
from clubdesk.ui.draw.seating_model import SeatingListModel
from clubdesk.ui.operations import run_command
from clubdesk.ui.style import DISABLED_PRIMARY, set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.column_widths import bold, content_width, widest_row
from clubdesk.ui.widgets.keyboard_sort import sort_from_keyboard
from clubdesk.ui.widgets.table_map import TableMap

NOTES_STYLE = (
    """
QFrame#drawNotes {
    background: #fff4d6;
    border: 1px solid #d9a93a;
    border-radius: 6px;
}
QFrame#drawNotes QLabel {
    font-size: 12pt;
    color: #1a1a1a; /* dark on its own light background, on a dark desktop palette too */
}
"""
    + DISABLED_PRIMARY
)


PICK_WORDS = {"cards": "card", "chits": "chit", "random": "lot"}


def draw_summary(info: DrawInfo) -> str:
    """``Random draw · seed 482913377 · made 10:02, 9 Mar 2024``."""
    when = f"{info.made_at:%H:%M}, {info.made_at.day} {info.made_at:%b %Y}"
    if info.method == "physical":
        return f"Physical {PICK_WORDS[info.kind]} draw · typed in {when}"
    return f"Random draw · seed {info.seed} · made {when}"


# --- the page -----------------------------------------------------------------------------


class DrawPage(QWidget):
    """The draw of the current event and any round's seating.

    It reads the draw again when a command changes the event, its entrants,
    the draw, a seating or the round clock (``UiContext.changed``).
    """

    READS = Change.EVENT | Change.ENTRANTS | Change.DRAW | Change.SEATING | Change.CLOCK

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self._clock = context.clock
        self._db = context.db
        self._event_id: str | None = None
        self._overview: DrawOverview | None = None
        self._seating: RoundSeating | None = None
        self._build()
        self._show_event()
        follow_changes(context, self, self._changed)

    # layout

    def focus_in(self) -> None:
        """Coming to the page: the draw's first control that can be pressed, else the
        seating."""
        for button in (self.make_button, self.physical_button, self.redo_button):
            if button.isEnabled() and not button.isHidden():
                button.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        self.list_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _build(self) -> None:
        self.setStyleSheet(NOTES_STYLE)
        self.heading = set_role(QLabel("Draw"), "heading")
        self.subtitle = set_role(QLabel(), "hint")
        self.subtitle.setWordWrap(True)  # a long event name wraps: the page never scrolls sideways
        self.make_button = set_role(PushButton("&Make the draw"), "primary")
        self.make_button.setToolTip("Make the round-1 draw (Ctrl+D)")
        self.physical_button = PushButton("Record a &physical draw…")
        self.redo_button = PushButton("&Redo the draw…")
        for button in (self.make_button, self.physical_button, self.redo_button):
            button.setAutoDefault(True)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.status_label.font()
        font.setPointSizeF(font.pointSizeF() + 1)
        self.status_label.setFont(font)

        self.notes_frame = QFrame()
        self.notes_frame.setObjectName("drawNotes")
        self.notes_label = QLabel()
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextFormat(Qt.TextFormat.PlainText)
        notes_layout = QVBoxLayout(self.notes_frame)
        notes_layout.setContentsMargins(14, 8, 14, 8)
        notes_layout.addWidget(self.notes_label)

        self.round_spin = QSpinBox()
        self.round_spin.setPrefix("Round ")
        self.round_spin.setMinimum(1)
        self.round_spin.setFixedWidth(170)
        self.round_spin.setAccessibleName("Round")
        round_caption = QLabel("S&eating of")
        round_caption.setBuddy(self.round_spin)
        self.round_hint = set_role(QLabel(), "hint")
        self.round_hint.setWordWrap(True)

        self.table_map = TableMap()
        self.list_model = SeatingListModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.list_model)
        self.proxy.setSortRole(SeatingListModel.SortRole)
        self.list_view = QTableView()
        self.list_view.setAccessibleName("Seating list")
        self.list_view.setModel(self.proxy)
        self.list_view.setSortingEnabled(True)
        self.list_view.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        sort_from_keyboard(self.list_view)
        self.list_view.verticalHeader().hide()
        self.list_view.setAlternatingRowColors(True)
        self.list_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list_view.setWordWrap(False)  # one line a row; a name cut short has its tooltip
        header = self.list_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # sized once a round shown
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self._list_needed = 0  # the width every column's widest cell needs, names whole
        self.list_model.modelReset.connect(self._measure_list)
        self.list_view.setMinimumWidth(300)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.table_map)
        self.splitter.addWidget(self.list_view)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([900, 420])
        self._list_width_chosen = False  # the director dragged the divider: keep their width
        self.splitter.splitterMoved.connect(self._divider_moved)

        title_row = QHBoxLayout()
        title_row.addWidget(self.heading)
        title_row.addSpacing(12)
        title_row.addWidget(self.subtitle, 1, Qt.AlignmentFlag.AlignBottom)
        buttons = QHBoxLayout()
        buttons.setSpacing(10)
        buttons.addWidget(self.make_button)
        buttons.addWidget(self.physical_button)
        buttons.addWidget(self.redo_button)
        buttons.addSpacing(16)
        buttons.addWidget(self.status_label, 1)
        round_row = QHBoxLayout()
        round_row.addWidget(round_caption)
        round_row.addWidget(self.round_spin)
        round_row.addSpacing(12)
        round_row.addWidget(self.round_hint, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.setSpacing(10)
        layout.addLayout(title_row)
        layout.addLayout(buttons)
        layout.addWidget(self.notes_frame)
        layout.addLayout(round_row)
        layout.addWidget(self.splitter, 1)

        self.make_action = QAction("Make the draw", self)
        self.make_action.setShortcut(QKeySequence("Ctrl+D"))
        self.make_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.make_action.triggered.connect(self.make_draw)
        self.addAction(self.make_action)
        self.make_button.clicked.connect(self.make_draw)
        self.physical_button.clicked.connect(self.record_physical_draw)
        self.redo_button.clicked.connect(self.redo_draw)
        self.round_spin.valueChanged.connect(self.show_round)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    # the event shown

    @property
    def overview(self) -> DrawOverview | None:
        return self._overview

    def _changed(self, change: Change) -> None:
        if self.context.db is not self._db or self.context.event_id != self._event_id:
            self._show_event()
            return
        if change & Change.DRAW:
            self._set_round(1)  # a new draw: its first round
        if change & self.READS:
            self.refresh()

    def _set_round(self, number: int) -> None:
        self.round_spin.blockSignals(True)
        self.round_spin.setValue(number)
        self.round_spin.blockSignals(False)

    def _show_event(self) -> None:
        """Show the context's event (or none), at the round being played."""
        self._db, self._event_id = self.context.db, self.context.event_id
        self._set_round(1)
        self.refresh(at_round_played=True)

    def refresh(self, *, at_round_played: bool = False) -> None:
        """Read the event's draw again and redraw the chosen round (``at_round_played``:
        the last round published, the one being played, if there is one)."""
        self._overview = None
        if self._db is not None and self._event_id is not None:
            try:
                self._overview = draw_service.draw_overview(self._db, self._event_id)
            except UserError as exc:
                self._show_nothing(sentence(str(exc)))
                return
        if self._overview is None:
            self._show_nothing("Open or create an event on the Event page first.")
            return
        view = self._overview
        entrants = len(view.active)
        word = "team" if view.unit == "team" else "player"
        self.subtitle.setText(
            f"{view.event_name} · {view.rules_title} · {entrants} {word}{'s' * (entrants != 1)}"
        )
        problem = view.field_problem  # a field the draw cannot seat: said before Make draw
        self.make_button.setEnabled(view.draw is None and problem is None)
        self.make_action.setEnabled(self.make_button.isEnabled())
        self.make_button.setToolTip(
            sentence(problem) if problem else "Make the round-1 draw (Ctrl+D)"
        )
        self.physical_button.setEnabled(problem is None and (view.draw is None or view.can_redo))
        self.physical_button.setToolTip(
            f"Type in the {view.deck.noun}s drawn by hand, as printed on them"
        )
        self.redo_button.setEnabled(view.can_redo)
        self.redo_button.setToolTip(
            "Round 1 has started: the draw stays as it is" if view.round_one_started else ""
        )
        self.status_label.setText(
            draw_summary(view.draw)
            if view.draw
            else "No draw yet." + ("" if problem else " Ctrl+D makes it.")
        )
        notes = view.draw.notes if view.draw else ()
        if problem:
            notes = (f"the draw cannot seat this field: {problem}",)
        self.notes_label.setText("\n".join(f"•  {sentence(n)}" for n in notes))
        self.notes_frame.setVisible(bool(notes))
        last = max((view.rounds, *view.published_rounds))  # with the playoff rounds so far
        self.round_spin.setMaximum(last + 1 if view.playoffs else last)
        self.round_spin.setSuffix("" if view.playoffs else f" of {view.rounds}")
        self.round_spin.setEnabled(view.draw is not None or bool(view.published_rounds))
        if at_round_played and view.published_rounds:
            self._set_round(max(view.published_rounds))
        self.show_round(self.round_spin.value())

    def _show_nothing(self, message: str) -> None:
        self.subtitle.setText("")
        for widget in (self.make_button, self.physical_button, self.redo_button, self.round_spin):
            widget.setEnabled(False)
        self.make_action.setEnabled(False)
        self.status_label.setText("")
        self.notes_frame.hide()
        self.round_hint.setText("")
        self._seating = None
        self.table_map.show_message(message)
        self.list_model.set_seating(None, {}, "teams")

    def show_round(self, number: int) -> None:
        """Show round ``number``'s seating, or why it cannot be shown yet."""
        view = self._overview
        if view is None or self._db is None:
            return
        if self.round_spin.value() != number:
            self.round_spin.setValue(number)  # comes back here through valueChanged
            return
        if view.draw is None and number not in view.published_rounds:
            self._seating = None
            self.round_hint.setText("")
            how = "Make the draw (Ctrl+D) or record a physical draw."
            problem = view.field_problem
            self.table_map.show_message("No draw yet.\n" + (sentence(problem) if problem else how))
            self.list_model.set_seating(None, {}, view.layout)
            return
        try:
            seats = seating_service.seating(self._db, view.event_id, number)
        except UserError as exc:
            self._seating = None
            self.round_hint.setText("")
            self.table_map.show_message(sentence(str(exc)))
            self.list_model.set_seating(None, {}, view.layout)
            return
        self._seating = seats
        names = view.names
        self.table_map.set_seating(seats, names, view.layout)
        word = "Team" if view.unit == "team" else "Player"
        self.list_model.set_seating(seats, names, view.layout, word)  # sorted again by the proxy
        self.fit_list()
        published = number in view.published_rounds
        tables = len(seats.tables)
        title = (
            playoffs_service.round_title(self._db, view.event_id, number) if view.playoffs else ""
        )
        self.round_hint.setText(
            (f"{title} · " if title else "")
            + f"{tables} table{'s' * (tables != 1)}"
            + (f" · {bye_words(seats.byes, word.lower())}" if seats.byes else "")
            + (" · published" if published else " · from the draw, not published yet")
        )

    def shown_seating(self) -> RoundSeating | None:
        return self._seating

    def fit_list(self) -> None:
        """Give the list the width its names need first, up to half the room (the room
        picture wraps its names; a name cut short in the list has its tooltip), unless the
        director dragged the divider."""
        if self._list_width_chosen:
            return
        view = self.list_view
        needed = self._list_needed
        needed += view.verticalScrollBar().sizeHint().width() + 2 * view.frameWidth() + 2
        room = self.splitter.width() - self.splitter.handleWidth()
        width = max(view.minimumWidth(), min(needed, room // 2))
        self.splitter.setSizes([room - width, width])

    def _measure_list(self) -> None:
        """Size the list's columns to their widest cells and their titles, once a seating
        shown (``widgets.column_widths``): a header sized to its contents would measure
        every row of 512 teams on every showing and every resize of the page."""
        view, model = self.list_view, self.list_model
        header = view.horizontalHeader()
        self._list_needed = 0
        for column in range(model.columnCount()):
            font = bold(view.font()) if column == 0 else view.font()  # the entrant in bold
            width = content_width(view, column, widest_row(model.texts(column), font), model)
            if column != 1:  # the name takes what is left
                header.resizeSection(column, width)
            self._list_needed += width

    def _divider_moved(self, *args: object) -> None:
        self._list_width_chosen = True

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit_list()

    # actions

    def make_draw(self) -> None:
        """Ctrl+D: confirm, then make the random draw."""
        view = self._overview
        if view is None or self._db is None or view.draw is not None or view.field_problem:
            return
        count = len(view.active)
        word = "teams" if view.unit == "team" else "players"
        answer = QMessageBox.question(
            self,
            "Make the draw",
            f"Make the round-1 draw for {count} {word}?\n\n"
            "The draw is random; its seed is recorded so that it can be shown to be fair "
            "and made again.",
            QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Ok,
        )
        if answer != QMessageBox.StandardButton.Ok:
            return
        self._run(
            lambda: draw_service.make_draw(self.context.desk_for(self._db, view.event_id), None)
        )

    def redo_draw(self) -> None:
        view = self._overview
        if view is None or self._db is None or not view.can_redo or view.draw is None:
            return
        answer = QMessageBox.question(
            self,
            "Redo the draw",
            "Make a new random draw for round 1?\n\n"
            f"The current draw ({draw_summary(view.draw)}) stays in the event's log, "
            "marked as replaced. The new draw decides round 1 and every round after it.",
            QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Ok:
            return
        self._run(
            lambda: draw_service.make_draw(
                self.context.desk_for(self._db, view.event_id), None, redo=True
            )
        )

    def physical_dialog(self) -> PhysicalDrawDialog | None:
        """The dialog for typing in a physical draw: cards, chits or lots, as the format
        draws (None without an event)."""
        view = self._overview
        if view is None:
            return None
        entrants = [e for e in view.entrants if e.status == "active"]
        return PhysicalDrawDialog(entrants, view.deck, replacing=view.draw is not None, parent=self)

    def record_physical_draw(self) -> None:
        view = self._overview
        if view is None or self._db is None:
            return
        if view.draw is not None and not view.can_redo:
            return
        dialog = self.physical_dialog()
        if dialog is None:
            return
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        picks = dialog.picks()
        self._run(
            lambda: draw_service.record_physical_draw(
                self.context.desk_for(self._db, view.event_id), picks, redo=view.draw is not None
            )
        )

    def _run(self, action: Callable[[], DrawInfo]) -> None:
        if run_command(self.context, action, parent=self, title="Draw") is None:
            self.refresh()  # the event may have changed under the page
