"""The director's rulings from the command line: `warning` and `warnings` (bid whist's warning
infractions, docs/rules.md §6) and `remove` (removal from the tournament, §1; bid whist's
ejection, §6); refusals exit 2 with one line naming the field."""

from __future__ import annotations

import json
from pathlib import Path

from clubdesk.services import seating as seating_service
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import ok, refused
from tests.services.test_playoff_rounds import preliminaries


def whist(path: Path, clock) -> tuple[int, int]:
    """Eight bid whist teams, round 1 seated; the N/S team at table 1 and its opponents."""
    with open_database(path) as database:
        event = builder.event(database, clock, "bid-whist", entrants=8)
        builder.draw(database, event, clock, seed=11)
        table = builder.publish(database, event, 1, clock).tables[0]
        builder.publish(database, event, 2, clock)
    return table.a[0], table.b[0]


def test_a_warning_then_a_loss_of_hand_the_director_confirms(tmp_path: Path, clock) -> None:
    # seed 004: "the team causing the infraction will be given a warning. Any further
    # infractions may result in the loss of the hand."
    db = tmp_path / "whist.sqlite"
    team, _ = whist(db, clock)
    args = ("--db", db, "--team", str(team), "--reason", "talking across the table")
    first = json.loads(ok("warning", "--round", "1", *args))
    assert [first[key] for key in ("ruling", "count", "table", "side")] == ["warning", 1, 1, "a"]
    assert refused("warning", "--round", "2", *args) == (
        f"loss_of_hand: team {team} has had its warning; a loss of hand is proposed: say "
        "whether the director confirms it"
    )
    second = json.loads(ok("warning", "--round", "2", *args, "--loss-of-hand"))
    assert (second["ruling"], second["count"]) == ("loss-of-hand", 2)
    assert second["text"].startswith(f"Team {team} loses the hand: on table ")
    third = json.loads(ok("warning", "--round", "2", *args, "--another-warning"))
    assert third["ruling"] == "warning"
    logged = json.loads(ok("warnings", "--db", db, "--team", str(team)))
    assert [(w["round"], w["ruling"]) for w in logged] == [(1, "warning"), (2, "loss-of-hand"),
                                                           (2, "warning")]  # fmt: skip
    exported = json.loads(ok("export", "--db", db))
    assert [w["ruling"] for w in exported["warnings"]] == ["warning", "loss-of-hand", "warning"]


def test_a_warning_the_window_refuses_is_refused_here_too(tmp_path: Path, clock) -> None:
    db = tmp_path / "whist.sqlite"
    team, _ = whist(db, clock)
    base = ("warning", "--db", db, "--reason", "talking")
    assert refused(*base, "--round", "3", "--team", str(team)) == (
        "round: round 3's seating is not published yet"
    )
    assert (
        refused(*base, "--round", "1", "--team", "99") == "team: there is no team 99 in this event"
    )
    assert refused(*base, "--round", "1", "--team", str(team), "--loss-of-hand") == (
        f"loss_of_hand: team {team}'s first infraction is a warning, not a loss of hand"
    )
    assert refused("warning", "--db", db, "--round", "1", "--team", str(team),
                   "--reason", " ") == "reason: say what the infraction was"  # fmt: skip


def test_an_event_file_with_a_warning_the_window_refuses_is_refused(tmp_path: Path, clock) -> None:
    db = tmp_path / "whist.sqlite"
    team, _ = whist(db, clock)
    data = json.loads(ok("export", "--db", db))
    data["warnings"] = [{"round": 1, "team": team, "reason": "talking", "ruling": "loss-of-hand"}]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert refused("import", path, "--db", tmp_path / "other.sqlite") == (
        f"{path}: warnings[0]: ruling: team {team}'s first infraction is a warning, not a loss "
        "of hand"
    )


