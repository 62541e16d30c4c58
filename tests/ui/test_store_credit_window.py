"""The Money page records a store-credit prize redeemed (seed 003: "All prizes are for store
credit only and must be redeemed the day of the tournament") and lists each credit redeemed,
still to redeem, or lapsed after the tournament's day."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clubdesk.services import results
from clubdesk.services.final_payouts import store_credits
from tests import builder
from tests.ui.test_payout_actions import answers, make_page

LEFT = Qt.MouseButton.LeftButton


def credit_night(db, clock) -> str:
    """6 teams at $20 paid in store credit: $60, $36, $24 once the 4 rounds are played."""
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000,
                             settings={"prizes_in": "store-credit"})  # fmt: skip
    builder.draw(db, event_id, clock, seed=2)
    for number in range(1, 5):
        seats = builder.publish(db, event_id, number, clock)
        scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
        builder.scores(db, event_id, number, scores, clock)
    return event_id


def test_the_treasurer_records_a_credit_redeemed_and_the_rest_lapse_the_next_day(
    qtbot, db, clock, message_boxes
) -> None:
    event_id = credit_night(db, clock)
    page = make_page(qtbot, db, clock, event_id)
    assert not page.actions.redeem_button.isVisible()  # nothing final, nothing to redeem
    answers(page, "Pat Lee")
    qtbot.mouseClick(page.actions.finalize_button, LEFT)
    first, second, third = results.payouts(db, event_id).prizes
    day = clock.now().date().isoformat()
    lines = page.actions.state.text().splitlines()
    assert lines[1:] == [
        f"Store credit, 1st  {first.number} {first.name}: $60.00 store credit, "
        f"to redeem by the end of {day}.",
        f"Store credit, 2nd  {second.number} {second.name}: $36.00 store credit, "
        f"to redeem by the end of {day}.",
        f"Store credit, 3rd  {third.number} {third.name}: $24.00 store credit, "
        f"to redeem by the end of {day}.",
    ]
    assert not page.actions.pay_button.isEnabled()  # no cash is paid out
    assert page.actions.redeem_button.isVisible() and page.actions.redeem_button.isEnabled()

    offered: list[list[str]] = []

    def choose(parent, title, question, choices):
        offered.append(list(choices))
        return choices[1]

    page.actions.ask_choice = choose
    clock.advance(minutes=15)
    qtbot.mouseClick(page.actions.redeem_button, LEFT)
    assert message_boxes.texts() == []
    assert offered[0][1] == f"{second.number} {second.name}: $36.00 store credit"
    assert [c.redeemed_at for c in store_credits(db, event_id)] == [None, clock.now(), None]
    redeemed = f"$36.00 store credit, redeemed at {clock.now():%H:%M}."
    assert page.actions.state.text().splitlines()[2].endswith(redeemed)

    clock.advance(days=1)  # the tournament's day is over
    later = make_page(qtbot, db, clock, event_id)
    lines = later.actions.state.text().splitlines()
    assert lines[1].endswith(f"$60.00 store credit, lapsed (not redeemed on {day}).")
    assert lines[2].endswith(redeemed)
    assert not later.actions.redeem_button.isEnabled()
