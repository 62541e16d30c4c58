"""Where clubdesk finds its own data files and keeps the user's.

Works the same from a source tree, an installed wheel and a frozen
(PyInstaller) build: the bundled ``resources/`` and ``rules/`` folders are
looked up beside the package (source tree), inside it (wheel), or in the
frozen app's folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from clubdesk.errors import UserError

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


def user_data_folder() -> Path:
    """Where the user's own data folder is (made or not: see ``user_data_dir``)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """The user's own data folder (databases, backups, own rules files), made if need be.

    A folder that cannot be made or written to is a ``UserError`` naming it and why: what
    needs the folder says so, and what does not need it never asks for it.
    """
    path = user_data_folder()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserError(
            f"the user data folder {path} cannot be made (a file has its name)"
        ) from None
    except OSError as exc:
        raise UserError(f"the user data folder {path} cannot be made ({_reason(exc)})") from None
    if not os.access(path, os.W_OK):
        raise UserError(f"the user data folder {path} cannot be written to (permission denied)")
    return path


def _reason(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


def user_rules_dir() -> Path:
    """Where a club keeps its own rules files; they are listed beside the bundled ones.
    Only read: a folder that is not there (or cannot be) holds no rules files."""
    return user_data_folder() / "rules"


def default_database() -> Path:
    return user_data_dir() / "clubdesk.sqlite"


def demo_database() -> Path:
    return user_data_dir() / "demo.sqlite"


def seal_key_file() -> Path:
    """This account's seal key (``store/seal.py``): in the user's config folder, apart from
    every database it seals."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "seal.key"


def backups_dir() -> Path:
    return user_data_dir() / "backups"
