"""A sheet is signed by two players seated at its table, on opposite sides (docs/rules.md §1,
score sheets): the scorekeeper and one countersigning opponent."""

from __future__ import annotations

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services import seating, sheets
from clubdesk.services.command import Desk
from clubdesk.store.models import Signature
from tests import builder


@pytest.fixture
def event_id(db, clock) -> str:
    """A four-team warm-up, drawn, with round 1 published (teams North{n} / South{n})."""
    event = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=4)
    builder.draw(db, event, clock, seed=5)
    builder.publish(db, event, 1, clock)
    return event


def _table_one(db, event_id) -> tuple[int, int]:
    table = seating.seating(db, event_id, 1).tables[0]
    return table.a[0], table.b[0]


def _submit(db, clock, event_id, signatures):
    return sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 1, final_score=(510, 300), signatures=signatures
    )


def test_signers_on_opposite_sides_are_stored_as_registered(db, clock, event_id) -> None:
    a, b = _table_one(db, event_id)
    _submit(db, clock, event_id, {"scorekeeper": f"  south{a} ", "countersign": f"NORTH{b}"})
    with db.session() as session:
        stored = {row.role: row.name for row in session.exec(select(Signature))}
    assert stored == {"scorekeeper": f"South{a}", "countersign": f"North{b}"}


def test_signers_on_one_side_are_refused(db, clock, event_id) -> None:
    a, _ = _table_one(db, event_id)
    with pytest.raises(UserError) as caught:
        _submit(db, clock, event_id, {"scorekeeper": f"North{a}", "countersign": f"South{a}"})
    assert str(caught.value) == (
        f"signatures.countersign: North{a} and South{a} sit on the same side at round 1, "
        "table 1; the sheet is countersigned by an opponent"
    )
    assert sheets.sheets_in(db, event_id, 1) == (0, 2)


def test_one_player_signing_twice_is_refused(db, clock, event_id) -> None:
    a, _ = _table_one(db, event_id)
    with pytest.raises(UserError, match="signatures.countersign: .* same side"):
        _submit(db, clock, event_id, {"scorekeeper": f"North{a}", "countersign": f"North{a}"})


def test_a_signer_not_at_the_table_is_refused(db, clock, event_id) -> None:
    a, b = _table_one(db, event_id)
    elsewhere = next(n for n in range(1, 5) if n not in (a, b))
    with pytest.raises(UserError) as caught:
        _submit(
            db, clock, event_id, {"scorekeeper": f"North{a}", "countersign": f"North{elsewhere}"}
        )
    assert str(caught.value) == (
        f"signatures.countersign: North{elsewhere} does not play at round 1, table 1 "
        f"(seated there: North{a}, South{a}, North{b}, South{b})"
    )
    with db.session() as session:
        assert session.exec(select(Signature)).all() == []


def test_individual_partners_sign_for_their_pair(db, clock) -> None:
    """NPA: side a is seats 1 and 3, side b seats 2 and 4; either partner may sign."""
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event, clock, seed=3)
    table = builder.publish(db, event, 1, clock).tables[0]
    signed = {"scorekeeper": f"Player {table.a[1]}", "countersign": f"Player {table.b[1]}"}
    done = sheets.submit_sheet(
        Desk(db, event, clock), 1, table.table, final_score=(300, 250), signatures=signed
    )
    assert (done.score_a, done.score_b) == (300, 250)
    partners = seating.seating(db, event, 1).tables[1]
    with pytest.raises(UserError, match="same side"):
        sheets.submit_sheet(
            Desk(db, event, clock),
            1,
            partners.table,
            final_score=(300, 250),
            signatures={
                "scorekeeper": f"Player {partners.a[0]}",
                "countersign": f"Player {partners.a[1]}",
            },
        )
