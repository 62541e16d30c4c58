"""64 tables submitting from their phones at once, on loopback, to the window's own server.
Run by hand: ``python benchmarks/bench_phones.py`` (``--tables N``, ``--runs N``).

Builds an NPA event of 256 players (64 tables) with round 1 started, opens the director's
window on it (offscreen, the Rounds board shown) and serves the tables' pages from it on
127.0.0.1, as View > Tables on phones… does. A second process then plays 64 phones, each
from an address of its own (127.0.0.2, 127.0.0.3, ...: a phone per address, as on a club's
Wi-Fi): each loads its table's page and sheet, then all submit their signed sheet (8 hands,
two drawn signatures) at the same moment. Meanwhile a timer on the window's thread ticks
every 10 ms and records how late each tick is: the window's event loop never stalls longer
than that, whatever the server does. Prints the submissions' latency (p50, p99, the slowest),
the sheets in on the window's board, and the longest stall of the window's event loop; beside
it the longest stall of the same loop over 2 s idle just before the phones start (the floor
the machine itself gives: on a shared machine other work stalls any process now and then).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOOR_S = 2.0  # the window idle, serving, before the phones: the machine's own stalls
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.builder import STROKES, npa_sheet  # noqa: E402

PHONES = r"""
import http.client, json, re, sys, threading, time
port = int(sys.argv[1])
with open(sys.argv[2]) as file:
    plan = json.load(file)
sys.stdout.write("ready\n"); sys.stdout.flush()
sys.stdin.readline()  # go
start = threading.Barrier(len(plan))
found = [None] * len(plan)

def phone(n, item):
    address = f"127.0.0.{n + 2}"
    def call(method, path, body=None, headers=None):
        conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=60, source_address=(address, 0))
        conn.request(method, path, body, headers or {})
        answer = conn.getresponse()
        data = answer.read()
        conn.close()
        return answer.status, data
    page = call("GET", f"/t/{item['token']}")[1].decode()
    csrf = re.search(r'name="csrf" content="([0-9a-f]+)"', page).group(1)
    call("GET", f"/t/{item['token']}/state")
    body = json.dumps(item["sheet"])
    headers = {"Content-Type": "application/json", "X-CSRF-Token": csrf}
    start.wait()
    began = time.perf_counter()
    status, _ = call("POST", f"/t/{item['token']}/submit", body, headers)
    found[n] = (status, time.perf_counter() - began)

threads = [threading.Thread(target=phone, args=(n, item)) for n, item in enumerate(plan)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(found))
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def one_run(tables: int, refresh: bool = True) -> dict:
    from PySide6.QtCore import QElapsedTimer, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from clubdesk.services import board, links
    from clubdesk.store.db import open_database
    from clubdesk.timesource import SYSTEM_TIME
    from clubdesk.ui.main_window import MainWindow
    from tests import builder

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp(prefix="clubdesk-phones-"))
    db = open_database(folder / "club.sqlite", backups=folder / "backups")
    event_id = builder.event(db, SYSTEM_TIME, "npa-club-pinochle", entrants=4 * tables)
    builder.draw(db, event_id, SYSTEM_TIME, seed=5)
    builder.start(db, event_id, 1, SYSTEM_TIME)
    plan = []
    for link in links.round_links(db, event_id, 1, SYSTEM_TIME).tables:
        names = builder.signers(db, event_id, 1, link.table)
        hands = npa_sheet(link.table)
        signatures = [{"role": r, "name": name, "strokes": STROKES} for r, name in names.items()]
        plan.append({"token": link.token, "sheet": {"hands": hands, "signatures": signatures}})

    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(db, settings=settings, clock=SYSTEM_TIME, speech_engine="mock")
    window.show()
    window.show_page("rounds")
    serving = window.tables_serving
    if not refresh:  # the server alone: the window's pages are not told what the phones did
        serving.bridge.tell = lambda change: None  # type: ignore[method-assign]
    problem = serving.start("127.0.0.1", 0)
    assert not problem, problem
    port = serving.server.port if serving.server is not None else 0

    # The phones' process is started and has read its plan before the window's loop is timed:
    # a child started, and a plan of 300 KB written to it, would hold the window's thread.
    planned = folder / "plan.json"
    planned.write_text(json.dumps(plan))
    phones = subprocess.Popen([sys.executable, "-c", PHONES, str(port), str(planned)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert phones.stdin is not None and phones.stdout is not None
    assert phones.stdout.readline() == "ready\n"

    stalls: list[float] = []
    ticker, elapsed = QTimer(), QElapsedTimer()
    elapsed.start()

    def tick() -> None:
        stalls.append(elapsed.restart() - 10)

    ticker.timeout.connect(tick)
    ticker.start(10)
    idle = time.perf_counter() + FLOOR_S  # the floor: the same loop, nothing asked of it
    while time.perf_counter() < idle:
        app.processEvents()
        time.sleep(0.001)
    floor, stalls[:] = max(stalls[1:] or [0]), []
    phones.stdin.write("go\n")
    phones.stdin.close()
    while phones.poll() is None:  # the window's own event loop runs while the phones play
        app.processEvents()
        time.sleep(0.001)
    settled = time.perf_counter() + 1.0  # the last changes gathered reach the board
    while time.perf_counter() < settled:
        app.processEvents()
        time.sleep(0.002)
    ticker.stop()
    answers = json.loads(phones.stdout.read() if phones.stdout else "[]")
    shown = board.board(db, event_id, 1)
    model = window.rounds_page.model
    on_board = sum(model.state_text(n) == "Submitted" for n in range(model.rowCount()))
    serving.stop()
    window.close()
    seconds = [latency for status, latency in answers if status == 200]
    return {
        "tables": tables,
        "ok": len(seconds),
        "statuses": sorted({status for status, _ in answers}),
        "p50_ms": 1000 * percentile(seconds, 0.5),
        "p99_ms": 1000 * percentile(seconds, 0.99),
        "max_ms": 1000 * max(seconds),
        "sheets_in": shown.sheets_in,
        "on_board": on_board,
        "stall_ms": max(stalls[1:] or [0]),
        "floor_ms": floor,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--no-refresh",
        action="store_true",
        help="the server alone: the window's pages do not read what changed",
    )
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        found = one_run(args.tables, refresh=not args.no_refresh)
        print(
            f"run {run}: {found['ok']} of {found['tables']} submitted (HTTP {found['statuses']}), "
            f"p50 {found['p50_ms']:.0f} ms, p99 {found['p99_ms']:.0f} ms, "
            f"slowest {found['max_ms']:.0f} ms; {found['sheets_in']} sheets in, "
            f"{found['on_board']} shown Submitted on the board; "
            f"longest stall of the window's event loop {found['stall_ms']:.0f} ms "
            f"(idle for {FLOOR_S:.0f} s before: {found['floor_ms']:.0f} ms)"
        )


if __name__ == "__main__":
    main()
