"""Games read from the database by the one reader, amendments applied and carried."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from clubdesk.domain.event.model import Amendment, Score, SheetResult
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.store import eventfile as store
from clubdesk.store import games, sheets
from clubdesk.store.db import Database

DATA = Path(__file__).parents[1] / "domain" / "data"
AT = dt.datetime(2011, 10, 22, 14, 0, tzinfo=dt.timezone(dt.timedelta(hours=-7)))


def saved_gp(db: Database) -> None:
    data = json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))
    event = parse_event(data, load_rules)
    with db.session() as session:
        store.save_event(session, event, rules_id=event.rules, rules_text="# rules", at=AT)


def game_id(db: Database, round_number: int, table: int) -> int:
    with db.session() as session:
        for stored in sheets.load_games(session, "gp-mini-2011", round_number=round_number):
            if stored.game.table == table:
                return stored.id
    raise AssertionError("no such game")


def test_an_amendment_recorded_is_read_by_both_readers_alike(db: Database) -> None:
    saved_gp(db)
    submitted = SheetResult(Score(520, 430))
    first = Amendment("Dee", AT, "adding error", submitted, SheetResult(Score(520, 530)))
    second = Amendment("Dee", AT + dt.timedelta(minutes=5), "tie after all",
                       first.after, SheetResult(Score(530, 530), "a"))  # fmt: skip
    table_2 = game_id(db, 1, 2)
    with db.session() as session:
        sheets.record_amendment(session, table_2, first)
        sheets.record_amendment(session, table_2, second)
    with db.session() as session:
        [seating_view] = [
            g for g in games.load_games(session, "gp-mini-2011", 1) if g.game.table == 2
        ]
        event = store.load_event(session, "gp-mini-2011")
        results = store.load_event(session, "gp-mini-2011", results_only=True)
    game = event.rounds[0].games[1]
    assert game.amendments == (first, second)
    assert (game.score, game.winner, game.won_by()) == (Score(530, 530), "a", "a")
    assert game.submitted_result == submitted
    assert seating_view.game == game and seating_view.submitted
    assert results.rounds[0].games[1].score == Score(530, 530)
    assert results.rounds[0].games[1].amendments == (first, second)


def test_the_sheet_as_submitted_is_kept_beside_its_amendments(db: Database) -> None:
    saved_gp(db)
    amendment = Amendment("Dee", AT, "adding error", SheetResult(Score(520, 430)),
                          SheetResult(Score(520, 530)))  # fmt: skip
    table_2 = game_id(db, 1, 2)
    with db.session() as session:
        sheets.record_amendment(session, table_2, amendment)
    with db.session() as session:
        row = session.connection().exec_driver_sql(
            "SELECT score_a, score_b FROM game WHERE id = ?", (table_2,)
        )
        assert row.one() == (520, 430)
