"""`clubdesk tiebreak` (docs/cli.md): a tie-break the standings call for, recorded between
the tied entrants' numbers; refused, exit 2 with one line naming the field, where the
standings hold no such tie."""

from __future__ import annotations

import json
from pathlib import Path

from clubdesk.services.command import list_audit
from clubdesk.store.db import open_database
from tests.cli.helpers import ok, refused
from tests.tie_nights import gin_cut_tie, gin_final_tie


def standings(db: Path) -> dict[int, dict]:
    return {row["number"]: row for row in json.loads(ok("standings", "--db", db))["rows"]}


def test_a_sudden_death_at_the_gin_cut_from_the_command_line(tmp_path: Path, clock) -> None:
    db = tmp_path / "gin.sqlite"
    with open_database(db) as database:
        event = gin_cut_tie(database, clock)
    before = standings(db)
    assert (before[4]["place"], before[5]["place"], before[4]["tied"]) == (6, 6, True)

    out = ok("tiebreak", "--db", db, "--between", "4,5", "--winner", "5",
             "--reason", "sudden death to 60: 61 to 40")  # fmt: skip
    assert out == "round 2: 5 won the tie-break against 4\n"
    after = standings(db)
    assert (after[5]["place"], after[5]["total"], after[5]["tied"]) == (6, 301, False)
    assert (after[4]["place"], after[4]["total"]) == (7, 300)
    with open_database(db) as database:
        actions = [(e.action, e.details) for e in list_audit(database, event)[-2:]]
    assert actions == [
        ("tiebreak.record", {"round": 2, "a": 4, "b": 5, "winner": 5}),
        ("tiebreak.reason", {"round": 2, "between": [4, 5], "winner": 5,
                             "reason": "sudden death to 60: 61 to 40"}),
    ]  # fmt: skip
    seated = json.loads(ok("seating", "--db", db, "--round", "3"))
    finalists = {n for t in seated["tables"] for n in (t["a"], t["b"])} | set(seated["byes"])
    assert finalists == {5, 6, 7, 8, 9, 10}

    # played once, the tie is gone: the same tie-break again is refused
    assert refused("tiebreak", "--db", db, "--between", "4,5", "--winner", "4") == (
        "--between: the standings hold no tie between 4 and 5 for a sudden-death match"
    )


def test_a_tie_for_first_in_the_gin_final_and_the_prizes(tmp_path: Path, clock) -> None:
    db = tmp_path / "gin.sqlite"
    with open_database(db) as database:
        gin_final_tie(database, clock)
    waiting = json.loads(ok("payouts", "--db", db))
    assert [u["entrants"] for u in waiting["undecided"]] == [[9, 10]]

    assert ok("tiebreak", "--db", db, "--between", "10,9", "--winner", "10") == (
        "round 3: 10 won the tie-break against 9\n"
    )
    paid = json.loads(ok("payouts", "--db", db))
    assert paid["undecided"] == [] and paid["provisional"] is False
    assert [(p["place"], p["number"]) for p in paid["places"]] == [(1, 10), (2, 9), (3, 8),
                                                                  (4, 7)]  # fmt: skip


def test_a_tiebreak_the_standings_do_not_hold_is_refused(tmp_path: Path, clock) -> None:
    db = tmp_path / "gin.sqlite"
    with open_database(db) as database:
        event = gin_cut_tie(database, clock)
        logged = len(list_audit(database, event))
    cases = [
        (["--between", "6,7", "--winner", "6"],
         "--between: the standings hold no tie between 6 and 7 for a sudden-death match; "
         "due: 4 and 5"),
        (["--between", "4,5", "--winner", "6"], "--winner: 6 is not one of 4 and 5"),
        (["--between", "4", "--winner", "4"],
         "--between: name at least two tied players, e.g. 4,9"),
        (["--between", "4,4", "--winner", "4"], "--between: 4 is named twice"),
        (["--between", "4,12", "--winner", "4"],
         "--between: there is no entrant 12 in this event"),
        (["--between", "4,5", "--winner", "4", "--reason", "x" * 501],
         "--reason is longer than 500 characters"),
        (["--event", "nope", "--between", "4,5", "--winner", "4"],
         "event: there is no event with id 'nope'"),
    ]  # fmt: skip
    for args, message in cases:
        assert refused("tiebreak", "--db", db, *args) == message
    assert refused("tiebreak", "--db", db, "--between", "4,x", "--winner", "4").startswith(
        "argument --between: invalid int value: 'x'"
    )
    assert refused("tiebreak", "--db", db, "--between", "4,,5", "--winner", "4").startswith(
        "argument --between: entrant numbers separated by commas, not '4,,5'"
    )
    assert refused("tiebreak", "--db", db, "--between", "4,5").startswith(
        "the following arguments are required: --winner"
    )
    with open_database(db) as database:  # nothing was recorded
        assert len(list_audit(database, event)) == logged
    assert standings(db)[4]["tied"] is True
