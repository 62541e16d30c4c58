"""Fines due and collected (docs/rules.md §3) and tie-breaks, through the services."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import col, select

from clubdesk.errors import UserError
from clubdesk.services import draw, fines, registration, results, rulings, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.events import NewEvent, create_event
from clubdesk.store.db import Database
from clubdesk.store.models import Entrant, Game, GameSeat, LedgerEntry, Round
from tests import builder

NIGHT = dt.date(2024, 3, 9)
FINES = {"fine_set_cents": 25, "fine_renege_cents": 100}
FEE = 1000  # NPA's entry fee, in cents


def seated(db: Database, event_id: str, round_number: int, table: int) -> dict[str, list[int]]:
    """Entrant numbers per side of a published table, seat order (side A: seats 1 and 3)."""
    sides: dict[str, list[int]] = {"A": [], "B": []}
    with db.session() as session:
        rows = session.exec(
            select(GameSeat.side, Entrant.number)
            .join(Entrant, col(Entrant.id) == col(GameSeat.entrant_id))
            .join(Game, col(Game.id) == col(GameSeat.game_id))
            .join(Round, col(Round.id) == col(Game.round_id))
            .where(
                Round.event_id == event_id,
                Round.number == round_number,
                Game.table_number == table,
            )
            .order_by(col(GameSeat.seat))
        )
        for side, number in rows:
            sides[side.upper()].append(number)
    return sides


def fine_rows(db: Database) -> list[tuple[str, int, str]]:
    with db.session() as session:
        rows = session.exec(
            select(LedgerEntry.kind, LedgerEntry.cents, LedgerEntry.note).where(
                LedgerEntry.kind == "fine"
            )
        )
        return [tuple(row) for row in rows]


# --- fines ------------------------------------------------------------------------------------


@pytest.fixture
def npa(db, clock) -> str:
    """An NPA night with fines (25 cents a set, $1 a renege), 12 paid players, round 1 seated."""
    event_id = builder.event(db, clock, "npa-club-pinochle", name="NPA night", settings=FINES,
                             entrants=12, paid_cents=FEE)  # fmt: skip
    builder.draw(db, event_id, clock, seed=7)
    builder.publish(db, event_id, 1, clock)
    return event_id


def set_hand(**named: int) -> dict:
    """Side A bid 60 with 20 meld and took 25: set."""
    return {
        "bidder": "A",
        "bid": 60,
        "meld": {"A": 20, "B": 20},
        "tricks": {"A": 25, "B": 25},
        **named,
    }


def renege_hand(**named: int) -> dict:
    """Side B reneged against A's bid of 55."""
    return {
        "bidder": "A",
        "bid": 55,
        "meld": {"A": 30, "B": 20},
        "tricks": {"A": 10, "B": 12},
        "renege": "B",
        **named,
    }


MADE = {"bidder": "B", "bid": 50, "meld": {"A": 0, "B": 30}, "tricks": {"A": 20, "B": 30}}


def played_out(hands: list[dict]) -> list[dict]:
    """The hands, then made bids (no fine) to the round's 8: a sheet is handed in once its
    game is over."""
    return [*hands, *[MADE] * (8 - len(hands))]


def test_fines_due_come_from_the_submitted_sheets(db, clock, npa) -> None:
    one = seated(db, npa, 1, 1)
    bidder, reneger = one["A"][0], one["B"][1]
    hands = [MADE, set_hand(bid_by=bidder), renege_hand(renege_by=reneger), set_hand()]
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out(hands),
        signatures=builder.signers(db, npa, 1, 1),
    )
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        2,
        final_score=(300, 200),
        signatures=builder.signers(db, npa, 1, 2),
    )

    due = fines.fines_due(db, npa)
    assert [(f.round, f.table, f.hand, f.reason, f.cents, f.entrant) for f in due] == [
        (1, 1, 2, "set", 25, bidder),
        (1, 1, 3, "renege", 100, reneger),
        (1, 1, 4, "set", 25, None),
    ]
    assert [f.reference for f in due] == [
        "round 1 table 1 hand 2: set",
        "round 1 table 1 hand 3: renege",
        "round 1 table 1 hand 4: set",
    ]
    unnamed = due[2]
    assert unnamed.flagged and unnamed.candidates == tuple(one["A"])
    assert unnamed.problem == "the sheet does not say who bid on side A"


