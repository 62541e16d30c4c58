"""The event file keeps signatures as drawn on the pad (docs/event-file.md, score sheets): strokes
of [x, y] points, fractions of the pad; hostile strokes are refused naming the point."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain.event.model import EventError
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.domain.limits import STROKE_POINTS_MAX, STROKES_MAX

DATA = Path(__file__).parent / "data"
AT = "2011-10-22T13:00:00-07:00"
WHERE = "rounds[0].games[1] (round 1, table 2)"
DRAWN = [[[0.1, 0.6], [0.15, 0.42], [0.22, 0.61]], [[0.3, 0.5], [0.4, 0.48], [0.5, 0.5]]]


def lookup(rules_id: str):
    return load_rules(rules_id, extra_dirs=[])


def signed(*strokes: Any) -> dict[str, Any]:
    """The small Grand Prix with round 1 table 2 signed: the scorekeeper drew ``strokes[0]``,
    the countersigner ``strokes[1]`` (None: the name typed only)."""
    data = json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))
    game = data["rounds"][0]["games"][1]
    game["signatures"] = []
    signers = (("scorekeeper", "Ed Ortiz"), ("countersign", "Gus Brown"))  # sides a and b
    for (role, name), drawn in zip(signers, strokes, strict=True):
        signature: dict[str, Any] = {"role": role, "name": name, "at": AT}
        if drawn is not None:
            signature["strokes"] = drawn
        game["signatures"].append(signature)
    return data


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


def test_strokes_are_read_and_written_back_identical() -> None:
    data = signed(DRAWN, None)
    event = parse_event(data, lookup)
    keeper, counter = event.rounds[0].games[1].signatures
    assert keeper.strokes[1] == ((0.3, 0.5), (0.4, 0.48), (0.5, 0.5))
    assert counter.strokes == ()
    written = event_to_json(event)
    assert (
        written["rounds"][0]["games"][1]["signatures"]
        == data["rounds"][0]["games"][1]["signatures"]
    )  # a typed name is written without "strokes", as it came
    assert event_to_json(parse_event(written, lookup)) == written


def test_the_pad_corners_are_inside_and_whole_numbers_read_as_fractions() -> None:
    event = parse_event(signed([[[0, 0], [1, 1]]], None), lookup)
    assert event.rounds[0].games[1].signatures[0].strokes == (((0.0, 0.0), (1.0, 1.0)),)


def test_an_amendment_keeps_the_directors_signature() -> None:
    data = signed(None, None)
    game = data["rounds"][0]["games"][0]
    before = game["score"]
    game["amendments"] = [
        {"at": AT, "director": "Dee", "reason": "adding error",
         "before": {"score": before, "winner": None},
         "score": {"a": before["a"] + 10, "b": before["b"]}, "winner": None, "strokes": DRAWN}
    ]  # fmt: skip
    game["score"] = game["amendments"][0]["score"]
    event = parse_event(data, lookup)
    assert event.rounds[0].games[0].amendments[0].strokes[0][0] == (0.1, 0.6)
    written = event_to_json(event)
    assert written["rounds"][0]["games"][0]["amendments"] == game["amendments"]


HOSTILE = [
    (
        [[[0.1, 0.1]], [[0.2, 0.2]], [[0.3, 0.3]], [[0.1, 0.2], [0.2, 0.3], [1.5, 0.2]]],
        "strokes[3][2] = [1.5, 0.2] is not [x, y] with x and y from 0 to 1 "
        "(a fraction of the pad's width and height)",
    ),
    (
        [[[0.1, -0.01]]],
        "strokes[0][0] = [0.1, -0.01] is not [x, y] with x and y from 0 to 1 "
        "(a fraction of the pad's width and height)",
    ),
    ([[[0.1, 0.2, 0.3]]], "strokes[0][0] = [0.1, 0.2, 0.3] is not [x, y] with x and y"),
    ([[["0.1", 0.2]]], "strokes[0][0] = ['0.1', 0.2] is not [x, y] with x and y"),
    ([[[True, 0.2]]], "strokes[0][0] = [True, 0.2] is not [x, y] with x and y"),
    ([[[10**300, 0.2]]], "strokes[0][0] = [100000000000000000000000000000000000... is not"),
    ([[]], "strokes[0] has no points"),
    ([{"x": 1}], "strokes[0] must be a list of [x, y] points"),
    ("Ann", "strokes must be a list of strokes, each a list of [x, y] points"),
    ([[[0.5, 0.5]]] * (STROKES_MAX + 1), f"strokes has {STROKES_MAX + 1} strokes (at most"),
    (
        [[[0.5, 0.5]] * (STROKE_POINTS_MAX + 1)],
        f"strokes[0] has {STROKE_POINTS_MAX + 1} points (at most {STROKE_POINTS_MAX})",
    ),
    ([[[0.5, 0.5]] * STROKE_POINTS_MAX] * 11, "strokes has 11000 points (at most 10000)"),
]


@pytest.mark.parametrize(("strokes", "message"), HOSTILE, ids=[h[1][:30] for h in HOSTILE])
def test_hostile_strokes_are_refused_naming_the_field(strokes: Any, message: str) -> None:
    [line] = problems(signed(None, strokes))
    assert line.startswith(f"{WHERE}: signatures[1].{message}")


def test_not_a_number_is_refused() -> None:
    [line] = problems(signed([[[float("nan"), 0.5]]], None))
    assert line.startswith(f"{WHERE}: signatures[0].strokes[0][0] = [nan, 0.5] is not [x, y]")


@pytest.mark.parametrize(
    ("keeper", "counter", "said"),
    [
        ("Zed Nobody", "Gus Brown",
         "signatures[0]: Zed Nobody does not play at this table "
         "(seated there: Ed Ortiz, Flo Ng, Gus Brown, Hal Gray)"),
        ("Ed Ortiz", "Flo Ng",
         "signatures: Ed Ortiz and Flo Ng sit on the same side; the sheet is countersigned "
         "by an opponent"),
    ],
)  # fmt: skip
def test_signers_are_players_at_the_table_on_opposite_sides(
    keeper: str, counter: str, said: str
) -> None:
    """As ``submit`` takes them: a signer who does not play at the table, or a sheet
    countersigned by a partner, is refused naming the signature."""
    data = signed(None, None)
    first, second = data["rounds"][0]["games"][1]["signatures"]
    first["name"], second["name"] = keeper, counter
    assert problems(data) == [f"{WHERE}: {said}"]
    first["name"], second["name"] = "  ed   ORTIZ ", "gus brown"  # case and spacing aside
    assert parse_event(data, lookup).rounds[0].games[1].signatures


def test_a_signer_is_not_refused_for_an_entrant_the_file_could_not_read() -> None:
    """The entrant's own problem is the one to report, not its player's signature."""
    data = signed(None, None)
    data["entrants"][2]["paid_cents"] = "x"  # entrant 3: Ed Ortiz, the scorekeeper
    assert problems(data) == ["entrants[2] (number 3): paid_cents = 'x' is not a number"]
