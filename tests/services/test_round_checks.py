"""A round is never closed on a table with no winner where the next seating needs one (seed
001: "Winners will stay at the table, losers will move to the next higher numbered table")."""

from __future__ import annotations

import pytest

from clubdesk.domain.event.model import Score, SheetResult
from clubdesk.errors import UserError
from clubdesk.services import sheets
from clubdesk.services.command import Desk
from clubdesk.services.round_checks import check_winners_in
from clubdesk.store import sheets as store
from tests import builder


def level_sheet_from_an_older_database(db, event_id: str, table: int, clock) -> None:
    """A level sheet without a winner, as a database written before the rule may hold."""
    names = builder.signers(db, event_id, 1, table)
    with db.session() as session:
        sheet = store.open_sheet(session, event_id, 1, table)
        store.submit(session, sheet, hands=(), lines=(), signatures=names,
                     result=SheetResult(Score(300, 300)), at=clock.now())  # fmt: skip


def night(db, clock, rules_id: str, entrants: int) -> str:
    event_id = builder.event(db, clock, rules_id, entrants=entrants)
    builder.draw(db, event_id, clock, seed=4)
    seats = builder.publish(db, event_id, 1, clock)
    level_sheet_from_an_older_database(db, event_id, 1, clock)
    for table in seats.tables[1:]:
        sheets.submit_sheet(
            Desk(db, event_id, clock), 1, table.table, final_score=(400, 200),
            signatures=builder.signers(db, event_id, 1, table.table),
        )  # fmt: skip
    return event_id


def test_a_level_table_without_a_winner_keeps_a_winners_stay_round_open(db, clock) -> None:
    event_id = night(db, clock, "npa-club-pinochle", 12)
    with pytest.raises(UserError) as refused, db.session() as session:
        check_winners_in(session, event_id, 1)
    assert str(refused.value) == (
        "round: round 1 cannot close: table 1 ended level with no winner, and the winning "
        "pair stays at the table for round 2; amend the sheet with who won the tie"
    )
    sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 1, score=(300, 300), winner="b", director="Dee",
        reason="the cut of the cards",
    )  # fmt: skip
    with db.session() as session:
        check_winners_in(session, event_id, 1)  # decided now: the round may close


def test_a_level_grand_prix_game_is_a_tie_and_closes(db, clock) -> None:
    event_id = night(db, clock, "grand-prix-warmup", 4)
    with db.session() as session:
        check_winners_in(session, event_id, 1)


def test_closing_the_round_is_refused_until_the_tie_has_its_winner(db, clock) -> None:
    from clubdesk.services import rounds

    event_id = night(db, clock, "npa-club-pinochle", 12)
    rounds.start_round(Desk(db, event_id, clock), 1)
    with pytest.raises(UserError, match="round 1 cannot close: table 1 ended level"):
        rounds.close_round(Desk(db, event_id, clock), 1)
    assert rounds.status(db, event_id).rounds[0].state == "started"  # nothing changed
    sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 1, score=(300, 300), winner="a", director="Dee",
        reason="the cut of the cards",
    )  # fmt: skip
    closed = rounds.close_round(Desk(db, event_id, clock), 1)
    assert closed.next_seating is not None  # round 2 seated from the winners
