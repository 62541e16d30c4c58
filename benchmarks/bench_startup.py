"""How long clubdesk takes to open, against a bare baseline in the same run.

Three figures, each the median of launch pairs (the app, then its baseline, in turn,
so that a machine whose speed drifts drifts for both):

- **the window**: from starting the process to the main window first exposed on the
  screen (its frame: the page list, the menus, the status bar), ``clubdesk --db FILE``
  on a database holding the demo event, against a bare PySide6 window (a
  ``QMainWindow`` shown) measured the same way;
- **the page in use**: from starting the process to the window holding its database
  with the page in use built (its ``opened`` signal), against the same bare window;
- **the command line**: ``clubdesk rules list`` run to its end, against ``python -c pass``.

A child reports the moment its first top-level window is exposed, and then the
moment the window is opened, through a ``QApplication`` subclass put in PySide6's
place before the program imports it, so the program runs unchanged. Under X
(``DISPLAY`` set, or Xvfb started here when it is installed) the window is a real
one; otherwise Qt's offscreen platform is used.

    .venv/bin/python benchmarks/bench_startup.py             # 7 pairs each
    .venv/bin/python benchmarks/bench_startup.py --pairs 11
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PYTHON = sys.executable

# Run in the child: put a QApplication that reports the first exposed window in
# PySide6's place, then run what argv names ("bare" or clubdesk's command line).
CHILD = r"""
import os, sys
from PySide6 import QtCore, QtWidgets

def _say(word):
    sys.stdout.write(word + "\n")
    sys.stdout.flush()

def _opened():
    _say("opened")
    os._exit(0)

class _Watch(QtCore.QObject):
    exposed = False

    def eventFilter(self, obj, event):
        if (not self.exposed and event.type() == QtCore.QEvent.Type.Expose
                and isinstance(obj, QtCore.QObject) and obj.isWindowType() and obj.isExposed()):
            self.exposed = True
            _say("exposed")
            windows = [w for w in QtWidgets.QApplication.topLevelWidgets()
                       if hasattr(w, "opened") and hasattr(w, "is_open")]
            if not windows or windows[0].is_open:
                _opened()
            windows[0].opened.connect(_opened)
        return False

class _App(QtWidgets.QApplication):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._watch = _Watch()
        self.installEventFilter(self._watch)

QtWidgets.QApplication = _App
if sys.argv[1] == "bare":
    app = _App(sys.argv[:1])
    window = QtWidgets.QMainWindow()
    window.resize(1280, 820)
    window.show()
    app.exec()
else:
    from clubdesk.cli import main
    sys.exit(main(sys.argv[1:]))
"""


def time_to_window(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting a child to its first window exposed, and to that window
    opened on its database (the same for a bare window)."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [PYTHON, "-c", CHILD, *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    exposed = child.stdout.readline()
    to_frame = time.perf_counter() - start
    opened = child.stdout.readline()
    to_page = time.perf_counter() - start
    child.wait(timeout=30)
    if (exposed.strip(), opened.strip()) != ("exposed", "opened"):
        raise SystemExit(f"no window was exposed and opened by {' '.join(argv)}")
    return to_frame, to_page


def time_to_end(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def pairs(n: int, app, baseline) -> tuple[list[float], list[float]]:
    app(), baseline()  # warm the file cache
    a, b = [], []
    for _ in range(n):
        a.append(app())
        b.append(baseline())
    return a, b


def report(name: str, a: list[float], b: list[float], goal: float) -> None:
    """The medians and the ratios of pairs; ``goal`` 0: no goal is set."""
    ratios = [x / y for x, y in zip(a, b, strict=True)]
    aim = f"; goal at most {goal:g}" if goal else ""
    print(
        f"{name}: median {statistics.median(a):.3f} s against {statistics.median(b):.3f} s; "
        f"ratio median {statistics.median(ratios):.2f} "
        f"(min {min(ratios):.2f}, max {max(ratios):.2f}{aim})"
    )


def demo_database(folder: Path, env: dict[str, str]) -> Path:
    """A database holding the demo event: the one ``clubdesk --demo`` makes, with its
    journal, copied once its window is up."""
    time_to_window(["--demo"], env)
    made = next((folder / "data").rglob("demo.sqlite"))
    db = folder / "night.db"
    for suffix in ("", "-wal"):
        if Path(f"{made}{suffix}").exists():
            shutil.copyfile(f"{made}{suffix}", f"{db}{suffix}")
    return db


def start_xvfb(env: dict[str, str]) -> subprocess.Popen | None:
    if env.get("DISPLAY") or shutil.which("Xvfb") is None:
        env.setdefault("QT_QPA_PLATFORM", "offscreen" if not env.get("DISPLAY") else "xcb")
        return None
    display = ":97"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)
    env["DISPLAY"] = display
    env["QT_QPA_PLATFORM"] = "xcb"
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=7)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        env = dict(os.environ, XDG_DATA_HOME=str(folder / "data"), HOME=str(folder))
        # as an installed program runs: its modules compiled once and kept (the warm-up
        # pair writes the bytecode)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        server = start_xvfb(env)
        try:
            db = demo_database(folder, env)
            print(f"platform {env['QT_QPA_PLATFORM']}, {args.pairs} pairs each")
            a, b = pairs(
                args.pairs,
                lambda: time_to_window(["--db", str(db)], env),
                lambda: time_to_window(["bare"], env),
            )
            bare = [frame for frame, _ in b]
            report("the window (clubdesk --db, bare QMainWindow)", [f for f, _ in a], bare, 3)
            report("the page in use (clubdesk --db, bare QMainWindow)", [p for _, p in a], bare, 0)
            clubdesk = str(Path(PYTHON).with_name("clubdesk"))
            a, b = pairs(
                args.pairs,
                lambda: time_to_end([clubdesk, "rules", "list"], env),
                lambda: time_to_end([PYTHON, "-c", "pass"], env),
            )
            report("the command line (clubdesk rules list, python -c pass)", a, b, 3)
        finally:
            if server is not None:
                server.terminate()


if __name__ == "__main__":
    main()
