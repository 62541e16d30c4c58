"""The window's title as a desktop shows it: on a real X server (Xvfb, Qt's xcb platform),
where the platform adds the application's display name to a window's title when one is
set, the director's window reads "clubdesk — Spring Grand Prix", the app's name once.
Offscreen Qt adds nothing, so this runs the command line's window under Xvfb and asks X
for the title it holds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from tests import builder

WAIT_S = 60  # a busy laptop's slowest start

pytestmark = pytest.mark.desktop  # a real X server: the real-desktop tier


def test_the_desktop_shows_the_apps_name_once(user_data, new_database, tmp_path, clock) -> None:
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path, backups=tmp_path / "backups") as db:
        builder.event(db, clock, name="Spring Grand Prix")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x820x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(write)
    try:
        with os.fdopen(read) as told:
            display = f":{told.readline().strip()}"
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
               "PYTHONPATH": str(Path(__file__).parents[2])}  # fmt: skip
        app = subprocess.Popen([sys.executable, "-m", "clubdesk", "--db", str(path)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        try:
            found = subprocess.run(
                ["xdotool", "search", "--sync", "--name", "Spring Grand Prix", "getwindowname"],
                env=env, capture_output=True, text=True, timeout=WAIT_S, check=True,
            )  # fmt: skip
        finally:
            app.terminate()
            app.wait(WAIT_S)
    finally:
        server.terminate()
        server.wait(WAIT_S)
    assert found.stdout.splitlines() == ["clubdesk — Spring Grand Prix"]
