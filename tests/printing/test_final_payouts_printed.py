"""Finalized payouts as `clubdesk payouts` and the printed award sheet and payouts show them:
the frozen amounts, marked final, whatever the standings do afterwards."""

from __future__ import annotations

import io
import json
from pathlib import Path

from clubdesk.services import printouts, results, seating, sheets
from clubdesk.services.command import Desk
from clubdesk.services.final_payouts import finalize_payouts
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import ok
from tests.printing.reading import Printed


def finished_warmup(path: Path, clock) -> str:
    """6 teams at $20, the warm-up's 4 rounds played: a $120 pool paying $60, $36, $24."""
    with open_database(path) as db:
        event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
        builder.draw(db, event_id, clock, seed=2)
        for number in range(1, 5):
            seats = builder.publish(db, event_id, number, clock)
            scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
            builder.scores(db, event_id, number, scores, clock)
    return event_id


def test_payouts_say_final_in_json_and_text(tmp_path: Path, clock) -> None:
    path = tmp_path / "night.sqlite"
    event_id = finished_warmup(path, clock)
    assert json.loads(ok("payouts", "--db", path))["final"] is False
    with open_database(path) as db:
        finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    found = json.loads(ok("payouts", "--db", path))
    assert found["final"] is True and found["provisional"] is False
    assert [p["amount_cents"] for p in found["places"]] == [6000, 3600, 2400]
    lines = ok("payouts", "--db", path, "--format", "text").splitlines()
    assert f"Final: finalized by Pat Lee at {clock.now():%Y-%m-%d %H:%M}." in lines


def test_the_final_award_sheet_prints_the_frozen_amounts(db, clock, tmp_path) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
    builder.draw(db, event_id, clock, seed=2)
    for number in range(1, 5):
        seats = builder.publish(db, event_id, number, clock)
        scores = {t.table: (300 + 10 * t.table, 200 + number) for t in seats.tables}
        builder.scores(db, event_id, number, scores, clock)
    finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    frozen = results.payouts(db, event_id).prizes
    # a late amendment moves the last team to the top of the standings; the prizes stand
    last = results.standings(db, event_id).rows[-1].number
    table = seating.seating(db, event_id, 4).table_of(last)
    sheets.amend_sheet(
        Desk(db, event_id, clock), 4, table.table,
        score=(5000, 0) if last in table.a else (0, 5000), director="Pat Lee", reason="misread",
    )  # fmt: skip
    for kind in ("awards", "payouts"):
        out = io.BytesIO()
        printouts.write_document(db, event_id, kind, out, clock)
        doc = Printed(out.getvalue())
        assert "PROVISIONAL" not in doc.text
        assert doc.in_order("FINAL", "These prizes are final: finalized by Pat Lee")
        if kind == "awards":
            assert doc.in_order(
                *(
                    part
                    for p in frozen
                    for part in (f"No. {p.number} {p.name}", f"${p.amount_cents // 100}.00 cash")
                )
            )
        else:
            assert doc.in_order("Paid out $120.00")
    assert all(p.number != last for p in frozen)
