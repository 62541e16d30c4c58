"""No raw SQL changes what the night recorded: each statement is tried from a plain sqlite3
connection (recursive_triggers off, foreign keys off: SQLite's defaults) and refused."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from clubdesk.services import final_payouts, rounds, sheets
from clubdesk.services.command import Desk
from clubdesk.services.sheets import SheetLine, SignatureInput
from clubdesk.store.db import Database, open_database
from clubdesk.timesource import FakeTime, TimeSource
from tests import builder
from tests.conftest import CLUB_TIME
from tests.store.test_migrations import log_archive

HANDS = [
    {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
     "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 60, "marriage": True, "meld": {"A": 0, "B": 10},
     "tricks": {"A": 25, "B": 25}},
]  # fmt: skip
DRAWN = [[[0.1, 0.5], [0.2, 0.3], [0.3, 0.55]]]  # a signature as the pad gives it


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A warm-up with fees paid, drawn, round 1 started, table 1's sheet submitted and
    amended, table 2's sheet open with one hand on it; the file and the ids the
    statements aim at."""
    clock = FakeTime(datetime(2024, 3, 9, 9, 30, tzinfo=CLUB_TIME))
    folder = tmp_path_factory.mktemp("night")
    path = folder / "night.sqlite"
    with open_database(path, backups=folder) as db:
        build(db, clock)
    with closing(sqlite3.connect(path)) as conn:

        def value(sql: str) -> object:
            return conn.execute(sql).fetchone()[0]

        ids: dict[str, object] = {
            "ev": value("SELECT id FROM event"),
            "r1": value("SELECT id FROM round WHERE number = 1"),
            "g1": value("SELECT id FROM game WHERE table_number = 1"),
            "g2": value("SELECT id FROM game WHERE table_number = 2"),
            "h1": value(
                "SELECT min(hand.id) FROM hand JOIN game ON game.id = hand.game_id "
                "WHERE table_number = 1"
            ),  # fmt: skip
            "sig1": value("SELECT min(id) FROM signature"),
            "seat1": value("SELECT min(id) FROM game_seat"),
            "adj1": value("SELECT min(id) FROM adjustment"),
            "am1": value("SELECT min(id) FROM amendment"),
            "l1": value("SELECT min(id) FROM ledger_entry"),
            "l2": value("SELECT max(id) FROM ledger_entry"),
            "a1": value("SELECT min(id) FROM audit_log"),
            "c1": value("SELECT min(id) FROM clock_fact"),
            "e1": value("SELECT min(id) FROM entrant"),
            "p1": value("SELECT min(id) FROM player"),
            "d1": value("SELECT id FROM draw"),
            "da1": value("SELECT min(id) FROM draw_assignment"),
        }
    return path, ids


def build(db: Database, clock: TimeSource) -> None:
    event = builder.event(db, clock, "grand-prix-warmup", entrants=4, paid_cents=2000)
    builder.draw(db, event, clock, seed=5)
    builder.publish(db, event, 1, clock)
    rounds.start_round(Desk(db, event, clock), 1)
    names = builder.signers(db, event, 1, 1)
    sheets.submit_sheet(
        Desk(db, event, clock), 1, 1, hands=HANDS, adjustments=[SheetLine("b", 100, "late")],
        time_called=True,
        signatures={role: SignatureInput(name, DRAWN) for role, name in names.items()},
    )  # fmt: skip
    sheets.amend_sheet(
        Desk(db, event, clock), 1, 1, score=(150, 40), director="Dee", reason="adding error",
        strokes=DRAWN,
    )  # fmt: skip
    with db.session() as session:  # an open sheet takes hands as they are played
        session.connection().exec_driver_sql(
            "INSERT INTO hand (game_id, number, data) SELECT id, 1, '{}' FROM game "
            "WHERE table_number = 2"
        )


