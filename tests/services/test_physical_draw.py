"""A draw made with real chits or lots, recorded as printed on them (docs/rules.md §3-5).

Seed 001: "Select a "chit" for your starting table number and seat position when the
tournament is declared "ready."" Seed 003: "the player match-ups will be chosen by random
drawing ... (1 will play 2, 3 will play 4, 5 will play 6, etc.)"
"""

from __future__ import annotations

import random

import pytest

from clubdesk.domain.seating.draw import Chit, Lot
from clubdesk.errors import UserError
from clubdesk.services import documents
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.draw import current_draw, draw_overview, make_draw, record_physical_draw
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.services.seating import publish_seating, seating
from clubdesk.store.db import open_database
from tests import builder


def printed(db, event_id: str) -> list[str]:
    """Every slip printed to cut apart, read as the director reads it: ``Table 2 Seat 3``,
    ``Table 1 Seat 1 (deals first)``, ``Lot 5``."""
    slips = documents.chits(db, event_id)
    return [f"{s.big} {s.small}" if s.big.startswith("Table") else s.big for s in slips]


def dealt(slips: list[str], seed: int) -> dict[int, str]:
    """The slips drawn from a hat: entrant n holds the n-th slip after a shuffle."""
    shuffled = list(slips)
    random.Random(seed).shuffle(shuffled)
    return dict(enumerate(shuffled, start=1))


def test_npa_chits_typed_as_printed_seat_round_1(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    slips = printed(db, event)
    assert slips[:2] == ["Table 1 Seat 1 (deals first)", "Table 1 Seat 2"]
    typed = dealt(slips, 4)
    info = record_physical_draw(Desk(db, event, clock), typed)
    assert (info.kind, info.method, info.seed) == ("chits", "physical", None)
    assert "12 players at 3 tables; seats 1 and 3 play against seats 2 and 4" in info.notes
    chit_of = {d.entrant: d.pick for d in info.draw.drawn}
    first = seating(db, event, 1)
    for table in first.tables:  # seats 1 and 3 against seats 2 and 4, at the chit's table
        assert [chit_of[p] for p in table.a] == [Chit(table.table, 1), Chit(table.table, 3)]
        assert [chit_of[p] for p in table.b] == [Chit(table.table, 2), Chit(table.table, 4)]
    [entry] = [e for e in list_audit(db, event) if e.action == "draw.physical"]
    assert entry.details["method"] == "physical" and len(entry.details["drawn"]) == 12
    assert draw_overview(db, event).draw.method == "physical"
    publish_seating(Desk(db, event, clock), 1)  # round 1 follows from it like any draw


def test_gin_lots_typed_as_printed_pair_1_with_2(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=9)
    typed = dealt(printed(db, event), 2)
    info = record_physical_draw(Desk(db, event, clock), {str(n): lot for n, lot in typed.items()})
    assert (info.kind, info.method) == ("random", "physical")
    holder = {d.pick: d.entrant for d in info.draw.drawn}
    first = seating(db, event, 1)
    assert [(t.a, t.b) for t in first.tables] == [
        ((holder[Lot(k)],), (holder[Lot(k + 1)],)) for k in (1, 3, 5, 7)
    ]
    assert first.byes == (holder[Lot(9)],)
    assert f"odd number of players: player {holder[Lot(9)]} has a bye" in info.notes


def test_sun_city_west_draws_chits_too(db, clock):
    event = builder.event(db, clock, "sun-city-west-pinochle", entrants=8)
    info = record_physical_draw(Desk(db, event, clock), dealt(printed(db, event), 1))
    assert info.kind == "chits" and len(seating(db, event, 1).tables) == 2


def test_the_event_file_keeps_a_physical_chit_draw(db, clock, tmp_path):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    info = record_physical_draw(Desk(db, event, clock), dealt(printed(db, event), 9))
    exported = export_event(db, event)
    assert exported["draw"]["method"] == "physical" and exported["draw"]["kind"] == "chits"
    with open_database(tmp_path / "other.sqlite", backups=tmp_path / "b2") as other:
        import_event(Desk(other, None, clock), exported)
        again = current_draw(other, event)
        assert again.method == "physical" and again.draw.drawn == info.draw.drawn
        assert seating(other, event, 1) == seating(db, event, 1)
        assert export_event(other, event)["draw"] == exported["draw"]


@pytest.mark.parametrize(
    ("rules_id", "entrants", "change", "message"),
    [
        ("npa-club-pinochle", 12, {7: "T1 S1"}, "chit table 1 seat 1 drawn twice: players"),
        (
            "npa-club-pinochle",
            12,
            {7: "table 4 seat 2"},
            "player 7: there is no chit table 4 seat 2 for 12 players (tables 1-3, seats 1-4)",
        ),  # fmt: skip
        ("npa-club-pinochle", 12, {"seven": "1-1"}, "'seven' is not a player number"),
        ("npa-club-pinochle", 12, {7: 3}, "player 7: 3 is not a chit; type e.g. table 2 seat 3"),
        ("house-gin", 6, {4: "lot 7"}, "player 4: there is no lot 7 for 6 players (lots 1-6)"),
        ("house-gin", 6, {9: "lot 1"}, "player 9 drew 'lot 1' but is not registered"),
    ],
)
def test_a_mistake_names_the_entrant_and_the_pick_and_writes_nothing(
    db, clock, rules_id, entrants, change, message
):
    event = builder.event(db, clock, rules_id, entrants=entrants)
    audit_before = list_audit(db, event)
    typed = {n: slip for n, slip in enumerate(printed(db, event), start=1)}
    with pytest.raises(UserError) as caught:
        record_physical_draw(Desk(db, event, clock), {**typed, **change})
    assert str(caught.value).startswith(message)
    assert current_draw(db, event) is None and list_audit(db, event) == audit_before


def test_a_field_that_cannot_sit_in_fours_is_refused_as_make_draw_refuses_it(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=13)
    typed = {n: f"table {(n - 1) // 4 + 1} seat {(n - 1) % 4 + 1}" for n in range(1, 14)}
    with pytest.raises(UserError) as physical:
        record_physical_draw(Desk(db, event, clock), typed)
    with pytest.raises(UserError) as made:
        make_draw(Desk(db, event, clock), 1)
    assert (
        str(physical.value)
        == str(made.value)
        == ("NPA Club Pinochle seats players in fours; 13 registered: add 3 players or withdraw 1")
    )


def test_a_physical_draw_replaces_a_random_one_before_round_1(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=4)
    make_draw(Desk(db, event, clock), 3)
    lots = {1: "lot 2", 2: "lot 1", 3: "lot 4", 4: "lot 3"}
    with pytest.raises(UserError, match="the draw is already made"):
        record_physical_draw(Desk(db, event, clock), lots)
    info = record_physical_draw(Desk(db, event, clock), lots, redo=True)
    assert info.replaced is not None and info.method == "physical"
    assert seating(db, event, 1).to_json()["tables"] == [
        {"table": 1, "a": 2, "b": 1},
        {"table": 2, "a": 4, "b": 3},
    ]
