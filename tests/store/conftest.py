from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """In a folder of its own: the store's tests look at what is written beside the file."""
    return tmp_path / "club" / "club.sqlite"