TAMPERING = [
    # a submitted sheet taken back or overwritten
    "INSERT OR REPLACE INTO game (id, round_id, table_number) VALUES ({g1}, {r1}, 1)",
    "REPLACE INTO game (id, round_id, table_number) VALUES (999, {r1}, 1)",
    "UPDATE OR REPLACE game SET table_number = 1 WHERE id = {g2}",
    "UPDATE OR REPLACE game SET id = {g1} WHERE id = {g2}",
    "INSERT OR REPLACE INTO hand (id, game_id, number, data) VALUES ({h1}, {g2}, 5, '{{}}')",
    "INSERT OR REPLACE INTO hand (id, game_id, number, data) VALUES ({h1}, {g1}, 1, '{{}}')",
    "UPDATE OR REPLACE hand SET id = {h1} WHERE game_id = {g2}",
    "INSERT OR REPLACE INTO signature (id, game_id, role, name, at) "
    "VALUES ({sig1}, {g2}, 'director', 'Forger', 'x')",
    "INSERT OR REPLACE INTO game_seat (id, game_id, side, seat, entrant_id) "
    "VALUES ({seat1}, {g2}, 'a', 3, 1)",
    "INSERT OR REPLACE INTO adjustment (id, game_id, side, points, reason) "
    "VALUES ({adj1}, {g2}, 'a', 0, 'none')",
    "INSERT OR REPLACE INTO amendment (id, game_id, what, who, why, at) "
    "VALUES ({am1}, {g1}, 'result', 'Forger', 'x', 'x')",
    "UPDATE amendment SET who = 'Forger'",
    # a signature as drawn: its strokes never change, are never taken away or forged
    "UPDATE signature SET strokes = '[[[0,0],[1,1]]]' WHERE game_id = {g1}",
    "UPDATE signature SET strokes = NULL WHERE game_id = {g1}",
    "UPDATE OR REPLACE signature SET strokes = '[]' WHERE id = {sig1}",
    "INSERT OR REPLACE INTO signature (id, game_id, role, name, at, strokes) "
    "VALUES ({sig1}, {g1}, 'scorekeeper', 'Forger', 'x', '[[[0,0]]]')",
    "INSERT INTO signature (game_id, role, name, at, strokes) "
    "VALUES ({g1}, 'director', 'Forger', 'x', '[[[0,0]]]')",
    "DELETE FROM signature WHERE game_id = {g1}",
    "UPDATE amendment SET strokes = '[[[0,0],[1,1]]]'",
    "UPDATE amendment SET strokes = NULL",
    # money
    "UPDATE ledger_entry SET cents = 1",
    "UPDATE ledger_entry SET note = 'forged'",
    "UPDATE OR REPLACE ledger_entry SET id = {l1} WHERE id = {l2}",
    "INSERT OR REPLACE INTO ledger_entry (id, event_id, kind, cents, note) "
    "VALUES ({l1}, '{ev}', 'fee', 1, '')",
    "DELETE FROM ledger_entry",
    # the audit log and the clock's facts
    "INSERT OR REPLACE INTO audit_log (id, at, actor, action, details) "
    "VALUES ({a1}, 'x', 'x', 'x', '{{}}')",
    "UPDATE audit_log SET action = 'x'",
    "DELETE FROM audit_log",
    "INSERT OR REPLACE INTO clock_fact (id, event_id, round_number, kind, at) "
    "VALUES ({c1}, '{ev}', 1, 'pause', 'x')",
    "INSERT OR REPLACE INTO clock_fact (event_id, round_number, kind, at) "
    "VALUES ('{ev}', 1, 'start', 'x')",
    "UPDATE OR REPLACE clock_fact SET id = 9999",
    "UPDATE clock_fact SET at = 'x'",
    "DELETE FROM clock_fact",
    # entrants and players once the draw is made
    "INSERT OR REPLACE INTO entrant (id, event_id, number, name, status, created_at) "
    "VALUES ({e1}, '{ev}', 1, 'Forger', 'active', 'x')",
    "INSERT OR REPLACE INTO entrant (event_id, number, name, status, created_at) "
    "VALUES ('{ev}', 1, 'Forger', 'active', 'x')",
    "UPDATE OR REPLACE entrant SET number = 1 WHERE number = 2",
    "UPDATE entrant SET name = 'Forger'",
    "DELETE FROM entrant",
    "UPDATE player SET name = 'Forger'",
    "DELETE FROM player",
    "INSERT OR REPLACE INTO player (id, event_id, entrant_id, position, name) "
    "VALUES ({p1}, '{ev}', {e1}, 1, 'Forger')",
    # rounds, the draw and the event once round 1 has started
    "UPDATE round SET status = 'pending' WHERE number = 1",
    "UPDATE round SET number = 9 WHERE number = 1",
    "DELETE FROM round",
    "INSERT OR REPLACE INTO round (id, event_id, number, status) "
    "VALUES ({r1}, '{ev}', 1, 'pending')",
    "UPDATE draw SET seed = 99",
    "UPDATE draw SET superseded = 1",
    "DELETE FROM draw",
    "INSERT OR REPLACE INTO draw (id, event_id, method, made_at, superseded) "
    "VALUES ({d1}, '{ev}', 'physical', 'x', 0)",
    "INSERT OR REPLACE INTO draw (event_id, method, made_at, superseded) "
    "VALUES ('{ev}', 'physical', 'x', 0)",
    "UPDATE draw_assignment SET table_number = 9 WHERE id = {da1}",
    "DELETE FROM draw_assignment",
    "INSERT OR REPLACE INTO draw_assignment (id, draw_id, entrant_id, table_number, seat, card) "
    "VALUES ({da1}, {d1}, 1, 9, 1, 'x')",
    "UPDATE event SET rules_text = ''",
    "UPDATE event SET settings = '{{\"drop_lowest\": 0}}'",
    "DELETE FROM event",
    "INSERT OR REPLACE INTO event "
    "(id, name, date, venue, rules_id, rules_text, settings, created_at) "
    "VALUES ('{ev}', 'x', 'x', 'x', 'x', 'x', '{{}}', 'x')",
]


