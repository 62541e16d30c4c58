"""Signatures drawn on the pad: kept as strokes with the sheet, locked with it, carried by the
event file; an amendment keeps the director's drawn signature."""

from __future__ import annotations

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services import sheets
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.services.sheets import SignatureInput
from clubdesk.store.db import open_database
from clubdesk.store.models import Signature
from tests import builder

KEEPER = [[[0.1, 0.6], [0.2, 0.4], [0.3, 0.62]], [[0.4, 0.5], [0.6, 0.52]]]
COUNTER = [[[0.2, 0.5], [0.8, 0.5]]]
DIRECTOR = [[[0.05, 0.7], [0.5, 0.2], [0.95, 0.7]]]


@pytest.fixture
def event_id(db, clock) -> str:
    event = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=4)
    builder.draw(db, event, clock, seed=5)
    builder.publish(db, event, 1, clock)
    return event


def signed(db, event_id, keeper=KEEPER, counter=COUNTER) -> dict[str, SignatureInput]:
    names = builder.signers(db, event_id, 1, 1)
    return {
        "scorekeeper": SignatureInput(names["scorekeeper"], keeper),
        "countersign": SignatureInput(names["countersign"], counter),
    }


def as_tuples(strokes) -> tuple:
    return tuple(tuple(tuple(point) for point in stroke) for stroke in strokes)


def test_drawn_signatures_are_stored_and_read_back(db, clock, event_id) -> None:
    sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 1, final_score=(510, 300), signatures=signed(db, event_id)
    )
    game = sheets.table_sheet(db, event_id, 1, 1).game
    assert [s.strokes for s in game.signatures] == [as_tuples(KEEPER), as_tuples(COUNTER)]
    with db.session() as session:  # compact JSON in the row
        rows = {row.role: row.strokes for row in session.exec(select(Signature))}
    assert rows["countersign"] == "[[[0.2,0.5],[0.8,0.5]]]"


def test_a_typed_name_keeps_no_strokes(db, clock, event_id) -> None:
    names = builder.signers(db, event_id, 1, 1)
    sheets.submit_sheet(Desk(db, event_id, clock), 1, 1, final_score=(510, 300), signatures=names)
    with db.session() as session:
        assert [row.strokes for row in session.exec(select(Signature))] == [None, None]


def test_strokes_off_the_pad_are_refused_and_nothing_is_kept(db, clock, event_id) -> None:
    with pytest.raises(UserError) as refused:
        sheets.submit_sheet(
            Desk(db, event_id, clock), 1, 1, final_score=(510, 300),
            signatures=signed(db, event_id, counter=[[[0.2, 0.5], [0.8, float("inf")]]]),
        )  # fmt: skip
    assert str(refused.value).startswith("signatures.countersign.strokes[0][1] = [0.8, inf]")
    assert sheets.table_sheet(db, event_id, 1, 1).state == "waiting"


@pytest.mark.parametrize("dot", [[[[0.5, 0.5]]], [[[0.5, 0.5], [0.52, 0.51]], [[0.6, 0.5]]]])
def test_a_dot_is_not_a_signature(db, clock, event_id, dot) -> None:
    """A tap or a flick on the pad (less ink than a tenth of its width) is refused, at the
    signature, for a sheet and for an amendment alike; nothing is kept."""
    with pytest.raises(UserError) as refused:
        sheets.submit_sheet(
            Desk(db, event_id, clock), 1, 1, final_score=(510, 300),
            signatures=signed(db, event_id, counter=dot),
        )  # fmt: skip
    assert str(refused.value) == (
        "signatures.countersign.strokes: a dot is not a signature; sign your name across the pad"
    )
    assert refused.value.field == "signatures.countersign.strokes"
    assert sheets.table_sheet(db, event_id, 1, 1).state == "waiting"
    names = builder.signers(db, event_id, 1, 1)
    sheets.submit_sheet(Desk(db, event_id, clock), 1, 1, final_score=(510, 300), signatures=names)
    with pytest.raises(UserError, match=r"^strokes: a dot is not a signature"):
        sheets.amend_sheet(
            Desk(db, event_id, clock), 1, 1, score=(500, 310), director="Dee", reason="again",
            strokes=dot,
        )  # fmt: skip


def test_an_amendment_keeps_the_directors_drawn_signature(db, clock, event_id) -> None:
    names = builder.signers(db, event_id, 1, 1)
    sheets.submit_sheet(Desk(db, event_id, clock), 1, 1, final_score=(510, 300), signatures=names)
    sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 1, score=(510, 310), director="Dee", reason="adding error",
        strokes=DIRECTOR,
    )  # fmt: skip
    [amendment] = sheets.table_sheet(db, event_id, 1, 1).game.amendments
    assert amendment.strokes == as_tuples(DIRECTOR)
    with pytest.raises(UserError, match=r"^strokes\[0\] has no points$"):
        sheets.amend_sheet(
            Desk(db, event_id, clock), 1, 1, score=(500, 310), director="Dee", reason="again",
            strokes=[[]],
        )  # fmt: skip
    assert len(sheets.table_sheet(db, event_id, 1, 1).game.amendments) == 1


def test_export_and_import_keep_the_strokes(db, clock, event_id, tmp_path) -> None:
    sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 1, final_score=(510, 300), signatures=signed(db, event_id)
    )
    sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 1, score=(510, 310), director="Dee", reason="adding error",
        strokes=DIRECTOR,
    )  # fmt: skip
    exported = export_event(db, event_id)
    with open_database(tmp_path / "other.sqlite", backups=tmp_path / "b2") as other:
        import_event(Desk(other, None, clock), exported)
        game = sheets.table_sheet(other, event_id, 1, 1).game
        assert export_event(other, event_id) == exported
    assert [s.strokes for s in game.signatures] == [as_tuples(KEEPER), as_tuples(COUNTER)]
    assert game.amendments[0].strokes == as_tuples(DIRECTOR)
