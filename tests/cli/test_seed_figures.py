"""The seeds' own figures through the command line, as a director's file gives them:
`clubdesk import`, then `standings` and `payouts` (docs/rules.md §1, §5, "Money")."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import DATA, ok

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