def test_a_collected_fine_drops_out_and_counts_in_the_prize_pool(db, clock, npa) -> None:
    one = seated(db, npa, 1, 1)
    bidder = one["A"][0]
    hands = [set_hand(bid_by=bidder), renege_hand(renege_by=one["B"][0])]
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out(hands),
        signatures=builder.signers(db, npa, 1, 1),
    )
    pool_before = results.payouts(db, npa).pool_cents
    assert pool_before == 12 * FEE

    done = fines.collect_fine(
        Desk(db, npa, clock), bidder, 25, "round 1 table 1 hand 1: set", "cash"
    )
    assert (done.entrant, done.cents, done.note, done.method) == (
        bidder,
        25,
        "round 1 table 1 hand 1: set",
        "cash",
    )
    assert (done.fines_collected_cents, done.still_due, done.at) == (25, 1, clock.now())
    assert [f.reference for f in fines.fines_due(db, npa)] == ["round 1 table 1 hand 2: renege"]
    assert fine_rows(db) == [("fine", 25, "round 1 table 1 hand 1: set")]
    payouts = results.payouts(db, npa)
    assert (payouts.pool.fines_cents, payouts.pool_cents) == (25, 12 * FEE + 25)
    last = list_audit(db, npa)[-1]
    assert last.action == "fine.collect"
    assert last.details == {
        "number": bidder,
        "cents": 25,
        "method": "cash",
        "note": "round 1 table 1 hand 1: set",
    }


def test_a_flagged_fine_is_collected_from_either_partner(db, clock, npa) -> None:
    one = seated(db, npa, 1, 1)
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out([set_hand()]),
        signatures=builder.signers(db, npa, 1, 1),
    )
    (fine,) = fines.fines_due(db, npa)
    assert fine.flagged and fine.candidates == tuple(one["A"])
    with pytest.raises(UserError, match=rf"^entrant: .* charged to entrant {one['A'][0]} or"):
        fines.collect_fine(Desk(db, npa, clock), one["B"][0], 25, fine.reference, "cash")
    done = fines.collect_fine(Desk(db, npa, clock), one["A"][1], 25, fine.reference, "check")
    assert done.still_due == 0
    assert fines.fines_due(db, npa) == []


def test_a_reference_matches_exactly_however_it_is_typed(db, clock, npa) -> None:
    one = seated(db, npa, 1, 1)
    hands = [set_hand(bid_by=one["A"][1])]
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out(hands),
        signatures=builder.signers(db, npa, 1, 1),
    )
    done = fines.collect_fine(Desk(db, npa, clock), one["A"][1], 25,
                              " Round 1 table 1  hand 1:SET ", "cash")  # fmt: skip
    assert done.note == "round 1 table 1 hand 1: set"
    assert fines.fines_due(db, npa) == []


REF = "round 1 table 1 hand 1: set"


@pytest.mark.parametrize(
    ("who", "cents", "note", "message"),
    [
        ("bidder", 100, REF, r"^cents: .* hand 1: set is \$0.25, not \$1.00$"),
        ("partner", 25, REF, r"^entrant: .* is charged to entrant \d+, not \d+$"),
        ("bidder", 25, "round 1 table 1 hand 2: set", r"^note: no fine is due for round 1 table 1"),
        ("bidder", 25, REF + "!", r"^note: 'round 1 table 1 hand 1: set!' is not a fine's"),
        ("bidder", 0, REF, r"^cents: must be more than \$0.00"),
        ("bidder", 25, "  ", r"^note: say what the fine is for"),
    ],
)
def test_a_wrong_collection_is_refused_and_nothing_is_saved(
    db, clock, npa, who, cents, note, message
) -> None:
    one = seated(db, npa, 1, 1)
    players = {"bidder": one["A"][0], "partner": one["A"][1]}
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out([set_hand(bid_by=players["bidder"])]),
        signatures=builder.signers(db, npa, 1, 1),
    )
    audit_before = list_audit(db, npa)
    with pytest.raises(UserError, match=message):
        fines.collect_fine(Desk(db, npa, clock), players[who], cents, note, "cash")
    assert fine_rows(db) == []
    assert list_audit(db, npa) == audit_before
    assert len(fines.fines_due(db, npa)) == 1


