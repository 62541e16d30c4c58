"""How late the round clock shows an announcement, and what the projector costs at 4K.

Run by hand (offscreen): ``.venv/bin/python benchmarks/bench_clock.py`` (see README.md).

1. Lateness. A few hundred instants, one every 50 to 200 ms (seeded), are aimed at
   in turn, in one process and one run, by:

   - **(a)** a bare ``QTimer.singleShot`` (precise), aimed at each instant from the
     system clock's wall time, recording the wall time when it fires: the floor;
   - **(b)** the window's real ``Ticker`` (``ui/clock/ticker.py``, real ``QTimer``\\ s, the
     real system clock, its second tick running beside it): ``aim(at)``; on ``due``
     the words are put in a label as the status bar does and the label is painted,
     and the wall time is taken after the paint (the announcement *shown*).

   Both run in alternating blocks (a b a b) so a drift of the machine's speed falls
   on both; each prints the median, 95th percentile and worst lateness in ms, and
   the ratio (b)/(a).

2. Repaint at 4K. The projector window (``ui/projector/window.py``) on the demo night,
   3840x2160, is shown one second after another (``show_view`` of the clock's
   view, then ``render`` of the whole window into a 4K ``QImage``), one frame per
   second of display as the clock ticks: the time per frame is the cost per second
   of display. Beside it a bare ``QLabel`` of the same digits at the same pixel
   size, at 4K, ``setText`` then ``render``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from zoneinfo import ZoneInfo

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QEventLoop, Qt, QTimer  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel  # noqa: E402

from clubdesk.services.demo import make_demo  # noqa: E402
from clubdesk.store.db import open_database  # noqa: E402
from clubdesk.timesource import SYSTEM_TIME, FakeTime  # noqa: E402
from clubdesk.ui.clock.ticker import FakeTimer, Ticker, ms_until  # noqa: E402
from clubdesk.ui.clock.watch import ClockWatch  # noqa: E402
from clubdesk.ui.context import UiContext  # noqa: E402
from clubdesk.ui.projector.window import ProjectorWindow  # noqa: E402

WIDTH, HEIGHT = 3840, 2160


def instants(count: int, seed: int, start: dt.datetime) -> list[dt.datetime]:
    """``count`` instants after ``start``, 50 to 200 ms apart."""
    rng = random.Random(seed)
    found, at = [], start
    for _ in range(count):
        at += dt.timedelta(milliseconds=rng.randint(50, 200))
        found.append(at)
    return found


def run_loop(app: QApplication, aim_first: Callable[[], None], done: list[bool]) -> None:
    loop = QEventLoop()
    aim_first()
    while not done[0]:
        loop.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)


def bare(app: QApplication, gaps: list[dt.timedelta]) -> list[float]:
    """(a) QTimer.singleShot aimed at each instant; lateness in ms."""
    late: list[float] = []
    done = [False]
    targets: list[dt.datetime] = []

    def aim() -> None:
        at = targets[len(late)]
        QTimer.singleShot(ms_until(SYSTEM_TIME.now(), at), fired)  # precise under 2 s

    def fired() -> None:
        late.append((SYSTEM_TIME.now() - targets[len(late)]).total_seconds() * 1000)
        if len(late) == len(targets):
            done[0] = True
        else:
            aim()

    def first() -> None:
        at = SYSTEM_TIME.now() + dt.timedelta(milliseconds=100)
        for gap in gaps:
            at += gap
            targets.append(at)
        aim()

    run_loop(app, first, done)
    return late


def ticker(app: QApplication, gaps: list[dt.timedelta]) -> list[float]:
    """(b) the real Ticker aimed at each instant, the words shown in a painted label."""
    clock_ticker = Ticker(SYSTEM_TIME)
    label = QLabel()
    label.resize(600, 30)
    label.show()
    late: list[float] = []
    done = [False]
    targets: list[dt.datetime] = []

    def due() -> None:
        label.setText(f"10 minutes left in round {len(late) + 1}")
        label.repaint()  # painted now: the announcement is on the screen
        late.append((SYSTEM_TIME.now() - targets[len(late)]).total_seconds() * 1000)
        if len(late) == len(targets):
            done[0] = True
        else:
            clock_ticker.aim(targets[len(late)])

    clock_ticker.due.connect(due)
    clock_ticker.tick.connect(lambda: label.setText(label.text()))

    def first() -> None:
        at = SYSTEM_TIME.now() + dt.timedelta(milliseconds=100)
        for gap in gaps:
            at += gap
            targets.append(at)
        clock_ticker.start()
        clock_ticker.aim(targets[0])

    run_loop(app, first, done)
    clock_ticker.stop()
    label.close()
    return late


def summary(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95, ordered[-1]


def lateness(app: QApplication, count: int, seed: int, blocks: int) -> None:
    start = dt.datetime(2026, 12, 5, tzinfo=dt.UTC)
    points = instants(count, seed, start)
    gaps = [b - a for a, b in zip([start, *points[:-1]], points, strict=True)]
    per_block = max(1, len(gaps) // blocks)
    a_late: list[float] = []
    b_late: list[float] = []
    for block in range(blocks):
        part = gaps[block * per_block : (block + 1) * per_block]
        a_late += bare(app, part)
        b_late += ticker(app, part)
    a, b = summary(a_late), summary(b_late)
    print(f"announcements: {len(a_late)} each, 50-200 ms apart (seed {seed}), {blocks} blocks a/b")
    print("lateness (ms)           median     p95   worst")
    print(f"(a) bare singleShot   {a[0]:8.2f} {a[1]:7.2f} {a[2]:7.2f}")
    print(f"(b) Ticker, shown     {b[0]:8.2f} {b[1]:7.2f} {b[2]:7.2f}")
    ratio = "-" if a[0] <= 0 else f"{b[0] / a[0]:.2f}"
    print(f"(b)/(a) median: {ratio}; (b)-(a) median: {b[0] - a[0]:.2f} ms")


def render_ms(widget: QLabel | ProjectorWindow, image: QImage, step: Callable[[], None]) -> float:
    started = time.perf_counter()
    step()
    widget.render(image)
    return (time.perf_counter() - started) * 1000


def repaint(frames: int) -> None:
    folder = Path(tempfile.mkdtemp())
    fake = FakeTime(dt.datetime(2026, 12, 5, 15, 51, 41, tzinfo=ZoneInfo("America/Denver")))
    db = open_database(folder / "demo.sqlite", create=True)
    event = make_demo(db, fake)
    context = UiContext(db, fake, event.id)
    watch = ClockWatch(context, Ticker(fake, FakeTimer), context)
    projector = ProjectorWindow(context, watch, FakeTimer)
    projector.resize(WIDTH, HEIGHT)
    projector.show()
    QApplication.processEvents()
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32_Premultiplied)

    views = []
    for _ in range(frames):  # the clock's views, read beforehand: only the repaint is timed
        fake.advance(seconds=1)
        watch.read_clock()
        views.append(watch.view)
    shown = iter(views)
    full = [render_ms(projector, image, lambda: projector.show_view(next(shown)))
            for _ in range(frames)]  # fmt: skip

    digits = QLabel()
    digits.setAlignment(Qt.AlignmentFlag.AlignCenter)
    digits.setFont(projector.digits_label.font())
    digits.resize(WIDTH, HEIGHT)
    digits.setStyleSheet("background: #000000; color: #ffffff;")
    digits.show()
    texts = iter(f"{(1400 - n) // 60:02d}:{(1400 - n) % 60:02d}" for n in range(frames))
    label = [render_ms(digits, image, lambda: digits.setText(next(texts))) for _ in range(frames)]
    a, b = statistics.median(label), statistics.median(full)
    size = projector.size()
    print(f"repaint at {size.width()}x{size.height()}, {frames} frames (one per second of display)")
    print(f"(a) bare QLabel of the digits ({projector.digits_label.font().pixelSize()} px): "
          f"median {a:.1f} ms, worst {max(label):.1f} ms")  # fmt: skip
    print(f"(b) projector window: median {b:.1f} ms, worst {max(full):.1f} ms, "
          f"{b / 10:.1f}% of each second")  # fmt: skip
    print(f"(b)/(a) median: {b / a:.2f}")
    projector.close()
    db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="announcements (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--blocks", type=int, default=4, help="alternating a/b blocks")
    parser.add_argument("--frames", type=int, default=60, help="4K frames (default 60)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    lateness(app, args.count, args.seed, args.blocks)  # type: ignore[arg-type]
    repaint(args.frames)


if __name__ == "__main__":
    main()
