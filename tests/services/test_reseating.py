"""A field that changes while the event runs (issue 9, item 6): a late entry takes the draw's
free place, and the rounds not played yet are seated again after a withdrawal."""

from __future__ import annotations

import random

import pytest

from clubdesk.domain.seating.draw import Card, Lot, card_draw, chit_draw, random_draw
from clubdesk.domain.seating.first_round import late_place
from clubdesk.domain.seating.stationary import bye_station_card
from clubdesk.services import board, draw, field_note, rounds, rulings, seating
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.registration import reinstate
from tests import builder


@pytest.fixture
def grand_prix(db, clock) -> str:
    """Fifteen Grand Prix teams (seven tables and the bye station 8), round 1 running."""
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=15)
    builder.draw(db, event, clock, seed=4)
    builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    return event


def test_a_sixteenth_team_takes_the_bye_station_from_the_next_round(db, clock, grand_prix):
    first = seating.seating(db, grand_prix, 1)
    assert len(first.tables) == 7 and len(first.byes) == 1
    [late] = builder.add_entrants(db, grand_prix, clock, [16])
    assert late.late is False  # the draw has placed it
    assert late.changes == Change.ENTRANTS | Change.MONEY | Change.DRAW | Change.SEATING
    info = draw.current_draw(db, grand_prix)
    assert info is not None and info.draw.pick_of(16) == Card("blue", 8)
    entry = next(e for e in list_audit(db) if e.action == "draw.late_entry")
    assert entry.details == {"draw_id": info.draw_id, "number": 16, "drawn": "blue 8"}
    assert seating.seating(db, grand_prix, 1) == first  # the round being played stays
    second = seating.seating(db, grand_prix, 2)
    assert second.byes == () and [t.table for t in second.tables] == list(range(1, 9))
    # the E/W team that would have sat out at the bye station plays the late team there
    sat_out = seating.seating(db, grand_prix, 1).byes[0]
    assert second.table(8).a == (16,)
    assert second.table(1).b == (sat_out,)  # from the bye station to table 1, as before
    assert not any("registered after the draw" in n for n in info.notes)


def test_a_second_late_team_has_no_place(db, clock, grand_prix):
    builder.add_entrants(db, grand_prix, clock, [16, 17])
    assert builder.entrant(db, grand_prix, 17).late is True
    second = seating.seating(db, grand_prix, 2)
    assert 17 not in second.entrants and 16 in second.entrants
    [note] = [n for n in draw.current_draw(db, grand_prix).notes if "17" in n]
    assert note == (
        "round 1 as published: 7 tables, 1 bye; team 16 joining from round 2; team 17 cannot "
        "be seated: registered after the draw, and this movement has no free place for it"
    )
    assert field_note.field_note(db, grand_prix).text == note


def test_a_late_team_placed_while_the_next_round_is_published_is_seated_in_it(
    db, clock, grand_prix
):
    builder.publish(db, grand_prix, 2, clock)
    builder.add_entrants(db, grand_prix, clock, [16])
    assert 16 in seating.seating(db, grand_prix, 2).entrants  # round 2 seated again
    reseat = [e for e in list_audit(db) if e.action == "seating.reseat"]
    assert [e.details for e in reseat] == [{"rounds": [2]}]


def test_a_withdrawn_teams_opponents_get_the_bye_in_the_published_round_not_yet_played(
    db, clock, grand_prix
):
    builder.publish(db, grand_prix, 2, clock)
    before = seating.seating(db, grand_prix, 2)
    leaving = before.table(3).a[0]  # an N/S team
    visitor = before.table(3).b[0]
    done = builder.withdraw(db, grand_prix, leaving, clock)
    assert done.changes & Change.SEATING
    after = seating.seating(db, grand_prix, 2)
    assert leaving not in after.entrants
    assert visitor in after.byes
    assert 3 not in [t.table for t in after.tables]
    assert leaving in seating.seating(db, grand_prix, 1).entrants  # round 1 is being played


def test_a_late_entry_without_a_place_changes_no_seating(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    builder.draw(db, event, clock, seed=4)
    builder.publish(db, event, 1, clock)
    builder.publish(db, event, 2, clock)
    [late] = builder.add_entrants(db, event, clock, [17])
    assert late.late and late.changes == Change.ENTRANTS | Change.MONEY
    actions = {e.action for e in list_audit(db)}
    assert not actions & {"draw.late_entry", "seating.reseat"}
    assert 17 not in seating.seating(db, event, 2).entrants


@pytest.fixture
def npa(db, clock) -> str:
    """Twelve NPA players, round 1 played and closed: round 2 published by the close."""
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event, clock, seed=3)
    seats = builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    builder.scores(db, event, 1, {t.table: (300 + t.table, 250) for t in seats.tables}, clock)
    rounds.close_round(Desk(db, event, clock), 1)
    return event