def test_a_team_ejected_after_the_preliminaries_is_passed_over(tmp_path: Path, clock) -> None:
    # docs/rules.md §6: "the cut size is set by the teams that played the preliminaries; a team
    # withdrawn or ejected before the playoffs is passed over and the next team in the
    # standings advances in its place" (17 teams: 16 advance, not 8)
    db = tmp_path / "whist.sqlite"
    with open_database(db) as database:
        event = preliminaries(database, clock)
    before = json.loads(ok("standings", "--db", db))["rows"]
    top, seventeenth = before[0]["number"], before[16]["number"]
    out = json.loads(ok("remove", "--db", db, "--entrant", str(top), "--director",
                        "Lee Official", "--reason", "argumentative behaviour"))  # fmt: skip
    assert out == {"number": top, "status": "removed", "ruling": "ejected",
                   "director": "Lee Official", "reason": "argumentative behaviour",
                   "reseated": False}  # fmt: skip
    ok("round", "close", "--db", db, "--round", "3")
    fourth = json.loads(ok("seating", "--db", db, "--round", "4"))
    seated = {n for t in fourth["tables"] for n in (t["a"], t["b"])} | set(fourth["byes"])
    assert len(fourth["tables"]) == 8 and top not in seated and seventeenth in seated
    rows = json.loads(ok("standings", "--db", db))["rows"]
    assert (rows[-1]["number"], rows[-1]["place"], rows[-1]["status"]) == (top, None, "ejected")
    assert [row["place"] for row in rows[:-1]] == list(range(1, 17))
    assert refused("remove", "--db", db, "--entrant", str(top), "--director", "Lee",
                   "--reason", "again") == (
        f"number: entrant {top} is removed; only an entrant still playing can be ejected "
        "from the tournament"
    )  # fmt: skip
    exported = json.loads(ok("export", "--db", db))
    [gone] = [e for e in exported["entrants"] if e["number"] == top]
    assert gone["removal"]["director"] == "Lee Official"
    with open_database(db) as database:
        assert top not in seating_service.seating(database, event, 4).entrants
    # seed 004: "There will be no warnings allowed during the Playoff Rounds."
    team = fourth["tables"][0]["a"]
    args = ("warning", "--db", db, "--round", "4", "--team", str(team), "--reason", "talking")
    assert refused(*args, "--another-warning") == (
        "loss_of_hand: there are no warnings in the playoffs: an infraction there is a loss of hand"
    )
    playoff = json.loads(ok(*args))
    assert (playoff["ruling"], playoff["count"]) == ("loss-of-hand", 1)


def test_a_team_ejected_once_the_bracket_is_seated_is_passed_over(tmp_path: Path, clock) -> None:
    # docs/rules.md §6: "a team withdrawn or ejected before the playoffs is passed over and the
    # next team in the standings advances in its place", also once the preliminaries are closed
    # and the first playoff round is seated, as long as none of it is played
    db = tmp_path / "whist.sqlite"
    with open_database(db) as database:
        preliminaries(database, clock)
    ok("round", "close", "--db", db, "--round", "3")
    rows = json.loads(ok("standings", "--db", db))["rows"]
    top, seventeenth = rows[0]["number"], rows[16]["number"]
    seeded = json.loads(ok("seating", "--db", db, "--round", "4"))
    assert top in {n for t in seeded["tables"] for n in (t["a"], t["b"])}
    out = json.loads(ok("remove", "--db", db, "--entrant", str(top), "--director",
                        "Lee Official", "--reason", "argumentative behaviour"))  # fmt: skip
    assert out["reseated"] is True
    fourth = json.loads(ok("seating", "--db", db, "--round", "4"))
    seated = {n for t in fourth["tables"] for n in (t["a"], t["b"])} | set(fourth["byes"])
    assert len(fourth["tables"]) == 8 and top not in seated and seventeenth in seated
    # the bracket is seeded again from the cut without the ejected team: the new first seed
    # (the old second) meets the new last (the seventeenth)
    second = rows[1]["number"]
    [first_table] = [t for t in fourth["tables"] if second in (t["a"], t["b"])]
    assert seventeenth in (first_table["a"], first_table["b"])


def test_a_grand_prix_warning_for_conduct_is_logged_and_carried(tmp_path: Path, clock) -> None:
    # seed 000: table talk "will result in the opponents receiving a warning for conduct"; a
    # warning for conduct never costs the hand
    db = tmp_path / "gp.sqlite"
    with open_database(db) as database:
        event = builder.event(database, clock, entrants=8)
        builder.draw(database, event, clock, seed=3)
        team = builder.publish(database, event, 1, clock).tables[0].a[0]
    args = ("warning", "--db", db, "--round", "1", "--team", str(team), "--reason", "table talk")
    assert [json.loads(ok(*args))["ruling"] for _ in range(2)] == ["warning", "warning"]
    assert refused(*args, "--loss-of-hand") == (
        f"loss_of_hand: team {team}'s infraction is a warning for conduct, which never costs "
        "the hand"
    )
    exported = json.loads(ok("export", "--db", db))
    assert [w["ruling"] for w in exported["warnings"]] == ["warning", "warning"]
    path = tmp_path / "gp.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    ok("import", path, "--db", tmp_path / "other.sqlite")
    again = json.loads(ok("warnings", "--db", tmp_path / "other.sqlite", "--team", str(team)))
    assert [w["ruling"] for w in again] == ["warning", "warning"]
