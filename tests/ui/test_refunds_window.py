"""Withdrawals and refunds in the window, by keys and clicks: the Players page's withdrawal
with "Refund the fee?", the Money page's Refund…, the Rounds board's Withdraw…, and the
count line, the pool and the cash box following at once. Bid whist, seed 004: "No refunds
on entry/tournament fee - period!!!"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog

from clubdesk.services.command import Desk
from clubdesk.services.entrants import list_entrants
from clubdesk.services.ledger import add_money, money_sheet
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.money.page import MoneyPage
from clubdesk.ui.players.dialogs import WithdrawDialog
from clubdesk.ui.players.page import PlayersPage
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.rounds.ruling_dialogs import WithdrawalDialog
from clubdesk.ui.style import is_invalid
from tests import builder
from tests.ui.showing import show_active

NEVER = "Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"


@pytest.fixture
def pages(qtbot, db, clock):
    """``pages(event_id)``: the Players and Money pages of one window's context, shown."""

    def make(event_id: str) -> tuple[PlayersPage, MoneyPage]:
        context = UiContext(db, clock, event_id)
        players, money = PlayersPage(context), MoneyPage(context)
        for page in (money, players):
            qtbot.addWidget(page)
            page.resize(1280, 820)
            show_active(page)
        return players, money

    return make


def answered_by(monkeypatch, qtbot, dialog_class, answer: Callable[[QDialog], None]) -> list:
    """The dialog ``dialog_class`` shown for real when the page asks, and ``answer`` typing
    into it; its ``exec`` gives what the director's keys gave. The dialogs shown, listed."""
    shown: list = []

    def exec_(dialog: QDialog) -> int:
        shown.append(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        answer(dialog)
        if dialog.isVisible():  # the director gives up: Escape
            qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
        return dialog.result()

    monkeypatch.setattr(dialog_class, "exec", exec_)
    return shown


def grid_texts(grid) -> list[str]:
    return [
        grid.itemAt(i).widget().text()
        for i in range(grid.count())
        if grid.itemAt(i).widget() is not None
    ]


def pairs(texts: list[str]) -> dict[str, str]:
    """(words, amount) lines laid out two to a row, by their words."""
    return dict(zip(texts[0::2], texts[1::2], strict=True))


def pool_line(money: MoneyPage) -> str:
    texts = grid_texts(money.pool_grid)
    return texts[texts.index("Prize pool") + 1]


# --- the Players page's withdrawal ----------------------------------------------------------


def test_withdraw_with_a_refund_by_keyboard_and_everything_follows(
    pages, db, clock, keyboard, qtbot, monkeypatch
) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16, paid_cents=5000)
    players, money = pages(event)
    assert players.summary_text() == "16 entrants · 16 paid · 8 tables"
    assert pool_line(money) == "$800.00"
    typed: list[str] = []

    def answer(dialog: WithdrawDialog) -> None:
        fields = dialog.refund_fields
        assert fields.ask is not None and fields.ask.isVisible()
        assert not fields.amount.isVisible()  # asked first: "Refund the fee?"
        assert keyboard.focused() is dialog.reason_edit
        keyboard.type("went home ill")
        keyboard.tab()
        assert keyboard.focused() is fields.ask
        keyboard.press(Qt.Key.Key_Space)  # yes, refund it
        assert fields.amount.isVisible() and keyboard.focused() is fields.amount
        assert fields.amount.text() == "50.00"  # what was paid
        assert fields.about.text() == "7 North7 / South7: paid $50.00; at most $50.00."
        keyboard.type("90")  # typing replaces the amount
        keyboard.tab(2)
        assert keyboard.focused() is fields.reason
        keyboard.type("left before round 1")
        keyboard.press(Qt.Key.Key_Return)  # refused at the field, the dialog stays open
        assert dialog.isVisible() and is_invalid(fields.amount)
        assert fields.error.text() == (
            "Amount: entrant 7 has paid $50.00; a refund of $90.00 is more than that."
        )
        assert keyboard.focused() is fields.amount
        keyboard.type("30")
        typed.append(fields.amount.text())
        keyboard.press(Qt.Key.Key_Return)
        assert not dialog.isVisible()

    shown = answered_by(monkeypatch, qtbot, WithdrawDialog, answer)
    players.select_number(7)
    qtbot.mouseClick(players.status_button, Qt.MouseButton.LeftButton)
    assert len(shown) == 1 and typed == ["30"]
    info = builder.entrant(db, event, 7)
    assert (info.status, info.paid_cents) == ("withdrawn", 2000)
    assert players.entry.message_text() == ("✓ Withdrew 7 North7 / South7 · refunded $30.00 cash")
    # at once, on every page of the window
    assert players.summary_text() == "15 entrants · 15 paid · 7 tables · 1 bye"
    assert pool_line(money) == "$770.00"
    assert pairs(grid_texts(money.pool_grid))["less refunds"] == "-$30.00"
    cash = pairs(grid_texts(money.cash_grid)[1:])  # after the note on what the box counts
    assert cash["Cash paid out (refunds, expenses)"] == "-$30.00"
    last = money.ledger_table.rowCount() - 1
    row = [money.ledger_table.item(last, c).text() for c in range(6)]
    assert row[1:] == ["Refund", "7 North7 / South7", "cash", "left before round 1", "-$30.00"]


