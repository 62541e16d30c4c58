"""``clubdesk import`` refuses a bad refund row, naming its row (docs/event-file.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import ok, refused
from tests.domain.test_event_refunds import FEE, night, refund


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("rules_id", "row", "problem"),
    [
        # seed 004: "No refunds on entry/tournament fee - period!!!"
        ("bid-whist", refund(FEE),
         "Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"),
        ("bid-whist", refund(FEE, entrant=None),
         "Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"),
        ("bid-whist", refund(9000),
         "Bid Whist gives no refunds of the entry fee (rules: money.refunds = false)"),
        ("grand-prix-pinochle", refund(1000, entrant=None),
         "entrant: missing (a refund gives back an entrant's fee)"),
        ("grand-prix-pinochle", refund(9000),
         "entrant 2 has paid $40.00; a refund of $90.00 is more than that"),
    ],
)  # fmt: skip
def test_import_refuses_each_bad_refund_row(
    tmp_path: Path, rules_id: str, row: dict[str, Any], problem: str
) -> None:
    db = tmp_path / "club.sqlite"
    file = write(tmp_path / "night.json", night(rules_id, row))
    assert refused("import", file, "--db", db) == f"{file}: ledger[3]: {problem}"
    assert not db.exists()


def test_import_takes_a_refund_within_what_was_paid(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ok("import", write(tmp_path / "night.json", night("grand-prix-pinochle", refund(FEE))),
       "--db", db)  # fmt: skip
    exported = json.loads(ok("export", "--db", db, "--event", "night"))
    assert [r for r in exported["ledger"] if r["kind"] == "refund"][0]["cents"] == FEE
