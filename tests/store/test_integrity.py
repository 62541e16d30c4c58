"""What clubdesk checks of a file before it writes to it (store/integrity.py): the schema the
migrations make for each version is clubdesk's own, a new file and an upgraded one alike, and
anything else is named."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from clubdesk.store.integrity import changed_outside, schema_in, schema_of
from clubdesk.store.migrations import MIGRATIONS, SCHEMA_VERSION, migrate


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION + 1))
def test_every_versions_own_schema_is_clubdesks_and_upgrades(tmp_path: Path, version) -> None:
    path = tmp_path / "club.sqlite"
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        migrate(conn, MIGRATIONS[:version])
        assert changed_outside(conn, version) is None
    with open_database(path, backups=tmp_path / "backups") as db:
        assert db.changed_outside is None
    with closing(sqlite3.connect(path)) as conn:
        assert schema_in(conn) == schema_of(SCHEMA_VERSION)  # upgraded: the same as a new one


def test_each_difference_is_named(tmp_path: Path) -> None:
    with closing(sqlite3.connect(tmp_path / "club.sqlite", isolation_level=None)) as conn:
        migrate(conn)
        conn.execute("DROP TRIGGER amendment_no_delete")
        conn.execute("DROP INDEX ledger_entry_event")
        conn.execute("CREATE TABLE notes (text TEXT)")
        assert changed_outside(conn, SCHEMA_VERSION) == (
            "its schema is not clubdesk's own: 1 index missing, 1 trigger missing, 1 table added"
        )