def test_a_fine_is_collected_once(db, clock, npa) -> None:
    bidder = seated(db, npa, 1, 1)["A"][0]
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out([set_hand(bid_by=bidder)]),
        signatures=builder.signers(db, npa, 1, 1),
    )
    fines.collect_fine(Desk(db, npa, clock), bidder, 25, "round 1 table 1 hand 1: set", "cash")
    with pytest.raises(UserError, match=rf"is already collected \(from entrant {bidder}\)$"):
        fines.collect_fine(Desk(db, npa, clock), bidder, 25, "round 1 table 1 hand 1: set", "cash")
    assert len(fine_rows(db)) == 1


def test_other_checks_on_a_collection(db, clock, npa) -> None:
    with pytest.raises(UserError, match="^entrant: there is no entrant 99 in this event"):
        fines.collect_fine(Desk(db, npa, clock), 99, 25, "slow play", "cash")
    with pytest.raises(UserError, match="^method: 'card' is not one of cash, check, other"):
        fines.collect_fine(Desk(db, npa, clock), 1, 25, "slow play", "card")
    with pytest.raises(UserError, match="^cents: must be a whole number of cents"):
        fines.collect_fine(Desk(db, npa, clock), 1, 2.5, "slow play", "cash")  # type: ignore[arg-type]
    assert fine_rows(db) == []


def test_a_fine_for_another_reason_goes_in_the_pool_and_changes_no_fine_due(db, clock, npa) -> None:
    sheets.submit_sheet(
        Desk(db, npa, clock),
        1,
        1,
        hands=played_out([set_hand()]),
        signatures=builder.signers(db, npa, 1, 1),
    )
    done = fines.collect_fine(Desk(db, npa, clock), 5, 200, "  slow   play ", "other")
    assert (done.note, done.fines_collected_cents, done.still_due) == ("slow play", 200, 1)
    assert len(fines.fines_due(db, npa)) == 1
    assert results.payouts(db, npa).pool_cents == 12 * FEE + 200


def test_a_player_named_on_the_wrong_side_is_refused_on_the_sheet(db, clock, npa) -> None:
    one = seated(db, npa, 1, 1)
    wrong = one["B"][0]
    with pytest.raises(UserError, match=f"bid_by: entrant {wrong} did not sit on side A"):
        sheets.submit_sheet(
            Desk(db, npa, clock),
            1,
            1,
            hands=played_out([set_hand(bid_by=wrong)]),
            signatures=builder.signers(db, npa, 1, 1),
        )
    assert fines.fines_due(db, npa) == []


def test_no_fines_when_the_club_charges_none(db, clock) -> None:
    info = create_event(Desk(db, None, clock), NewEvent("NPA", NIGHT, "", "npa-club-pinochle"))
    for n in range(1, 13):
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=[f"P{n}"])
        )
    draw.make_draw(Desk(db, info.id, clock), 3)
    seating_service.publish_seating(Desk(db, info.id, clock), 1)
    sheets.submit_sheet(
        Desk(db, info.id, clock),
        1,
        1,
        hands=played_out([set_hand(), renege_hand()]),
        signatures=builder.signers(db, info.id, 1, 1),
    )
    assert fines.fines_due(db, info.id) == []


def test_fines_due_for_an_unknown_event(db) -> None:
    with pytest.raises(UserError, match="^event: there is no event with id 'nope'"):
        fines.fines_due(db, "nope")


# --- tie-breaks at a cut line ----------------------------------------------------------------


