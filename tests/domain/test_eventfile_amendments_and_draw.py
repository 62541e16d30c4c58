"""The event file keeps the directors' amendments and the draw, and checks them."""

from __future__ import annotations

import copy
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain.event.model import Amendment, EventError, Score, SheetResult
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.formats import load_rules

DATA = Path(__file__).parent / "data"
WHERE = "rounds[0].games[0] (round 1, table 1)"
AT = "2011-10-22T13:00:00-07:00"


def lookup(rules_id: str):
    return load_rules(rules_id, extra_dirs=[])


def small_gp() -> dict[str, Any]:
    return json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


def amended(*amendments: dict[str, Any], score: dict[str, int] | None = None) -> dict[str, Any]:
    """The small Grand Prix with round 1 table 1 (hands + lines: a 116, b 218) amended."""
    data = small_gp()
    game = data["rounds"][0]["games"][0]
    game["amendments"] = list(amendments)
    game["score"] = score if score is not None else amendments[-1]["score"]
    return data


def amendment(before: tuple[int, int], after: tuple[int, int], **more: Any) -> dict[str, Any]:
    return {
        "at": AT,
        "director": "Director Dee",
        "reason": "adding error",
        "before": {"score": {"a": before[0], "b": before[1]}, "winner": None},
        "score": {"a": after[0], "b": after[1]},
        "winner": None,
        **more,
    }


def test_an_amendment_is_read_as_one_and_the_score_is_what_counts() -> None:
    event = parse_event(amended(amendment((116, 218), (116, 228))), lookup)
    game = event.rounds[0].games[0]
    assert game.score == Score(116, 228) and game.won_by() == "b"
    at = datetime(2011, 10, 22, 13, 0, tzinfo=timezone(timedelta(hours=-7)))
    assert game.amendments == (
        Amendment(
            "Director Dee", at, "adding error", SheetResult(Score(116, 218)),
            SheetResult(Score(116, 228)),
        ),
    )  # fmt: skip
    assert game.submitted_result == SheetResult(Score(116, 218))
    assert [adj.reason for adj in game.adjustments] == ["late"]  # not folded into a line


def test_amendments_apply_in_order_and_round_trip() -> None:
    data = amended(amendment((116, 218), (116, 228)), amendment((116, 228), (300, 300), winner="a"))
    event = parse_event(data, lookup)
    game = event.rounds[0].games[0]
    assert (game.score, game.winner, game.won_by()) == (Score(300, 300), "a", "a")
    first = event_to_json(event)
    assert (
        first["rounds"][0]["games"][0]["amendments"] == data["rounds"][0]["games"][0]["amendments"]
    )
    assert event_to_json(parse_event(copy.deepcopy(first), lookup)) == first


def test_an_amendment_must_start_from_the_sheet_as_submitted() -> None:
    assert problems(amended(amendment((116, 118), (116, 228)))) == [
        f"{WHERE}: amendments[0].before: a 116, b 118, but the sheet gives a 116, b 218"
    ]


def test_the_score_must_be_the_amended_one() -> None:
    data = amended(amendment((116, 218), (116, 228)), score={"a": 116, "b": 218})
    assert problems(data) == [
        f"{WHERE}: the hands and adjustments, with the amendments, give a 116, b 228 "
        "but the score says a 116, b 218"
    ]


def test_an_amendment_names_its_fields() -> None:
    spoiled = amendment((116, 218), (116, 228), director="", colour="red")
    del spoiled["at"]
    assert problems(amended(spoiled, score={"a": 116, "b": 228})) == [
        f"{WHERE} amendments[0]: unknown key 'colour' (a typo?)",
        f"{WHERE}: amendments[0].at = None is not an ISO time",
        f"{WHERE}: amendments[0].director is empty",
    ]


def test_a_paper_sheet_amended() -> None:
    data = small_gp()
    game = data["rounds"][1]["games"][0]  # typed from paper, no hands
    score = game["score"]
    game["amendments"] = [amendment((score["a"], score["b"]), (score["a"] + 10, score["b"]))]
    game["score"] = {"a": score["a"] + 10, "b": score["b"]}
    event = parse_event(data, lookup)
    assert event.rounds[1].games[0].submitted_result == SheetResult(Score(score["a"], score["b"]))


# --- the draw -------------------------------------------------------------------------------


DRAW = {
    "kind": "random",
    "method": "random",
    "seed": 42,
    "made_at": "2011-10-22T08:55:00-07:00",
    "drawn": [{"entrant": n, "lot": n} for n in range(1, 8)],
}


def with_draw(draw: Any) -> dict[str, Any]:
    data = small_gp()
    data["draw"] = draw
    return data


def test_the_draw_is_read_and_written_back() -> None:
    event = parse_event(with_draw(copy.deepcopy(DRAW)), lookup)
    assert event.draw is not None and event.draw.seed == 42 and len(event.draw.drawn) == 7
    written = event_to_json(event)
    assert written["draw"] == DRAW
    assert event_to_json(parse_event(copy.deepcopy(written), lookup)) == written
    assert event_to_json(parse_event(small_gp(), lookup))["draw"] is None


def test_a_draw_naming_no_entrant_or_one_twice_is_an_error() -> None:
    assert problems(with_draw({**DRAW, "drawn": [{"entrant": 99, "lot": 1}]})) == [
        "draw: drawn[0].entrant = 99 is not an entrant's number"
    ]
    twice = [{"entrant": 2, "lot": 2}, {"entrant": 2, "lot": 3}]
    assert problems(with_draw({**DRAW, "drawn": twice})) == ["draw: entrant 2 drew twice"]


def test_a_draw_of_an_unknown_kind_is_named() -> None:
    assert problems(with_draw({**DRAW, "kind": "dice"})) == [
        "draw: kind = 'dice' is not one of 'cards', 'chits', 'random'"
    ]
    assert problems(with_draw({**DRAW, "shuffled": True})) == [
        "draw: unknown key 'shuffled' (a typo?)"
    ]