def test_a_withdrawal_between_close_and_start_seats_the_next_round_again(db, clock, npa):
    before = seating.seating(db, npa, 2)
    leaving = before.tables[0].a[0]
    done = builder.withdraw(db, npa, leaving, clock)
    assert done.changes & Change.SEATING
    after = seating.seating(db, npa, 2)
    assert leaving not in after.entrants
    assert len(after.entrants) == 11 and len(after.tables) == 2 and len(after.byes) == 3
    actions = [e.action for e in list_audit(db)[-3:]]
    assert actions == ["entrant.withdraw", "seating.publish", "seating.reseat"]
    assert list_audit(db)[-1].details == {"rounds": [2]}
    # the close stands: round 1 is closed, round 2 pending
    assert draw.draw_overview(db, npa).published_rounds == (1, 2)


def test_once_the_next_round_started_a_withdrawal_leaves_its_seating(db, clock, npa):
    builder.start(db, npa, 2, clock)
    before = seating.seating(db, npa, 2)
    builder.withdraw(db, npa, before.tables[0].a[0], clock)
    assert seating.seating(db, npa, 2) == before


def test_gin_a_late_player_takes_the_lot_of_the_odd_player_out(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=7)
    builder.draw(db, event, clock, seed=2)
    first = builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    [alone] = first.byes
    builder.add_entrants(db, event, clock, [8])
    assert draw.current_draw(db, event).draw.pick_of(8) == Lot(8)
    second = seating.seating(db, event, 2)
    assert second.byes == ()
    assert any(set(t.entrants) == {alone, 8} for t in second.tables)


def test_the_free_place_of_each_kind_of_draw():
    odd = card_draw(list(range(1, 16)), random.Random(1))
    assert bye_station_card(odd) == Card("blue", 8) == late_place(odd)
    assert late_place(card_draw(list(range(1, 17)), random.Random(1))) is None
    assert late_place(random_draw(list(range(1, 8)), random.Random(1))) == Lot(8)
    assert late_place(random_draw(list(range(1, 9)), random.Random(1))) is None
    assert late_place(chit_draw(list(range(1, 13)), random.Random(1))) is None


def test_a_reinstated_team_is_seated_again_in_the_round_not_yet_played(db, clock, grand_prix):
    builder.publish(db, grand_prix, 2, clock)
    before = seating.seating(db, grand_prix, 2)
    leaving = before.table(2).a[0]
    builder.withdraw(db, grand_prix, leaving, clock)
    assert leaving not in seating.seating(db, grand_prix, 2).entrants
    back = reinstate(Desk(db, grand_prix, clock), leaving)
    assert back.changes & Change.SEATING
    assert seating.seating(db, grand_prix, 2) == before


def test_a_round_with_a_ruling_on_a_sheet_keeps_its_seating_and_the_withdrawal_stands(
    db, clock, grand_prix
):
    builder.publish(db, grand_prix, 2, clock)
    before = seating.seating(db, grand_prix, 2)
    rulings.rule_late(Desk(db, grand_prix, clock), 2, 1, "b", 7)  # written on round 2's sheet
    leaving = before.table(3).a[0]
    done = builder.withdraw(db, grand_prix, leaving, clock)
    assert done.status == "withdrawn" and not done.changes & Change.SEATING
    assert seating.seating(db, grand_prix, 2) == before
    assert not any(e.action == "seating.reseat" for e in list_audit(db))
    assert seating.seating(db, grand_prix, 3).byes  # the next round unpublished gives the bye


def test_the_board_says_a_round_was_not_seated_again_and_why(db, clock, grand_prix):
    builder.publish(db, grand_prix, 2, clock)
    before = seating.seating(db, grand_prix, 2)
    rulings.rule_late(Desk(db, grand_prix, clock), 2, 1, "b", 7)  # written on round 2's sheet
    leaving = before.table(3).a[0]
    assert board.board(db, grand_prix, 2).kept_note == ""
    builder.withdraw(db, grand_prix, leaving, clock)
    shown = board.board(db, grand_prix, 2)
    name = next(s.name for s in shown.withdrawn)
    assert shown.kept_note == (
        f"Round 2 was not seated again after {leaving} {name} withdrew: table 1's sheet is "
        "already written on. Rule on table 3 from the board (Late…, more than 10 minutes: "
        "the opponents score as for a bye)."
    )
    assert board.board(db, grand_prix, 1).kept_note == ""  # round 1 is being played