def dump(conn: sqlite3.Connection) -> list[str]:
    return list(conn.iterdump())


@pytest.mark.parametrize("statement", TAMPERING)
def test_raw_sql_cannot_change_what_was_recorded(
    night: tuple[Path, dict[str, object]], statement: str
) -> None:
    path, ids = night
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        assert conn.execute("PRAGMA recursive_triggers").fetchone() == (0,)
        before = dump(conn)
        with pytest.raises(sqlite3.IntegrityError) as refused:
            conn.execute(statement.format(**ids))
        assert refused.value.sqlite_errorname == "SQLITE_CONSTRAINT_TRIGGER"  # not by chance
        assert dump(conn) == before


def test_an_open_sheet_and_new_rows_still_take_writes(
    night: tuple[Path, dict[str, object]],
) -> None:
    path, ids = night
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        conn.execute("UPDATE hand SET data = '{{\"bid\": 1}}' WHERE game_id = {g2}".format(**ids))
        conn.execute(
            "INSERT INTO hand (game_id, number, data) VALUES ({g2}, 2, '{{}}')".format(**ids)
        )
        conn.execute("UPDATE entrant SET status = 'withdrawn' WHERE number = 4")
        conn.execute("UPDATE round SET status = 'closed' WHERE number = 1")
        conn.execute("ROLLBACK")


