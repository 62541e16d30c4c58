"""Both sides' sheets typed and compared hand by hand (``rules.sheets.cross_check``, an event
setting): a sheet goes in when the two agree, or with the one the director accepts and the
reason why, logged as an audit row. Seed 000: "After each hand, each team's score sheet will
be compared and verbally verified for accuracy by the opponent's scorekeeper"."""

from __future__ import annotations

import pytest

from clubdesk.domain.event.cross_check import disagreements
from clubdesk.errors import UserError
from clubdesk.services import sheets
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.events import event_rules
from tests import builder

HAND = {"bidder": "A", "bid": 50, "meld": {"A": 0, "B": 0}, "tricks": {"A": 25, "B": 25}}
HANDS = [HAND, {**HAND, "bidder": "B"}, HAND, {**HAND, "bidder": "B"}] * 2
MISREAD = [*HANDS[:2], {**HAND, "meld": {"A": 24, "B": 0}}, *HANDS[3:]]


@pytest.fixture
def event_id(db, clock) -> str:
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=4,
                          settings={"cross_check": True})  # fmt: skip
    builder.draw(db, event, clock, seed=5)
    builder.publish(db, event, 1, clock)
    return event


def submit(db, clock, event_id, second, **given) -> sheets.SheetSubmitted:
    return sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 1, hands=HANDS, second_hands=second,
        signatures=builder.signers(db, event_id, 1, 1), **given,
    )  # fmt: skip


def test_the_setting_is_the_events(db, clock, event_id) -> None:
    assert event_rules(db, event_id).sheets.cross_check
    plain = builder.event(db, clock, "grand-prix-pinochle", name="Another", entrants=4)
    assert not event_rules(db, plain).sheets.cross_check


def test_two_sheets_that_agree_go_in_with_nothing_to_accept(db, clock, event_id) -> None:
    submit(db, clock, event_id, list(HANDS))
    assert sheets.table_sheet(db, event_id, 1, 1).submitted
    assert not [e for e in list_audit(db, event_id) if e.action == "sheet.cross_check"]


def test_the_hands_two_sheets_disagree_on_are_named_field_by_field() -> None:
    [found] = disagreements(HANDS, MISREAD)
    assert (found.number, found.fields, found.first, found.second) == (3, ("meld.A",), (0,), (24,))
    [short] = disagreements(HANDS, HANDS[:7])
    assert short.number == 8 and short.second == (None,) * len(short.fields)


def test_sheets_that_disagree_wait_for_the_director_to_accept_one(db, clock, event_id) -> None:
    with pytest.raises(UserError, match="disagree on hand 3: accept one") as refused:
        submit(db, clock, event_id, MISREAD)
    assert refused.value.field == "accepted"
    with pytest.raises(UserError, match="reason: say why the second sheet") as refused:
        submit(db, clock, event_id, MISREAD, accepted="second", reason="  ")
    with pytest.raises(UserError, match="type the other side's sheet too"):
        submit(db, clock, event_id, [])
    assert not sheets.table_sheet(db, event_id, 1, 1).submitted


def test_the_sheet_accepted_goes_in_and_why_is_logged(db, clock, event_id) -> None:
    submit(db, clock, event_id, MISREAD, accepted="second", reason="meld recounted at the table")
    game = sheets.table_sheet(db, event_id, 1, 1).game
    assert game.hands[2]["meld"] == {"A": 24, "B": 0}
    [logged] = [e for e in list_audit(db, event_id) if e.action == "sheet.cross_check"]
    assert logged.details == {"round": 1, "table": 1, "hands": [3], "accepted": "second",
                              "reason": "meld recounted at the table"}  # fmt: skip
