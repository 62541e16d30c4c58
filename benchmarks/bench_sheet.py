"""Does a score sheet make the director wait? Run by hand: ``python benchmarks/bench_sheet.py``.

Makes the demo night (``services.demo.make_demo``: a Grand Prix of 16 teams, round 4 seated
and running, its 8 tables' sheets not in) in a fresh database and opens the director's window
on it as the app does (offscreen unless ``QT_QPA_PLATFORM`` says otherwise; the app's style
sheet and fonts, the other pages built after opening, the window's objects frozen), at
1280x820, the Rounds page in view. Then, table by table, on the window's thread, with
``time.perf_counter`` (wall) and ``time.thread_time`` (the thread's own CPU):

- **open**: the table's sheet opened from the board (``RoundsPage.open_sheet``, as a
  double-click or Return does) until it is on screen and painted (a fresh sheet: its first
  hand's row, the signers and their pads);
- its hands (a game played to its end from ``domain.games.samples``, 6 to 8 hands) put in
  the rows and both pads signed (not timed), then **submit**: Submit clicked until the
  sheet shows read-only, painted, and the window has followed the change (of it, the
  service call ``submit_sheet`` apart);
- **open submitted**: the submitted sheet closed and opened again, read-only.

Beside each, in the same run, turn about, the bare baseline: a plain ``QDialog`` over the
same window with the same rows of widgets (the headings; for each field of a hand a line
edit, tick box or list of the same items; the running totals; the two signers' lists and a
pad-sized widget each; the buttons) built, opened and painted: with one hand's row beside
**open**, with the game's rows beside **open submitted**; beside **submit**, the game's
rows switched read-only and painted. It prints the median (and the best) of each in wall
and in thread CPU time, and the ratios of the medians to the baseline's; goal: at most
100 ms on the window's thread. ``--profile`` prints cProfile's view of one more table's
open, submit and open again.

    .venv/bin/python benchmarks/bench_sheet.py                # the 8 tables of round 4
    .venv/bin/python benchmarks/bench_sheet.py --tables 4 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import gc
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GOAL_MS = 100.0
ROUND = 4  # the demo's round being played
NIGHT = dt.datetime(2024, 3, 9, 16, 30, tzinfo=dt.UTC)  # the demo made at this instant
STROKES = (((0.1, 0.6), (0.25, 0.3), (0.4, 0.65), (0.6, 0.4)),)

Times = list[tuple[float, float]]  # (wall seconds, thread CPU seconds)


def timed(action: Callable[[], Any]) -> tuple[float, float]:
    start, cpu = time.perf_counter(), time.thread_time()
    action()
    return time.perf_counter() - start, time.thread_time() - cpu


def on_screen(dialog: Any) -> None:
    """Turn the event loop until ``dialog`` is exposed and every event it posted is handled
    (its layout and its first paint)."""
    from PySide6.QtWidgets import QApplication

    while (handle := dialog.windowHandle()) is None or not handle.isExposed():
        QApplication.processEvents()
    QApplication.processEvents()


def bare_dialog(parent: Any, columns: Any, hands: int) -> Any:
    """A plain QDialog with the sheet's rows of widgets, nothing wired."""
    from PySide6.QtWidgets import (
        QCheckBox,
        QComboBox,
        QDialog,
        QGridLayout,
        QHBoxLayout,
        QLabel,
        QLineEdit,
        QPushButton,
        QVBoxLayout,
        QWidget,
    )

    from clubdesk.domain.games.columns import TOOK_CHOICES

    dialog = QDialog(parent)
    dialog.setGeometry(parent.geometry())
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel("Round 4, table 1: A: 1, 2   B: 3, 4"))
    grid = QGridLayout()
    headings = ("Hand", *(column.heading for column in columns), "Total A", "Total B")
    for n, heading in enumerate(headings):
        grid.addWidget(QLabel(heading), 0, n)
    fields: list[QWidget] = []
    for line in range(1, hands + 1):
        grid.addWidget(QLabel(str(line)), line, 0)
        for n, column in enumerate(columns, start=1):
            if column.kind == "int":
                widget: QWidget = QLineEdit("50")
            elif column.kind == "flag":
                widget = QCheckBox()
            else:
                combo = QComboBox()
                items = {"side": ("A", "B"), "side?": ("–", "A", "B")}.get(column.kind, ())
                if column.kind == "took":
                    items = tuple(text for text, _ in TOOK_CHOICES)
                for text in (*items, *column.choices):
                    combo.addItem(text)
                widget = combo
            grid.addWidget(widget, line, n)
            fields.append(widget)
        grid.addWidget(QLabel("120"), line, len(columns) + 1)
        grid.addWidget(QLabel("80"), line, len(columns) + 2)
    layout.addLayout(grid, 1)
    total = QLabel("Total  A 520  ·  B 410")
    layout.addWidget(total)
    signed = QHBoxLayout()
    for title in ("Scorekeeper", "Countersigned by"):
        picker = QComboBox()
        for name in ("Ann Smith (A)", "Bob Jones (A)", "Carol White (B)", "Dan Brown (B)"):
            picker.addItem(name)
        pad = QWidget()
        pad.setFixedSize(330, 100)
        signed.addWidget(QLabel(title))
        signed.addWidget(picker)
        signed.addWidget(pad)
        fields.append(picker)
    layout.addLayout(signed)
    buttons = QHBoxLayout()
    for text in ("Add hand (Enter)", "Submit sheet  (Ctrl+Enter)", "Amend…", "Close"):
        buttons.addWidget(QPushButton(text))
    layout.addLayout(buttons)
    dialog.fields, dialog.total = fields, total  # type: ignore[attr-defined]
    return dialog


