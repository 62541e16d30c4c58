"""A director's amendment of a submitted sheet counts everywhere a result is read.

The progressive movements seat the next round from the amended result
(NPA: winners stay; Sun City West: winners move down), and the standings
count the same result.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from clubdesk.domain.event.model import Score, SheetResult
from clubdesk.errors import UserError
from clubdesk.services import draw, registration, results, seating, sheets
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.events import NewEvent, create_event
from clubdesk.store.db import Database, open_database
from tests import builder

FORMATS = [("npa-club-pinochle", 12), ("sun-city-west-pinochle", 16)]


@pytest.fixture
def make_db(tmp_path: Path) -> Iterator:
    opened: list[Database] = []

    def make(name: str) -> Database:
        database = open_database(tmp_path / f"{name}.sqlite", backups=tmp_path / "backups")
        opened.append(database)
        return database

    yield make
    for database in opened:
        database.close()


def night(
    db: Database,
    clock,
    rules_id: str,
    players: int,
    scores: dict[int, tuple[int, int]],
    winners: dict[int, str] | None = None,
):
    """An event with round 1 seated and every sheet in, scored as ``scores`` says per table
    (a level game's winner as ``winners`` says)."""
    info = create_event(Desk(db, None, clock), NewEvent("Club", dt.date(2024, 3, 9), "", rules_id))
    for n in range(players):
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=[f"P{n}"])
        )
    draw.make_draw(Desk(db, info.id, clock), 11)
    seating.publish_seating(Desk(db, info.id, clock), 1)
    for table, score in scores.items():
        sheets.submit_sheet(
            Desk(db, info.id, clock),
            1,
            table,
            final_score=score,
            winner=(winners or {}).get(table),
            signatures=builder.signers(db, info.id, 1, table),
        )
    return info.id


def scores(tables: int, first: tuple[int, int]) -> dict[int, tuple[int, int]]:
    return {1: first, **{t: (400, 200 + t) for t in range(2, tables + 1)}}


@pytest.mark.parametrize(("rules_id", "players"), FORMATS)
def test_an_amendment_that_flips_a_winner_seats_the_next_round_from_it(
    make_db, clock, rules_id: str, players: int
) -> None:
    tables = players // 4
    amended = make_db("amended")
    event = night(amended, clock, rules_id, players, scores(tables, (400, 200)))
    as_submitted = seating.seating(amended, event, 2)
    done = sheets.amend_sheet(
        Desk(amended, event, clock), 1, 1, score=(400, 410), director="Director Dee",
        reason="b's meld was left out",
    )  # fmt: skip
    assert done.before == SheetResult(Score(400, 200))
    assert done.after == SheetResult(Score(400, 410))
    after_amendment = seating.seating(amended, event, 2)
    # the same night with the corrected score on the sheet from the start
    played = make_db("played")
    same = night(played, clock, rules_id, players, scores(tables, (400, 410)))
    assert after_amendment.to_json() == seating.seating(played, same, 2).to_json()
    assert after_amendment.to_json() != as_submitted.to_json()
    first = seating.seating(amended, event, 1).table(1)
    second = after_amendment.table(1)
    if rules_id == "npa-club-pinochle":  # the winners stay at table 1
        assert set(first.b) <= set(second.entrants)
    else:  # Sun City West: table 1's winners stay there, split up
        assert {second.a[0], second.b[0]} == set(first.b)


def test_standings_and_seating_agree_after_an_amendment(make_db, clock) -> None:
    db = make_db("club")
    event = night(db, clock, "npa-club-pinochle", 12, scores(3, (300, 300)), {1: "b"})
    before = seating.seating(db, event, 1).table(1)
    assert set(before.b) <= set(seating.seating(db, event, 2).table(1).entrants)  # b won the tie
    sheets.amend_sheet(
        Desk(db, event, clock), 1, 1, score=(300, 300), winner="a", director="Dee",
        reason="cut of the cards read wrong",
    )  # fmt: skip
    first = seating.seating(db, event, 1)
    second = seating.seating(db, event, 2)
    table = results.standings(db, event, 1)
    for seats in first.tables:
        won = {n for n in seats.entrants if table.row(n).wins == 1}
        assert won == set(seats.a)  # side a won every table
        assert won <= set(second.table(seats.table).entrants)  # and the winners stay
    sheets.amend_sheet(
        Desk(db, event, clock), 1, 1, score=(300, 350), director="Dee", reason="adding error",
    )  # fmt: skip
    table = results.standings(db, event, 1)
    again = seating.seating(db, event, 2)
    won = {n for n in first.table(1).entrants if table.row(n).wins == 1}
    assert won == set(first.table(1).b) and won <= set(again.table(1).entrants)
    assert table.row(first.table(1).b[0]).rounds[0] == 350


def test_an_amendment_is_recorded_with_an_audit_row(db, clock) -> None:
    event = night(db, clock, "npa-club-pinochle", 12, scores(3, (400, 200)))
    sheets.amend_sheet(
        Desk(db, event, clock), 1, 2, score=(410, 202), director=" Director  Dee ",
        reason="adding error",
    )  # fmt: skip
    entry = list_audit(db, event)[-1]
    assert entry.action == "sheet.amend"
    assert entry.details == {
        "round": 1,
        "table": 2,
        "director": "Director Dee",
        "reason": "adding error",
        "before": {"score": {"a": 400, "b": 202}, "winner": None},
        "after": {"score": {"a": 410, "b": 202}, "winner": None},
    }


def test_an_amendment_is_refused_where_it_cannot_stand(db, clock) -> None:
    info = create_event(
        Desk(db, None, clock), NewEvent("Club", dt.date(2024, 3, 9), "", "npa-club-pinochle")
    )
    for n in range(12):
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=[f"P{n}"])
        )
    draw.make_draw(Desk(db, info.id, clock), 11)
    seating.publish_seating(Desk(db, info.id, clock), 1)
    event = info.id

    def amend(table: int, score: tuple[int, int], **given: str) -> None:
        options = {"director": "Dee", "reason": "adding error", **given}
        sheets.amend_sheet(Desk(db, event, clock), 1, table, score=score, **options)

    with pytest.raises(UserError, match="round 1, table 1: the sheet is not submitted yet"):
        amend(1, (1, 2))
    sheets.submit_sheet(
        Desk(db, event, clock),
        1,
        1,
        final_score=(400, 200),
        signatures=builder.signers(db, event, 1, 1),
    )
    with pytest.raises(UserError, match=r"winner: only a tied game needs one \(1 to 2\)"):
        amend(1, (1, 2), winner="a")
    with pytest.raises(UserError, match="director: an amendment needs the director's name"):
        amend(1, (1, 2), director=" ")
    with pytest.raises(UserError, match="reason: say why"):
        amend(1, (1, 2), reason="")
    with pytest.raises(UserError, match="already counts 400 to 200; nothing to amend"):
        amend(1, (400, 200))
    with pytest.raises(UserError, match="table: round 1 has no table 9"):
        amend(9, (1, 2))
