"""A process that runs the round clock on a fake time source given on its command line,
for tests/services/test_clock_kill_nine.py (a kill -9 in the middle of a round).

``python -m tests.clock_victim start DATABASE EVENT_ID WALL MONOTONIC`` starts round 1 at
the wall instant ``WALL`` (ISO, with its offset) with the monotonic source at
``MONOTONIC``, prints one JSON line per announcement given as the clock runs on a minute
at a time up to ten minutes before the round's end (the warning), then prints ``ready``
and waits for its standard input, to be killed.

``python -m tests.clock_victim read DATABASE EVENT_ID WALL MONOTONIC [SECONDS ...]`` is the
window opened again at ``WALL``: it gives what is due (``fire_due``) and prints the status
(as ``clubdesk clock status`` prints it) and what was given, one JSON line, then again
after each ``SECONDS`` more.
"""

from __future__ import annotations

import datetime as dt
import json
import sys

from clubdesk.cli.clock import status_json
from clubdesk.services import roundclock as clock_service
from clubdesk.services import rounds
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime


def _given(fired: clock_service.Fired) -> list[list[object]]:
    return [[due.round, due.announcement, due.at.isoformat()] for due in fired.given]


def start(path: str, event_id: str, clock: FakeTime) -> None:
    db = open_database(path)
    rounds.start_round(Desk(db, event_id, clock), 1)
    for _ in range(50):  # to 10 minutes before the end of an hour's round
        clock.advance(minutes=1)
        fired = clock_service.fire_due(Desk(db, event_id, clock).by("clock"))
        if fired.given:
            print(json.dumps({"given": _given(fired)}), flush=True)
    print("ready", flush=True)
    sys.stdin.read()  # killed here, the round running and the database open


def read(path: str, event_id: str, clock: FakeTime, steps: list[float]) -> None:
    with open_database(path) as db:
        for step in [0.0, *steps]:
            clock.advance(seconds=step)
            fired = clock_service.fire_due(Desk(db, event_id, clock).by("clock"))
            status = status_json(clock_service.status(db, event_id, clock))
            print(json.dumps({"status": status, "given": _given(fired)}), flush=True)


def main(argv: list[str]) -> None:
    mode, path, event_id, wall, monotonic, *steps = argv
    clock = FakeTime(dt.datetime.fromisoformat(wall), monotonic=float(monotonic))
    if mode == "start":
        start(path, event_id, clock)
    else:
        read(path, event_id, clock, [float(s) for s in steps])


if __name__ == "__main__":
    main(sys.argv[1:])
