"""Limits a huge but valid input meets, and text no club means, at every door: hands and
adjustment lines on one sheet (the event file, ``submit``, ``score-game``); an event's name,
venue and money notes in the event file; a lone surrogate anywhere in an event file, read
by the domain whoever hands it the file; the same player twice in one entrant even where a
shared name is allowed; ``--projector`` given thousands of digits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain.event.model import EventError
from clubdesk.domain.limits import (
    ADJUSTMENTS_MAX,
    HANDS_MAX,
    adjustments_problem,
    hands_problem,
)
from clubdesk.errors import UserError
from clubdesk.services import events, registration
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import check_event_file
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from tests import builder
from tests.cli.helpers import SMALL, clubdesk, refused
from tests.cli.test_sheets import night, signed, submit, table_one  # noqa: F401

LATE = {"side": "b", "points": 0, "reason": "late"}


def small_with(tmp_path: Path, change: Any) -> Path:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def typed_game(data: dict) -> dict:
    return next(
        g for r in data["rounds"] for g in r["games"] if g.get("score") and not g.get("hands")
    )


def test_the_limits_on_one_sheet_are_generous_and_name_themselves() -> None:
    assert (HANDS_MAX, ADJUSTMENTS_MAX) == (200, 50)
    assert hands_problem(200) is None and adjustments_problem(50) is None
    assert hands_problem(201) == " holds 201 (at most 200 hands on one sheet)"
    assert adjustments_problem(51) == " holds 51 (at most 50 lines on one sheet)"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: typed_game(d).update(hands=[{}] * 201),
         "(round 1, table 2): hands holds 201 (at most 200 hands on one sheet)"),
        (lambda d: typed_game(d).update(adjustments=[LATE] * 51),
         "(round 1, table 2): adjustments holds 51 (at most 50 lines on one sheet)"),
        (lambda d: d.update(name="Night\x1b[2J"), "event.json: name holds a control character"),
        (lambda d: d.update(name="N" * 121), "event.json: name is longer than 120 characters"),
        (lambda d: d.update(venue="Elks\u202eLodge"),
         "event.json: venue holds a control character"),
        (lambda d: d["ledger"][0].update(note="cash\x07"),
         "event.json: ledger[0]: note holds a control character"),
        (lambda d: d["ledger"][0].update(note="cash " * 101),
         "event.json: ledger[0]: note is longer than 500 characters"),
    ],
)  # fmt: skip
def test_an_event_file_beyond_the_limits_is_refused_naming_the_field(
    tmp_path: Path, change: Any, says: str
) -> None:
    db = tmp_path / "club.sqlite"
    assert refused("import", small_with(tmp_path, change), "--db", db).endswith(says)
    assert not db.exists()


def test_an_event_file_at_the_limits_is_taken(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data.update(name="N" * 120, venue="V" * 120)
        data["ledger"][0]["note"] = "n" * 500
        typed_game(data)["adjustments"] = [LATE] * 50

    db = tmp_path / "club.sqlite"
    ran = clubdesk("import", small_with(tmp_path, change), "--db", db)
    assert ran.code == 0, ran.err


def test_score_game_refuses_more_hands_than_a_sheet_holds() -> None:
    ran = clubdesk("score-game", "--rules", "grand-prix-pinochle", stdin=json.dumps([{}] * 201))
    assert (ran.code, ran.err) == (
        2,
        "clubdesk: hands: holds 201 (at most 200 hands on one sheet)\n",
    )


def test_submit_refuses_more_hands_or_lines_than_a_sheet_holds(night: Path) -> None:  # noqa: F811
    a, b = table_one(night)
    for sheet, says in (
        ({"hands": [{}] * 201}, "hands holds 201 (at most 200 hands on one sheet)"),
        ({"score": {"a": 520, "b": 310}, "adjustments": [LATE] * 51},
         "adjustments holds 51 (at most 50 lines on one sheet)"),
    ):  # fmt: skip
        ran = submit(night, {**sheet, "signatures": signed(a, b)})
        assert (ran.code, ran.err) == (2, f"clubdesk: {says}\n"), ran
    taken = submit(night, {"score": {"a": 520, "b": 310}, "adjustments": [LATE] * 50,
                           "signatures": signed(a, b)})  # fmt: skip
    assert taken.code == 0, taken.err


def test_the_domain_refuses_a_lone_surrogate_whoever_hands_it_the_file() -> None:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    data["ledger"][1]["note"] = "set \udc00"
    with pytest.raises(EventError) as refused_file:
        check_event_file(data)  # as the window's import hands it over: parsed, not read here
    assert refused_file.value.problems == [
        "ledger[1].note: text that is not Unicode (a lone \\u surrogate)"
    ]


def test_a_player_is_never_named_twice_in_one_entrant(tmp_path: Path, clock: FakeTime) -> None:
    with open_database(tmp_path / "club.sqlite") as db:
        event = builder.event(db, clock, "grand-prix-warmup", entrants=0)
        twice = registration.RegisterEntrant(
            players=("Ann Lee", "ann  lee"), allow_duplicate_name=True
        )
        with pytest.raises(UserError, match=r"^players\[1\]: Ann Lee is named twice"):
            registration.register(Desk(db, event, clock), twice)
        first = registration.RegisterEntrant(players=("Ann Lee", "Bo Park"))
        registration.register(Desk(db, event, clock), first)
        shared = registration.RegisterEntrant(
            players=("Ann Lee", "Cy Ng"), allow_duplicate_name=True
        )
        assert registration.register(Desk(db, event, clock), shared).number == 2


def test_a_projector_screen_of_thousands_of_digits_is_not_echoed() -> None:
    ran = clubdesk("--projector", "9" * 5_000)
    assert ran.code == 2
    assert ran.err == (
        "clubdesk: argument --projector: a screen number from 1 to 99, not '999999999...' "
        "(see `clubdesk --help`)\n"
    )


def test_the_window_keeps_an_events_name_and_venue_to_the_same_limits(
    tmp_path: Path, clock: FakeTime
) -> None:
    with open_database(tmp_path / "club.sqlite") as db:
        event = builder.event(db, clock, "grand-prix-warmup")
        for change, says in (
            (events.EventChanges(name="Night\x1b[2J"), "name holds a control character"),
            (events.EventChanges(name="N" * 121), "name is longer than 120 characters"),
            (events.EventChanges(venue="Hall\u202e"), "venue holds a control character"),
        ):
            with pytest.raises(UserError) as refused_change:
                events.update_event(Desk(db, event, clock), change)
            assert str(refused_change.value) == says
        changed = events.update_event(Desk(db, event, clock), events.EventChanges(venue="V" * 120))
        assert changed.venue == "V" * 120


def test_an_event_file_never_names_one_player_twice_in_an_entrant(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["entrants"][0]["players"][1] = " ann  SMITH "

    db = tmp_path / "club.sqlite"
    assert refused("import", small_with(tmp_path, change), "--db", db).endswith(
        "entrants[0] (number 1): players[1]: Ann Smith is named twice in this entrant"
    )
    assert not db.exists()
