"""64 tables submitting from their phones at once, on loopback, to the window's own server.
Run by hand: ``python benchmarks/bench_phones.py`` (``--tables N``, ``--runs N``, ``--night``).

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

``--night`` (``--speedup N``, ``--base TREE``): ``clubdesk serve`` alone, under a round's
hands. On the same event, 64 phones (one a table, each from an address of its own) load their
table's page (the page, its script and style, the sheet), then play the sheet's eight hands at
a round's pace, a hand each 3 minutes at a table speeded up 30 times (6 s, each table's next
hand 0.8 to 1.2 of that after its start), the tables starting at different moments: for each
hand two checks as typed, the hand, the opponents' confirmation, the page's poll of the
sheet every 2 s meanwhile, the page loaded again before hand 5; then all 64 submit their
signed sheet at the same moment. Printed for each kind of request: p50, p95 and the slowest,
and the server process's CPU seconds, for a bare starlette app on uvicorn answering the same
paths with the same JSON (the floor), ``--base``'s ``clubdesk serve`` (another checkout, e.g.
the code before a change) and this tree's, in turn, each on a fresh copy of the event.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FLOOR_S = 2.0  # the window idle, serving, before the phones: the machine's own stalls
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from clubdesk.services.command import Desk  # noqa: E402
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

    from clubdesk.services import board
    from clubdesk.store.db import open_database
    from clubdesk.timesource import SYSTEM_TIME
    from clubdesk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp(prefix="clubdesk-phones-"))
    db = open_database(folder / "club.sqlite", backups=folder / "backups")
    event_id, plan = night_event(db, tables)

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


# --- a night's hands from the phones, to ``clubdesk serve`` ---------------------------------

NIGHT = r"""
import http.client, json, random, re, sys, threading, time
port, speedup = int(sys.argv[1]), float(sys.argv[3])
with open(sys.argv[2]) as file:
    plan = json.load(file)
HAND_S = 180.0 / speedup  # a hand each 3 minutes at a table, speeded up
POLL_S = 2.0  # the page asks for the table's state every 2 s (not speeded up)
found = {kind: [] for kind in ("page", "state", "check", "hand", "confirm", "submit")}
statuses = {}
lock = threading.Lock()
burst = threading.Barrier(len(plan))
errors = []
began = time.perf_counter()

def phone(n, item):
    try:
        play(n, item)
    except Exception as error:  # said, and the other phones not held at the burst
        with lock:
            errors.append(f"table {n + 1}: {error!r}")
        burst.abort()

def play(n, item):
    chance = random.Random(n)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                      source_address=(f"127.0.0.{n + 2}", 0))
    def call(method, path, body=None, headers=None):
        for again in (True, False):  # a connection the server closed while idle: a new one
            try:
                conn.request(method, path, body, headers or {})
                answer = conn.getresponse()
                data = answer.read()
                break
            except (ConnectionError, http.client.RemoteDisconnected):
                conn.close()
                if not again:
                    raise
        with lock:
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
        return data
    def timed(kind, *calls):
        start = time.perf_counter()
        data = [call(*c) for c in calls]
        with lock:
            found[kind].append(time.perf_counter() - start)
        return data
    token = "/t/" + item["token"]
    def load():
        page = timed("page", ("GET", token), ("GET", "/static/phone.js"),
                     ("GET", "/static/phone.css"), ("GET", token + "/state"))[0].decode()
        return re.search(r'name="csrf" content="([0-9a-f]+)"', page).group(1)
    start = began + chance.uniform(0, HAND_S)  # the tables begin at different moments
    time.sleep(max(0.0, start - time.perf_counter()))
    csrf = load()
    posting = {"Content-Type": "application/json", "X-CSRF-Token": csrf}
    def post(kind, path, value):
        return json.loads(timed(kind, ("POST", token + path, json.dumps(value), posting))[0])
    polled = time.perf_counter()
    for number, hand in enumerate(item["sheet"]["hands"], start=1):
        due = start + number * HAND_S * chance.uniform(0.8, 1.2)
        while (now := time.perf_counter()) < due:  # the page polls while the hand is played
            if now >= polled + POLL_S:
                timed("state", ("GET", token + "/state"))
                polled = time.perf_counter()
            else:
                time.sleep(min(due, polled + POLL_S) - now)
        if number == 5:
            csrf = load()  # the phone locked and woken: the page loaded again
        post("check", "/check", {"number": number, "hand": {"bidder": hand["bidder"]}})
        post("check", "/check", {"number": number, "hand": hand})
        sheet = post("hand", "/hand", {"number": number, "hand": hand})
        post("confirm", "/confirm", {"number": number, "version": sheet["versions"][-1]})
    burst.wait()
    timed("submit", ("POST", token + "/submit", json.dumps(item["sheet"]), posting))
    conn.close()