@pytest.fixture(scope="module")
def final_night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A warm-up played to the end with its payouts finalized; the ids the statements aim at."""
    clock = FakeTime(datetime(2024, 3, 9, 9, 30, tzinfo=CLUB_TIME))
    folder = tmp_path_factory.mktemp("final")
    path = folder / "final.sqlite"
    with open_database(path, backups=folder) as db:
        event = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
        builder.draw(db, event, clock, seed=2)
        for number in range(1, 5):
            seats = builder.publish(db, event, number, clock)
            builder.scores(db, event, number, {t.table: (300 + t.table, 200) for t in seats.tables},
                           clock)  # fmt: skip
        final_payouts.finalize_payouts(Desk(db, event, clock), "Pat Lee")
    with closing(sqlite3.connect(path)) as conn:

        def value(sql: str) -> object:
            return conn.execute(sql).fetchone()[0]

        ids: dict[str, object] = {
            "ev": value("SELECT id FROM event"),
            "pf": value("SELECT id FROM payout_final"),
            "fp1": value("SELECT min(id) FROM final_prize"),
            "winner": value("SELECT min(entrant_id) FROM final_prize"),
            "loser": value(
                "SELECT min(id) FROM entrant WHERE id NOT IN (SELECT entrant_id FROM final_prize)"
            ),
        }
    return path, ids


FINAL_TAMPERING = [
    "UPDATE final_prize SET amount_cents = 1",
    "UPDATE final_prize SET entrant_id = {loser} WHERE id = {fp1}",
    "DELETE FROM final_prize",
    "INSERT INTO final_prize (payout_id, place, entrant_id, amount_cents, credit_cents) "
    "VALUES ({pf}, 4, {loser}, 100, 0)",
    "INSERT OR REPLACE INTO final_prize (id, payout_id, place, entrant_id, amount_cents, "
    "credit_cents) VALUES ({fp1}, {pf}, 1, {winner}, 1, 0)",
    "UPDATE payout_final SET pool_cents = 1",
    "UPDATE payout_final SET director = 'Forger'",
    "UPDATE payout_final SET reopened_by = 'Forger', reopen_reason = 'x', reopened_at = 'x'",
    "UPDATE payout_final SET event_id = 'elsewhere'",
    "DELETE FROM payout_final",
    "INSERT INTO payout_final (event_id, director, pool_cents, finalized_at) "
    "VALUES ('{ev}', 'Forger', 1, 'x')",
    "INSERT OR REPLACE INTO payout_final (id, event_id, director, pool_cents, finalized_at) "
    "VALUES ({pf}, '{ev}', 'Forger', 1, 'x')",
    # the pool stands while the payouts are final; a prize is paid only to a winner
    "INSERT INTO ledger_entry (event_id, kind, cents, method, note, at) "
    "VALUES ('{ev}', 'expense', 100, 'cash', 'forged', 'x')",
    "INSERT INTO ledger_entry (event_id, kind, cents, entrant_id, method, note, at) "
    "VALUES ('{ev}', 'fee', 100, {loser}, 'cash', 'late fee', 'x')",
    "INSERT INTO ledger_entry (event_id, kind, cents, entrant_id, method, note, at) "
    "VALUES ('{ev}', 'prize', 100, {loser}, 'cash', 'forged', 'x')",
]


@pytest.mark.parametrize("statement", FINAL_TAMPERING)
def test_raw_sql_cannot_change_finalized_payouts(
    final_night: tuple[Path, dict[str, object]], statement: str
) -> None:
    path, ids = final_night
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        before = dump(conn)
        with pytest.raises(sqlite3.IntegrityError) as refused:
            conn.execute(statement.format(**ids))
        assert refused.value.sqlite_errorname == "SQLITE_CONSTRAINT_TRIGGER"
        assert dump(conn) == before


def test_a_prize_paid_to_a_winner_is_still_taken(final_night) -> None:
    path, ids = final_night
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        conn.execute(
            "INSERT INTO ledger_entry (event_id, kind, cents, entrant_id, method, note, at) "
            "VALUES ('{ev}', 'prize', 100, {winner}, 'cash', 'prize', 'x')".format(**ids)
        )
        conn.execute("ROLLBACK")


# --- byes, tie-breaks and the clocks of older files (migration step 9) ----------------------


@pytest.fixture(scope="module")
def odd_night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A five-team warm-up: round 1 started with its bye, round 2 seated (its bye may still
    change), a tie-break played in round 1 and two rounds' clocks as an older clubdesk kept
    them; the file and the ids the statements aim at."""
    clock = FakeTime(datetime(2024, 3, 9, 9, 30, tzinfo=CLUB_TIME))
    folder = tmp_path_factory.mktemp("odd-night")
    path = folder / "night.sqlite"
    with open_database(path, backups=folder) as db:
        event = builder.event(db, clock, "grand-prix-warmup", entrants=5)
        builder.draw(db, event, clock, seed=5)
        builder.publish(db, event, 1, clock)
        builder.publish(db, event, 2, clock)
        rounds.start_round(Desk(db, event, clock), 1)
    with closing(sqlite3.connect(path)) as conn:

        def value(sql: str) -> object:
            return conn.execute(sql).fetchone()[0]

        ids: dict[str, object] = {
            "ev": value("SELECT id FROM event"),
            "r1": value("SELECT id FROM round WHERE number = 1"),
            "r2": value("SELECT id FROM round WHERE number = 2"),
            "e1": value("SELECT min(id) FROM entrant"),
            "e2": value("SELECT max(id) FROM entrant"),
        }
        log_tiebreak(conn, ids, winner=ids["e1"])
        conn.execute(
            "INSERT INTO tiebreak (round_id, entrant_a_id, entrant_b_id, winner, hands) "
            "VALUES ({r1}, {e1}, {e2}, 'a', '[]')".format(**ids)
        )
        # rows an older clubdesk wrote, before step 10 refused every new one
        (refusal,) = conn.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'clock_state_no_insert'"
        ).fetchone()
        conn.execute("DROP TRIGGER clock_state_no_insert")
        for number in (1, 2):
            conn.execute(
                "INSERT INTO clock_state (event_id, round_number, started_at, paused_seconds, "
                "extension_seconds, warned) VALUES (?, ?, 'x', 0, 0, 0)",
                (ids["ev"], number),
            )
        conn.execute(refusal)
        conn.commit()
        ids |= {
            "b1": value("SELECT id FROM bye WHERE round_id = {r1}".format(**ids)),
            "b2": value("SELECT id FROM bye WHERE round_id = {r2}".format(**ids)),
            "t1": value("SELECT id FROM tiebreak"),
            "cs1": value("SELECT min(id) FROM clock_state"),
            "cs2": value("SELECT max(id) FROM clock_state"),
        }
    return path, ids


