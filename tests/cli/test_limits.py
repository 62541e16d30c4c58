"""Values no club could mean are refused at the door, each naming its field: the limits of
``clubdesk.domain.limits``, shared by the event file, score-hand, submit and registration."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain import limits
from tests.cli.helpers import SMALL, clubdesk, refused
from tests.cli.test_sheets import HANDS, night, signed, submit, table_one  # noqa: F401

HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip
HUGE = 2**64  # beyond SQLite's whole numbers


def score_hand(hand: dict[str, Any]) -> str:
    ran = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=json.dumps(hand))
    assert (ran.code, ran.out) == (2, ""), ran
    [line] = ran.err.splitlines()
    return line.removeprefix("clubdesk: ")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"bid": 10**30}, "bid: too large to be stored"),
        ({"bid": limits.BID_MAX + 5}, f"bid: {limits.BID_MAX + 5} is beyond any bid"),
        ({"meld": {"A": HUGE, "B": 0}}, "meld.A: too large to be stored"),
        ({"tricks": {"A": -HUGE, "B": 0}}, "tricks.A: too large to be stored"),
    ],
)
def test_score_hand_refuses_numbers_beyond_the_limits(change: dict, says: str) -> None:
    assert says in score_hand({**HAND, **change})


def test_a_bid_at_the_limit_is_judged_by_the_ladder() -> None:
    hand = {**HAND, "bid": limits.BID_MAX}
    ran = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=json.dumps(hand))
    assert ran.code == 0 and json.loads(ran.out)["set"] is True  # bid far too high: set


def small_with(tmp_path: Path, change: Any) -> Path:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def entrant(field: str, value: Any) -> Any:
    def change(data: dict) -> None:
        data["entrants"][0][field] = value

    return change


def player(value: str) -> Any:
    def change(data: dict) -> None:
        data["entrants"][0]["players"][1] = value

    return change


def score(value: int) -> Any:
    def change(data: dict) -> None:
        data["rounds"][0]["games"][0]["score"]["a"] = value

    return change


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (entrant("name", "x" * 161), "entrants[0] (number 1): name is longer than 160 characters"),
        (entrant("name", "Lee\x1b[2J / Park"), "entrants[0] (number 1): name holds a control"),
        (player("y" * 81), "entrants[0] (number 1): players[1] is longer than 80 characters"),
        (player("Bob\x00Jones"), "entrants[0] (number 1): players[1] holds a control character"),
        (entrant("paid_cents", 10**9), "paid_cents = 1000000000 is more than $999,999.99"),
        (entrant("paid_cents", HUGE), "paid_cents is too large to be stored"),
        (score(HUGE), "score a is too large to be stored"),
    ],
)
def test_an_event_file_beyond_the_limits_is_refused_and_leaves_nothing(
    tmp_path: Path, change: Any, says: str
) -> None:
    db = tmp_path / "club.sqlite"
    line = refused("import", small_with(tmp_path, change), "--db", db)
    assert says in line
    assert not db.exists()


def test_an_entrant_name_at_the_limit_is_taken(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ran = clubdesk("import", small_with(tmp_path, entrant("name", "x" * 160)), "--db", db)
    assert ran.code == 0, ran.err


def test_submit_refuses_a_score_beyond_what_can_be_stored(night: Path) -> None:  # noqa: F811
    a, b = table_one(night)
    before = hashlib.sha256(night.read_bytes()).hexdigest()
    for wrong, says in (
        ({"score": {"a": HUGE, "b": 0}}, "score.a: beyond any score"),
        ({"score": {"a": 520, "b": -(10**8)}}, "score.b: beyond any score"),
        (
            {"score": {"a": 520, "b": 310},
             "adjustments": [{"side": "a", "points": HUGE, "reason": "x"}]},
            "adjustments[0].points: beyond any score",
        ),
    ):  # fmt: skip
        ran = submit(night, {**wrong, "signatures": signed(a, b)})
        assert ran.code == 2 and len(ran.err.splitlines()) == 1, ran
        assert ran.err.startswith(f"clubdesk: {says} (at most 10,000,000 points either way)")
    assert hashlib.sha256(night.read_bytes()).hexdigest() == before
