"""Store credit as `clubdesk payouts` and the printed payouts record show it: each credit
redeemed or not, and lapsed after the tournament's day (seed 003: "All prizes are for store
credit only and must be redeemed the day of the tournament")."""

from __future__ import annotations

import io
import json
from pathlib import Path

from clubdesk.services import printouts, results
from clubdesk.services.command import Desk
from clubdesk.services.final_payouts import finalize_payouts, redeem_credit
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import ok
from tests.printing.reading import Printed


def credit_night(path: Path, clock) -> str:
    """6 teams at $20 paid in store credit, the 4 rounds played, finalized: $60, $36, $24."""
    with open_database(path) as db:
        event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000,
                                 settings={"prizes_in": "store-credit"})  # fmt: skip
        builder.draw(db, event_id, clock, seed=2)
        for number in range(1, 5):
            seats = builder.publish(db, event_id, number, clock)
            scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
            builder.scores(db, event_id, number, scores, clock)
        finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    return event_id


def test_clubdesk_payouts_shows_each_credit_redeemed_or_lapsed(tmp_path: Path, clock) -> None:
    path = tmp_path / "night.sqlite"
    event_id = credit_night(path, clock)
    with open_database(path) as db:
        first, second, third = results.payouts(db, event_id).prizes
        redeem_credit(Desk(db, event_id, clock), second.number)
    day = clock.now().date().isoformat()  # the night is past: what was not redeemed lapsed
    found = json.loads(ok("payouts", "--db", path))
    assert [(c["number"], c["credit_cents"], c["state"], c["day"]) for c in found["credits"]] == [
        (first.number, 6000, "lapsed", day),
        (second.number, 3600, "redeemed", day),
        (third.number, 2400, "lapsed", day),
    ]
    assert found["credits"][1]["redeemed_at"] == clock.now().isoformat()
    lines = ok("payouts", "--db", path, "--format", "text").splitlines()
    start = lines.index("Store credit (redeemed the day of the tournament):")
    assert lines[start + 1 :] == [
        f"  1st  {first.number} {first.name}: $60.00 store credit, lapsed (not redeemed on {day})",
        f"  2nd  {second.number} {second.name}: $36.00 store credit, redeemed at "
        f"{clock.now():%H:%M}",
        f"  3rd  {third.number} {third.name}: $24.00 store credit, lapsed (not redeemed on {day})",
    ]


def test_the_payouts_record_lists_each_credit(db, clock) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000,
                             settings={"prizes_in": "store-credit"})  # fmt: skip
    builder.draw(db, event_id, clock, seed=2)
    for number in range(1, 5):
        seats = builder.publish(db, event_id, number, clock)
        scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
        builder.scores(db, event_id, number, scores, clock)
    finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    first, second, _ = results.payouts(db, event_id).prizes
    redeem_credit(Desk(db, event_id, clock), first.number)
    out = io.BytesIO()
    printouts.write_document(db, event_id, "payouts", out, clock)
    doc = Printed(out.getvalue())
    day = clock.now().date().isoformat()
    assert doc.in_order(
        "Store credit redeemed",
        f"1st {first.number} {first.name}: $60.00 store credit, redeemed at {clock.now():%H:%M}",
        f"2nd {second.number} {second.name}: $36.00 store credit, to redeem by the end of {day}",
    )
