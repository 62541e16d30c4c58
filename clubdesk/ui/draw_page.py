"""The Draw page: make the round-1 draw, type in a physical one, see who sits where.

- **Make the draw** (Ctrl+D) asks for confirmation and makes a random draw;
  the seed it used is shown so the draw can be checked and repeated.
- **Record a physical draw…** opens a dialog listing every team with a field
  for the card it drew; each card is checked as it is typed and the draw is
  saved only when every card is there and right.
- **Redo the draw…** (until round 1 starts) makes a new random draw; the old
  one stays in the event's log, marked as replaced.

Below: the draw's notes (repeat meetings, the bye station), a round selector,
the room as a picture (``TableMap``) and the same seating as a sortable list.
Every decision is the services'; the page shows what they return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QFont, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.clock import Clock
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.errors import UserError
from clubdesk.services import draw as draw_service
from clubdesk.services.draw import CardCheck, DrawInfo, DrawOverview, EntrantLine
from clubdesk.store import Database
from clubdesk.ui.style import ERROR_COLOUR, set_role
from clubdesk.ui.table_map import Layout, TableMap, place_seats

Index = QModelIndex | QPersistentModelIndex

DISABLED_PRIMARY = """
QPushButton[role="primary"]:disabled {
    background: #b4c3cf;
    color: #f2f5f7;
    border: 1px solid #b4c3cf;
}
"""
NOTES_STYLE = (
    """
QFrame#drawNotes {
    background: #fff4d6;
    border: 1px solid #d9a93a;
    border-radius: 6px;
}
QFrame#drawNotes QLabel {
    font-size: 12pt;
}
"""
    + DISABLED_PRIMARY
)
FIELD_STYLE = f"""
QLineEdit[invalid="true"] {{
    border: 2px solid {ERROR_COLOUR};
    border-radius: 3px;
}}
{DISABLED_PRIMARY}"""


def sentence(message: str) -> str:
    """A service's message as a sentence: capital first letter, full stop."""
    text = message.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def draw_summary(info: DrawInfo) -> str:
    """``Random draw · seed 482913377 · made 10:02, 9 Mar 2024``."""
    when = f"{info.made_at:%H:%M}, {info.made_at.day} {info.made_at:%b %Y}"
    if info.method == "physical":
        return f"Physical card draw · typed in {when}"
    return f"Random draw · seed {info.seed} · made {when}"


# --- the seating as a list ----------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRow:
    entrant: int
    name: str
    table: int | None  # None: a bye
    direction: str
    seat_order: int


class SeatingListModel(QAbstractTableModel):
    """One row per entrant in a round: entrant, name, table (or Bye), seat or direction."""

    COLUMNS = ("Entrant", "Name", "Table", "Seat")
    SortRole = Qt.ItemDataRole.UserRole + 1
    BYE_ORDER = 1_000_000

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[SeatRow] = []
        self._entrant_word = self.COLUMNS[0]

    def set_seating(
        self,
        seating: RoundSeating | None,
        names: Mapping[int, str],
        layout: Layout,
        entrant_word: str = "Entrant",
    ) -> None:
        """Show ``seating`` (None: nothing); ``entrant_word`` heads the first column."""
        rows: list[SeatRow] = []
        if seating is not None:
            order = {"top": 1, "right": 2, "bottom": 3, "left": 4}
            for table in seating.tables:
                seen: set[int] = set()
                for seat in place_seats(table, layout, names):
                    if seat.entrant in seen:
                        continue
                    seen.add(seat.entrant)
                    rows.append(
                        SeatRow(
                            seat.entrant,
                            seat.name,
                            table.table,
                            seat.direction,
                            order[seat.position],
                        )
                    )
            rows += [SeatRow(e, names.get(e, ""), None, "—", 0) for e in seating.byes]
        self.beginResetModel()
        self._rows = rows
        self._entrant_word = entrant_word
        self.endResetModel()

    def seat_rows(self) -> list[SeatRow]:
        return list(self._rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                str(row.entrant),
                row.name,
                "Bye" if row.table is None else str(row.table),
                row.direction,
            )[column]
        if role == self.SortRole:
            table = self.BYE_ORDER if row.table is None else row.table
            return (
                row.entrant,
                row.name.casefold(),
                table * 10 + row.seat_order,
                row.direction,
            )[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column != 1:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and column == 0:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.COLUMNS)
        ):
            return self._entrant_word if section == 0 else self.COLUMNS[section]
        return None


# --- the physical draw ----------------------------------------------------------------------