def log_tiebreak(conn: sqlite3.Connection, ids: dict[str, object], winner: object) -> None:
    """The audit row clubdesk writes just before a tie-break between e1 and e2 in round 1
    (``winner``: the winning entrant's id)."""
    number = "SELECT number FROM entrant WHERE id = ?"
    a, b, won = (conn.execute(number, (i,)).fetchone()[0] for i in (ids["e1"], ids["e2"], winner))
    details = json.dumps({"round": 1, "a": a, "b": b, "winner": won})
    conn.execute(
        "INSERT INTO audit_log (at, actor, action, event_id, details) "
        "VALUES ('2024-03-09T10:00:00', 'director', 'tiebreak.record', ?, ?)",
        (ids["ev"], details),
    )


STEP_9_TAMPERING = [
    # the byes of a round that has started
    "UPDATE bye SET entrant_id = {e1} WHERE id = {b1}",
    "UPDATE bye SET round_id = {r2} WHERE id = {b1}",
    "UPDATE bye SET round_id = {r1} WHERE id = {b2}",
    "DELETE FROM bye WHERE id = {b1}",
    "INSERT INTO bye (round_id, entrant_id) VALUES ({r1}, {e1})",
    "INSERT OR REPLACE INTO bye (id, round_id, entrant_id) VALUES ({b1}, {r1}, {e2})",
    "INSERT OR REPLACE INTO bye (id, round_id, entrant_id) VALUES ({b2}, {r1}, {e2})",
    # a tie-break played
    "UPDATE tiebreak SET winner = 'b'",
    "UPDATE tiebreak SET hands = '[{{}}]'",
    "DELETE FROM tiebreak",
    "INSERT OR REPLACE INTO tiebreak (id, round_id, entrant_a_id, entrant_b_id, winner, hands) "
    "VALUES ({t1}, {r1}, {e1}, {e2}, 'b', '[]')",
    # an older clubdesk's clocks
    "UPDATE clock_state SET ended_at = 'x'",
    "UPDATE clock_state SET warned = 1 WHERE id = {cs1}",
    "UPDATE clock_state SET round_number = 3 WHERE id = {cs1}",
    "DELETE FROM clock_state",
    "INSERT OR REPLACE INTO clock_state "
    "(id, event_id, round_number, paused_seconds, extension_seconds, warned) "
    "VALUES ({cs1}, '{ev}', 1, 0, 0, 0)",
    "INSERT OR REPLACE INTO clock_state "
    "(event_id, round_number, paused_seconds, extension_seconds, warned) "
    "VALUES ('{ev}', 1, 0, 0, 0)",
    "UPDATE OR REPLACE clock_state SET id = {cs1} WHERE id = {cs2}",
    # step 10: a new clock row, or a tie-break the program did not log just before
    "INSERT INTO clock_state (event_id, round_number, paused_seconds, extension_seconds, warned) "
    "VALUES ('{ev}', 3, 0, 0, 0)",
    "INSERT INTO tiebreak (round_id, entrant_a_id, entrant_b_id, winner, hands) "
    "VALUES ({r1}, {e1}, {e2}, 'b', '[]')",
    "INSERT INTO tiebreak (round_id, entrant_a_id, entrant_b_id, winner, hands) "
    "VALUES ({r2}, {e2}, {e1}, 'a', '[]')",
]


@pytest.mark.parametrize("statement", STEP_9_TAMPERING)
def test_raw_sql_cannot_change_byes_tiebreaks_or_older_clocks(
    odd_night: tuple[Path, dict[str, object]], statement: str
) -> None:
    path, ids = odd_night
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        before = dump(conn)
        with pytest.raises(sqlite3.IntegrityError) as refused:
            conn.execute(statement.format(**ids))
        assert refused.value.sqlite_errorname == "SQLITE_CONSTRAINT_TRIGGER"  # not by chance
        assert dump(conn) == before


def test_a_round_not_started_keeps_its_byes_open_and_archiving_moves_older_clocks(
    odd_night: tuple[Path, dict[str, object]],
) -> None:
    path, ids = odd_night
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        conn.execute("DELETE FROM bye WHERE id = {b2}".format(**ids))  # round 2 seated anew
        conn.execute("INSERT INTO bye (round_id, entrant_id) VALUES ({r2}, {e1})".format(**ids))
        log_tiebreak(conn, ids, winner=ids["e2"])  # another tie-break, logged first
        conn.execute(
            "INSERT INTO tiebreak (round_id, entrant_a_id, entrant_b_id, winner, hands) "
            "VALUES ({r1}, {e1}, {e2}, 'b', '[]')".format(**ids)
        )
        log_archive(conn, str(ids["ev"]), "archived")
        conn.execute("UPDATE clock_state SET event_id = 'archived' WHERE id = {cs1}".format(**ids))
        conn.execute("ROLLBACK")
