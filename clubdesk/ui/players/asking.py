"""Asking the director about one entrant from the Players list: record a payment, withdraw
(with a refund where the format gives them) or reinstate, renumber.

Each ``ask_*`` asks through its dialog and returns what was ``Asked`` (None when the director
cancels): the act to run on the window's desk, the title a refusal is shown under, and the
line that says it was done ("Paid $50.00 cash for 7 Smith / Jones").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from clubdesk.domain.money.amounts import format_money
from clubdesk.services import board as board_service
from clubdesk.services import payments, registration
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk
from clubdesk.services.entrants import EntrantInfo
from clubdesk.services.field_note import field_note
from clubdesk.services.payments import RefundOffer
from clubdesk.store.db import Database
from clubdesk.ui.players.dialogs import PaymentDialog, RenumberDialog, WithdrawDialog


@dataclass(frozen=True)
class Asked:
    """What the director asked for: ``run(desk)`` does it; ``done`` says it was done."""

    run: Callable[[Desk], EntrantInfo]
    title: str
    done: str


def ask_payment(parent: QWidget, info: EntrantInfo, suggested_cents: int) -> Asked | None:
    """A payment received from the entrant: how much and how."""
    dialog = PaymentDialog(info, suggested_cents, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    values = dialog.values()
    if values is None:
        return None
    cents, method = values
    return Asked(
        lambda desk: payments.record_payment(desk, info.number, cents, method),
        "Record payment",
        f"Paid {format_money(cents)} {method} for {info.number} {info.name}",
    )


def ask_status(
    parent: QWidget, info: EntrantInfo, offer: RefundOffer | None = None
) -> Asked | None:
    """Withdraw an active entrant (with a reason for the log, and the refund ``offer``
    allows if the director asks for one), or reinstate a withdrawn one."""
    if info.status == "withdrawn":
        answer = QMessageBox.question(
            parent,
            "Reinstate",
            f"Reinstate entrant {info.number}, {info.name}?",
            QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Ok:
            return None
        return Asked(
            lambda desk: registration.reinstate(desk, info.number),
            "Reinstate",
            f"Reinstated {info.number} {info.name}",
        )
    dialog = WithdrawDialog(info, offer, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    reason, refund = dialog.reason(), dialog.refund()
    done = f"Withdrew {info.number} {info.name}"
    if refund is not None:
        done += f" · refunded {format_money(refund.cents)} {refund.method}"
    return Asked(
        lambda desk: registration.withdraw(desk, info.number, reason, with_refund=refund),
        "Withdraw",
        done,
    )


def ask_renumber(parent: QWidget, info: EntrantInfo) -> Asked | None:
    """A new number for the entrant (before the draw)."""
    dialog = RenumberDialog(info, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    number = dialog.number()
    return Asked(
        lambda desk: registration.renumber(desk, info.number, number),
        "Renumber",
        f"Renumbered {info.number} {info.name} as {number}",
    )


def late_entry_text(db: Database, event_id: str, number: int) -> str:
    """Where a late entry (registered after the draw, not placed by it) will play, as the
    seating actually published has it (``field_note``)."""
    note = field_note(db, event_id)
    if note.round is None:
        return "late entry: seat them on the Draw page"
    if number in note.unseated:
        return "late entry: this movement has no free place for them; not seated"
    if number in note.joining:
        return f"late entry: plays from round {note.round + 1}"
    if number in note.sitting_out:  # placed on the round's bye: its first game is the next
        return f"late entry: sits out round {note.round}, plays from round {note.round + 1}"
    return f"late entry: seated in round {note.round}"


def seating_text(db: Database, event_id: str, info: EntrantInfo) -> str:
    """What a withdrawal or reinstatement did to the rounds not played yet: seated again, or
    kept as they were, and why (the Rounds board says the same)."""
    if info.changes & Change.SEATING:
        return "the rounds not played yet are seated again"
    published = field_note(db, event_id).round
    if published is None:
        return ""
    return board_service.board(db, event_id, published).kept_note