def gin_night_tied_at_the_cut(db, clock) -> str:
    """4 gin players; 60% of 4 = 2.4 -> 2 advance; players 2 and 3 tie for 2nd."""
    event_id = builder.event(db, clock, "house-gin", name="Gin night", entrants=4)
    builder.draw(db, event_id, clock, seed=8)
    totals = {1: 300, 2: 250, 3: 250, 4: 100}
    for number in (1, 2):
        seats = builder.publish(db, event_id, number, clock)
        builder.scores(db, event_id, number, {
            table.table: (totals[table.a[0]] // 2, totals[table.b[0]] // 2)
            for table in seats.tables
        }, clock)  # fmt: skip
    return event_id


def test_a_sudden_death_settles_a_tie_at_the_cut(db, clock) -> None:
    event_id = gin_night_tied_at_the_cut(db, clock)
    with pytest.raises(UserError, match="the cut after round 2 is tied between 2 and 3"):
        seating_service.seating(db, event_id, 3)
    # docs/rules.md §5: a sudden-death match to 60; its score is not added, the winner gets +1
    sudden_death = [{"knocker": "B", "gin": True, "deadwood": {"A": 30, "B": 0}},
                    {"knocker": "B", "gin": True, "deadwood": {"A": 35, "B": 0}}]  # fmt: skip
    done = rulings.record_tiebreak(Desk(db, event_id, clock), 2, 2, 3, hands=sudden_death)
    assert done.winner == 3
    final = seating_service.seating(db, event_id, 3)
    assert sorted(final.entrants) == [1, 3]
    totals = {row.number: row.total for row in results.standings(db, event_id).rows}
    assert (totals[3], totals[2]) == (251, 250)


def test_a_tiebreak_is_checked(db, clock) -> None:
    event_id = gin_night_tied_at_the_cut(db, clock)
    with pytest.raises(UserError, match='winner: must be "a" or "b"'):
        rulings.record_tiebreak(Desk(db, event_id, clock), 2, 2, 3)
    with pytest.raises(UserError, match="hands: the tie-break is not decided yet"):
        rulings.record_tiebreak(Desk(db, event_id, clock), 2, 2, 3,
                                hands=[{"knocker": "A", "deadwood": {"A": 2, "B": 20},
                                        "knock_card": 10}])  # fmt: skip
    with pytest.raises(UserError, match="a: there is no entrant 9"):
        rulings.record_tiebreak(Desk(db, event_id, clock), 2, 9, 3, winner="a")
    with pytest.raises(UserError, match="round 5's seating is not published"):
        rulings.record_tiebreak(Desk(db, event_id, clock), 5, 2, 3, winner="a")


# --- lateness and removal (docs/rules.md §1) ---------------------------------------------------


@pytest.fixture
def warmup(db, clock) -> str:
    """A Grand Prix warm-up with 4 teams at 2 tables, round 1 seated."""
    event_id = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=4)
    builder.draw(db, event_id, clock, seed=5)
    builder.publish(db, event_id, 1, clock)
    return event_id


def round_one_scores(db, event_id: str) -> dict[int, int]:
    table = results.standings(db, event_id, after_round=1)
    return {row.number: row.rounds[0] for row in table.rows}


def test_six_minutes_late_gives_the_opponents_100_on_the_sheet(db, clock, warmup) -> None:
    ruling = rulings.rule_late(Desk(db, warmup, clock), 1, 1, "b", 6)
    assert (ruling.kind, ruling.against) == ("points", "b")
    done = sheets.submit_sheet(
        Desk(db, warmup, clock),
        1,
        1,
        final_score=(410, 380),
        signatures=builder.signers(db, warmup, 1, 1),
    )
    assert (done.score_a, done.score_b) == (510, 380)
    assert rulings.rule_late(Desk(db, warmup, clock), 1, 2, "a", 5).kind == "on-time"


def test_more_than_ten_minutes_late_is_a_dq_at_the_average_winning_score(db, clock, warmup) -> None:
    seating = seating_service.seating(db, warmup, 1)
    ruling = rulings.rule_late(Desk(db, warmup, clock), 1, 1, "a", 11)
    assert ruling.kind == "disqualified"
    with pytest.raises(UserError, match="round 1, table 1: the sheet is already submitted"):
        sheets.submit_sheet(
            Desk(db, warmup, clock),
            1,
            1,
            final_score=(1, 2),
            signatures=builder.signers(db, warmup, 1, 1),
        )
    sheets.submit_sheet(
        Desk(db, warmup, clock),
        1,
        2,
        final_score=(505, 320),
        signatures=builder.signers(db, warmup, 1, 2),
    )
    scores = round_one_scores(db, warmup)
    late, opponents = seating.table(1).a[0], seating.table(1).b[0]
    assert (scores[late], scores[opponents]) == (0, 505)  # the only game played won with 505


def test_removed_from_the_table_scores_0_and_the_opponents_500(db, clock, warmup) -> None:
    seating = seating_service.seating(db, warmup, 1)
    with pytest.raises(UserError, match="reason: say why"):
        rulings.remove_from_table(Desk(db, warmup, clock), 1, 2, "b", " ")
    ruling = rulings.remove_from_table(Desk(db, warmup, clock), 1, 2, "b", "abusive language")
    assert ruling.kind == "removed" and "500" in ruling.text
    sheets.submit_sheet(
        Desk(db, warmup, clock),
        1,
        1,
        final_score=(505, 320),
        signatures=builder.signers(db, warmup, 1, 1),
    )
    scores = round_one_scores(db, warmup)
    assert (scores[seating.table(2).b[0]], scores[seating.table(2).a[0]]) == (0, 500)
