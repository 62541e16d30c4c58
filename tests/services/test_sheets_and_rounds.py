"""Score sheets are submitted signed and are then final; rounds start and close."""

import datetime as dt

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services import draw, registration, rounds, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.events import NewEvent, create_event
from clubdesk.store import roundclock as clock_store
from clubdesk.store.errors import RecordLockedError
from clubdesk.store.models import Game, Hand, Round
from tests import builder

# Two Grand Prix hands (docs/rules.md §1 rules 3-4 and 2)
HANDS = [
    {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
     "tricks": {"A": 30, "B": 20}},  # A made: 60; B 20 meld + 20 tricks = 40
    {"bidder": "B", "bid": 60, "marriage": True, "meld": {"A": 0, "B": 10},
     "tricks": {"A": 25, "B": 25}},  # B melds under 20: bid lost; A gets 60 + its 25 tricks
]  # fmt: skip


@pytest.fixture
def event_id(db, clock) -> str:
    """A four-team warm-up, drawn, with round 1 published."""
    event = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=4)
    builder.draw(db, event, clock, seed=5)
    builder.publish(db, event, 1, clock)
    return event


def test_a_sheet_scored_hand_by_hand_is_stored_with_its_score(db, clock, event_id) -> None:
    """Seed 000: "A ROUND WILL END WHEN EITHER TEAM SCORES 500 POINTS, OR WHEN THE TIME
    EXPIRES": two hands are a game over only once time was called."""
    signers = builder.signers(db, event_id, 1, 1)
    with pytest.raises(UserError) as refused:
        sheets.submit_sheet(Desk(db, event_id, clock), 1, 1, hands=HANDS, signatures=signers)
    assert str(refused.value) == (
        "round 1, table 1: hands: the game is not over: 2 of 8 hands played, "
        "no side has reached 500 and time was not called"
    )
    done = sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 1, hands=HANDS, time_called=True, signatures=signers
    )
    assert (done.score_a, done.score_b) == (60 + 85, 40)
    assert (done.sheets_in, done.sheets_total) == (1, 2)
    with db.session() as session:
        game = session.exec(select(Game).where(Game.table_number == 1)).one()
        assert (game.score_a, game.score_b, game.submitted_at) == (145, 40, clock.now())
        assert len(session.exec(select(Hand).where(Hand.game_id == game.id)).all()) == 2
    assert list_audit(db)[-1].action == "sheet.submit"


def test_adjustment_lines_count_in_the_score(db, clock, event_id) -> None:
    late = sheets.SheetLine("a", 100, "E/W more than 5 minutes late")
    done = sheets.submit_sheet(
        Desk(db, event_id, clock),
        1,
        2,
        final_score=(310, 420),
        adjustments=[late],
        signatures=builder.signers(db, event_id, 1, 2),
    )
    assert (done.score_a, done.score_b) == (410, 420)


def test_a_submitted_sheet_is_final(db, clock, event_id) -> None:
    sheets.submit_sheet(
        Desk(db, event_id, clock),
        1,
        1,
        final_score=(500, 300),
        signatures=builder.signers(db, event_id, 1, 1),
    )
    with pytest.raises(UserError, match="round 1, table 1: the sheet is already submitted"):
        sheets.submit_sheet(
            Desk(db, event_id, clock),
            1,
            1,
            final_score=(501, 300),
            signatures=builder.signers(db, event_id, 1, 1),
        )
    with pytest.raises(RecordLockedError), db.session() as session:
        game = session.exec(select(Game).where(Game.table_number == 1)).one()
        game.score_a = 999
        session.add(game)


@pytest.mark.parametrize(
    ("signatures", "message"),
    [
        ({"scorekeeper": "Ann"}, "signatures.countersign: the sheet needs"),
        ({"scorekeeper": " ", "countersign": "Dan"}, "signatures.scorekeeper: the sheet needs"),
    ],
)
def test_both_signatures_are_needed(db, clock, event_id, signatures, message) -> None:
    with pytest.raises(UserError, match=message):
        sheets.submit_sheet(
            Desk(db, event_id, clock), 1, 1, final_score=(1, 2), signatures=signatures
        )
    assert sheets.sheets_in(db, event_id, 1) == (0, 2)


def test_a_bad_hand_is_named_and_nothing_is_saved(db, clock, event_id) -> None:
    bad = [HANDS[0], {**HANDS[1], "bid": 63}]
    with pytest.raises(UserError, match=r"round 1, table 1: hand 2: bid: 63 is not on the bid"):
        sheets.submit_sheet(
            Desk(db, event_id, clock),
            1,
            1,
            hands=bad,
            signatures=builder.signers(db, event_id, 1, 1),
        )
    with db.session() as session:
        assert session.exec(select(Hand)).all() == []


def test_hands_or_a_final_score_but_not_both(db, clock, event_id) -> None:
    with pytest.raises(UserError, match="sheet: give either the hands or the final score"):
        sheets.submit_sheet(
            Desk(db, event_id, clock),
            1,
            1,
            hands=HANDS,
            final_score=(1, 2),
            signatures=builder.signers(db, event_id, 1, 1),
        )
    with pytest.raises(UserError, match="score: the final score is two whole numbers"):
        sheets.submit_sheet(
            Desk(db, event_id, clock),
            1,
            1,
            final_score=("x", 2),
            signatures=builder.signers(db, event_id, 1, 1),
        )
    with pytest.raises(UserError, match="table: round 1 has no table 9"):
        sheets.submit_sheet(
            Desk(db, event_id, clock),
            1,
            9,
            final_score=(1, 2),
            signatures=builder.signers(db, event_id, 1, 9),
        )


