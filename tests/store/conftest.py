from collections.abc import Iterator
from pathlib import Path

import pytest

from clubdesk.store import Database, open_database


@pytest.fixture
def backups(tmp_path: Path) -> Path:
    return tmp_path / "backups"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "club" / "club.sqlite"


@pytest.fixture
def db(db_path: Path, backups: Path) -> Iterator[Database]:
    database = open_database(db_path, backups=backups)
    yield database
    database.close()
