"""The small dialogs of a ruling at a table: lateness, removal, withdrawal from the event
(with "Refund the fee?" where the format gives refunds), a warning infraction (bid
whist), removal from the tournament (bid whist: ejection), and the award for a round
closed with no game played.

Each asks only what the director saw (which side, how many minutes, why);
what that costs is the rulings service's business. The lateness dialog shows
what will be recorded for the side chosen as the minutes are typed, in the
board's words and the service's (``preview``), before the director says OK; the
warning dialog shows the team's infractions so far and what this one is
(``warnings.warning_preview``): "Warning 1", or "Loss of hand proposed: confirm?"
with the director's choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words, sentence
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rulings.warnings import WarningRuling
from clubdesk.errors import UserError
from clubdesk.services.board import BoardTable, Seated
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.services.warnings import WarningPreview
from clubdesk.ui.rounds.board_model import side_text
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.form_dialog import FormDialog
from clubdesk.ui.widgets.refund_fields import RefundFields

MINUTES_MAX = 600  # a round's worth of minutes and more; the service checks the rest


@dataclass(frozen=True)
class LateAnswer:
    side: str  # "a" or "b"
    minutes: int


@dataclass(frozen=True)
class RemovalAnswer:
    side: str
    reason: str


@dataclass(frozen=True)
class WarningAnswer:
    team: int
    reason: str
    loss_of_hand: bool | None  # the director's answer to a loss of hand proposed


@dataclass(frozen=True)
class ExpulsionAnswer:
    """Who is removed from the tournament (bid whist: ejected), by which director, why."""

    number: int
    director: str
    reason: str


@dataclass(frozen=True)
class AwardAnswer:
    """What a round with no game played gives its byes and the opponents of a side
    disqualified, and the director who rules."""

    points: int
    director: str


@dataclass(frozen=True)
class WithdrawalAnswer:
    number: int
    reason: str
    refund: Refund | None = None  # the fee given back with the withdrawal, if asked


class _RulingDialog(FormDialog):
    """A ruling's dialog: what it does in a line, the form, OK and Cancel."""

    def __init__(self, title: str, lead: str, parent: QWidget | None = None):
        super().__init__(title, parent, lead=lead, width=460)

    def side_choice(self, table: BoardTable, label: str) -> QButtonGroup:
        """Two radio buttons, side A and side B, named by who sits there."""
        group = QButtonGroup(self)
        box = QVBoxLayout()
        for number, (side, seated) in enumerate((("a", table.a), ("b", table.b))):
            button = QRadioButton(f"Side {side.upper()}:  {side_text(seated)}")
            group.addButton(button, number)  # the id says the side: 0 is a, 1 is b
            box.addWidget(button)
        group.buttons()[0].setChecked(True)
        tab_to_the_checked(group)
        self.form.addRow(label, box)
        return group


def tab_to_the_checked(group: QButtonGroup) -> None:
    """Tab and Shift+Tab into ``group`` land on its checked button, and the arrows move the
    check with the focus: the focus mark is never on one choice while another is checked
    (Qt leaves every button of a group in the tab chain until one of them has had focus)."""

    def follow() -> None:
        for button in group.buttons():
            button.setFocusPolicy(
                Qt.FocusPolicy.StrongFocus if button.isChecked() else Qt.FocusPolicy.ClickFocus
            )

    group.buttonToggled.connect(follow)
    follow()


def _chosen(group: QButtonGroup) -> str:
    return "b" if group.checkedId() == 1 else "a"


class LateDialog(_RulingDialog):
    """Which side came late to a table, and by how many minutes; ``preview`` gives, for a
    side and its minutes, what will be recorded, in the board's words."""

    def __init__(
        self,
        round_number: int,
        table: BoardTable,
        preview: Callable[[str, int], str],
        parent: QWidget | None = None,
    ):
        super().__init__(
            f"Late at table {table.table}",
            f"Round {round_number}, table {table.table}: who came late, and how late?",
            parent,
        )
        self.sides = self.side_choice(table, "Late side")
        self.minutes = QSpinBox()
        self.minutes.setRange(0, MINUTES_MAX)
        self.minutes.setSuffix(" min")
        self.form.addRow("Minutes late", self.minutes)
        self._preview = preview
        self.outcome = set_role(QLabel(), "hint")
        self.outcome.setWordWrap(True)
        self.extra.addWidget(self.outcome)
        self.minutes.valueChanged.connect(self._show_outcome)
        self.sides.idToggled.connect(lambda _id, on: on and self._show_outcome())
        self._show_outcome()
        self.minutes.setFocus()

    def _show_outcome(self, *args: object) -> None:
        try:
            text = self._preview(_chosen(self.sides), self.minutes.value())
        except UserError as error:
            text = str(error)
        self.outcome.setText(sentence(text))

    def answer(self) -> LateAnswer:
        return LateAnswer(_chosen(self.sides), self.minutes.value())


