"""The window on the largest field we plan for: every page switch and every publish within
100 ms? Run by hand: ``python benchmarks/bench_pages.py`` (``--runs N``).

Builds the Grand Prix of ``bench_standings.py`` (512 teams, 256 tables, 11 rounds, 8 hands a
game) with the last round still being played: its first tables have no sheet yet. Opens the
director's window on it offscreen (its clock's timers fire only by hand), then times with
``time.perf_counter``:

- each page switch (``show_page`` and the events it posts handled: layout and paint), the
  first visit and then the best of ``--runs`` later visits; as the app opens the window, the
  pages not in use are built in idle turns just after it opens (``--cold``: each page is
  imported and built on its first visit instead);
- a sheet submitted with each page in view: the service call apart, then the publish of what
  it changed (every handler of ``changed`` on the window's thread), the first publish and
  the best of ``--runs`` publishes of the same change, each with the share of it spent in
  the pages' own handlers (``follow_changes``); the rest is the window's status bar (the
  round clock's watch and the event's count line). The Standings and Money pages read off
  the window's thread (``ui/off_thread.py``): for them, also the time until the read is in
  and shown, and the window's thread's share of the showing;
- a switch to each page just after a sheet was handed in on the Rounds page (the page
  catches up as it is shown), and for the two pages that read off the window's thread, the
  time until the read is in and shown;

and prints each figure against the 100 ms goal.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from clubdesk.services.command import Desk

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GOAL_MS = 100.0
PENDING = 16  # tables of the last round with no sheet in yet
OFF_THREAD = ("standings", "money")  # the pages that read off the window's thread


def ms(seconds: float) -> str:
    mark = "ok" if seconds * 1000 <= GOAL_MS else "OVER"
    return f"{seconds * 1000:7.1f} ms  {mark}"


def timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def last_round_open(data: dict[str, Any]) -> dict[str, Any]:
    """The event file with the last round's first tables not handed in yet."""
    last = data["rounds"][-1]
    for game in last["games"][:PENDING]:
        game["hands"] = []
        game["signatures"] = []
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--cold",
        action="store_true",
        help="build each page on its first visit, not after opening as the app does",
    )
    args = parser.parse_args()

    from bench_standings import EVENT_ID, NIGHT_START, ROUNDS, event_file, hand
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from clubdesk.services import eventfile, sheets
    from clubdesk.services.changes import Change, changes_of
    from clubdesk.store.db import open_database
    from clubdesk.timesource import FakeTime
    from clubdesk.ui.clock.ticker import FakeTimer
    from clubdesk.ui.context import ChangeFollower
    from clubdesk.ui.main_window import MainWindow
    from tests import builder

    own = [0.0]  # seconds spent in the pages' own handlers of ``changed``
    handle = ChangeFollower._changed

    def page_handler(follower: ChangeFollower, change: Change) -> None:
        start = time.perf_counter()
        try:
            handle(follower, change)
        finally:
            own[0] += time.perf_counter() - start

    ChangeFollower._changed = page_handler  # type: ignore[method-assign]  # before any page

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp(prefix="clubdesk-pages-"))
    clock = FakeTime(NIGHT_START.replace(hour=21))
    db = open_database(folder / "bench.sqlite", backups=folder / "backups")
    start = time.perf_counter()
    done = eventfile.import_event(
        Desk(db, None, clock), last_round_open(event_file(random.Random(2011)))
    )
    print(
        f"imported {done.entrants} teams, {done.rounds} rounds, {done.games} games, "
        f"{done.hands} hands in {time.perf_counter() - start:.2f} s"
    )

    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("window/page", "event")
    start = time.perf_counter()
    window = MainWindow(
        db, settings=settings, clock=clock, make_timer=FakeTimer, speech_engine="mock"
    )
    window.resize(1280, 820)
    window.show()
    app.processEvents()
    print(f"window built and shown on the Event page: {ms(time.perf_counter() - start)}")
    window.context.open_event(EVENT_ID)
    app.processEvents()
    if args.cold:
        gc.freeze()
    else:  # as the app does once its window is open (ui/app.py, Opening)
        built = []
        window.all_built.connect(lambda: built.append(True))
        start = time.perf_counter()
        window.build_the_rest()
        while not built:
            app.processEvents()
        gc.freeze()
        print(
            f"the other pages built after opening, in idle turns: {ms(time.perf_counter() - start)}"
        )

    def switch(key: str) -> None:
        window.show_page(key)
        app.processEvents()

    def publish(change: Change) -> tuple[float, float]:
        """The publish's time, and the pages' own share of it."""
        own[0] = 0.0
        start = time.perf_counter()
        window.context.publish(change)
        return time.perf_counter() - start, own[0]

    def read_in() -> tuple[float, float]:
        """After a publish or a switch: the time until what is read off the window's thread
        is in and shown, and the window's thread's share of the showing."""
        start = time.perf_counter()
        window.context.readers.waitForDone()
        shown = time.perf_counter()
        app.processEvents()  # the reads' results, queued to the window's thread, shown
        end = time.perf_counter()
        return end - start, end - shown

    keys = window.page_keys()
    print(f"\npage switches (goal {GOAL_MS:.0f} ms)   first visit     then, best of {args.runs}")
    for key in keys:
        first = timed(partial(switch, key))
        later = []
        for _ in range(args.runs):
            switch("event" if key != "event" else "players")
            later.append(timed(partial(switch, key)))
        print(f"  {key:<10} {ms(first)}    {ms(min(later))}")

    print(f"\na sheet submitted (goal {GOAL_MS:.0f} ms), the page in view: the service call;")
    print(f"the publish, first; the publish again, best of {args.runs}; [the page's own share]")
    tables = iter(range(1, PENDING + 1))
    rng = random.Random(5)
    for key in keys:
        switch(key)
        table = next(tables)
        signers = builder.signers(db, EVENT_ID, ROUNDS, table)
        call = time.perf_counter()
        result = sheets.submit_sheet(
            Desk(db, EVENT_ID, clock), ROUNDS, table, hands=[hand(rng) for _ in range(8)],
            signatures=signers,
        )  # fmt: skip
        call = time.perf_counter() - call
        change = changes_of(result)
        first, first_own = publish(change)
        later, showing = read_in()
        again, again_own = min(publish(change) for _ in range(args.runs))
        read_in()
        print(
            f"  {key:<10} in view  {call * 1000:7.1f} ms   {ms(first)} [{first_own * 1000:5.1f}]"
            f"    {ms(again)} [{again_own * 1000:5.1f}]"
        )
        if key in OFF_THREAD:
            print(f"             read off the window's thread, in and shown "
                  f"{later * 1000:5.1f} ms later; showing it {ms(showing)}")  # fmt: skip

    print("\na switch to each page just after a sheet went in on the Rounds page")
    for key in keys:
        if key == "rounds":
            continue
        switch("rounds")
        table = next(tables)
        signers = builder.signers(db, EVENT_ID, ROUNDS, table)
        result = sheets.submit_sheet(
            Desk(db, EVENT_ID, clock), ROUNDS, table, hands=[hand(rng) for _ in range(8)],
            signatures=signers,
        )  # fmt: skip
        window.context.publish(changes_of(result))
        took = timed(partial(switch, key))
        later, showing = read_in()
        extra = (
            f";  its read in and shown {later * 1000:5.1f} ms later, showing it {ms(showing)}"
            if key in OFF_THREAD
            else ""
        )
        print(f"  {key:<10} {ms(took)}{extra}")

    window.close()
    app.processEvents()


if __name__ == "__main__":
    main()
