"""A whole Grand Prix as an event file: 15 teams, 11 rounds, a bye every round.

The file is built here from a seeded random.Random: a card draw (7 blue
N/S teams stay at tables 1-7; 8 red E/W teams move up one station a round,
station 8 being the bye), final scores for most games, real hands for some,
a late penalty, a DQ and a removal from the table. It is read, written back
and read again; the standings are checked against expectations worked out
here independently, straight from the games as they were generated.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from fractions import Fraction
from math import floor
from typing import Any

from clubdesk.domain.event.model import event_rules
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.money.payouts import compute_payouts
from clubdesk.domain.results.standings import compute_standings
from clubdesk.printing.text import standings_text
from tests.formats import lookup

TEAMS = 15
TABLES = 7
STATIONS = TABLES + 1  # the extra red card: the bye station
ROUNDS = 11

# Hand sequences with their totals, as docs/rules.md §1 scores them (progressive).
HANDS: list[tuple[list[dict[str, Any]], tuple[int, int]]] = [
    (
        [
            {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 40, "B": 20},
             "tricks": {"A": 30, "B": 20}},
            {"bidder": "B", "bid": 65, "marriage": True, "meld": {"A": 24, "B": 50},
             "tricks": {"A": 22, "B": 28}},
        ],
        (116, 118),
    ),
    (
        [  # a Boston: 60 meld + 50 tricks + 250; the game ends on 525
            {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 60, "B": 20},
             "tricks": {"A": 50, "B": 0}, "all_tricks": "A"},
            {"bidder": "A", "bid": 75, "marriage": True, "meld": {"A": 80, "B": 24},
             "tricks": {"A": 40, "B": 10}},
            {"bidder": "B", "bid": 55, "marriage": True, "meld": {"A": 20, "B": 30},
             "tricks": {"A": 25, "B": 25}},
        ],
        (525, 55),
    ),
    (
        [  # dropped on a dealer without a marriage; short meld; a made bid
            {"bidder": "B", "bid": 50, "dropped": True, "marriage": False,
             "meld": {"A": 30, "B": 10}},
            {"bidder": "A", "bid": 52, "marriage": True, "meld": {"A": 12, "B": 26},
             "tricks": {"A": 30, "B": 20}},
            {"bidder": "B", "bid": 70, "marriage": True, "meld": {"A": 22, "B": 44},
             "tricks": {"A": 18, "B": 32}},
        ],
        (50, 174),
    ),
]  # fmt: skip


def half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def build(rng: random.Random) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The event file, and for each round what happened at each table (for the expectations)."""
    order = rng.sample(range(1, TEAMS + 1), TEAMS)
    blue = {table: order[table - 1] for table in range(1, TABLES + 1)}
    red = {station: order[TABLES + station - 1] for station in range(1, STATIONS + 1)}
    rounds, truth = [], []
    for number in range(1, ROUNDS + 1):
        at_station = {(s - 1 + number - 1) % STATIONS + 1: team for s, team in red.items()}
        games, facts = [], []
        for table in range(1, TABLES + 1):
            a, b = blue[table], at_station[table]
            game: dict[str, Any] = {"table": table, "a": a, "b": b}
            fact: dict[str, Any] = {"a": a, "b": b}
            roll = rng.random()
            if number == 4 and table == 2:
                game["award"] = {"kind": "dq", "against": "b"}
                fact["award"] = ("dq", "b")
            elif number == 7 and table == 5:
                game["award"] = {"kind": "removed", "against": "a"}
                fact["award"] = ("removed", "a")
            elif roll < 0.2:
                hands, (sa, sb) = HANDS[rng.randrange(len(HANDS))]
                game["hands"] = hands
                # a late team: 100 to the other side on the sheet, in its running total from
                # the first hand (not beside the Boston: it would end that game a hand early)
                if rng.random() < 0.5 and sa < 500:
                    game["adjustments"] = [{"side": "a", "points": 100, "reason": "late"}]
                    sa += 100
                if max(sa, sb) < 500:
                    game["time_called"] = True  # the hands stop where time was called
                fact["score"] = (sa, sb)
            elif roll < 0.25:
                tied = rng.randrange(300, 500, 10)
                game["score"] = {"a": tied, "b": tied}
                game["winner"] = rng.choice("ab")
                fact["score"] = (tied, tied)
            else:
                winner = rng.randrange(500, 640)
                loser = rng.randrange(90, 500)
                sa, sb = (winner, loser) if rng.random() < 0.5 else (loser, winner)
                if rng.random() < 0.15:  # time ran out before anyone reached 500
                    sa, sb = sa * 4 // 5, sb * 4 // 5
                game["score"] = {"a": sa, "b": sb}
                fact["score"] = (sa, sb)
            game["signatures"] = [
                {"role": "scorekeeper", "name": f"North {a}",
                 "at": f"2011-10-22T{10 + number:02d}:{table:02d}:00-07:00"},
                {"role": "countersign", "name": f"North {b}",
                 "at": f"2011-10-22T{10 + number:02d}:{table + 10:02d}:00-07:00"},
            ]  # fmt: skip
            games.append(game)
            facts.append(fact)
        bye = at_station[STATIONS]
        rounds.append({"number": number, "games": games, "byes": [bye]})
        truth.append({"games": facts, "bye": bye})
    data = {
        "format": "clubdesk-event/1",
        "id": "gp-2011",
        "name": "Grand Prix Pinochle 2011",
        "date": "2011-10-22",
        "venue": "Community Center Ballroom",
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
        ],  # fmt: skip
        "rounds": rounds,
        "ledger": [{"kind": "added", "cents": 25_000, "entrant": None, "note": "sponsor"}],
    }
    return data, truth