class RemovalDialog(_RulingDialog):
    """Which side the director removes from its table for the round, and why."""

    def __init__(self, round_number: int, table: BoardTable, parent: QWidget | None = None):
        super().__init__(
            f"Remove from table {table.table}",
            f"Round {round_number}, table {table.table}: the side removed scores 0 for the "
            "round and its opponents the format's award.",
            parent,
        )
        self.sides = self.side_choice(table, "Removed side")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. abusive language")
        self.form.addRow("Reason", self.reason)
        self.reason.setFocus()

    def answer(self) -> RemovalAnswer:
        return RemovalAnswer(_chosen(self.sides), self.reason.text())


class WithdrawalDialog(_RulingDialog):
    """Which entrant seated at a table withdraws from the event, and why; where the format
    gives refunds and that entrant paid, "Refund the fee?" (``offer_of`` says what can be
    given back to an entrant by its number)."""

    def __init__(
        self,
        table: BoardTable,
        unit: str,
        parent: QWidget | None = None,
        offer_of: Callable[[int], RefundOffer | None] | None = None,
    ):
        super().__init__(
            "Withdraw from the event",
            f"The {unit} withdrawn plays no further rounds; rounds not yet played give its "
            "opponents a bye where the format has one.",
            parent,
        )
        self.entrant = QComboBox()
        for seated in (*table.a, *table.b):
            if not seated.withdrawn:
                self.entrant.addItem(side_text((seated,)), seated.number)
        self.form.addRow(unit.capitalize(), self.entrant)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. taken ill")
        self.form.addRow("Reason", self.reason)
        self._offer_of = offer_of
        self.refund_fields = RefundFields(optional=True)
        self.extra.addWidget(self.refund_fields)
        self.entrant.currentIndexChanged.connect(self._chosen)
        self._chosen()
        self.reason.setFocus()

    def _chosen(self, *args: object) -> None:
        number = self.entrant.currentData()
        offer = None if self._offer_of is None or number is None else self._offer_of(number)
        self.refund_fields.set_offer(offer)

    def check(self) -> bool:
        return self.refund_fields.check()

    def answer(self) -> WithdrawalAnswer:
        return WithdrawalAnswer(
            int(self.entrant.currentData() or 0), self.reason.text(), self.refund_fields.refund()
        )


def withdrawal_question(seated: Seated, unit: str, refund: Refund | None = None) -> str:
    """The confirmation asked before a withdrawal is recorded (and its refund given)."""
    who = f"{unit} {seated.number}" + (f" ({seated.name})" if seated.name else "")
    given = (
        f" Its fee is refunded: {format_money(refund.cents)} {refund.method}."
        if refund is not None
        else ""
    )
    return (
        f"Withdraw {who} from the event? It plays no further rounds "
        f"(it can be reinstated on the Players page).{given}"
    )


class WarningDialog(_RulingDialog):
    """Which team at a table committed a warning infraction, and what it was; shows the
    team's infractions so far over the event and what this one is (``preview_of`` gives
    the service's answer for a team's number), and where a loss of hand is proposed asks
    the director to confirm it or give another warning."""

    def __init__(
        self,
        round_number: int,
        table: BoardTable,
        preview_of: Callable[[int], WarningPreview],
        parent: QWidget | None = None,
    ):
        super().__init__(
            f"Warning at table {table.table}",
            f"Round {round_number}, table {table.table}: which team, and what was the infraction?",
            parent,
        )
        self._numbers = (table.a[0].number, table.b[0].number)
        self.sides = self.side_choice(table, "Team")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. stated a bid that is not an approved bid")
        self.form.addRow("Infraction", self.reason)
        self.so_far = QLabel()
        self.so_far.setWordWrap(True)
        self.form.addRow("So far", self.so_far)
        self.outcome = QLabel()
        bold = self.outcome.font()
        bold.setBold(True)
        self.outcome.setFont(bold)
        self.form.addRow("This one", self.outcome)
        self.confirm = QRadioButton("Confirm the loss of hand (the other side scores the bid)")
        self.another = QRadioButton("No: give another warning")
        self.choice = QButtonGroup(self)
        for button in (self.confirm, self.another):
            self.choice.addButton(button)
            self.extra.addWidget(button)
        self.confirm.setChecked(True)
        tab_to_the_checked(self.choice)
        self._ruling: WarningRuling | None = None
        self._preview_of = preview_of
        self.sides.idToggled.connect(lambda _id, on: on and self._show())
        self._show()
        self.reason.setFocus()

    def team(self) -> int:
        return self._numbers[1 if _chosen(self.sides) == "b" else 0]

    def _show(self) -> None:
        try:
            ruling = self._preview_of(self.team()).ruling
        except UserError as error:
            self._ruling = None
            self.so_far.setText("")
            self.outcome.setText(plain_words(error))
        else:
            self._ruling = ruling
            earlier = [w.text for w in ruling.earlier]
            self.so_far.setText("\n".join(earlier) if earlier else "No infraction so far.")
            self.outcome.setText(ruling.text)
        deciding = self._ruling is not None and self._ruling.to_decide
        self.confirm.setVisible(deciding)
        self.another.setVisible(deciding)
        self.ok_button.setEnabled(self._ruling is not None)

    def answer(self) -> WarningAnswer:
        deciding = self._ruling is not None and self._ruling.to_decide
        decision = self.confirm.isChecked() if deciding else None
        return WarningAnswer(self.team(), self.reason.text(), decision)