def test_withdraw_without_the_refund_keeps_the_fee_in_the_pool(
    pages, db, clock, keyboard, qtbot, monkeypatch
) -> None:
    event = builder.event(db, clock, "house-gin", entrants=12, paid_cents=3000)
    players, money = pages(event)

    def answer(dialog: WithdrawDialog) -> None:
        keyboard.type("ill")
        keyboard.press(Qt.Key.Key_Return)  # the box left unticked: no refund

    answered_by(monkeypatch, qtbot, WithdrawDialog, answer)
    players.select_number(3)
    qtbot.mouseClick(players.status_button, Qt.MouseButton.LeftButton)
    assert list_entrants(db, event)[2].status == "withdrawn"
    assert players.summary_text().startswith("11 entrants · 11 paid")
    assert pool_line(money) == "$360.00"
    assert money_sheet(db, event).pool.refunds_cents == 0


def test_bid_whist_never_offers_a_refund(pages, db, clock, keyboard, qtbot, monkeypatch) -> None:
    event = builder.event(db, clock, "bid-whist", entrants=10, paid_cents=4000)
    players, money = pages(event)
    assert money.refund_button.isHidden()  # never offered on the Money page either

    def answer(dialog: WithdrawDialog) -> None:
        fields = dialog.refund_fields
        assert fields.ask is not None and not fields.ask.isVisible()
        assert not fields.amount.isVisible()
        assert fields.about.isVisible() and fields.about.text() == f"No refund: {NEVER}."
        keyboard.type("ill")
        keyboard.press(Qt.Key.Key_Return)

    answered_by(monkeypatch, qtbot, WithdrawDialog, answer)
    players.select_number(4)
    qtbot.mouseClick(players.status_button, Qt.MouseButton.LeftButton)
    assert list_entrants(db, event)[3].status == "withdrawn"
    assert players.summary_text().startswith("9 entrants · 9 paid")
    assert pool_line(money) == "$400.00"  # the fee stays in the pool


# --- the Money page's Refund… ---------------------------------------------------------------


