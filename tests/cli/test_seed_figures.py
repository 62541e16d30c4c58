"""The seeds' own figures through the command line, as a director's file gives them:
`clubdesk import`, then `standings` and `payouts` (docs/rules.md §1, §5, "Money")."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import DATA, clubdesk, ok

REMOVED = DATA / "event_grand_prix_removed_from_table.json"


def test_a_team_removed_from_the_table_throws_out_that_0(tmp_path: Path) -> None:
    """Seed 000: "A TEAM WILL BE ALLOWED TO "throw out" THEIR LOWEST SCORE OF ONE OF THEIR
    11 GAMES WHICH THEY PLAYED". Team 1 scored 450 and 480, then was removed from the table
    (0): it played that game, so the 0 is thrown out and it has 930."""
    db = tmp_path / "club.sqlite"
    ok("import", REMOVED, "--db", db)
    table = json.loads(ok("standings", "--db", db))
    first = table["rows"][0]
    assert (first["number"], first["rounds"], first["dropped"], first["total"]) == (
        1,
        [450, 480, 0],
        [3],
        930,
    )
    # its opponents' 500 for the removal is an award: it always counts
    fourth = next(row for row in table["rows"] if row["number"] == 4)
    assert (fourth["rounds"], fourth["dropped"], fourth["total"]) == ([380, 420, 500], [1], 920)
    text = ok("standings", "--db", db, "--format", "text").splitlines()
    assert text[5].split() == ["1", "1", "Smith", "/", "Jones", "930", "1", "450", "480", "(0)"]


def prizes(db: Path) -> list[tuple[int, int, int]]:
    found = json.loads(ok("payouts", "--db", db))
    assert found["provisional"] is False
    return [(p["place"], p["number"], p["amount_cents"]) for p in found["places"]]


def test_three_gin_players_are_paid_3rd_then_the_rest_60_40(tmp_path: Path) -> None:
    """Seed 003: "The percentages for 1st and 2nd place are for the remainder of the prize
    pot after the 3rd and 4th place prizes are allocated." Three players at $30: nobody
    finishes 4th, so only 3rd's $35 is allocated and the $55 left is split 60/40."""
    db = tmp_path / "club.sqlite"
    ok("import", DATA / "event_gin_three_players.json", "--db", db)
    assert prizes(db) == [(1, 1, 3300), (2, 3, 2200), (3, 2, 3500)]
    text = ok("payouts", "--db", db, "--format", "text").splitlines()
    assert [" ".join(line.split()) for line in text[-3:]] == [
        "1. 1 Ann Smith $33.00",
        "2. 3 Cy Lee $22.00",
        "3. 2 Bob Jones $35.00",
    ]


def test_two_gin_players_split_the_whole_pot_60_40(tmp_path: Path) -> None:
    """Seed 003, as above: with two players there is no 3rd or 4th place, so nothing fixed
    is allocated and the whole $60 pot is the remainder: $36 and $24."""
    db = tmp_path / "club.sqlite"
    ok("import", DATA / "event_gin_two_players.json", "--db", db)
    assert prizes(db) == [(1, 1, 3600), (2, 2, 2400)]


MAKES_5 = {
    "A": {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}},
    "B": {"bidder": "B", "bid": 5, "kind": "cards", "books": {"A": 2, "B": 11}},
}


def scored(hands: list[dict]) -> dict:
    """``clubdesk score-game --rules bid-whist`` on these hands."""
    ran = clubdesk("score-game", "--rules", "bid-whist", stdin=json.dumps(hands))
    assert (ran.code, ran.err) == (0, ""), ran.err
    return json.loads(ran.out)


def test_a_level_bid_whist_game_of_four_hands_may_go_on() -> None:
    """Seed 004: "In the event of a tie, a fifth hand shall be played to determine a winner
    for the round. Points earned in the fifth hand will not count toward the cumulative
    total for the round." Level at 10 to 10 after four hands, the game is not over
    (``ended_by`` null, no winner); the fifth hand ends it and names the winner."""
    four = [MAKES_5[side] for side in "ABAB"]
    level = scored(four)
    assert (level["total"], level["ended_by"]) == ({"A": 10, "B": 10}, None)
    assert "winner" not in level
    fifth = [*four, MAKES_5["B"]]
    decided = scored(fifth)
    assert (decided["total"], decided["ended_by"], decided["winner"]) == (
        {"A": 10, "B": 10},
        "hands",
        "B",
    )
