"""The real-desktop tier: a real X server (Xvfb) with a real window manager (openbox), the
real program started as a director starts it, and real key presses and clicks (xdotool,
through X's XTEST), which go where X's input focus is, as a keyboard's do.

- ``desktop`` (one for each module): an Xvfb on a free display, its screen made two monitors
  side by side (``xrandr --setmonitor``, as a laptop and a projector), and openbox on it.
- ``start_window(db, *args)`` starts ``python -m clubdesk --db DB ARGS`` on it
  (QT_QPA_PLATFORM=xcb; the test's own XDG folders, so the window's settings stay in the
  test's home) and waits until its window, open on the database, has the keyboard.

Everything here is looked at from outside, as a director sees it: which window has X's
input focus (``xdotool getwindowfocus``), where a window is and whether it is full screen,
and what the database holds (read with sqlite3, read-only, while the window has it open).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from clubdesk.store.db import open_database
from tests import builder

T = TypeVar("T")

MONITORS = ((0, 0, 1600, 1000), (1600, 0, 1600, 1000))  # x, y, width, height
EVENT = "Friday Grand Prix"
SOURCE_ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 30  # the longest a step waits for the window (a window's start on a busy machine)


def wait_for(what: Callable[[], T], description: str, timeout: float = WAIT_S) -> T:
    """``what()`` once it is true, asked again every 50 ms; the test fails after ``timeout``
    seconds, saying what it waited for and what it saw last."""
    end = time.monotonic() + timeout
    while True:
        seen = what()
        if seen:
            return seen
        if time.monotonic() > end:
            pytest.fail(f"waited {timeout} s for {description}; last seen: {seen!r}")
        time.sleep(0.05)


@dataclass
class Desktop:
    """An X display with a window manager, and what a test asks of it."""

    display: str

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.display}

    def run(self, *command: str) -> str:
        """A command on this display (xdotool, xprop); its output. An X window gone meanwhile
        is answered with an empty output, not a failure."""
        done = subprocess.run(command, env=self.env(), capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""

    def key(self, *keys: str) -> None:
        """Press ``keys`` in turn (``ctrl+2``, ``Return``) where X's input focus is."""
        subprocess.run(["xdotool", "key", "--delay", "30", *keys], env=self.env(), check=True)

    def type(self, text: str) -> None:
        subprocess.run(["xdotool", "type", "--delay", "20", text], env=self.env(), check=True)

    def click(self, x: int, y: int) -> str:
        """A click at ``x``, ``y``; xwininfo's tree of the window it was on, as the window
        manager framed it (every window inside, by its id in hex)."""
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"],
                       env=self.env(), check=True)  # fmt: skip
        under = self.run("xdotool", "getmouselocation", "--shell").splitlines()
        frame = dict(line.split("=", 1) for line in under if "=" in line).get("WINDOW", "0")
        return self.run("xwininfo", "-tree", "-id", frame)

    def focused(self) -> str:
        """The name of the window that has X's input focus (the keyboard)."""
        return self.run("xdotool", "getwindowfocus", "getwindowname")

    def window(self, name: str) -> str:
        """The id of the mapped window whose name starts with ``name`` (empty: none)."""
        found = self.run("xdotool", "search", "--onlyvisible", "--name", f"^{name}").split()
        return found[0] if found else ""

    def geometry(self, window: str) -> tuple[int, int, int, int]:
        """Where ``window`` is on the screen: x, y, width, height (zeros when it is gone)."""
        shell = self.run("xdotool", "getwindowgeometry", "--shell", window)
        fields = dict(line.split("=", 1) for line in shell.splitlines() if "=" in line)
        return tuple(int(fields.get(k, 0)) for k in ("X", "Y", "WIDTH", "HEIGHT"))  # type: ignore[return-value]

    def full_screen(self, window: str) -> bool:
        """Whether the window manager shows ``window`` full screen."""
        return "_NET_WM_STATE_FULLSCREEN" in self.run("xprop", "-id", window, "_NET_WM_STATE")


