"""Refund rows in the event file: each bad one refused, naming its row (``ledger[3]: ...``).

Bid whist, seed 004: "No refunds on entry/tournament fee - period!!!". Everywhere else a
refund names its entrant and is never more than that entrant paid less what was already
refunded.
"""

from __future__ import annotations

from typing import Any

import pytest

from clubdesk.domain.event.model import EventError
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.money.payouts import prize_pool
from tests.formats import lookup

FEE = 4000


def night(rules_id: str, *ledger: dict[str, Any], **settings: Any) -> dict[str, Any]:
    """Four teams at $40 (a fee row for each of 1 and 2), no round played yet, and
    ``ledger`` after the fees."""
    return {
        "format": "clubdesk-event/1",
        "id": "night",
        "name": "A night",
        "rules": rules_id,
        "settings": {"entry_fee_cents": FEE, **settings},
        "entrants": [
            {"number": n, "name": f"Team {n}", "players": [f"North {n}", f"South {n}"],
             "paid_cents": FEE, "status": "withdrawn" if n == 2 else "active"}
            for n in range(1, 5)
        ],
        "rounds": [],
        "ledger": [
            {"kind": "fee", "cents": FEE, "entrant": 1, "note": "entry fee"},
            {"kind": "fee", "cents": FEE, "entrant": 2, "note": "entry fee"},
            {"kind": "fine", "cents": 50, "entrant": 3, "note": "set"},
            *ledger,
        ],
    }  # fmt: skip


def refund(cents: int, entrant: int | None = 2, note: str = "went home") -> dict[str, Any]:
    return {"kind": "refund", "cents": cents, "entrant": entrant, "note": note}


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


def test_bid_whist_refuses_every_refund_row_by_its_row() -> None:
    # seed 004: "No refunds on entry/tournament fee - period!!!"
    never = "Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"
    data = night("bid-whist", refund(FEE), refund(FEE, entrant=None), refund(9000))
    assert problems(data) == [f"ledger[3]: {never}", f"ledger[4]: {never}", f"ledger[5]: {never}"]


def test_bid_whist_without_refunds_is_read() -> None:
    event = parse_event(night("bid-whist"), lookup)
    assert prize_pool(event, lookup("bid-whist")).refunds_cents == 0


def test_an_event_cannot_turn_refunds_on_for_a_format_that_gives_none() -> None:
    data = night("bid-whist", refund(FEE), refunds=True)
    assert problems(data)[0] == "settings.refunds: not a setting an event can change"


def test_a_refund_names_the_entrant_it_is_given_to() -> None:
    data = night("grand-prix-pinochle", refund(1000, entrant=None))
    assert problems(data) == ["ledger[3]: entrant: missing (a refund gives back an entrant's fee)"]


def test_a_refund_is_never_more_than_the_entrant_paid() -> None:
    data = night("grand-prix-pinochle", refund(9000))
    assert problems(data) == [
        "ledger[3]: entrant 2 has paid $40.00; a refund of $90.00 is more than that"
    ]
    unpaid = night("grand-prix-pinochle", refund(100, entrant=3))
    unpaid["entrants"][2]["paid_cents"] = 0
    assert problems(unpaid) == ["ledger[3]: entrant 3 has paid nothing; there is no fee to refund"]


def test_a_refund_is_never_more_than_what_is_left_after_the_refunds_before_it() -> None:
    data = night("grand-prix-pinochle", refund(3000), refund(1000, entrant=1), refund(1500))
    assert problems(data) == [
        "ledger[5]: entrant 2 paid $40.00 and $30.00 of it is refunded already; "
        "a refund of $15.00 is more than the $10.00 left"
    ]
    full = night("grand-prix-pinochle", refund(FEE), refund(1))
    assert problems(full) == [
        "ledger[4]: entrant 2 paid $40.00 and $40.00 of it is refunded already; "
        "nothing is left to refund"
    ]


def test_refunds_up_to_what_was_paid_are_read_and_written_back() -> None:
    data = night("house-gin", refund(3000), refund(1000))
    data["entrants"] = [{**e, "players": [e["players"][0]]} for e in data["entrants"]]
    event = parse_event(data, lookup)
    assert [e.cents for e in event.ledger if e.kind == "refund"] == [3000, 1000]
    assert parse_event(event_to_json(event), lookup) == event
    # fees 4 x $40 - $40 refunded = $120 (return 100%) + the $0.50 fine
    assert prize_pool(event, lookup("house-gin")).pool_cents == 12_050