class PhysicalDrawDialog(QDialog):
    """Every team with a field for the card it drew; saved only when complete and right."""

    def __init__(
        self,
        entrants: Sequence[EntrantLine],
        rounds: int,
        *,
        replacing: bool = False,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Record a physical draw")
        self.setStyleSheet(FIELD_STYLE)
        self._numbers = [e.number for e in entrants]
        self._rounds = rounds
        self.edits: dict[int, QLineEdit] = {}
        self._errors: dict[int, QLabel] = {}
        self.check: CardCheck = draw_service.check_physical_cards(self._numbers, {})

        heading = set_role(QLabel("Type the card each team drew"), "subheading")
        hint = set_role(
            QLabel(
                "Blue n: North/South at table n, all event. Red n: East/West, starting at "
                f"table n. Type B3, R4, blue 3 … The cards: {self.check.deck}."
            ),
            "hint",
        )
        hint.setWordWrap(True)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        for row, entrant in enumerate(entrants):
            number = QLabel(str(entrant.number))
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            font = number.font()
            font.setBold(True)
            number.setFont(font)
            name = QLabel(entrant.name)
            edit = QLineEdit()
            edit.setMaxLength(12)
            edit.setFixedWidth(110)
            edit.setPlaceholderText("e.g. B3")
            edit.setAccessibleName(f"Card drawn by {entrant.number}")
            number.setBuddy(edit)
            error = set_role(QLabel(), "error")
            error.setWordWrap(True)
            error.hide()
            grid.addWidget(number, row * 2, 0)
            grid.addWidget(edit, row * 2, 1)
            grid.addWidget(name, row * 2, 2)
            grid.addWidget(error, row * 2 + 1, 1, 1, 2)
            self.edits[entrant.number] = edit
            self._errors[entrant.number] = error
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(lambda n=entrant.number: self._next_field(n))
        grid.setColumnStretch(2, 1)
        rows = QWidget()
        rows.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(rows)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.save_button = set_role(QPushButton("&Save the draw"), "primary")
        self.save_button.setAutoDefault(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAutoDefault(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary, 1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.cancel_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(hint)
        if replacing:
            warning = set_role(
                QLabel("Saving replaces the current draw; the old one stays in the log."), "hint"
            )
            layout.addWidget(warning)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        self.resize(620, min(720, 200 + 44 * len(entrants)))

        self.save_button.clicked.connect(self._save)
        self.cancel_button.clicked.connect(self.reject)
        self._validate()

    def cards(self) -> dict[int, str]:
        return {n: edit.text().strip() for n, edit in self.edits.items()}

    def error_text(self, number: int) -> str:
        label = self._errors[number]
        return "" if label.isHidden() else label.text()

    def _validate(self) -> None:
        self.check = draw_service.check_physical_cards(
            self._numbers, self.cards(), rounds=self._rounds
        )
        for number, edit in self.edits.items():
            message = self.check.errors.get(number, "")
            label = self._errors[number]
            label.setText(sentence(message))
            label.setVisible(bool(message))
            if edit.property("invalid") != bool(message):
                edit.setProperty("invalid", bool(message))
                edit.style().unpolish(edit)
                edit.style().polish(edit)
        wrong = len(self.check.errors)
        if wrong:
            self.summary.setText(f"{wrong} card{'s' if wrong > 1 else ''} to correct")
        elif self.check.complete:
            self.summary.setText("Every card is in. Save the draw.")
        else:
            self.summary.setText(f"{self.check.typed} of {self.check.needed} cards typed")
        self.save_button.setEnabled(self.check.complete)

    def _next_field(self, number: int) -> None:
        numbers = list(self.edits)
        index = numbers.index(number)
        if index + 1 < len(numbers):
            self.edits[numbers[index + 1]].setFocus(Qt.FocusReason.TabFocusReason)
        elif self.check.complete:
            self._save()

    def _save(self) -> None:
        if self.check.complete:
            self.accept()


# --- the page -----------------------------------------------------------------------------


class DrawPage(QWidget):
    """The draw of the current event and any round's seating.

    ``draw_changed(DrawInfo)`` is emitted after a draw is made, typed in or redone.
    """

    draw_changed = Signal(object)

    def __init__(
        self,
        db: Database | None,
        event_id: str | None,
        clock: Clock,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self._db = db
        self._event_id = event_id
        self._clock = clock
        self._overview: DrawOverview | None = None
        self._seating: RoundSeating | None = None
        self._build()
        self.refresh()

    # layout

    def _build(self) -> None:
        self.setStyleSheet(NOTES_STYLE)
        self.heading = set_role(QLabel("Draw"), "heading")
        self.subtitle = set_role(QLabel(), "hint")
        self.make_button = set_role(QPushButton("&Make the draw"), "primary")
        self.make_button.setToolTip("Make the round-1 draw (Ctrl+D)")
        self.physical_button = QPushButton("Record a &physical draw…")
        self.redo_button = QPushButton("&Redo the draw…")
        for button in (self.make_button, self.physical_button, self.redo_button):
            button.setAutoDefault(True)
        self.status_label = QLabel()
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

        self.table_map = TableMap()
        self.list_model = SeatingListModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.list_model)
        self.proxy.setSortRole(SeatingListModel.SortRole)
        self.list_view = QTableView()
        self.list_view.setModel(self.proxy)
        self.list_view.setSortingEnabled(True)
        self.list_view.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        self.list_view.verticalHeader().hide()
        self.list_view.setAlternatingRowColors(True)
        self.list_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.list_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.list_view.setMinimumWidth(300)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.table_map)
        self.splitter.addWidget(self.list_view)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([900, 420])

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

    def showEvent(self, event: QShowEvent) -> None:
        # entrants or settings may have changed on another page since it was last shown
        self.refresh()
        super().showEvent(event)

    # the event shown

    @property
    def overview(self) -> DrawOverview | None:
        return self._overview

    def set_event(self, db: Database | None, event_id: str | None) -> None:
        """Show another event (or none)."""
        self._db, self._event_id = db, event_id
        self.round_spin.blockSignals(True)
        self.round_spin.setValue(1)
        self.round_spin.blockSignals(False)
        self.refresh()
        view = self._overview
        if view is not None and view.published_rounds:
            self.round_spin.setValue(max(view.published_rounds))  # the round being played

    def refresh(self) -> None:
        """Read the event's draw again and redraw the chosen round."""
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
        self.make_button.setEnabled(view.draw is None)
        self.make_action.setEnabled(view.draw is None)
        self.physical_button.setEnabled(
            view.draw_kind == "cards" and (view.draw is None or view.can_redo)
        )
        self.physical_button.setToolTip(
            "" if view.draw_kind == "cards" else f"{view.rules_title} does not draw cards"
        )
        self.redo_button.setEnabled(view.can_redo)
        self.redo_button.setToolTip(
            "Round 1 has started: the draw stays as it is" if view.round_one_started else ""
        )
        self.status_label.setText(
            draw_summary(view.draw) if view.draw else "No draw yet. Ctrl+D makes it."
        )
        notes = view.draw.notes if view.draw else ()
        self.notes_label.setText("\n".join(f"•  {sentence(n)}" for n in notes))
        self.notes_frame.setVisible(bool(notes))
        self.round_spin.setMaximum(view.rounds)
        self.round_spin.setSuffix(f" of {view.rounds}")
        self.round_spin.setEnabled(view.draw is not None or bool(view.published_rounds))
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
            self.table_map.show_message(
                "No draw yet.\nMake the draw (Ctrl+D)"
                + (" or record a physical draw." if view.draw_kind == "cards" else ".")
            )
            self.list_model.set_seating(None, {}, view.layout)
            return
        try:
            seats = draw_service.seating(self._db, view.event_id, number)
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
        self.list_model.set_seating(seats, names, view.layout, word)
        self.proxy.invalidate()
        published = number in view.published_rounds
        tables = len(seats.tables)
        self.round_hint.setText(
            f"{tables} table{'s' * (tables != 1)}"
            + (f" · bye: {', '.join(str(b) for b in seats.byes)}" if seats.byes else "")
            + (" · published" if published else " · from the draw, not published yet")
        )

    def shown_seating(self) -> RoundSeating | None:
        return self._seating

    # actions

    def make_draw(self) -> None:
        """Ctrl+D: confirm, then make the random draw."""
        view = self._overview
        if view is None or self._db is None or view.draw is not None:
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
        self._run(lambda: draw_service.make_draw(self._db, view.event_id, None, self._clock))

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
            lambda: draw_service.make_draw(self._db, view.event_id, None, self._clock, redo=True)
        )

    def physical_dialog(self) -> PhysicalDrawDialog | None:
        """The dialog for typing in a physical draw (None when the event cannot have one)."""
        view = self._overview
        if view is None or view.draw_kind != "cards":
            return None
        entrants = [e for e in view.entrants if e.status == "active"]
        return PhysicalDrawDialog(
            entrants, view.rounds, replacing=view.draw is not None, parent=self
        )

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
        cards = dialog.cards()
        self._run(
            lambda: draw_service.record_physical_draw(
                self._db, view.event_id, cards, self._clock, redo=view.draw is not None
            )
        )

    def _run(self, action: Any) -> None:
        try:
            info = action()
        except UserError as exc:
            QMessageBox.warning(self, "Draw", sentence(str(exc)))
            self.refresh()
            return
        self.round_spin.blockSignals(True)
        self.round_spin.setValue(1)
        self.round_spin.blockSignals(False)
        self.refresh()
        self.draw_changed.emit(info)
