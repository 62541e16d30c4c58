"""How fast are standings from the database? Run by hand: ``python benchmarks/bench_standings.py``.

Builds a Grand Prix with 512 teams over 11 rounds (256 tables a round, 8
hands a game, both signatures on every sheet, an entry fee each and a few
fines) as an event file, imports it through ``services.eventfile`` (as a
director would), then times, best of several runs:

(a) the floor: the bare SQL ``SELECT`` of the rows standings need, on a
    plain sqlite3 connection;
(b) ``services.results.standings(...)``: read those rows, build the event,
    compute the standings;

and prints both and the ratio (b)/(a).
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import pstats
import random
import sqlite3
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

from clubdesk.services import eventfile, results
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime

TEAMS = 512
ROUNDS = 11
HANDS = 8
CLUB_TIME = dt.timezone(dt.timedelta(hours=-7))
NIGHT_START = dt.datetime(2011, 10, 22, 9, 0, tzinfo=CLUB_TIME)
IMPORTED_AT = NIGHT_START.replace(hour=23)  # the night's file is imported once it is over
EVENT_ID = "gp-bench"

# The rows load_event(results_only=True) reads, as plain SQL.
FLOOR_QUERIES = (
    "SELECT name, date, venue, rules_id, settings FROM event WHERE id = :e",
    "SELECT id, rules_id, rules_text, settings FROM event WHERE id = :e",
    "SELECT id, number, name, status FROM entrant WHERE event_id = :e ORDER BY id",
    "SELECT entrant_id, name FROM player WHERE event_id = :e ORDER BY entrant_id, position",
    "SELECT kind, cents, entrant_id, note, method, at, from_paid_cents FROM ledger_entry "
    "WHERE event_id = :e ORDER BY id",
    "SELECT id, number FROM round WHERE event_id = :e ORDER BY number",
    "SELECT id, round_id, table_number, score_a, score_b, award_kind, award_against, winner "
    "FROM game WHERE round_id IN (SELECT id FROM round WHERE event_id = :e) ORDER BY id",
    "SELECT game_id, side, entrant_id FROM game_seat WHERE game_id IN (SELECT id FROM game "
    "WHERE round_id IN (SELECT id FROM round WHERE event_id = :e)) ORDER BY game_id, seat",
    "SELECT round_id, entrant_id FROM bye "
    "WHERE round_id IN (SELECT id FROM round WHERE event_id = :e) ORDER BY id",
    "SELECT round_id, entrant_a_id, entrant_b_id, winner FROM tiebreak "
    "WHERE round_id IN (SELECT id FROM round WHERE event_id = :e) ORDER BY id",
    "SELECT game_id, what, new_value, who, why FROM amendment WHERE game_id IN (SELECT id "
    "FROM game WHERE round_id IN (SELECT id FROM round WHERE event_id = :e)) ORDER BY id",
)


def hand(rng: random.Random) -> dict[str, Any]:
    """A made bid of 50 that gives each side at most 60 points: 8 hands never reach 500."""
    bidder = rng.choice("AB")
    other = "B" if bidder == "A" else "A"
    meld = rng.randint(20, 25)
    tricks = rng.randint(30, 35)
    return {
        "bidder": bidder,
        "bid": 50,
        "marriage": True,
        "meld": {bidder: meld, other: rng.randint(0, 30)},
        "tricks": {bidder: tricks, other: 50 - tricks},
    }


def event_file(rng: random.Random) -> dict[str, Any]:
    """512 teams: N/S teams 1-256 stay at their tables, E/W teams 257-512 move up one a round."""
    tables = TEAMS // 2
    rounds = []
    for number in range(1, ROUNDS + 1):
        games = []
        for table in range(1, tables + 1):
            a = table
            b = tables + (table - 1 - (number - 1)) % tables + 1
            at = dt.datetime(2011, 10, 22, 9, 0, tzinfo=CLUB_TIME) + dt.timedelta(hours=number)
            games.append(
                {
                    "table": table,
                    "a": a,
                    "b": b,
                    "hands": [hand(rng) for _ in range(HANDS)],
                    "signatures": [
                        {"role": "scorekeeper", "name": f"North {a}", "at": at.isoformat()},
                        {"role": "countersign", "name": f"North {b}", "at": at.isoformat()},
                    ],
                }
            )
        rounds.append({"number": number, "games": games})
    return {
        "format": "clubdesk-event/1",
        "id": EVENT_ID,
        "name": "Grand Prix benchmark",
        "date": "2011-10-22",
        "venue": "",
        "rules": "grand-prix-pinochle",
        "settings": {"entry_fee_cents": 5000},
        "entrants": [
            {
                "number": n,
                "name": f"Team {n}",
                "players": [f"North {n}", f"South {n}"],
                "paid_cents": 5000,
                "status": "active",
            }
            for n in range(1, TEAMS + 1)
        ],
        "rounds": rounds,
        "ledger": [
            {"kind": "fine", "cents": 100, "entrant": rng.randint(1, TEAMS), "note": "set"}
            for _ in range(20)
        ],
    }


def best_of(runs: int, action: Any) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def floor(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        for query in FLOOR_QUERIES:
            conn.execute(query, {"e": EVENT_ID}).fetchall()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="profile (b) with cProfile")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        data = event_file(random.Random(2011))
        with open_database(path, backups=Path(folder) / "backups") as db:
            start = time.perf_counter()
            done = eventfile.import_event(Desk(db, None, FakeTime(IMPORTED_AT)), data)
            imported = time.perf_counter() - start
        print(
            f"imported {done.entrants} teams, {done.rounds} rounds, {done.games} games, "
            f"{done.hands} hands in {imported:.2f} s"
        )

        floor(path)  # warm the file cache
        bare = best_of(args.runs, lambda: floor(path))
        with open_database(path, backups=Path(folder) / "backups") as db:
            table = results.standings(db, EVENT_ID)  # warm: the rules snapshot is parsed once
            assert len(table.rows) == TEAMS and table.after_round == ROUNDS
            full = best_of(args.runs, lambda: results.standings(db, EVENT_ID))
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(results.standings, db, EVENT_ID)
                pstats.Stats(profile).sort_stats("cumulative").print_stats(25)

    print(f"(a) bare SQL SELECT of the rows:   {bare * 1000:7.1f} ms")
    print(f"(b) services.results.standings:   {full * 1000:7.1f} ms")
    print(f"(b)/(a):                          {full / bare:7.1f}")


if __name__ == "__main__":
    main()
