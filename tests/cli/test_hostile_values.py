"""Values a club could never mean, refused where they come in, each naming its field:
cents written with a point (``5000.0``, ``50.00`` meaning dollars) and money beyond the
ceiling in rules files and event files; a score below 0 where no side can lose points;
control characters in a rules file's shown text and in JSON output of stored names. And
the same player named twice in an event file: taken, with a note."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain import formats
from clubdesk.domain.event.names import shared_names
from tests.cli.helpers import (
    SMALL,
    clubdesk,
    copy_database,
    import_once,
    ok,
    refused,
    stored_by_an_older_clubdesk,
)
from tests.cli.test_sheets import night, signed, submit, table_one  # noqa: F401

# --- rules files ---------------------------------------------------------------------------


def rules_with(tmp_path: Path, old: str, new: str, source: str = "house-gin") -> Path:
    text = Path(formats.load_rules(source).source_path).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "club.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def rules_check(path: Path) -> str:
    ran = clubdesk("rules", "check", path)
    assert (ran.code, ran.out) == (2, ""), ran
    return ran.err.splitlines()[0]


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("entry_fee_cents = 3000", "entry_fee_cents = 30.00",
         "money.entry_fee_cents: a whole number of cents (5000 for $50.00), not 30.0"),
        ("entry_fee_cents = 3000", "entry_fee_cents = 3000.0",
         "money.entry_fee_cents: a whole number of cents (5000 for $50.00), not 3000.0"),
        ("entry_fee_cents = 3000", "entry_fee_cents = 100000000",
         "money.entry_fee_cents: 100000000 is more than $999,999.99"),
        ("added_cents = 0", "added_cents = 18446744073709551616",
         "money.added_cents: 18446744073709551616 is more than $999,999.99"),
        ("fixed_cents = 3500", "fixed_cents = 35.0",
         "money.payout[2].fixed_cents: a whole number of cents (5000 for $50.00), not 35.0"),
        ("fixed_cents = 3500", "fixed_cents = 350000000",
         "money.payout[2].fixed_cents: 350000000 is more than $999,999.99"),
        ('title = "', 'title = "Gin\\u001b[2J',
         "title: holds a control character (a line break, an escape...)"),
    ],
)  # fmt: skip
def test_a_rules_file_with_money_no_club_means_is_refused(
    tmp_path: Path, old: str, new: str, says: str
) -> None:
    path = rules_with(tmp_path, old, new)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if new in text)
    assert rules_check(path) == f"{path}:{line}: {says}"


def test_fines_beyond_the_ceiling_are_refused(tmp_path: Path) -> None:
    path = rules_with(tmp_path, "fine_set_cents = 0", "fine_set_cents = 99999999.5",
                      "npa-club-pinochle")  # fmt: skip
    assert rules_check(path).endswith(
        "money.fine_set_cents: a whole number of cents (5000 for $50.00), not 99999999.5"
    )
    path = rules_with(tmp_path, "fine_renege_cents = 0", "fine_renege_cents = 100000000",
                      "npa-club-pinochle")  # fmt: skip
    assert rules_check(path).endswith("money.fine_renege_cents: 100000000 is more than $999,999.99")


def test_money_at_the_ceiling_is_taken(tmp_path: Path) -> None:
    path = rules_with(tmp_path, "fixed_cents = 3500", "fixed_cents = 99999999")
    assert ok("rules", "check", path).endswith("ok (house-gin: House Gin Rummy (Hollywood))\n")


# --- event files ---------------------------------------------------------------------------


def small_with(tmp_path: Path, change: Any) -> Path:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def first_typed_game(data: dict) -> dict:
    return next(
        g for r in data["rounds"] for g in r["games"] if g.get("score") and not g.get("hands")
    )


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d["settings"].update(entry_fee_cents=5000.0),
         "settings.entry_fee_cents: a whole number of cents (5000 for $50.00), not 5000.0"),
        (lambda d: d["settings"].update(added_cents=10**12),
         "settings.added_cents: 1000000000000 is more than $999,999.99"),
        (lambda d: d["settings"].update(payout=[{"place": 1, "fixed_cents": 50.0}]),
         "settings.payout.0.fixed_cents: a whole number of cents (5000 for $50.00), not 50.0"),
        (lambda d: d["entrants"][0].update(paid_cents=5000.0),
         "entrants[0] (number 1): paid_cents = 5000.0 is not a whole number of cents"),
        (lambda d: d["ledger"][0].update(cents=50.00),
         "ledger[0]: cents = 50.0 is not a whole number of cents (5000 for $50.00)"),
        (lambda d: first_typed_game(d)["score"].update(b=-10),
         "score b: -10 is below 0; in Grand Prix Pinochle no side ever loses points"),
    ],
)  # fmt: skip
def test_an_event_file_with_values_no_club_means_is_refused(
    tmp_path: Path, change: Any, says: str
) -> None:
    db = tmp_path / "club.sqlite"
    assert says in refused("import", small_with(tmp_path, change), "--db", db)
    assert not db.exists()


def test_a_player_named_twice_is_taken_with_a_note(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        ann = data["entrants"][0]["players"][0]
        data["entrants"][2]["players"][0] = f"  {ann.upper()} "

    out = ok("import", small_with(tmp_path, change), "--db", tmp_path / "club.sqlite")
    assert out.splitlines()[1:] == [
        "note: Ann Smith is named twice (entrants 1 and 3); taken as people who share a name",
    ]  # one name twice in the same entrant is refused: test_hostile_limits.py


def test_shared_names_are_compared_as_the_front_table_compares_them() -> None:
    assert shared_names([(1, ["Zoë Ortiz", "Bo"]), (2, ["zoe  ortiz"]), (3, ["Bo", ""])]) == [
        ("Zoë Ortiz", [1, 2]),
        ("Bo", [1, 3]),
    ]
    assert shared_names([(1, ["Ann", "Bob"]), (2, ["", ""])]) == []


# --- scores below 0 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules_id", "negative"),
    [
        ("grand-prix-pinochle", False),
        ("grand-prix-warmup", False),
        ("npa-club-pinochle", True),  # docs/rules.md §3: a set subtracts the bid
        ("sun-city-west-pinochle", True),  # docs/rules.md §4: the bid is subtracted
        ("house-gin", False),
        ("bid-whist", False),
    ],
)
def test_only_formats_where_a_set_subtracts_have_scores_below_0(
    rules_id: str, negative: bool
) -> None:
    rules = formats.load_rules(rules_id)
    assert rules.scores_can_go_negative is negative
    assert (rules.negative_score_problem(-1) is None) is negative
    assert rules.negative_score_problem(0) is None


def test_submit_and_amend_refuse_a_score_below_0_in_the_grand_prix(night: Path) -> None:  # noqa: F811
    a, b = table_one(night)
    ran = submit(night, {"score": {"a": 520, "b": -10}, "signatures": signed(a, b)})
    assert ran.err == (
        "clubdesk: score.b: -10 is below 0; in Grand Prix Warm-up no side ever loses points\n"
    )
    ok_ran = submit(night, {"score": {"a": 520, "b": 0}, "signatures": signed(a, b)})
    assert ok_ran.code == 0, ok_ran
    amended = clubdesk("amend", "--db", night, "--round", "1", "--table", "1", "--reason", "x",
                       "--director", "Dee", stdin='{"score": {"a": -1, "b": 0}}')  # fmt: skip
    assert amended.err == (
        "clubdesk: score.a: -1 is below 0; in Grand Prix Warm-up no side ever loses points\n"
    )


# --- JSON output of stored names -----------------------------------------------------------

HOSTILE = "Lee\x7f\x85\u202e / Park\x9b2J"


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


def test_json_output_escapes_del_and_c1_controls(tmp_path: Path, small_grand_prix: Path) -> None:
    path = copy_database(small_grand_prix, tmp_path)
    stored_by_an_older_clubdesk(path, ("UPDATE entrant SET name = ? WHERE number = 1", (HOSTILE,)))
    for args in (["export"], ["standings"]):  # entrant 1 wins no prize
        out = ok(*args, "--db", path)
        assert not any(ch in out for ch in "\x7f\x85\u202e\x9b"), args
        assert "Lee\\u007f\\u0085\\u202e / Park\\u009b2J" in out, args
    assert json.loads(ok("export", "--db", path))["entrants"][0]["name"] == HOSTILE


# --- the lines a sheet keeps ---------------------------------------------------------------


def test_a_sheets_lines_hold_no_control_character_and_no_essay(night: Path) -> None:  # noqa: F811
    a, b = table_one(night)
    long_name = [{"role": "scorekeeper", "name": "x" * 81}, signed(a, b)[1]]
    for sheet, says in (
        ({"signatures": long_name}, "signatures.scorekeeper is longer than 80 characters"),
        ({"signatures": signed(a, b),
          "adjustments": [{"side": "b", "points": 100, "reason": "late\x1b[2J"}]},
         "adjustments[0].reason holds a control character"),
        ({"signatures": signed(a, b),
          "adjustments": [{"side": "b", "points": 100, "reason": "late " * 101}]},
         "adjustments[0].reason is longer than 500 characters"),
    ):  # fmt: skip
        ran = submit(night, {"score": {"a": 520, "b": 310}, **sheet})
        assert ran.err == f"clubdesk: {says}\n", ran
    assert submit(night, {"score": {"a": 520, "b": 310}, "signatures": signed(a, b)}).code == 0
    for reason, director, says in (
        ("adding\x85error", "Dee", "reason holds a control character"),
        ("adding error", "Dee\x7f", "director holds a control character"),
    ):
        ran = clubdesk("amend", "--db", night, "--round", "1", "--table", "1", "--reason", reason,
                       "--director", director, stdin='{"score": {"a": 500, "b": 310}}')  # fmt: skip
        assert ran.err == f"clubdesk: {says}\n", ran


def test_an_event_files_sheet_lines_are_checked_alike(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        first_typed_game(data)["adjustments"] = [{"side": "a", "points": 0, "reason": "x\x1b"}]

    db = tmp_path / "club.sqlite"
    line = refused("import", small_with(tmp_path, change), "--db", db)
    assert line.endswith("adjustments[0].reason holds a control character")
    assert not db.exists()
