"""A night taken to the end on paper: a finished event's payouts finalized and printed,
adding up to the pool to the cent (a tie and the rounding leftover included), and a bid
whist night paid by its playoffs, its playoff rounds printed by their titles."""

from __future__ import annotations

from clubdesk.services import documents, ledger, results, rounds
from clubdesk.services.command import Desk
from clubdesk.services.final_payouts import finalize_payouts
from tests import builder
from tests.printing.test_gathered import _print
from tests.services.test_playoff_rounds import play, preliminaries, seeds

# each team's score in every round of the warm-up: teams 1 and 2 end level on top
SCORE = {1: 500, 2: 500, 3: 400, 4: 300, 5: 200, 6: 100}


def test_a_finished_warmup_is_paid_to_the_cent_tie_and_rounding_included(db, clock) -> None:
    # 6 teams at $20 and $7.77 added: a $127.77 pool. 50/30/20 rounded down to the dollar:
    # $63, $38, $25, the $1.77 left to 1st: $64.77. Teams 1 and 2 share 1st and 2nd:
    # $102.77, the odd cent to the lower number: $51.39 and $51.38; team 3 $25.00.
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
    ledger.add_money(Desk(db, event_id, clock), "added", 777, note="from the club")
    builder.draw(db, event_id, clock, seed=2)
    for number in range(1, 5):
        seats = builder.publish(db, event_id, number, clock)
        scores = {t.table: (SCORE[t.a[0]], SCORE[t.b[0]]) for t in seats.tables}
        builder.scores(db, event_id, number, scores, clock)
    found = results.payouts(db, event_id)
    assert not found.provisional
    assert [(p.place, p.number, p.amount_cents) for p in found.prizes] == [
        (1, 1, 5139),
        (1, 2, 5138),
        (3, 3, 2500),
    ]
    finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    paid = results.payouts(db, event_id)
    assert sum(p.amount_cents for p in paid.prizes) == paid.pool_cents == 12_777

    record = _print(db, event_id, "payouts", clock)
    assert record.in_order(
        "FINAL",
        "Entry fees received $120.00",
        "Added money $7.77",
        "Prize pool $127.77",
        "1 1 North1 / South1 $51.39 North1 $25.70 South1 $25.69",
        "1 2 North2 / South2 $51.38 North2 $25.69 South2 $25.69",
        "3 3 North3 / South3 $25.00 North3 $12.50 South3 $12.50",
        "Paid out $127.77",
    )
    awards = _print(db, event_id, "awards", clock)
    shares = [s.amount_cents for p in paid.prizes for s in p.players]
    assert shares == [2570, 2569, 2569, 2569, 1250, 1250]  # each team's two players
    assert sum(shares) == 12_777
    assert awards.in_order(
        "1st place · No. 1",
        "$51.39 cash",
        "$25.70 cash",
        "$25.69 cash",
        "1st place · No. 2",
        "$51.38 cash",
        "3rd place · No. 3",
        "$25.00 cash",
        "$12.50 cash",
        "Received by (signature)",
    )
    assert "PROVISIONAL" not in awards.text + record.text


def test_a_bid_whist_night_pays_by_its_playoffs_and_prints_them_by_title(db, clock) -> None:
    event_id = preliminaries(db, clock)
    semi = final = None
    closed = rounds.close_round(Desk(db, event_id, clock), 3).next_seating
    seed_of = seeds(db, event_id)
    while closed is not None:
        if len(closed.tables) == 2:
            semi = closed
        if len(closed.tables) == 1:
            final = closed
        play(db, event_id, closed, clock, wins={seed_of[2]} if len(closed.tables) == 1 else set())
        closed = rounds.close_round(Desk(db, event_id, clock), closed.round).next_seating
    assert semi is not None and final is not None and final.round == 7

    finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    paid = results.payouts(db, event_id)
    # $680: seed 2 won the final ($340), seed 1 lost it ($204), the semi-final losers
    # (seeds 3 and 4) share 3rd and 4th ($136)
    assert [(p.place, p.number, p.amount_cents) for p in paid.prizes] == [
        (1, seed_of[2], 34_000),
        (2, seed_of[1], 20_400),
        *sorted([(3, seed_of[3], 6800), (3, seed_of[4], 6800)], key=lambda p: p[1]),
    ]
    assert sum(p.amount_cents for p in paid.prizes) == paid.pool_cents == 68_000
    awards = _print(db, event_id, "awards", clock)
    assert awards.in_order(
        "FINAL",
        f"1st place · No. {seed_of[2]}",
        "$340.00 cash",
        f"2nd place · No. {seed_of[1]}",
        "$204.00 cash",
        "3rd place · No.",
        "$68.00 cash",
    )

    # the playoff rounds print under their titles, and the Print page lists them so
    assert documents.seated_rounds(db, event_id)[2:] == (
        (3, "Round 3 of 3"),
        (4, "Playoffs: round of 16"),
        (5, "Playoffs: quarter-final"),
        (6, "Playoffs: semi-final"),
        (7, "Playoffs: final"),
    )
    sheets = _print(db, event_id, "scoresheets", clock, 6)
    assert sheets.in_order("Score sheet · Playoffs: semi-final · Table 1")
    assert "Round 6" not in sheets.text
    cards = _print(db, event_id, "tablecards", clock, 7)
    assert cards.in_order("Table · Playoffs: final", "1")
    wall = _print(db, event_id, "seating", clock, 5)
    assert wall.in_order("Seating, Playoffs: quarter-final")
