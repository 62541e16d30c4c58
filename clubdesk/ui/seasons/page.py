"""The Season page: a season's standings over its events (docs/rules.md, "Seasons").

At the top, the season chosen (every season an event belongs to by its setting, the Event
page's Season) and its events; below, its standings (place, member, events, points, the
event scores that count) and, beside them, where the chosen member's points came from: each
event, the place there, the points it scored and whether they count. By keyboard: the page
opens in the season's list (Up and Down choose another); Tab or Alt+T goes to the standings,
where Up and Down choose the member whose points are shown.

The standings are read afresh whenever something changes (an amended sheet of any event
moves them); every rule is the services' (``services/seasons.py``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import UserError
from clubdesk.services import seasons as service
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.players.entry import plural, readable
from clubdesk.ui.seasons.model import ScoresModel, SeasonModel
from clubdesk.ui.style import set_role

PAGE_STYLE = """
QLabel[role="error"] { color: #b3261e; font-weight: bold; }
QTableView { gridline-color: #dde2e6; }
QTableView::item { padding: 0 12px; }
QHeaderView::section { padding: 6px 12px; font-weight: bold; }
"""
NO_SEASON = (
    "No event belongs to a season yet: give events a Season on the Event page (Edit…), and "
    "their standings add up here."
)


def _table(model: SeasonModel | ScoresModel, name: str) -> QTableView:
    table = QTableView()
    table.setObjectName(name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)  # Tab leaves the table, as everywhere else
    table.verticalHeader().hide()
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class SeasonPage(QWidget):
    """A season's standings, and where each member's points came from."""

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        readable(self)
        self.setStyleSheet(PAGE_STYLE)
        self._build()
        self.refresh()
        follow_changes(context, self, lambda change: self.refresh())

    def _build(self) -> None:
        heading = set_role(QLabel("Season standings"), "heading")
        self.season_combo = QComboBox()
        self.season_combo.setMinimumContentsLength(24)
        season_label = QLabel("&Season")
        season_label.setBuddy(self.season_combo)
        self.events_label = set_role(QLabel(), "hint")
        self.events_label.setWordWrap(True)
        self.message = set_role(QLabel(), "error")
        self.message.setWordWrap(True)
        self.message.hide()
        top = QHBoxLayout()
        top.setSpacing(12)
        top.addWidget(heading)
        top.addSpacing(16)
        top.addWidget(season_label)
        top.addWidget(self.season_combo)
        top.addStretch(1)

        self.model = SeasonModel(self)
        self.table = _table(self.model, "seasonTable")
        standings_label = set_role(QLabel("S&tandings"), "subheading")
        standings_label.setBuddy(self.table)
        self.scores_model = ScoresModel(self)
        self.scores_table = _table(self.scores_model, "seasonScores")
        self.scores_table.setAccessibleName("Where the member's points came from")
        self.member_label = set_role(QLabel(), "subheading")
        self.member_label.setWordWrap(True)
        left = QVBoxLayout()
        left.addWidget(standings_label)
        left.addWidget(self.table, 1)
        right = QVBoxLayout()
        right.addWidget(self.member_label)
        right.addWidget(self.scores_table, 1)
        body = QHBoxLayout()
        body.setSpacing(20)
        body.addLayout(left, 3)
        body.addLayout(right, 2)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(28, 20, 28, 20)
        outer.setSpacing(12)
        outer.addLayout(top)
        outer.addWidget(self.events_label)
        outer.addWidget(self.message)
        outer.addLayout(body, 1)
        self.setFocusProxy(self.season_combo)
        QWidget.setTabOrder(self.season_combo, self.table)
        QWidget.setTabOrder(self.table, self.scores_table)

        self.season_combo.currentIndexChanged.connect(lambda index: self._show_season())
        self.table.selectionModel().currentRowChanged.connect(lambda *args: self._show_member())

    # reading

    def focus_in(self) -> None:
        """Coming to the page: the season's list, to choose one."""
        self.season_combo.setFocus(Qt.FocusReason.OtherFocusReason)

    def refresh(self) -> None:
        """The seasons and the chosen one's standings, read again."""
        db = self.context.db
        if db is None:
            return
        chosen = self.season_combo.currentText()
        names = service.season_names(db)
        self.season_combo.blockSignals(True)
        self.season_combo.clear()
        self.season_combo.addItems(names)
        if chosen in names:
            self.season_combo.setCurrentIndex(names.index(chosen))
        self.season_combo.blockSignals(False)
        self._show_season()

    def choose_season(self, name: str) -> None:
        self.season_combo.setCurrentIndex(self.season_combo.findText(name))

    def _show_season(self) -> None:
        db, name = self.context.db, self.season_combo.currentText()
        member = self.selected_member()
        standings, problem = None, ""
        if db is not None and name:
            try:
                standings = service.standings(db, name)
            except UserError as exc:
                problem = exc.reason
        elif self.season_combo.count() == 0:
            problem = NO_SEASON
        self.message.setText(problem)
        self.message.setVisible(bool(problem))
        self.model.set_standings(standings)
        self.table.resizeColumnsToContents()
        if standings is None:
            self.events_label.setText("")
        else:
            shown = ", ".join(standings.event_names)
            self.events_label.setText(
                f"{plural(len(standings.events), 'event')}: {shown} · "
                f"{plural(len(standings.rows), 'member')}"
            )
        self.select_member(member if member is not None else self._first_member())

    def _first_member(self) -> int | None:
        return self.model.row_at(0).member if self.model.rowCount() else None

    def selected_member(self) -> int | None:
        index = self.table.currentIndex()
        return self.model.row_at(index.row()).member if index.isValid() else None

    def select_member(self, member: int | None) -> None:
        row = next((r for r in range(self.model.rowCount()) if self.model.row_at(r).member ==
                    member), None)  # fmt: skip
        if row is None:
            self.table.setCurrentIndex(self.model.index(-1, -1))
            self._show_member()
            return
        self.table.setCurrentIndex(self.model.index(row, 0))
        self.table.selectRow(row)
        self._show_member()

    def _show_member(self) -> None:
        index = self.table.currentIndex()
        if not index.isValid():
            self.member_label.setText("")
            self.scores_model.set_scores(())
            return
        row = self.model.row_at(index.row())
        self.member_label.setText(
            f"Where the points came from: {row.name} (member {row.member}), {row.points} points"
        )
        self.scores_model.set_scores(row.scores)
        self.scores_table.resizeColumnsToContents()
