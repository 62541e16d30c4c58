"""Keeping tests away from the real user's files: an empty user data folder of their own."""

from __future__ import annotations

from pathlib import Path

import pytest

TEST_SEAL_KEY = bytes(range(32))  # the tests' laptop; another laptop's key is made apart


def own_user_data(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point ``clubdesk.paths`` (and the XDG folders) at an empty user data folder under
    ``root``, until ``monkeypatch`` undoes it; that folder (made when first needed)."""
    data_home = root / "data"
    config_home = root / "config"
    data_home.mkdir()
    config_home.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config_home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(root / "cache"))

    from clubdesk import paths

    seal_key_file(config_home)
    folder = data_home / paths.APP_NAME
    monkeypatch.setattr(paths, "user_data_folder", lambda: folder)
    return folder


def seal_key_file(config_home: Path) -> Path:
    """The tests' laptop's seal key, in the config folder ``config_home``: one key for every
    test, so that a file made once is their own (another laptop's key is made apart)."""
    key = config_home / "clubdesk" / "seal.key"
    key.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key.write_bytes(TEST_SEAL_KEY)
    key.chmod(0o600)
    return key
