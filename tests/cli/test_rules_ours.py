"""The rules are ours: a format id is looked up among the bundled formats and the user's
rules folder only; a file or folder in the working folder that bears a format's name is
never read as that format. A path to a rules file looks like one (a folder separator, or
``.toml`` at its end)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import clubdesk, ok

HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip


def hijacking() -> str:
    """A rules file of two rounds of 17 minutes titled HIJACKED, made from the warm-up's."""
    from clubdesk.domain.formats import available_formats

    [warmup] = [f for f in available_formats() if f.id == "grand-prix-warmup"]
    text = Path(warmup.path).read_text(encoding="utf-8")
    text = text.replace('title = "Grand Prix Warm-up"', 'title = "HIJACKED"')
    text = text.replace("rounds = 4", "rounds = 2").replace("round_minutes = 60",
                                                            "round_minutes = 17")  # fmt: skip
    return text


@pytest.fixture
def working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working folder holds a file named like the warm-up's id, and a folder named like
    the Grand Prix's."""
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "grand-prix-warmup").write_text(hijacking(), encoding="utf-8")
    (folder / "grand-prix-pinochle").mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_an_import_takes_the_format_by_its_id_not_a_file_of_that_name(
    working_folder: Path,
) -> None:
    event = {"format": "clubdesk-event/1", "id": "warmup", "name": "Friday warm-up",
             "date": "2024-03-08", "rules": "grand-prix-warmup", "entrants": [],
             "rounds": [], "ledger": []}  # fmt: skip
    source = working_folder / "event.json"
    source.write_text(json.dumps(event), encoding="utf-8")
    ok("import", source, "--db", working_folder / "club.sqlite")
    schedule = json.loads(ok("schedule", "--db", working_folder / "club.sqlite"))
    assert len(schedule["rounds"]) == 4  # the bundled warm-up's four rounds, not two
    starts, ends = schedule["rounds"][0]["starts"], schedule["rounds"][0]["ends"]
    assert (starts[11:16], ends[11:16]) == ("19:00", "20:00")  # of 60 minutes, not 17


def test_scoring_takes_the_format_by_its_id_beside_a_folder_of_that_name(
    working_folder: Path,
) -> None:
    hand = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=json.dumps(HAND))
    assert (hand.code, hand.err, json.loads(hand.out)["A"]) == (0, "", 60)
    warmup = clubdesk("score-hand", "--rules", "grand-prix-warmup", stdin=json.dumps(HAND))
    assert (warmup.code, warmup.err) == (0, "")


def test_a_path_looks_like_one(working_folder: Path) -> None:
    (working_folder / "house.toml").write_text(hijacking(), encoding="utf-8")
    for given in ("./grand-prix-warmup", str(working_folder / "grand-prix-warmup"), "house.toml"):
        ran = clubdesk("score-hand", "--rules", given, stdin=json.dumps(HAND))
        assert (ran.code, ran.err) == (0, ""), given  # read as the file it names
    ran = clubdesk("score-hand", "--rules", "house", stdin=json.dumps(HAND))
    assert (ran.code, ran.err) == (
        2, "clubdesk: rules: no format with id 'house' (see `clubdesk rules list`)\n")  # fmt: skip