threads = [threading.Thread(target=phone, args=(n, item)) for n, item in enumerate(plan)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps({"found": found, "statuses": statuses, "errors": errors}))
"""

# The floor: a bare starlette app on uvicorn answering the same paths with the same JSON
# (what a table's state is, read once before), nothing read or written.
BARE = r"""
import json, sys
import uvicorn
from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
port = int(sys.argv[1])
with open(sys.argv[2]) as file:
    said = json.load(file)
page = said["page"]

async def table(request):
    return HTMLResponse(page)

async def static(request):
    return Response(said["static"][request.path_params["name"]], media_type="text/plain")

async def state(request):
    return JSONResponse(said["state"])

async def check(request):
    await request.body()
    return JSONResponse(said["check"])

async def posted(request):
    json.loads(await request.body())
    return JSONResponse(said["sheet"])

app = Starlette(routes=[
    Route("/t/{token}", table), Route("/static/{name}", static),
    Route("/t/{token}/state", state), Route("/t/{token}/check", check, methods=["POST"]),
    Route("/t/{token}/hand", posted, methods=["POST"]),
    Route("/t/{token}/confirm", posted, methods=["POST"]),
    Route("/t/{token}/submit", posted, methods=["POST"]),
])
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
"""


def night_event(db: Any, tables: int) -> tuple[str, list[dict]]:
    """An NPA event of ``tables`` tables with round 1 started, in ``db``; its id and each
    table's token and signed sheet of eight hands."""
    from clubdesk.services import links
    from clubdesk.timesource import SYSTEM_TIME
    from tests import builder

    event_id = builder.event(db, SYSTEM_TIME, "npa-club-pinochle", entrants=4 * tables)
    builder.draw(db, event_id, SYSTEM_TIME, seed=5)
    builder.start(db, event_id, 1, SYSTEM_TIME)
    plan = []
    for link in links.round_links(Desk(db, event_id, SYSTEM_TIME), 1).tables:
        names = builder.signers(db, event_id, 1, link.table)
        hands = npa_sheet(link.table)
        signatures = [{"role": r, "name": name, "strokes": STROKES} for r, name in names.items()]
        plan.append({"token": link.token, "sheet": {"hands": hands, "signatures": signatures}})
    return event_id, plan


