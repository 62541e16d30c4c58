"""Documents gathered from events the services built, read back: what the standings,
payouts, seating and sheets say is what the paper says."""

from __future__ import annotations

import io
import random

import pytest

from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import events, printouts, results, rounds, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from tests import builder
from tests.printing.reading import Printed


def _print(db, event_id, kind, clock, round_number=None, paper="letter") -> Printed:
    out = io.BytesIO()
    printouts.write_document(db, event_id, kind, out, clock, round_number=round_number, paper=paper)
    return Printed(out.getvalue())


@pytest.fixture
def demo(db, demo_event, clock) -> str:
    """The demo Grand Prix: 16 teams, 3 rounds in, round 4 running."""
    return demo_event.id


def test_the_standings_print_in_the_order_the_services_rank(db, clock, demo) -> None:
    table = results.standings(db, demo)
    doc = _print(db, demo, "standings", clock)
    assert doc.in_order(*(f"{row.number} {row.name} {row.total}" for row in table.rows))
    assert "Standings after round 3" in doc.text
    dropped = next(row for row in table.rows if row.dropped)
    assert f"({dropped.rounds[dropped.dropped[0] - 1]})" in doc.text
    assert f"Printed {clock.now():%Y-%m-%d %H:%M} by clubdesk" in doc.text


def test_payouts_before_the_last_round_are_provisional_on_paper(db, clock, demo) -> None:
    found = results.payouts(db, demo)
    assert found.provisional
    for kind in ("awards", "payouts"):
        doc = _print(db, demo, kind, clock)
        assert "PROVISIONAL" in doc.text
        first = found.prizes[0]
        assert doc.in_order(
            f"No. {first.number}" if kind == "awards" else str(first.number), first.name
        )


def test_a_rounds_sheets_are_filled_where_handed_in_and_blank_where_not(db, clock, demo) -> None:
    played = _print(db, demo, "scoresheets", clock, 3)
    seats = seating_service.seating(db, demo, 3)
    assert len(played.pages) == len(seats.tables)
    first = sheets.table_sheet(db, demo, 3, 1).game
    signer = first.signatures[0]
    assert played.in_order(
        "Score sheet · Round 3 of 11 · Table 1",
        "As handed in",
        f"Final {first.score.a} {first.score.b}",
        f"{signer.role}: {signer.name}",
    )
    blank = _print(db, demo, "scoresheets", clock, 4)
    names = {e.number: e.name for e in entrants_service.list_entrants(db, demo)}
    for page, table in zip(blank.pages, seating_service.seating(db, demo, 4).tables, strict=True):
        a, b = table.a[0], table.b[0]
        assert f"Table {table.table}" in page and "As handed in" not in page
        assert f"N/S (A) {a} {names[a]} E/W (B) {b} {names[b]}" in page


def test_seating_table_cards_chits_and_schedule_of_the_demo(db, clock, demo) -> None:
    seats = seating_service.seating(db, demo, 4)
    wall = _print(db, demo, "seating", clock, 4)
    lines = []
    for number in seats.entrants:
        table = seats.table_of(number)
        lines.append(
            f"{number} {builder.entrant(db, demo, number).name} {table.table} "
            f"{'N/S' if table.side_of(number) == 'a' else 'E/W'}"
        )
    assert wall.in_order(*lines)
    cards = _print(db, demo, "tablecards", clock, 4, paper="a4")
    assert len(cards.pages) == len(seats.tables) and set(cards.sizes) == {(842, 595)}
    chits = _print(db, demo, "chits", clock)
    assert chits.in_order(*(f"Blue {n}" for n in range(1, 9)), *(f"Red {n}" for n in range(1, 9)))
    assert "Red 9" not in chits.text
    timetable = _print(db, demo, "schedule", clock)
    assert timetable.in_order(*(f" {n} Sat" for n in range(1, 5)))


def test_a_round_document_needs_a_round_that_is_seated(db, clock, demo) -> None:
    with pytest.raises(UserError, match="--round: scoresheets is printed for one round"):
        _print(db, demo, "scoresheets", clock)
    with pytest.raises(UserError, match="round: the event has rounds 1 to 11, not 12"):
        _print(db, demo, "tablecards", clock, 12)


def test_chits_for_an_npa_night_are_a_table_and_seat_per_player(db, clock) -> None:
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    doc = _print(db, event, "chits", clock)
    expected = [f"Table {t} Seat {s}" for t in (1, 2, 3) for s in (1, 2, 3, 4)]
    assert doc.in_order(*expected) and "Table 4" not in doc.text


def test_gin_prints_a_lot_per_player_and_no_timetable(db, clock) -> None:
    # seed 003: "players will be matched against the number that immediate follows them.
    # (1 will play 2, 3 will play 4, 5 will play 6, etc.)"
    event = builder.event(db, clock, "house-gin", entrants=7)
    lots = _print(db, event, "chits", clock)
    assert lots.in_order(
        "Lot 1 plays lot 2", "Lot 2 plays lot 1", "Lot 3 plays lot 4", "Lot 6 plays lot 5",
        "Lot 7 bye in round 1",
    )  # fmt: skip
    assert "Lot 8" not in lots.text
    with pytest.raises(UserError, match="no round clock"):
        _print(db, event, "schedule", clock)


def _play_gin(db, clock, entrants: int, seed: int) -> str:
    """A house gin night played to its final, every match a typed score."""
    event = builder.event(db, clock, "house-gin", entrants=entrants, paid_cents=3000)
    rules = events.event_rules(db, event)
    builder.draw(db, event, clock, seed=seed)
    rng = random.Random(seed)
    ready = None  # the final, published by closing the cut round
    for number in range(1, rules.schedule.rounds + 1):
        seats = ready or seating_service.publish_seating(Desk(db, event, clock), number).seating
        rounds.start_round(Desk(db, event, clock), number)
        for table in seats.tables:
            a, b = rng.sample(range(50, 450), 2)
            sheets.submit_sheet(
                Desk(db, event, clock),
                number,
                table.table,
                final_score=(a, b),
                signatures=builder.signers(db, event, number, table.table),
            )
        ready = rounds.close_round(Desk(db, event, clock), number).next_seating
    return event


def test_the_gin_award_sheet_pays_the_seeds_split_in_store_credit(db, clock) -> None:
    # seed 003: 12 players at $30 = $360: 3rd $35, 4th $25, the rest 60/40: $180 and $120
    event = _play_gin(db, clock, 12, seed=5)
    found = results.payouts(db, event)
    assert not found.provisional and not found.undecided
    doc = _print(db, event, "awards", clock)
    amounts = [
        "$180.00 store credit",
        "$120.00 store credit",
        "$35.00 store credit",
        "$25.00 store credit",
    ]
    winners = [
        f"{ordinal} place · No. {p.number} {p.name}"
        for ordinal, p in zip(("1st", "2nd", "3rd", "4th"), found.prizes, strict=True)
    ]
    assert doc.in_order(*(part for pair in zip(winners, amounts, strict=True) for part in pair))
    assert "PROVISIONAL" not in doc.text
    treasurer = _print(db, event, "payouts", clock)
    assert treasurer.in_order(
        "Entry fees received $360.00",
        "Prize pool $360.00",
        "Prizes are paid in store credit",
        "Paid out $360.00",
    )


def test_a_paper_setting_other_than_letter_or_a4_is_refused(db, clock) -> None:
    with pytest.raises(UserError, match=r"^settings\.paper: ") as refused:
        builder.event(db, clock, "npa-club-pinochle", settings={"paper": "legal"})
    assert refused.value.field == "settings.paper"
    assert [e.name for e in events.list_events(db)] == []