def _start_xvfb(width: int, height: int) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb on a display no other server has (it picks it: -displayfd), kept alive when
    its last client leaves (-noreset: the monitors stay as they are made)."""
    read, write = os.pipe()
    screen = ["-screen", "0", f"{width}x{height}x24"]
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-noreset", "-nolisten", "tcp", *screen],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    if not number:
        server.kill()
        server.wait()
        pytest.fail("Xvfb did not start")
    return server, f":{number}"


@pytest.fixture(scope="module")
def desktop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desktop]:
    """Xvfb with two monitors side by side, and openbox managing its windows."""
    width = sum(m[2] for m in MONITORS)
    server, display = _start_xvfb(width, max(m[3] for m in MONITORS))
    desk = Desktop(display)
    home = tmp_path_factory.mktemp("openbox")
    manager = None
    try:
        for number, (x, y, w, h) in enumerate(MONITORS, start=1):
            output = "screen" if number == 1 else "none"  # Xvfb's one output: the first's
            geometry = f"{w}/{w // 4}x{h}/{h // 4}+{x}+{y}"  # millimetres: about 100 dpi
            subprocess.run(["xrandr", "--setmonitor", f"monitor{number}", geometry, output],
                           env=desk.env(), check=True, capture_output=True)  # fmt: skip
        manager = subprocess.Popen(
            ["openbox", "--sm-disable"],  # no session files: nothing written in the user's home
            env={**desk.env(), "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
                 "XDG_CACHE_HOME": str(home / "cache"), "XDG_DATA_HOME": str(home / "data")},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        # openbox has taken the screen once it names itself on the root window
        wait_for(lambda: desk.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK"), "openbox")
        yield desk
    finally:
        for process in (manager, server):
            if process is not None:
                process.terminate()
                process.wait(10)


class Window:
    """The director's window (``python -m clubdesk``) running on ``desktop``."""

    def __init__(self, desktop: Desktop, db: Path, args: tuple[str, ...], log: Path):
        self.desktop = desktop
        self.db = db
        self.log = log
        paths = [str(SOURCE_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]  # this tree's
        env = {**desktop.env(), "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": os.pathsep.join(paths)}
        with log.open("w") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "clubdesk", "--db", str(db), *args],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        wait_for(self._director_has_keyboard, "the director's window, open, with the keyboard")

    def _director_has_keyboard(self) -> str:
        if self.process.poll() is not None:
            pytest.fail(f"the window ended ({self.process.returncode}):\n{self.log.read_text()}")
        return self.director_has_keyboard()

    def director_has_keyboard(self) -> str:
        """The director's window's name, when it has the keyboard (its title names the event
        of the database it is open on); else empty."""
        name = self.desktop.focused()
        return name if EVENT in name and "projector" not in name else ""

    def menu(self, *keys: str) -> None:
        """Each key in turn, each once the menu the one before opened is on the screen (Alt+V,
        then an item's letter, ...)."""
        for opened, key in enumerate(keys):
            wait_for(lambda n=opened: self.menus_open() >= n, f"{opened} menus open")
            self.desktop.key(key)

    def menus_open(self) -> int:
        """How many of the window's menus are on the screen."""
        shown = self.desktop.run("xdotool", "search", "--onlyvisible", "--pid",
                                 str(self.process.pid)).split()  # fmt: skip
        kinds = [self.desktop.run("xprop", "-id", w, "_NET_WM_WINDOW_TYPE") for w in shown]
        return sum("_NET_WM_WINDOW_TYPE_POPUP_MENU" in kind for kind in kinds)

    def projector(self) -> str:
        """The projector's window id, once it is on the screen."""
        return wait_for(lambda: self.desktop.window("clubdesk projector"), "the projector")

    def read(self, sql: str, *values: object) -> list[tuple]:
        """Rows of the database the window has open, read as sqlite3 reads them (read-only)."""
        with closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
            return db.execute(sql, values).fetchall()

    def quit(self) -> None:
        """Ctrl+Q in the director's window, and the program ends."""
        self.desktop.key("ctrl+q")
        try:
            self.process.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail(f"Ctrl+Q did not end the window:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def drawn_event(tmp_path: Path, new_database, clock) -> Path:
    """A database holding one Grand Prix event of eight teams, drawn, round 1 not started;
    closed, for the window to open."""
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path, backups=tmp_path / "backups") as db:
        event_id = builder.event(db, clock, entrants=8, name=EVENT)
        builder.draw(db, event_id, clock)
    return path


@pytest.fixture
def start_window(desktop: Desktop, tmp_path: Path) -> Iterator[Callable[..., Window]]:
    """``start_window(db, *args)``: the window started on ``db`` (ended after the test)."""
    started: list[Window] = []

    def start(db: Path, *args: str) -> Window:
        window = Window(desktop, db, args, tmp_path / f"window-{len(started) + 1}.log")
        started.append(window)
        return window

    yield start
    for window in started:
        window.stop()
