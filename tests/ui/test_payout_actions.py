"""The Money page's finalize, reopen and prize-paid buttons: a refusal in plain words, the
frozen prizes shown, the cash box counting the prizes paid."""

from __future__ import annotations

from clubdesk.services import results
from clubdesk.services.ledger import CashBox
from clubdesk.ui.context import UiContext
from clubdesk.ui.money.page import MoneyPage
from clubdesk.ui.money.texts import cash_lines
from tests import builder
from tests.ui.test_money_page import grid_texts


def finished_warmup(db, clock, rounds: int = 4) -> str:
    """6 teams at $20 in cash: a $120 pool paying $60, $36, $24 once 4 rounds are played."""
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
    builder.draw(db, event_id, clock, seed=2)
    for number in range(1, rounds + 1):
        seats = builder.publish(db, event_id, number, clock)
        scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
        builder.scores(db, event_id, number, scores, clock)
    return event_id


def make_page(qtbot, db, clock, event_id: str) -> MoneyPage:
    page = MoneyPage(UiContext(db, clock, event_id))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    page.show()
    return page


def answers(page: MoneyPage, *texts: str | None) -> list[str]:
    """The director's typed answers, in order; the questions asked."""
    asked: list[str] = []
    given = list(texts)

    def ask(parent, title: str, question: str) -> str | None:
        asked.append(question)
        return given.pop(0)

    page.actions.ask_text = ask
    return asked


def test_provisional_payouts_are_not_finalized_and_the_page_says_why(
    qtbot, db, clock, message_boxes
) -> None:
    page = make_page(qtbot, db, clock, finished_warmup(db, clock, rounds=2))
    assert page.actions.finalize_button.isEnabled()
    answers(page, "Pat Lee")
    page.actions.finalize()
    assert message_boxes.texts() == [
        "Payouts: they are provisional (round 4, the last, is not finished)."
    ]
    assert not page.actions.reopen_button.isEnabled()


def test_finalize_pay_and_reopen_from_the_page(qtbot, db, clock, message_boxes) -> None:
    event_id = finished_warmup(db, clock)
    page = make_page(qtbot, db, clock, event_id)
    assert not page.actions.pay_button.isEnabled()
    asked = answers(page, "Pat Lee")
    page.actions.finalize()
    assert asked == ["The prizes are frozen as shown. Director's name:"]
    assert message_boxes.texts() == []
    assert page.actions.state.text() == (
        f"Final: finalized by Pat Lee at {clock.now():%Y-%m-%d %H:%M}; "
        "cash prizes still to hand over: 3."
    )
    assert not page.actions.finalize_button.isEnabled() and page.actions.reopen_button.isEnabled()
    assert page.status.text() == (
        f"FINAL (finalized by Pat Lee at {clock.now():%Y-%m-%d %H:%M}). Prizes are paid in cash."
    )
    assert not page.editor.isEnabled() and not page.save_button.isEnabled()
    assert page.scheme_state.text() == "The payouts are final: reopen them to change the scheme."

    first = results.payouts(db, event_id).prizes[0]
    offered: list[list[str]] = []

    def choose(parent, title, question, choices):
        offered.append(list(choices))
        return choices[0]

    page.actions.ask_choice = choose
    page.actions.mark_paid()
    assert offered[0][0] == f"{first.number} {first.name}: $60.00"
    assert len(offered[0]) == 3
    texts = grid_texts(page.cash_grid)
    assert texts[texts.index("Cash prizes paid so far") + 1] == "-$60.00"
    assert texts[texts.index("In the box now") + 1] == "$60.00"
    assert texts[texts.index("Cash prizes still to pay") + 1] == "-$60.00"
    assert texts[-2:] == ["In the box once they are paid", "$0.00"]
    assert page.ledger_table.item(page.ledger_table.rowCount() - 1, 1).text() == "Prize paid"

    answers(page, "Pat Lee", "a fine was missed")
    page.actions.reopen()
    assert message_boxes.texts() == []
    assert page.actions.finalize_button.isEnabled()
    assert not page.actions.pay_button.isEnabled()
    assert not results.payouts(db, event_id).final
    assert page.editor.isEnabled()


def test_a_cancelled_question_does_nothing(qtbot, db, clock, message_boxes) -> None:
    event_id = finished_warmup(db, clock)
    page = make_page(qtbot, db, clock, event_id)
    answers(page, None)
    page.actions.finalize()
    assert message_boxes.texts() == [] and not results.payouts(db, event_id).final


def test_the_cash_box_lines_before_any_prize_is_paid() -> None:
    box = CashBox(cash_in_cents=12_000, cash_out_cents=0, cash_prizes_cents=12_000)
    assert cash_lines(box, "cash")[-2:] == [
        ("Cash prizes listed", "-$120.00"),
        ("In the box once they are paid", "$0.00"),
    ]
