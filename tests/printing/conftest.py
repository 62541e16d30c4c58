"""A database of the test's own for the documents gathered from it."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from clubdesk.store import Database, open_database


@pytest.fixture
def db(tmp_path: Path, new_database) -> Iterator[Database]:
    database = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "backups")
    yield database
    database.close()