class ExpulsionDialog(_RulingDialog):
    """Which entrant seated at a table the director removes from the tournament (bid whist:
    ejects), the director's name and why. ``word`` is ``removed`` or ``ejected``."""

    def __init__(self, table: BoardTable, unit: str, word: str, parent: QWidget | None = None):
        verb = "Eject" if word == "ejected" else "Remove"
        super().__init__(
            f"{verb} from the tournament",
            f"The {unit} {word} plays no further rounds (its later opponents get a bye where "
            "the format has one), its fee stays in the prize fund and is never refunded, and "
            "it takes no prize.",
            parent,
        )
        self.entrant = QComboBox()
        for seated in (*table.a, *table.b):
            if not seated.withdrawn:
                self.entrant.addItem(side_text((seated,)), seated.number)
        self.form.addRow(unit.capitalize(), self.entrant)
        self.director = QLineEdit()
        self.director.setPlaceholderText("the director who rules")
        self.form.addRow("Director", self.director)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. abusive language")
        self.form.addRow("Reason", self.reason)
        self.director.setFocus()

    def answer(self) -> ExpulsionAnswer:
        return ExpulsionAnswer(
            int(self.entrant.currentData() or 0), self.director.text(), self.reason.text()
        )


def expulsion_question(seated: Seated, unit: str, word: str, answer: ExpulsionAnswer) -> str:
    """The question asked before an entrant is removed from the tournament (ejected)."""
    verb = "Eject" if word == "ejected" else "Remove"
    who = f"{unit} {seated.number}" + (f" ({seated.name})" if seated.name else "")
    return (
        f"{verb} {who} from the tournament, by {' '.join(answer.director.split())}, for "
        f"{' '.join(answer.reason.split())}? It plays no further rounds, its fee stays in the "
        "prize fund and is never refunded, and it takes no prize. This cannot be undone."
    )


class AwardDialog(_RulingDialog):
    """The award for a round closed with no game played (every table a DQ or a removal): its
    points and the director who gives them; OK closes the round with them. ``check`` says
    under the form which field stops it (``check_award``: the service's own check)."""

    def __init__(
        self,
        round_number: int,
        check_award: Callable[[int, str], object],
        parent: QWidget | None = None,
    ):
        super().__init__(
            f"Close round {round_number}",
            f"No game was played in round {round_number} (every table a DQ or a removal), "
            "so it has no average winning score. What do its byes and the opponents of a "
            "side disqualified score?",
            parent,
        )
        self.ok_button.setText("Close round")
        self.points = QLineEdit()
        self.points.setPlaceholderText("e.g. 350")
        self.form.addRow("Points", self.points)
        self.director = QLineEdit()
        self.director.setPlaceholderText("the director who rules")
        self.form.addRow("Director", self.director)
        self._check_award = check_award
        self.points.setFocus()

    def check(self) -> bool:
        text = self.points.text().strip()
        if not text.isdigit():
            self.fail("Points: type the points as a whole number, e.g. 350.")
            self.points.setFocus()
            return False
        try:
            self._check_award(int(text), self.director.text())
        except UserError as error:
            field = self.director if error.field == "director" else self.points
            self.fail(f"{'Director' if field is self.director else 'Points'}: {error.reason}.")
            field.setFocus()
            return False
        return True

    def answer(self) -> AwardAnswer:
        return AwardAnswer(int(self.points.text().strip()), self.director.text())
