"""The event file keeps the director's warnings (bid whist, docs/rules.md §6) and who removed an
entrant from the tournament; reading it refuses what the window refuses, naming the row."""

from __future__ import annotations

import json
from typing import Any

import pytest

from clubdesk.domain.event.model import EventError
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from tests.formats import lookup


def whist(**extra: Any) -> dict[str, Any]:
    """Six bid whist teams: round 1 (teams 1 v 2, 3 v 4, 5 a bye, 6 absent), round 4 a
    playoff round after the three preliminaries."""
    games = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)], [(1, 4), (2, 3)]]
    return {
        "format": "clubdesk-event/1",
        "id": "whist",
        "name": "Whist",
        "rules": "bid-whist",
        "entrants": [
            {"number": n, "name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, 7)
        ],
        "rounds": [
            {
                "number": number,
                "games": [
                    {"table": t, "a": a, "b": b, "score": {"a": 7, "b": 3}}
                    for t, (a, b) in enumerate(pairs, start=1)
                ],
                "byes": [5] if number <= 3 else [],
            }
            for number, pairs in enumerate(games, start=1)
        ],
        **extra,
    }


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


def warning(round_number: int, team: int, ruling: str = "warning", **more: Any) -> dict:
    return {"round": round_number, "team": team, "reason": "talking", "ruling": ruling, **more}


def test_warnings_go_out_and_come_back_in_order() -> None:
    logged = [
        warning(1, 3, at="2024-03-09T19:10:00-07:00"),
        warning(2, 3, "loss-of-hand", at="2024-03-09T19:50:00-07:00"),
        warning(2, 1, at="2024-03-09T19:55:00-07:00"),
    ]
    event = parse_event(whist(warnings=logged), lookup)
    assert [(w.round, w.team, w.kind, w.playoff) for w in event.warnings] == [
        (1, 3, "warning", False), (2, 3, "loss-of-hand", False), (2, 1, "warning", False),
    ]  # fmt: skip
    written = event_to_json(event)
    assert written["warnings"] == logged
    assert list(written)[-1] == "warnings"
    again = event_to_json(parse_event(json.loads(json.dumps(written)), lookup))
    assert again == written
    assert "warnings" not in event_to_json(parse_event(whist(), lookup))  # none: left out


@pytest.mark.parametrize(
    ("logged", "message"),
    [
        ([warning(1, 3, "loss-of-hand")],
         "warnings[0]: ruling: team 3's first infraction is a warning, not a loss of hand"),
        ([warning(4, 3)],
         "warnings[0]: ruling: there are no warnings in the playoffs: an infraction there is "
         "a loss of hand"),
        ([warning(1, 5)], "warnings[0]: team: team 5 has a bye in round 1"),
        ([warning(1, 6)], "warnings[0]: team: team 6 is not seated in round 1"),
        ([warning(7, 1)], "warnings[0]: round: the file lists no round 7"),
        ([warning(1, 9)], "warnings[0]: team = 9 is not an entrant's number"),
        ([warning(1, 1, "penalty")], "warnings[0]: ruling = 'penalty' is not one of"),
        ([{**warning(1, 1), "reason": ""}], "warnings[0]: reason"),
    ],
)  # fmt: skip
def test_a_warning_the_window_refuses_is_refused_naming_its_row(logged, message) -> None:
    [found] = problems(whist(warnings=[warning(2, 1), *logged]))
    assert found.startswith(message.replace("warnings[0]", "warnings[1]")), found


def test_a_format_without_warnings_has_none_in_its_file() -> None:
    data = whist(warnings=[warning(1, 1)])
    data["rules"] = "sun-city-west-pinochle"
    assert "warnings: Sun City West Pinochle has no warnings" in " ".join(problems(data))


def test_a_removal_goes_with_the_entrant_removed() -> None:
    data = whist()
    data["entrants"][2].update(
        status="removed",
        removal={"director": "Lee Official", "reason": "argumentative",
                 "at": "2024-03-09T20:00:00-07:00"},
    )  # fmt: skip
    event = parse_event(data, lookup)
    gone = event.entrant(3).removal
    assert gone is not None and (gone.director, gone.reason) == ("Lee Official", "argumentative")
    written = event_to_json(event)
    assert written["entrants"][2]["removal"]["director"] == "Lee Official"
    assert "removal" not in written["entrants"][0]


@pytest.mark.parametrize(
    ("status", "removal", "message"),
    [
        ("active", {"director": "Lee", "reason": "x"},
         "entrants[2] (number 3): removal: only an entrant removed from the tournament has "
         "one (status \"removed\", not 'active')"),
        ("removed", {"director": "", "reason": "x"}, "entrants[2] (number 3): removal director"),
        ("removed", {"reason": "x"}, "entrants[2] (number 3): removal director: missing"),
        ("removed", {"director": "Lee", "reason": "x", "why": 1},
         "entrants[2] (number 3) removal: unknown key 'why'"),
    ],
)  # fmt: skip
def test_a_removal_that_cannot_be_is_refused(status, removal, message) -> None:
    data = whist()
    data["entrants"][2].update(status=status, removal=removal)
    [found] = problems(data)
    assert found.startswith(message), found


def test_a_removed_entrants_fee_is_never_refunded() -> None:
    data = whist()
    data["entrants"][2].update(status="removed", paid_cents=4000)
    data["rules"] = "grand-prix-warmup"  # a format that gives refunds
    data["rounds"] = data["rounds"][:3]
    data["ledger"] = [{"kind": "refund", "cents": 1000, "entrant": 3, "note": "x"}]
    assert "ledger[0]: entrant 3 was removed from the tournament" in " ".join(problems(data))
