"""A round in which no game was played (docs/rules.md §1): every table a DQ or a removal has
no average winning score, so the director gives the award at the close, and the byes and the
opponents of a side disqualified score it."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import eventfile, results, rounds, rulings
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk, list_audit
from tests import builder


@pytest.fixture
def no_game(db, clock) -> str:
    """A Grand Prix warm-up of 5 teams: round 1 at 2 tables and a bye, table 1 a DQ for
    lateness against side B, table 2 a removal of side A from the table."""
    event_id = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=5)
    builder.draw(db, event_id, clock, seed=5)
    builder.start(db, event_id, 1, clock)
    rulings.rule_late(Desk(db, event_id, clock), 1, 1, "b", 11)
    rulings.remove_from_table(Desk(db, event_id, clock), 1, 2, "a", "abusive language")
    return event_id


def round_one(db, event_id: str) -> dict[int, int]:
    return {row.number: row.rounds[0] for row in results.standings(db, event_id).rows}


def test_the_close_is_refused_without_the_award_saying_what_to_give(db, clock, no_game) -> None:
    # RULES: "A round in which no game was played (every table a DQ or a removal) has no
    # average winning score: the director is asked for the award ... instead of a silent 0."
    assert rounds.award_needed(db, no_game, 1)
    with pytest.raises(UserError) as refused:
        rounds.close_round(Desk(db, no_game, clock), 1)
    assert refused.value.field == "award"
    assert "round 1 had no game played" in str(refused.value)
    assert "give the points its byes and the opponents of a side disqualified score" in str(
        refused.value
    )
    assert rounds.status(db, no_game).rounds[0].state != "closed"
    # no silent 0 meanwhile: the standings wait for the award
    assert results.standings(db, no_game).after_round == 0
    with pytest.raises(UserError, match="round 1 had no game played; its award is given when"):
        results.standings(db, no_game, after_round=1)


def test_the_award_is_the_directors_ruling_and_the_standings_give_it(db, clock, no_game) -> None:
    closed = rounds.close_round(Desk(db, no_game, clock), 1, award=350, director="Pat Lee")
    assert closed.award == 350
    seating = seating_service.seating(db, no_game, 1)
    table = {t.table: t for t in seating.tables}
    scored = round_one(db, no_game)
    assert scored[table[1].a[0]] == 350 and scored[table[1].b[0]] == 0  # the DQ's opponents
    assert scored[table[2].b[0]] == 500 and scored[table[2].a[0]] == 0  # the removal's
    assert [scored[bye] for bye in seating.byes] == [350]
    logged = [row for row in list_audit(db, no_game) if row.action == "round.close"]
    assert logged[-1].details["award"] == {"points": 350, "director": "Pat Lee"}
    assert logged[-1].actor == "director"


def test_the_award_travels_in_the_event_file(db, clock, no_game) -> None:
    rounds.close_round(Desk(db, no_game, clock), 1, award=350, director="Pat Lee")
    written = eventfile.export_event(db, no_game)
    award = written["rounds"][0]["award"]
    assert (award["points"], award["director"]) == (350, "Pat Lee") and award["at"]
    before = round_one(db, no_game)
    written["id"] = "copy"
    eventfile.import_event(Desk(db, None, clock), written)
    assert round_one(db, "copy") == before
    assert eventfile.export_event(db, "copy")["rounds"][0]["award"] == award


def test_reopening_takes_the_award_back_and_the_next_close_asks_again(db, clock, no_game) -> None:
    rounds.close_round(Desk(db, no_game, clock), 1, award=350, director="Pat Lee")
    rounds.reopen_round(Desk(db, no_game, clock), 1)
    reopened = [row for row in list_audit(db, no_game) if row.action == "round.reopen"]
    assert reopened[-1].details["award_taken_back"] is True
    with pytest.raises(UserError, match="round 1 had no game played"):
        rounds.close_round(Desk(db, no_game, clock), 1)
    rounds.close_round(Desk(db, no_game, clock), 1, award=300, director="Pat Lee")
    seating = seating_service.seating(db, no_game, 1)
    assert [round_one(db, no_game)[bye] for bye in seating.byes] == [300]


def test_an_award_is_checked(db, clock, no_game) -> None:
    for award, director, field in ((350, "  ", "director"), (-5, "Pat Lee", "award"),
                                   (10_000_001, "Pat Lee", "award")):  # fmt: skip
        with pytest.raises(UserError) as refused:
            rounds.close_round(Desk(db, no_game, clock), 1, award=award, director=director)
        assert refused.value.field == field


def test_a_round_with_a_game_played_takes_no_award(db, clock) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=4)
    builder.draw(db, event_id, clock, seed=5)
    builder.start(db, event_id, 1, clock)
    rulings.rule_late(Desk(db, event_id, clock), 1, 1, "b", 11)
    builder.scores(db, event_id, 1, {2: (500, 320)}, clock)
    assert not rounds.award_needed(db, event_id, 1)
    with pytest.raises(UserError, match="round 1 needs no award: it has a game played"):
        rounds.close_round(Desk(db, event_id, clock), 1, award=350, director="Pat Lee")
    rounds.close_round(Desk(db, event_id, clock), 1)
    assert sorted(round_one(db, event_id).values()) == [0, 320, 500, 500]  # the DQ: 500


def test_a_table_closed_without_its_sheet_plays_no_game_either(db, clock) -> None:
    event_id = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=5)
    builder.draw(db, event_id, clock, seed=5)
    builder.start(db, event_id, 1, clock)
    rulings.rule_late(Desk(db, event_id, clock), 1, 1, "b", 11)
    with pytest.raises(UserError, match=r"every table a DQ, a removal or without its sheet\)"):
        rounds.close_round(Desk(db, event_id, clock), 1, missing_ok=[2])
    rounds.close_round(Desk(db, event_id, clock), 1, missing_ok=[2], award=280, director="Pat Lee")
    seating = seating_service.seating(db, event_id, 1)
    assert [round_one(db, event_id)[bye] for bye in seating.byes] == [280]