def night_setup(tables: int) -> tuple[Path, list[dict], dict]:
    """The event of ``tables`` tables with round 1 started, in a file; the phones' plan; the
    bare server's answers."""
    from clubdesk import paths
    from clubdesk.services import phone_sheet
    from clubdesk.store.db import open_database

    folder = Path(tempfile.mkdtemp(prefix="clubdesk-night-"))
    with open_database(folder / "club.sqlite", backups=folder / "backups") as db:
        event_id, plan = night_event(db, tables)
        hand = plan[0]["sheet"]["hands"][0]
        said = {
            "page": paths.resource("web/phone.html")
            .read_text(encoding="utf-8")
            .replace("{{csrf}}", "0" * 64),
            "static": {
                n: paths.resource(f"web/{n}").read_text(encoding="utf-8")
                for n in ("phone.js", "phone.css")
            },
            "state": phone_sheet.phone_sheet(db, event_id, 1, 1),
            "check": phone_sheet.check_hand(db, event_id, 1, 1, 1, hand),
            "sheet": phone_sheet.phone_sheet(db, event_id, 1, 1)
            | {"hands": [hand], "versions": [phone_sheet.hand_version(1, hand)]},
        }
    return folder / "club.sqlite", plan, said


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def night_run(
    name: str, tree: Path | None, db_file: Path, plan_file: Path, said_file: Path, speedup: float
) -> dict:
    """One night's phones against one server: ``tree``'s ``clubdesk serve`` on a copy of
    ``db_file``, or (None) the bare app."""
    import shutil
    import socket

    port = free_port()
    env = dict(os.environ)
    if tree is None:
        command = [sys.executable, "-c", BARE, str(port), str(said_file)]
    else:
        copy = db_file.with_name(f"{name}.sqlite")
        for beside in ("-wal", "-shm"):  # the last run's log: not this copy's
            Path(f"{copy}{beside}").unlink(missing_ok=True)
        shutil.copyfile(db_file, copy)
        env["PYTHONPATH"] = str(tree)
        command = [
            sys.executable,
            "-m",
            "clubdesk",
            "serve",
            "--db",
            str(copy),
            "--port",
            str(port),
        ]
    said = db_file.with_name(f"{name}.log")  # what the server says, read if it stops
    with said.open("w") as log:
        server = subprocess.Popen(command, env=env, stderr=log)
    try:
        for _ in range(600):  # listening within 60 s
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if server.poll() is not None:
                raise SystemExit(f"{name}: the server stopped: {said.read_text()[-500:]}")
            time.sleep(0.1)
        cpu = cpu_seconds(server.pid)
        began = time.perf_counter()
        phones = subprocess.run(
            [sys.executable, "-c", NIGHT, str(port), str(plan_file), str(speedup)],
            capture_output=True,
            text=True,
            timeout=1800,
        )
        wall = time.perf_counter() - began
        cpu = cpu_seconds(server.pid) - cpu
    finally:
        server.terminate()
        server.wait(timeout=30)
    if phones.returncode != 0:
        raise SystemExit(f"{name}: the phones failed: {phones.stderr[-2000:]}")
    answers = json.loads(phones.stdout)
    if answers["errors"]:
        raise SystemExit(f"{name}: {len(answers['errors'])} phones failed: {answers['errors'][0]}")
    return {"name": name, "wall": wall, "cpu": cpu, **answers}


def night(args: argparse.Namespace) -> None:
    db_file, plan, said = night_setup(args.tables)
    plan_file, said_file = db_file.with_name("plan.json"), db_file.with_name("said.json")
    plan_file.write_text(json.dumps(plan))
    said_file.write_text(json.dumps(said))
    servers: list[tuple[str, Path | None]] = [("bare", None), ("this", ROOT)]
    if args.base is not None:
        servers.insert(1, ("base", Path(args.base).resolve()))
    kinds = ("page", "state", "check", "hand", "confirm", "submit")
    for run in range(1, args.runs + 1):
        for name, tree in servers:
            found = night_run(name, tree, db_file, plan_file, said_file, args.speedup)
            figures = []
            for kind in kinds:
                values = found["found"][kind]
                if not values:
                    continue
                figures.append(
                    f"{kind} {1000 * percentile(values, 0.5):.0f}/"
                    f"{1000 * percentile(values, 0.95):.0f}/{1000 * max(values):.0f}"
                )
            print(
                f"run {run} {name:>4}: "
                + ", ".join(figures)
                + f" ms (p50/p95/max); HTTP {found['statuses']}; "
                f"server CPU {found['cpu']:.1f} s in {found['wall']:.0f} s",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--no-refresh",
        action="store_true",
        help="the server alone: the window's pages do not read what changed",
    )
    parser.add_argument(
        "--night",
        action="store_true",
        help="a sheet's hands at every table, then a burst of submits, to clubdesk serve",
    )
    parser.add_argument(
        "--speedup",
        type=float,
        default=30.0,
        help="--night: how much faster than a hand each 3 minutes",
    )
    parser.add_argument(
        "--base", metavar="TREE", help="--night: another checkout's clubdesk serve too, in turn"
    )
    args = parser.parse_args()
    if args.night:
        night(args)
        return
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