def test_a_refund_from_the_money_page_refused_at_its_field_then_given(
    pages, db, clock, keyboard, qtbot
) -> None:
    event = builder.event(db, clock, "house-gin", entrants=12, paid_cents=3000)
    add_money(Desk(db, event, clock), "expense", 34_000, note="the hall")  # $360 - $340: $20 left
    players, money = pages(event)
    assert players.summary_text().startswith("12 entrants · 12 paid")
    assert money.refund_button.isVisible() and money.refund_button.isEnabled()
    qtbot.mouseClick(money.refund_button, Qt.MouseButton.LeftButton)
    dialog = money.refund_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.fields.amount)
    fields = dialog.fields
    assert dialog.entrant.count() == 12 and fields.amount.text() == "30.00"
    dialog.entrant.setFocus()
    keyboard.press(Qt.Key.Key_Down)  # entrant 2
    assert dialog.entrant.currentData() == 2
    keyboard.tab()
    assert keyboard.focused() is fields.amount
    keyboard.tab(2)
    keyboard.type("paid twice")
    keyboard.press(Qt.Key.Key_Return)  # the service refuses: the pool would go below nothing
    assert dialog.isVisible() and is_invalid(fields.amount)
    assert fields.error.text() == (
        "After a refund of $30.00, the prize pool is -$10.00: expenses ($340.00) are more "
        "than the money in it."
    )
    assert keyboard.focused() is fields.amount
    keyboard.type("20")
    keyboard.press(Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert money.done_label.text() == "✓ Refunded $20.00 cash to 2 Player 2"
    # entrant 2 is still playing and now owes $20: the count line says so at once
    assert players.summary_text().startswith("12 entrants · 11 paid")
    assert pool_line(money) == "$0.00"
    cells = [money.ledger_table.item(money.ledger_table.rowCount() - 1, c).text()
             for c in range(6)]  # fmt: skip
    assert cells[1:] == ["Refund", "2 Player 2", "cash", "paid twice", "-$20.00"]


def test_the_refund_button_waits_for_a_fee_to_give_back(pages, db, clock) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=4)
    _, money = pages(event)
    assert money.refund_button.isVisible() and not money.refund_button.isEnabled()


# --- the Rounds board's Withdraw… -----------------------------------------------------------


def test_the_boards_withdrawal_asks_about_the_refund_of_the_entrant_chosen(
    db, clock, keyboard, qtbot, monkeypatch
) -> None:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=7, paid_cents=5000)
    builder.draw(db, event, clock, seed=3)
    builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    context = UiContext(db, clock, event)
    page = RoundsPage(context, ClockWatch(context, Ticker(clock, FakeTimer, context), context))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    page.show()
    asked: list[str] = []
    page.confirm = lambda title, question: asked.append(question) or True
    page.table_view.selectRow(0)
    table = page.model.table_at(0)
    leaving = table.b[0].number

    def answer(dialog: WithdrawalDialog) -> None:
        fields = dialog.refund_fields
        keyboard.type("taken ill")
        dialog.entrant.setFocus()
        keyboard.press(Qt.Key.Key_Down)  # side B's team
        assert dialog.entrant.currentData() == leaving
        assert fields.ask.isVisible() and not fields.amount.isVisible()
        box = QPoint(8, fields.ask.height() // 2)  # on the box itself
        qtbot.mouseClick(fields.ask, Qt.MouseButton.LeftButton, pos=box)
        assert keyboard.focused() is fields.amount and fields.amount.text() == "50.00"
        assert fields.about.text() == (
            f"{leaving} North{leaving} / South{leaving}: paid $50.00; at most $50.00."
        )
        keyboard.tab(2)
        keyboard.type("left at the break")
        keyboard.press(Qt.Key.Key_Return)

    answered_by(monkeypatch, qtbot, WithdrawalDialog, answer)
    qtbot.mouseClick(page.rulings.withdraw_button, Qt.MouseButton.LeftButton)
    assert asked[0].endswith("Its fee is refunded: $50.00 cash.")
    info = builder.entrant(db, event, leaving)
    assert (info.status, info.paid_cents) == ("withdrawn", 0)
    assert page.error_label.text().startswith(
        f"Team {leaving} is withdrawn. Its fee is refunded: $50.00 cash."
    )
    assert money_sheet(db, event).pool.refunds_cents == 5000


# --- a late entry on a bye ------------------------------------------------------------------


def test_a_late_entry_placed_on_a_bye_sits_out_that_round(db, clock, keyboard, qtbot) -> None:
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event, clock, seed=4)
    seats = builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    builder.scores(db, event, 1, {t.table: (300, 200) for t in seats.tables}, clock)
    builder.close(db, event, 1, clock)  # round 2 is published by the close
    page = PlayersPage(UiContext(db, clock, event))
    qtbot.addWidget(page)
    show_active(page)
    keyboard.type("Late Player")
    keyboard.press(Qt.Key.Key_Return)
    assert page.entry.message_text().endswith("· late entry: sits out round 2, plays from round 3")