def bare_read_only(dialog: Any) -> None:
    from PySide6.QtWidgets import QLineEdit

    for widget in dialog.fields:
        if isinstance(widget, QLineEdit):
            widget.setReadOnly(True)
        else:
            widget.setEnabled(False)
    dialog.total.setText("Submitted · counts 520 to 410")


def median_ms(times: Times) -> tuple[float, float]:
    return (statistics.median(t[0] for t in times) * 1000,
            statistics.median(t[1] for t in times) * 1000)  # fmt: skip


def report(name: str, sheet: Times, bare: Times, extra: str = "") -> None:
    wall, cpu = median_ms(sheet)
    bare_wall, bare_cpu = median_ms(bare)
    mark = "ok" if cpu <= GOAL_MS else "OVER"
    print(
        f"  {name:<15} {wall:6.1f} / {cpu:6.1f} ms (best {min(t[0] for t in sheet) * 1000:5.1f})"
        f"   bare {bare_wall:5.1f} / {bare_cpu:5.1f} ms   ratio {wall / bare_wall:4.1f} /"
        f" {cpu / bare_cpu:4.1f}  {mark}{extra}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="round 4's tables timed (1-8)")
    parser.add_argument("--profile", action="store_true", help="cProfile one more table")
    args = parser.parse_args()
    if not 1 <= args.tables <= 8 - args.profile:
        parser.error("--tables: 1 to 8 (7 with --profile: it takes one more)")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from clubdesk.domain.games.samples import sample_game
    from clubdesk.domain.games.sheets import describe_sheet
    from clubdesk.services import demo, sheets
    from clubdesk.services.events import event_rules
    from clubdesk.store.db import open_database
    from clubdesk.timesource import FakeTime
    from clubdesk.ui import style
    from clubdesk.ui.clock.ticker import FakeTimer
    from clubdesk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    style.apply(app)
    folder = Path(tempfile.mkdtemp(prefix="clubdesk-sheet-"))
    clock = FakeTime(NIGHT)
    db = open_database(folder / "demo.sqlite", backups=folder / "backups")
    event = demo.make_demo(db, clock)
    rules = event_rules(db, event.id)
    columns = describe_sheet(rules).columns
    rng = random.Random(4)
    plans = [sample_game(rules, rng) for _ in range(9)]

    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("window/page", "rounds")
    window = MainWindow(
        db, settings=settings, clock=clock, make_timer=FakeTimer, speech_engine="mock"
    )
    window.resize(1280, 820)
    window.show()
    app.processEvents()
    window.context.open_event(event.id)
    built: list[bool] = []
    window.all_built.connect(lambda: built.append(True))
    window.build_the_rest()
    while not built:
        app.processEvents()
    window.show_page("rounds")
    app.processEvents()
    gc.freeze()
    page = window.rounds_page

    service = [0.0]
    submit_sheet = sheets.submit_sheet

    def timed_service(*given: Any, **named: Any) -> Any:
        start = time.perf_counter()
        try:
            return submit_sheet(*given, **named)
        finally:
            service[0] += time.perf_counter() - start

    sheets.submit_sheet = timed_service  # type: ignore[assignment]

    def open_table(table: int) -> Any:
        dialog = page.open_sheet(page.model.index(table - 1, 0))
        on_screen(dialog)
        return dialog

    def fill(dialog: Any, hands: list[dict[str, Any]]) -> None:
        for hand in hands:
            dialog.rows[-1].set_hand(hand)
            dialog.add_hand()
        for pad in dialog.signers.pads.values():
            pad.set_strokes(STROKES)
        app.processEvents()
        assert dialog.submit_button.isEnabled(), dialog.game_label.text()

    def submit(dialog: Any) -> None:
        dialog.submit_button.click()
        app.processEvents()
        assert dialog.submitted, dialog.problem.text()

    def close(dialog: Any) -> None:
        dialog.reject()
        app.processEvents()

    opened: Times = []
    submitted: Times = []
    reopened: Times = []
    bare_open: Times = []
    bare_submit: Times = []
    services: list[float] = []
    holder: list[Any] = []

    bare_open_full: Times = []

    def bare(hands: int) -> None:
        dialog = bare_dialog(window, columns, hands)
        dialog.open()
        on_screen(dialog)
        holder.append(dialog)

    for table in range(1, args.tables + 1):
        bare_open.append(timed(lambda: bare(1)))  # a fresh sheet: its first hand's row
        dialog = holder.pop()
        dialog.reject()
        dialog.deleteLater()
        app.processEvents()
        bare_open_full.append(timed(lambda t=table: bare(len(plans[t - 1]))))
        dialog = holder.pop()
        bare_submit.append(timed(lambda d=dialog: (bare_read_only(d), app.processEvents())))
        dialog.reject()
        dialog.deleteLater()
        app.processEvents()

        holder.append(None)
        opened.append(timed(lambda t=table: holder.__setitem__(0, open_table(t))))
        dialog = holder.pop()
        fill(dialog, plans[table - 1])
        service[0] = 0.0
        submitted.append(timed(lambda d=dialog: submit(d)))
        services.append(service[0])
        close(dialog)
        holder.append(None)
        reopened.append(timed(lambda t=table: holder.__setitem__(0, open_table(t))))
        close(holder.pop())

    hands = sorted({len(plan) for plan in plans[: args.tables]})
    print(f"the demo's sheet (round {ROUND}, {len(columns)} fields a hand), {args.tables} tables "
          f"of {'-'.join(map(str, hands))} hands, at 1280x820")  # fmt: skip
    print(f"median wall / thread CPU, goal {GOAL_MS:.0f} ms on the window's thread:")
    report("open", opened, bare_open)
    report("submit", submitted, bare_submit,
           f"  [the service {statistics.median(services) * 1000:.1f} ms]")  # fmt: skip
    report("open submitted", reopened, bare_open_full)

    if args.profile:
        table = args.tables + 1
        profile = cProfile.Profile()
        profile.enable()
        dialog = open_table(table)
        profile.disable()
        fill(dialog, plans[-1])
        profile.enable()
        submit(dialog)
        profile.disable()
        close(dialog)
        profile.enable()
        close(open_table(table))
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)

    window.close()
    app.processEvents()
    db.close()


if __name__ == "__main__":
    main()
