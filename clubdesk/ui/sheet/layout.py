"""A score sheet's window as laid out, without what it does (``dialog`` wires it).

It opens over the whole window it belongs to (1280 x 820 by default, larger with a larger
window), so every hand of the format, the running totals, the adjustment lines, the result
and both signature pads are in view without scrolling; only a gin match with more hands
than the room shows scrolls, its newest hand kept in view. From the top: the table and
"Final score only"; a submitted sheet's line; the hands (gin's Hollywood columns beside
them) or the final score typed in; what the sheet counts and what the engine says; time
called and who won a level game; the two signers with their pads, and beside them a draft
brought back and the amendments; the buttons. Where the event compares both sides' sheets,
a bar over the hands switches between the two and says where they disagree.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet import why_winner
from clubdesk.domain.games.sheets import describe_sheet
from clubdesk.domain.rules import Rules
from clubdesk.ui.sheet.amend_dialog import AmendmentsView
from clubdesk.ui.sheet.cross import CrossCheckBar
from clubdesk.ui.sheet.final import FinalScoreBox, TieBox, TimeCalledBox
from clubdesk.ui.sheet.grid import HandsGrid
from clubdesk.ui.sheet.signers import SignersBox
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import CheckBox

SHEET_SIZE = (1280, 820)  # the window's own default size: the sheet opened on its own


class SheetFrame(QDialog):
    """The widgets of round ``round_number``'s sheet in a format of ``rules``, laid out."""

    def __init__(self, rules: Rules, round_number: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.rules = rules
        self.columns = describe_sheet(rules).columns
        # its looks (Submit greyed until the sheet may go in, the banner, the rows) are the
        # application's style sheet's (``style.SHEET_STYLE``), by the names given here
        self.setObjectName("scoreSheet")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(5)
        top = QHBoxLayout()
        self.heading = set_role(QLabel(), "subheading")
        self.heading.setWordWrap(True)
        top.addWidget(self.heading, 1)
        self.final_only = CheckBox("&Final score only (a paper sheet typed in)  (Alt+F)")
        self.final_only.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Alt+F; Tab stays in hands
        top.addWidget(self.final_only)
        layout.addLayout(top)
        self.banner = set_role(QLabel(), "subheading")  # a submitted sheet says so
        self.banner.setObjectName("submittedBanner")
        self.banner.hide()
        layout.addWidget(self.banner)

        # where the event compares both sides' sheets, a second sheet of hands to type
        self.cross = CrossCheckBar() if rules.sheets.cross_check else None
        if self.cross is not None:
            layout.addWidget(self.cross)
        self.grids = [HandsGrid(self.columns, rules) for _ in range(2 if self.cross else 1)]
        self.scroll = self.grids[0]  # the sheet being typed
        self.rows, self.totals = self.scroll.rows, self.scroll.totals
        self.stack = QStackedWidget()
        for grid in self.grids:
            self.stack.addWidget(grid)
        hands = QHBoxLayout()  # the hands, and beside them gin's Hollywood columns and boxes
        hands.addWidget(self.stack, 1)
        self.hollywood = QLabel()
        self.hollywood.setTextFormat(Qt.TextFormat.RichText)
        self.hollywood.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.hollywood.hide()
        hands.addWidget(self.hollywood)
        layout.addLayout(hands, 1)
        self.final_box = FinalScoreBox()
        self.score_a, self.score_b = self.final_box.score_a, self.final_box.score_b
        self.final_box.hide()
        layout.addWidget(self.final_box)

        said = QHBoxLayout()  # what the sheet counts, and what the engine says of the game
        self.total_label = set_role(QLabel(), "subheading")
        self.game_label = QLabel()
        self.game_label.setWordWrap(True)
        said.addWidget(self.total_label)
        said.addSpacing(16)
        said.addWidget(self.game_label, 1)
        layout.addLayout(said)
        self.problem = set_role(QLabel(), "error")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        asked = QHBoxLayout()  # time called, a level game's winner
        self.time_called = TimeCalledBox()
        self.tie_box = TieBox()
        self.tie_winner = self.tie_box.winner
        self.tie_box.require(why_winner(rules, round_number))
        asked.addWidget(self.time_called)
        asked.addWidget(self.tie_box)
        asked.addStretch(1)
        layout.addLayout(asked)

        signed = QHBoxLayout()
        self.signers = SignersBox()
        self.scorekeeper = self.signers.pickers["scorekeeper"]
        self.countersign = self.signers.pickers["countersign"]
        self.paper = self.signers.paper
        signed.addWidget(self.signers)
        self.aside = QVBoxLayout()  # a draft brought back, the amendments
        self.amendments_view = AmendmentsView()
        self.amendments = self.amendments_view.label
        self.aside.addWidget(self.amendments_view)
        self.aside.addStretch(1)
        signed.addLayout(self.aside, 1)
        layout.addLayout(signed)

        self.buttons = QHBoxLayout()
        self.add_button = QPushButton("Add hand (Enter)")
        self.submit_button = set_role(QPushButton("Submit sheet  (Ctrl+Enter)"), "primary")
        self.amend_button = QPushButton("Amend…")
        self.close_button = QPushButton("Close")
        for button in (self.add_button, self.submit_button, self.amend_button, self.close_button):
            button.setAutoDefault(False)
        self.buttons.addWidget(self.add_button)
        self.buttons.addSpacing(12)
        self.buttons.addWidget(self.paper)
        self.buttons.addStretch(1)
        for button in (self.submit_button, self.amend_button, self.close_button):
            self.buttons.addWidget(button)
        layout.addLayout(self.buttons)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """First shown: over the whole window it belongs to, else the window's own default
        size (a size given before it is shown stays)."""
        if not self.testAttribute(Qt.WidgetAttribute.WA_Resized):
            host = self.parentWidget().window() if self.parentWidget() is not None else None
            if host is not None and host.isVisible():
                self.setGeometry(host.geometry())
            else:
                self.resize(*SHEET_SIZE)
        super().showEvent(event)
        self.scroll.show_newest()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.signers.fit(self.width(), self.height())
