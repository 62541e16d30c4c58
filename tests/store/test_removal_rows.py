"""A removal from the tournament is a fact (migration step 13): one row per entrant, never
changed or removed, even by raw SQL."""

from __future__ import annotations

import sqlite3

import pytest

from clubdesk.services import removal
from clubdesk.services.command import Desk
from tests import builder


def test_a_removal_row_is_never_changed_removed_or_doubled(db, db_path, clock) -> None:
    event = builder.event(db, clock, "grand-prix-warmup", entrants=4)
    removal.remove_from_tournament(Desk(db, event, clock), 2, "abusive language", "Pat Director")
    db.close()
    conn = sqlite3.connect(db_path)
    try:
        for sql in (
            "UPDATE removal SET reason = 'nothing'",
            "UPDATE removal SET director = 'someone else'",
            "DELETE FROM removal",
            "INSERT INTO removal (entrant_id, director, reason, at) "
            "SELECT entrant_id, 'Pat', 'again', at FROM removal",
            "INSERT OR REPLACE INTO removal (id, entrant_id, director, reason, at) "
            "SELECT id, entrant_id, 'Pat', 'again', at FROM removal",
        ):
            with pytest.raises(sqlite3.DatabaseError):
                conn.execute(sql)
        assert conn.execute("SELECT director, reason FROM removal").fetchall() == [
            ("Pat Director", "abusive language")
        ]
    finally:
        conn.close()
