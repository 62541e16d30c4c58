"""Keeping tests away from the real user's files: an empty user data folder of their own."""

from __future__ import annotations

from pathlib import Path

import pytest


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

    folder = data_home / paths.APP_NAME
    monkeypatch.setattr(paths, "user_data_folder", lambda: folder)
    return folder