def test_a_round_starts_its_clock_and_closes_when_every_sheet_is_in(db, clock, event_id) -> None:
    started = rounds.start_round(Desk(db, event_id, clock), 1)
    assert started.status == "running"
    with pytest.raises(UserError, match="round 1 has already started"):
        rounds.start_round(Desk(db, event_id, clock), 1)
    sheets.submit_sheet(
        Desk(db, event_id, clock),
        1,
        1,
        final_score=(500, 300),
        signatures=builder.signers(db, event_id, 1, 1),
    )
    with pytest.raises(UserError, match="round 1 still waits for tables 2"):
        rounds.close_round(Desk(db, event_id, clock), 1)
    sheets.submit_sheet(
        Desk(db, event_id, clock),
        1,
        2,
        final_score=(420, 510),
        signatures=builder.signers(db, event_id, 1, 2),
    )
    clock.advance(minutes=61)
    rounds.close_round(Desk(db, event_id, clock), 1)
    with db.session() as session:
        state = clock_store.clock_of(session, event_id, 1)
        assert state.ended_at - state.started_at == dt.timedelta(minutes=61)
        assert session.exec(select(Round.status)).all() == ["closed"]


def test_rounds_start_in_order(db, clock, event_id) -> None:
    seating_service.publish_seating(Desk(db, event_id, clock), 2)
    with pytest.raises(
        UserError,
        match="round 1 has not started; start and end it before starting 2",
    ):
        rounds.start_round(Desk(db, event_id, clock), 2)
    with pytest.raises(UserError, match="round 3's seating is not published yet"):
        rounds.start_round(Desk(db, event_id, clock), 3)


def test_a_player_named_on_a_hand_must_sit_on_that_side(db, clock) -> None:
    info = create_event(
        Desk(db, None, clock), NewEvent("Club", dt.date(2024, 3, 9), "", "npa-club-pinochle")
    )
    for n in range(12):
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=[f"P{n}"])
        )
    draw.make_draw(Desk(db, info.id, clock), 4)
    table = seating_service.publish_seating(Desk(db, info.id, clock), 1).seating.tables[0]
    hand = {
        "bidder": "A",
        "bid": 50,
        "marriage": True,
        "meld": {"A": 20, "B": 20},
        "tricks": {"A": 30, "B": 20},
    }
    with pytest.raises(UserError, match=rf"round 1, table 1: hand 1: bid_by: entrant {table.b[0]}"):
        sheets.submit_sheet(
            Desk(db, info.id, clock),
            1,
            1,
            hands=[{**hand, "bid_by": table.b[0]}],
            signatures=builder.signers(db, info.id, 1, 1),
        )
    done = sheets.submit_sheet(
        Desk(db, info.id, clock),
        1,
        1,
        hands=[{**hand, "bid_by": table.a[0]}] * 8,  # the round's 8 hands
        signatures=builder.signers(db, info.id, 1, 1),
    )
    assert (done.score_a, done.score_b) == (400, 320)


def test_a_level_game_is_refused_until_it_says_who_won(db, clock) -> None:
    """Seed 001: "Winners will stay at the table, losers will move to the next higher
    numbered table": a level game names its winner, or the next round cannot be seated."""
    info = create_event(
        Desk(db, None, clock), NewEvent("Club", dt.date(2024, 3, 9), "", "npa-club-pinochle")
    )
    for n in range(12):
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=[f"P{n}"])
        )
    draw.make_draw(Desk(db, info.id, clock), 4)
    seating_service.publish_seating(Desk(db, info.id, clock), 1)
    with pytest.raises(UserError) as refused:
        sheets.submit_sheet(
            Desk(db, info.id, clock),
            1,
            1,
            final_score=(300, 300),
            signatures=builder.signers(db, info.id, 1, 1),
        )
    assert str(refused.value) == (
        "round 1, table 1: winner: the game is level at 300 to 300: record who won the tie "
        "(the winning pair stays at the table for round 2)"
    )
    assert sheets.sheets_in(db, info.id, 1) == (0, 3)  # nothing kept
    with pytest.raises(UserError, match=r"winner: only a tied game needs one \(400 to 200\)"):
        sheets.submit_sheet(
            Desk(db, info.id, clock),
            1,
            2,
            final_score=(400, 200),
            winner="a",
            signatures=builder.signers(db, info.id, 1, 2),
        )
    for table in (2, 3):
        sheets.submit_sheet(
            Desk(db, info.id, clock),
            1,
            table,
            final_score=(400, 200),
            signatures=builder.signers(db, info.id, 1, table),
        )
    with pytest.raises(UserError, match="no result for table 1"):
        seating_service.seating(db, info.id, 2)  # table 1 is still out


def test_the_director_records_the_winner_of_a_tie(db, clock) -> None:
    info = create_event(
        Desk(db, None, clock), NewEvent("Club", dt.date(2024, 3, 9), "", "npa-club-pinochle")
    )
    for n in range(12):
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=[f"P{n}"])
        )
    draw.make_draw(Desk(db, info.id, clock), 4)
    first = seating_service.publish_seating(Desk(db, info.id, clock), 1).seating
    sheets.submit_sheet(
        Desk(db, info.id, clock),
        1,
        1,
        final_score=(300, 300),
        winner="b",
        signatures=builder.signers(db, info.id, 1, 1),
    )
    for table in (2, 3):
        sheets.submit_sheet(
            Desk(db, info.id, clock),
            1,
            table,
            final_score=(400, 200),
            signatures=builder.signers(db, info.id, 1, table),
        )
    second = seating_service.seating(db, info.id, 2)
    winners_of_table_1 = set(first.table(1).b)
    assert winners_of_table_1 <= set(second.table(1).entrants)  # the winners stay
