"""Hands and event files with values at and beyond every limit (hypothesis): each is
refused with the app's own error naming where the fault is, or accepted; never another
exception. What is accepted can be stored and written out again."""

from __future__ import annotations

import copy
import json
import math
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.domain import formats, games, limits
from clubdesk.domain.event.model import EventError
from clubdesk.errors import UserError
from clubdesk.services import eventfile
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.timesource import FakeTime
from tests.cli.helpers import SMALL
from tests.conftest import CLUB_TIME
from tests.properties import examples

# --- values ---------------------------------------------------------------------------------

EDGE_INTS = [
    -(2**64), limits.INT64_MIN - 1, limits.INT64_MIN, -limits.POINTS_MAX - 1, -limits.CENTS_MAX - 1,
    -1, 0, 1, 2, 4, 7, 13, 20, 25, 50, 60, 250, 500, limits.BID_MAX, limits.BID_MAX + 1,
    limits.CENTS_MAX, limits.CENTS_MAX + 1, limits.POINTS_MAX, limits.POINTS_MAX + 1,
    limits.INT64_MAX, limits.INT64_MAX + 1, 2**64, 10**30,
]  # fmt: skip
EDGE_TEXT = [
    "", " ", "A", "B", "a", "b", "x" * limits.NAME_MAX, "x" * (limits.NAME_MAX + 1),
    "Ann\x00Smith", "Lee\x1b[2J", "Zoë\u202e", "\x7f", "\x85", "A" * 10_000,
]  # fmt: skip
EDGE_FLOATS = [0.0, 1.5, 50.0, 5000.0, -0.5, math.inf, -math.inf, math.nan, 1e308]

scalars = st.one_of(
    st.sampled_from(EDGE_INTS),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from(EDGE_FLOATS),
    st.sampled_from(EDGE_TEXT),
    st.booleans(),
    st.none(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["A", "B", "a", "b", "x"]), inner, max_size=3),
    ),
    max_leaves=8,
)

FIELD_FIRST = re.compile(r"^(round \d+: |[a-z_]+[\[.:( =])")
"""A problem starts by naming where it is: a key of the file, or a round."""


FAST = settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- hands -----------------------------------------------------------------------------------

HANDS = {
    "grand-prix-pinochle": {"bidder": "A", "bid": 55, "dropped": False, "marriage": True,
                            "meld": {"A": 30, "B": 20}, "tricks": {"A": 30, "B": 20},
                            "renege": None, "all_tricks": None, "took_trick": None,
                            "conceded": False},
    "npa-club-pinochle": {"bidder": "B", "bid": 60, "marriage": True,
                          "meld": {"A": 30, "B": 40}, "tricks": {"A": 20, "B": 30}},
    "sun-city-west-pinochle": {"bidder": "A", "bid": 21, "meld": {"A": 10, "B": 4},
                               "tricks": {"A": 15, "B": 10},
                               "took_trick": {"A": True, "B": True}},
    "house-gin": {"knocker": "A", "gin": False, "deadwood": {"A": 4, "B": 19}, "knock_card": 10},
    "bid-whist": {"bidder": "B", "bid": 5, "kind": "no", "books": {"A": 4, "B": 9},
                  "infraction": None},
}  # fmt: skip
RULES = {rules_id: formats.load_rules(rules_id) for rules_id in HANDS}


