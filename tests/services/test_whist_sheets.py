"""A bid whist sheet that ends level is handed in with its fifth hand or its winner
(docs/rules.md §6); a level one without either is refused and leaves nothing behind."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import sheets
from clubdesk.services.command import Desk
from tests import builder
from tests.domain.test_whist_level_games import FIFTH_TO_B, FOUR_LEVEL, LEVEL


@pytest.fixture
def event_id(db, clock) -> str:
    event = builder.event(db, clock, "bid-whist", entrants=4)
    builder.draw(db, event, clock, seed=2)
    builder.publish(db, event, 1, clock)
    return event


def submit(db, clock, event_id, **sheet):
    signed = builder.signers(db, event_id, 1, 1)
    return sheets.submit_sheet(Desk(db, event_id, clock), 1, 1, signatures=signed, **sheet)


def test_four_level_hands_alone_are_refused(db, clock, event_id) -> None:
    with pytest.raises(UserError) as caught:
        submit(db, clock, event_id, hands=FOUR_LEVEL)
    assert str(caught.value) == f"round 1, table 1: {LEVEL}"
    with pytest.raises(UserError, match="level at 7 to 7"):
        submit(db, clock, event_id, final_score=(7, 7))
    assert sheets.sheets_in(db, event_id, 1) == (0, 2)
    assert sheets.table_sheet(db, event_id, 1, 1).state == "waiting"


def test_the_fifth_hand_gives_the_round_its_winner(db, clock, event_id) -> None:
    submit(db, clock, event_id, hands=[*FOUR_LEVEL, FIFTH_TO_B])
    game = sheets.table_sheet(db, event_id, 1, 1).game
    assert (game.score.a, game.score.b, game.won_by()) == (9, 9, "b")


def test_a_paper_sheet_of_a_level_game_carries_its_winner(db, clock, event_id) -> None:
    submit(db, clock, event_id, final_score=(7, 7), winner="a")
    assert sheets.table_sheet(db, event_id, 1, 1).game.won_by() == "a"


def test_an_amendment_to_a_level_score_needs_the_winner(db, clock, event_id) -> None:
    submit(db, clock, event_id, final_score=(9, 7))
    with pytest.raises(UserError, match="level at 9 to 9"):
        sheets.amend_sheet(
            Desk(db, event_id, clock), 1, 1, score=(9, 9), director="Dee", reason="adding",
        )  # fmt: skip
    done = sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 1, score=(9, 9), winner="b", director="Dee", reason="adding",
    )  # fmt: skip
    assert done.after.won_by() == "b"
