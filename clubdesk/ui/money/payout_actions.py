"""The Money page's buttons for finalized payouts: Finalize payouts… (the director's name
confirms), Reopen payouts… (the name and a reason), Mark a prize paid… (a cash prize
handed over) and Store credit redeemed… (a store-credit prize redeemed, on the
tournament's day). Each is a service call (``services.final_payouts``) run as a command: a
refusal (payouts still provisional, a place undecided, a credit lapsed) is shown in plain
words. Once final, each store credit is listed redeemed, to redeem, or lapsed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtWidgets import QGridLayout, QInputDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.credit import Credit
from clubdesk.domain.money.payouts import Payouts
from clubdesk.services import final_payouts
from clubdesk.store.db import Database
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import run_command
from clubdesk.ui.style import set_role


def ask_text(parent: QWidget, title: str, question: str) -> str | None:
    """One line of text from the director (None: cancelled)."""
    text, accepted = QInputDialog.getText(parent, title, question)
    return text if accepted else None


def ask_choice(parent: QWidget, title: str, question: str, choices: Sequence[str]) -> str | None:
    """One of ``choices`` (None: cancelled)."""
    chosen, accepted = QInputDialog.getItem(parent, title, question, list(choices), 0, False)
    return chosen if accepted else None


class PayoutActions(QWidget):
    """Finalize, reopen and pay out the context's payouts."""

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.payouts: Payouts | None = None
        self.unpaid: dict[int, str] = {}  # cash prizes not handed over yet: number -> choice
        self.unredeemed: dict[int, str] = {}  # store credits still to redeem: number -> choice
        # the director's answers (tests stub them)
        self.ask_text: Callable[[QWidget, str, str], str | None] = ask_text
        self.ask_choice: Callable[[QWidget, str, str, Sequence[str]], str | None] = ask_choice
        self.finalize_button = QPushButton("Finalize payouts…")
        self.reopen_button = QPushButton("Reopen payouts…")
        self.pay_button = QPushButton("Mark a prize paid…")
        self.redeem_button = QPushButton("Store credit redeemed…")
        self.finalize_button.clicked.connect(self.finalize)
        self.reopen_button.clicked.connect(self.reopen)
        self.pay_button.clicked.connect(self.mark_paid)
        self.redeem_button.clicked.connect(self.redeem)
        self.state = set_role(QLabel(), "hint")
        self.state.setWordWrap(True)
        # two by two: the prizes' column stays narrow enough to leave the ledger its names
        buttons = QGridLayout()
        buttons.addWidget(self.finalize_button, 0, 0)
        buttons.addWidget(self.reopen_button, 0, 1)
        buttons.addWidget(self.pay_button, 1, 0)
        buttons.addWidget(self.redeem_button, 1, 1)
        buttons.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.state)
        self.show_payouts(None, {})

    def show_payouts(self, payouts: Payouts | None, paid: Mapping[int, int]) -> None:
        """Enable what can be done with these payouts (``paid``: cents handed over, by
        entrant number)."""
        self.payouts = payouts
        final = payouts is not None and bool(payouts.final)
        self.unpaid = {
            p.number: f"{p.number} {p.name}: {format_money(p.cash_cents)}"
            for p in (payouts.prizes if payouts is not None and final else ())
            if p.cash_cents and p.number not in paid
        }
        credits = self._credits() if final else ()
        today = self.context.clock.now().date()
        self.unredeemed = {
            c.number: f"{c.number} {c.name}: {format_money(c.cents)} store credit"
            for c in credits
            if c.state(today) == "to redeem"
        }
        self.finalize_button.setEnabled(payouts is not None and not final)
        self.reopen_button.setEnabled(final)
        self.pay_button.setEnabled(bool(self.unpaid))
        self.redeem_button.setEnabled(bool(self.unredeemed))
        self.redeem_button.setVisible(bool(credits))
        if payouts is None:
            self.state.setText("")
        elif final:
            count = len(self.unpaid)
            waiting = f"; cash prizes still to hand over: {count}" if count else ""
            lines = [f"Final: {payouts.final}{waiting}."]
            lines += [f"Store credit, {c.text(today)}." for c in credits]
            self.state.setText("\n".join(lines))
        else:
            self.state.setText("Not final: the prizes follow the standings until finalized.")

    def _credits(self) -> tuple[Credit, ...]:
        found = self._event()
        return () if found is None else final_payouts.store_credits(*found)

    def _event(self) -> tuple[Database, str] | None:
        db, event_id = self.context.db, self.context.event_id
        return None if db is None or event_id is None else (db, event_id)

    def finalize(self) -> None:
        """Ask the director's name and freeze the payouts as shown."""
        found = self._event()
        if found is None:
            return
        db, event_id = found
        name = self.ask_text(
            self, "Finalize payouts", "The prizes are frozen as shown. Director's name:"
        )
        if name is None:
            return
        run_command(
            self.context,
            lambda: final_payouts.finalize_payouts(self.context.desk_for(db, event_id), name),
            parent=self,
            title="Finalize payouts",
        )

    def reopen(self) -> None:
        """Ask the director's name and the reason, and reopen the payouts."""
        found = self._event()
        if found is None:
            return
        db, event_id = found
        name = self.ask_text(self, "Reopen payouts", "Director's name:")
        if name is None:
            return
        reason = self.ask_text(self, "Reopen payouts", "Why are the payouts reopened?")
        if reason is None:
            return
        run_command(
            self.context,
            lambda: final_payouts.reopen_payouts(self.context.desk_for(db, event_id), name, reason),
            parent=self,
            title="Reopen payouts",
        )

    def mark_paid(self) -> None:
        """Ask which cash prize was handed over and record it."""
        found = self._event()
        if found is None or not self.unpaid:
            return
        db, event_id = found
        chosen = self.ask_choice(
            self, "Mark a prize paid", "Which prize was paid in cash?", list(self.unpaid.values())
        )
        number = next((n for n, text in self.unpaid.items() if text == chosen), None)
        if number is None:
            return
        run_command(
            self.context,
            lambda: final_payouts.mark_prize_paid(self.context.desk_for(db, event_id), number),
            parent=self,
            title="Mark a prize paid",
        )

    def redeem(self) -> None:
        """Ask which store credit was redeemed and record it."""
        found = self._event()
        if found is None or not self.unredeemed:
            return
        db, event_id = found
        chosen = self.ask_choice(
            self,
            "Store credit redeemed",
            "Which store credit was redeemed (today, the tournament's day)?",
            list(self.unredeemed.values()),
        )
        number = next((n for n, text in self.unredeemed.items() if text == chosen), None)
        if number is None:
            return
        run_command(
            self.context,
            lambda: final_payouts.redeem_credit(self.context.desk_for(db, event_id), number),
            parent=self,
            title="Store credit redeemed",
        )