def hostile_hand(rules_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """The format's good hand with some fields (its own, or a nested side) made hostile."""
    good = HANDS[rules_id]

    def change(key: str) -> st.SearchStrategy[tuple[str, Any, str | None]]:
        original = good.get(key)
        if isinstance(original, dict):  # one side's value, or the whole field
            side = st.sampled_from(["A", "B"])
            one = side.flatmap(lambda s: st.tuples(st.just(key), like(original[s]), st.just(s)))
            return st.one_of(one, st.tuples(st.just(key), values, st.none()))
        return st.tuples(st.just(key), like(original), st.none())

    changes = st.lists(st.sampled_from([*good, "extra"]).flatmap(change), max_size=3)

    def apply(found: list[tuple[str, Any, str | None]]) -> dict[str, Any]:
        hand = copy.deepcopy(good)
        for key, value, side in found:
            if side is not None and isinstance(hand.get(key), dict):
                hand[key][side] = value
            else:
                hand[key] = value
        return hand

    return changes.map(apply)


def scored_or_refused(action: Any) -> Any:
    """What ``action`` gives, or None when it refused with the app's own error naming a
    field (one line); any other exception fails the test."""
    try:
        return action()
    except UserError as exc:
        message = str(exc)
        assert message.strip() and "\n" not in message, message
        assert FIELD_FIRST.match(message) or exc.field, message  # names where the fault is
        return None


def storable(found: Any) -> None:
    """Every whole number in ``found`` fits the database, and it is JSON."""
    json.dumps(found, allow_nan=False)  # a NaN or an infinity is no JSON (a name may say so)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, int) and not isinstance(value, bool):
            assert limits.stored_int_problem(value) is None, value

    walk(found)


@FAST
@given(data=st.data(), rules_id=st.sampled_from(sorted(HANDS)))
def test_a_hostile_hand_is_scored_or_refused(data: st.DataObject, rules_id: str) -> None:
    hand = data.draw(hostile_hand(rules_id))
    rules = RULES[rules_id]
    result = scored_or_refused(lambda: games.score_hand(hand, rules))
    if result is not None:
        storable(result.to_json())


@FAST
@given(data=st.data(), rules_id=st.sampled_from(sorted(HANDS)))
def test_a_game_of_hostile_hands_is_scored_or_refused(data: st.DataObject, rules_id: str) -> None:
    hands = data.draw(st.lists(hostile_hand(rules_id), max_size=4))
    rules = RULES[rules_id]
    result = scored_or_refused(lambda: games.score_game(hands, rules))
    if result is not None:
        storable(result.to_json())


@FAST
@given(hands=values, rules_id=st.sampled_from(sorted(HANDS)))
def test_anything_at_all_as_a_hand_or_a_game(hands: Any, rules_id: str) -> None:
    rules = RULES[rules_id]
    scored_or_refused(lambda: games.score_hand(hands, rules))
    scored_or_refused(lambda: games.score_game(hands, rules))


# --- event files -----------------------------------------------------------------------------

GOOD_EVENT = json.loads(SMALL.read_text(encoding="utf-8"))


def places(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the event file's JSON, to a value that may be replaced."""
    found = [at] if at else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += places(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += places(value, (*at, index))
    return found


PLACES = places(GOOD_EVENT)
SETTINGS_KEYS = ["entry_fee_cents", "added_cents", "rounding_cents", "return_percent",
                 "fine_set_cents", "drop_lowest", "rounds", "point_limit", "max_hands"]  # fmt: skip


def replaced(data: Any, at: tuple[Any, ...], value: Any) -> Any:
    changed = copy.deepcopy(data)
    holder = changed
    for step in at[:-1]:
        holder = holder[step]
    holder[at[-1]] = value
    return changed


def at_place(data: Any, at: tuple[Any, ...]) -> Any:
    for step in at:
        data = data[step]
    return data


def like(original: Any) -> st.SearchStrategy[Any]:
    """A value of the original's kind at or beyond the limits, or anything at all."""
    if isinstance(original, bool) or original is None:
        return values
    if isinstance(original, int):
        near = st.integers(min_value=original - 3, max_value=original + 3)
        return st.one_of(near, st.sampled_from(EDGE_INTS), values)
    if isinstance(original, str):
        return st.one_of(st.sampled_from(EDGE_TEXT), st.text(max_size=12), values)
    return values


def hostile_event() -> st.SearchStrategy[Any]:
    one = st.sampled_from(PLACES).flatmap(
        lambda at: st.tuples(st.just(at), like(at_place(GOOD_EVENT, at)))
    )
    setting = st.tuples(st.sampled_from(SETTINGS_KEYS), st.sampled_from(EDGE_INTS + EDGE_FLOATS))

    def apply(found: tuple[list[tuple[tuple[Any, ...], Any]], list[tuple[str, Any]]]) -> Any:
        changes, settings_given = found
        data = copy.deepcopy(GOOD_EVENT)
        for at, value in changes:
            try:
                data = replaced(data, at, value)
            except (KeyError, IndexError, TypeError):  # a path an earlier change took away
                continue
        if isinstance(data, dict) and isinstance(data.get("settings"), dict):
            data["settings"].update(settings_given)
        return data

    return st.tuples(st.lists(one, min_size=1, max_size=3), st.lists(setting, max_size=2)).map(
        apply
    )


def check(data: Any) -> Any:
    try:
        return eventfile.check_event_file(data)
    except EventError as exc:
        assert exc.problems, exc
        for problem in exc.problems:
            assert problem.strip() and "\n" not in problem, problem
            assert FIELD_FIRST.match(problem), problem  # "entrants[0] (number 1): paid_cents ..."
        return None


@FAST
@given(data=hostile_event())
def test_a_hostile_event_file_is_taken_or_refused(data: Any) -> None:
    check(data)


# Values at the limits a club could still mean, each where it stands alone in the file: an
# event file holding them is taken, stored, and written out again the same.
NAME_LETTERS = st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp"))


def name_of(longest: int) -> st.SearchStrategy[str]:
    edge = st.sampled_from(["x" * longest, "Zoë " + "é" * (longest - 4), "Ann Smith"])
    drawn = st.text(NAME_LETTERS, min_size=1, max_size=longest).filter(lambda t: t.strip() == t)
    return st.one_of(edge, drawn.filter(bool))


TYPED = [
    (r, g)
    for r, round_ in enumerate(GOOD_EVENT["rounds"])
    for g, game in enumerate(round_["games"])
    if game.get("score") and not game.get("hands") and not game.get("award")
]
AT_THE_LIMITS = st.one_of(
    st.tuples(st.sampled_from([("entrants", e, "players", p) for e in range(3) for p in (0, 1)]),
              name_of(limits.NAME_MAX)),
    st.tuples(st.just(("name",)), name_of(limits.NAME_MAX)),
    st.tuples(st.sampled_from([("rounds", r, "games", g, "score", side) for r, g in TYPED
                               for side in ("a", "b")]),
              st.sampled_from([0, 1, limits.POINTS_MAX - 1, limits.POINTS_MAX])),
    st.tuples(st.just(("ledger", 1, "cents")),
              st.sampled_from([1, limits.CENTS_MAX - 1, limits.CENTS_MAX])),
    st.tuples(st.just(("settings", "added_cents")), st.sampled_from([0, limits.CENTS_MAX])),
)  # fmt: skip


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=st.lists(AT_THE_LIMITS, min_size=1, max_size=3, unique_by=lambda c: c[0]))
def test_an_event_file_at_the_limits_is_stored_and_written_out_again(
    changes: list[tuple[tuple[Any, ...], Any]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = GOOD_EVENT
    for at, value in changes:
        data = replaced(data, at, value)
    event = check(data)
    if event is None:  # e.g. a score that ties a game no rule lets stay level
        return
    folder: Path = tmp_path_factory.mktemp("limits")
    clock = FakeTime(datetime(2011, 10, 22, 23, 0, tzinfo=CLUB_TIME))  # its sheets signed
    with open_database(folder / "club.sqlite", backups=folder) as db:
        eventfile.import_event(Desk(db, None, clock), event)
        written = eventfile.export_event(db, event.id)
    storable(written)
    for at, value in changes:
        if at[0] != "settings":
            assert at_place(written, at) == value, at
