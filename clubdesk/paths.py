"""Where clubdesk finds its own data files and keeps the user's.

Works the same from a source tree, an installed wheel and a frozen
(PyInstaller) build: the bundled ``resources/`` and ``rules/`` folders are
looked up beside the package (source tree), inside it (wheel), or in the
frozen app's folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

APP_NAME = "clubdesk"
_PACKAGE_DIR = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    candidates = []
    if frozen_root:
        candidates.append(Path(frozen_root) / name)
    candidates.append(_PACKAGE_DIR.parent / name)  # source tree / editable install
    candidates.append(_PACKAGE_DIR / name)  # installed wheel
    for path in candidates:
        if path.is_dir():
            return path
    raise FileNotFoundError(f"clubdesk's {name}/ folder is missing from this installation")


def resources_dir() -> Path:
    """The bundled icons, sounds and fonts."""
    return _bundled("resources")


def resource(name: str) -> Path:
    """One bundled resource file, e.g. ``resource("fonts/DejaVuSans.ttf")``."""
    return resources_dir() / name


def bundled_rules_dir() -> Path:
    """The rules files shipped with clubdesk, one per format."""
    return _bundled("rules")


def user_data_dir() -> Path:
    """The user's own data folder (databases, backups, own rules files)."""
    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_rules_dir() -> Path:
    """Where a club keeps its own rules files; they are listed beside the bundled ones."""
    return user_data_dir() / "rules"


def default_database() -> Path:
    return user_data_dir() / "clubdesk.sqlite"


def demo_database() -> Path:
    return user_data_dir() / "demo.sqlite"


def backups_dir() -> Path:
    return user_data_dir() / "backups"