def expected_scores(
    truth: list[dict[str, Any]],
) -> tuple[dict[int, list[int]], list[int], dict[int, list[bool]]]:
    """Each team's round scores, each round's average winning score, and per team and round
    whether it played a game there (one it may throw out), worked out by hand."""
    scores: dict[int, list[int]] = defaultdict(list)
    played: dict[int, list[bool]] = defaultdict(list)
    averages = []
    for happened in truth:
        winning = [max(g["score"]) for g in happened["games"] if "award" not in g]
        average = half_up(Fraction(sum(winning), len(winning)))
        averages.append(average)
        for g in happened["games"]:
            if "award" in g:
                kind, against = g["award"]
                other = "b" if against == "a" else "a"
                scores[g[against]].append(0)
                scores[g[other]].append(average if kind == "dq" else 500)
                played[g[against]].append(kind == "removed")  # removed: it played
                played[g[other]].append(False)
            else:
                for n, side in enumerate("ab"):
                    scores[g[side]].append(g["score"][n])
                    played[g[side]].append(True)
        scores[happened["bye"]].append(average)
        played[happened["bye"]].append(False)
    return scores, averages, played


def test_a_whole_grand_prix_from_its_event_file() -> None:
    data, truth = build(random.Random(2011))
    event = parse_event(json.loads(json.dumps(data)), lookup)
    rules = event_rules(event, lookup)

    # the file survives export and import unchanged
    written = event_to_json(event)
    assert event_to_json(parse_event(json.loads(json.dumps(written)), lookup)) == written
    assert parse_event(written, lookup) == event

    standings = compute_standings(event, rules)
    assert standings.after_round == ROUNDS
    assert len(standings.rows) == TEAMS
    scores, averages, played = expected_scores(truth)

    for row in standings.rows:
        assert len(row.rounds) == ROUNDS
        assert list(row.rounds) == scores[row.number], row.number
        assert len(row.dropped) == 1
        # "their lowest score of one of their 11 games which they played"
        games = [s for s, was in zip(row.rounds, played[row.number], strict=True) if was]
        lowest = min(games)
        first = next(
            n for n, (s, was) in enumerate(zip(row.rounds, played[row.number], strict=True), 1)
            if was and s == lowest
        )  # fmt: skip
        assert row.dropped == (first,)  # the earliest of the lowest
        assert row.total == sum(row.rounds) - lowest

    # every round one bye, and the bye team's score is that round's average winning score
    for number, happened in enumerate(truth, start=1):
        row = standings.row(happened["bye"])
        assert number in row.byes
        assert row.rounds[number - 1] == averages[number - 1]
    assert sum(len(row.byes) for row in standings.rows) == ROUNDS

    # places: by total, ties share a place in number order
    totals = sorted(
        ((row.total, row.number) for row in standings.rows), key=lambda t: (-t[0], t[1])
    )
    assert [row.number for row in standings.rows] == [number for _, number in totals]
    for row in standings.rows:
        better = sum(1 for total, _ in totals if total > row.total)
        level = sum(1 for total, _ in totals if total == row.total)
        assert row.place == better + 1
        assert row.tied == (level > 1)

    # the awards and the hands came through
    dq_round = standings.row(truth[3]["games"][1]["b"])
    assert dq_round.rounds[3] == 0
    assert standings.row(truth[6]["games"][4]["b"]).rounds[6] == 500
    assert any("hands" in g for r in data["rounds"] for g in r["games"])

    # money: 15 x $50 + $250 added = $1,000, paid out to the cent
    payouts = compute_payouts(event, rules)
    assert payouts.pool_cents == 100_000
    assert sum(p.amount_cents for p in payouts.prizes) == 100_000
    assert payouts.prizes[0].number == standings.rows[0].number

    text = standings_text(standings)
    assert text.splitlines()[0] == "Grand Prix Pinochle 2011: standings after round 11"
    assert len(text.splitlines()) == TEAMS + 7
