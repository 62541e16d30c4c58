"""The event file: every field read and written back, every mistake named where it is."""

from __future__ import annotations

import copy
import json
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.domain.event.model import (
    Adjustment,
    Award,
    Event,
    EventError,
    Score,
    Signature,
    event_rules,
)
from clubdesk.domain.event.names import name_key
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from tests.formats import lookup
from tests.properties import examples

DATA = Path(__file__).parent / "data"


def read(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(EventError) as caught:
        parse_event(data, lookup)
    return caught.value.problems


def gp(**changes: Any) -> dict[str, Any]:
    """A small valid Grand Prix file to spoil in one place."""
    data = read("event_interface_example.json")
    data.update(changes)
    return data


def game_of(data: dict[str, Any], round_index: int = 0, game_index: int = 0) -> dict[str, Any]:
    return data["rounds"][round_index]["games"][game_index]


# --- reading a good file ------------------------------------------------------------------


def test_the_interface_example_is_read_field_by_field() -> None:
    event = parse_event(read("event_interface_example.json"), lookup)
    assert (event.id, event.name, event.rules) == (
        "gp-2011",
        "Grand Prix Pinochle 2011",
        "grand-prix-pinochle",
    )
    assert event.date is None and event.venue == ""
    assert event.settings["entry_fee_cents"] == 5000
    first = event.entrants[0]
    assert (first.number, first.name, first.players) == (
        1,
        "Smith / Jones",
        ("Ann Smith", "Bob Jones"),
    )
    assert (first.paid_cents, first.status) == (5000, "active")
    game = event.rounds[0].games[0]
    assert (game.table, game.a, game.b) == (1, (1,), (2,))
    assert game.score == Score(520, 310)
    assert game.adjustments == (Adjustment("b", 100, "late"),)
    assert game.award is None and game.winner is None and game.hands == ()
    assert event.rounds[0].byes == (5,)
    fine = event.ledger[0]
    assert (fine.kind, fine.cents, fine.entrant, fine.note) == ("fine", 25, 3, "set")


def test_date_venue_awards_signatures_and_ledger_details_are_kept() -> None:
    event = parse_event(read("event_grand_prix_small.json"), lookup)
    assert event.date == date(2011, 10, 22)
    assert event.venue == "Elks Lodge 1234, Sun City"
    assert event.rounds[1].games[1].award == Award("dq", "b")
    assert event.rounds[1].games[1].score is None
    assert event.rounds[2].games[1].winner == "b"
    mst = timezone(timedelta(hours=-7))
    assert event.rounds[1].games[2].signatures == (
        Signature("scorekeeper", "Gus Brown", datetime(2011, 10, 22, 12, 31, tzinfo=mst)),
        Signature("countersign", "Nia Ali", datetime(2011, 10, 22, 12, 32, tzinfo=mst)),
    )
    fee = event.ledger[0]
    assert (fee.method, fee.at) == ("cash", datetime(2011, 10, 22, 9, 5, tzinfo=mst))


def test_event_rules_apply_the_settings() -> None:
    data = gp(settings={"entry_fee_cents": 6000, "drop_lowest": 2})
    rules = event_rules(parse_event(data, lookup), lookup)
    assert rules.money.entry_fee_cents == 6000
    assert rules.standings.drop_lowest == 2


# --- writing it back ----------------------------------------------------------------------


def test_export_writes_every_field_in_a_fixed_order() -> None:
    out = event_to_json(parse_event(read("event_grand_prix_small.json"), lookup))
    assert list(out) == [
        "format", "id", "name", "date", "venue", "rules", "settings",
        "entrants", "draw", "rounds", "ledger",
    ]  # fmt: skip
    assert list(out["entrants"][0]) == ["number", "name", "players", "paid_cents", "status"]
    assert list(out["rounds"][0]) == ["number", "games", "byes", "tiebreaks"]
    game = out["rounds"][1]["games"][2]
    assert list(game) == [
        "table", "a", "b", "score", "hands", "adjustments", "award", "winner", "signatures",
        "amendments",
    ]  # fmt: skip
    assert game["signatures"] == [
        {"role": "scorekeeper", "name": "Gus Brown", "at": "2011-10-22T12:31:00-07:00"},
        {"role": "countersign", "name": "Nia Ali", "at": "2011-10-22T12:32:00-07:00"},
    ]
    assert out["rounds"][1]["games"][1]["score"] is None
    assert out["rounds"][1]["games"][1]["award"] == {"kind": "dq", "against": "b"}
    assert list(out["ledger"][0]) == ["kind", "cents", "entrant", "note", "method", "at"]
    assert out["ledger"][0]["at"] == "2011-10-22T09:05:00-07:00"
    assert out["date"] == "2011-10-22"


@pytest.mark.parametrize("name", ["event_grand_prix_small.json", "event_interface_example.json"])
def test_export_import_export_is_identical(name: str) -> None:
    first = event_to_json(parse_event(read(name), lookup))
    text = json.dumps(first, indent=2)
    second = event_to_json(parse_event(json.loads(text), lookup))
    assert json.dumps(second, indent=2) == text


# --- scores and hands ---------------------------------------------------------------------

GP_HANDS = [  # A 70, B 40; then A 46, B 78: totals A 116, B 118
    {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 40, "B": 20},
     "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 65, "marriage": True, "meld": {"A": 24, "B": 50},
     "tricks": {"A": 22, "B": 28}},
]  # fmt: skip


def test_a_score_is_computed_from_the_hands_plus_adjustments() -> None:
    data = gp()
    game = game_of(data)
    game["hands"] = copy.deepcopy(GP_HANDS)
    game["time_called"] = True  # two hands, then time
    del game["score"]
    event = parse_event(data, lookup)
    # late: 100 to b on top of the hands' 118
    assert event.rounds[0].games[0].score == Score(116, 218)
    assert event_to_json(event)["rounds"][0]["games"][0]["score"] == {"a": 116, "b": 218}


def test_a_score_that_disagrees_with_the_hands_names_round_table_and_both_values() -> None:
    data = gp()
    game = game_of(data)
    game["hands"] = copy.deepcopy(GP_HANDS)
    game["adjustments"] = []
    game["score"] = {"a": 116, "b": 218}
    assert problems(data) == [
        "rounds[0].games[0] (round 1, table 1): the hands give a 116, b 118 "
        "but the score says a 116, b 218"
    ]
    game["adjustments"] = [{"side": "a", "points": 100, "reason": "late"}]
    assert problems(data) == [
        "rounds[0].games[0] (round 1, table 1): the hands and adjustments give a 216, b 118 "
        "but the score says a 116, b 218"
    ]


def test_a_wrong_hand_is_named_with_its_game_and_hand_number() -> None:
    data = gp()
    game_of(data)["hands"] = [GP_HANDS[0], {**GP_HANDS[1], "bidder": "C"}]
    del game_of(data)["score"]
    [problem] = problems(data)
    assert problem.startswith("rounds[0].games[0] (round 1, table 1): hand 2: bidder:")


def test_an_award_game_may_leave_out_the_score() -> None:
    data = gp()
    game = game_of(data)
    game["award"] = {"kind": "removed", "against": "a"}
    del game["score"]
    game["adjustments"] = []
    event = parse_event(data, lookup)
    assert event.rounds[0].games[0].award == Award("removed", "a")
    assert event.rounds[0].games[0].score is None
    assert event.rounds[0].games[0].won_by() == "b"


def test_a_winner_against_the_higher_score_is_an_error() -> None:
    data = gp()
    game_of(data)["winner"] = "b"
    assert problems(data) == [
        "rounds[0].games[0] (round 1, table 1): winner 'b', but a has the higher score "
        "(a 520, b 310)"
    ]


WHIST_TIED = [  # made bids score books - 6: A 4 + 5, B 4 + 5 -> 9 : 9; the 5th hand to B
    {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}},
    {"bidder": "B", "bid": 4, "kind": "no", "books": {"A": 3, "B": 10}},
    {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}},
    {"bidder": "B", "bid": 5, "kind": "special", "books": {"A": 2, "B": 11}},
    {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 2, "B": 11}},
]


def whist_file(hands: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    return {
        "format": "clubdesk-event/1",
        "id": "whist-night",
        "name": "Bid whist night",
        "rules": "bid-whist",
        "entrants": [
            {"number": n, "name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in (1, 2)
        ],
        "rounds": [{"number": 1, "games": [{"table": 1, "a": 1, "b": 2, "hands": hands, **game}]}],
    }


def test_whist_hands_give_a_tied_round_to_the_tiebreak_winner() -> None:
    event = parse_event(whist_file(copy.deepcopy(WHIST_TIED)), lookup)
    game = event.rounds[0].games[0]
    assert game.score == Score(9, 9)
    assert game.winner == "b" and game.won_by() == "b"
    assert problems(whist_file(copy.deepcopy(WHIST_TIED), winner="a")) == [
        "rounds[0].games[0] (round 1, table 1): winner 'a', but the hands give the tie to 'b'"
    ]


def gin(knocker: str, deadwood_a: int, deadwood_b: int, *, gin_: bool = False) -> dict:
    hand = {"knocker": knocker, "gin": gin_, "deadwood": {"A": deadwood_a, "B": deadwood_b}}
    if not gin_:
        hand["knock_card"] = 10
    return hand


# Player A goes gin four times against 90 deadwood: the columns reach 180, 180, 180.
# Match score: 540 + 6 boxes x 10 = 600 to 0 (the 4th hand is written in column 3 only).
GIN_MATCH_A = [gin("A", 0, 90, gin_=True)] * 4
# Player B knocks 60 four times: to 120 the columns end 120, 120, 120 (360);
# to 150 (the final) the same hands leave 180, 180, 120 (480) and the match goes on.
B_KNOCKS_60 = gin("B", 60, 0)
GIN_MATCH_B = [B_KNOCKS_60] * 4


def gin_file(round_hands: list[list[dict]], **extra: Any) -> dict[str, Any]:
    return {
        "format": "clubdesk-event/1",
        "id": "gin-night",
        "name": "House gin",
        "rules": "house-gin",
        "entrants": [{"number": n, "name": f"Player {n}"} for n in (1, 2, 3)],
        "rounds": [
            {
                "number": r,
                "games": [{"table": 1, "a": 1, "b": 2, "hands": hands}],
                "byes": [3],
                **extra,
            }
            for r, hands in enumerate(round_hands, start=1)
        ],  # fmt: skip
    }


def test_a_gin_game_is_one_match_scored_from_its_hands() -> None:
    event = parse_event(gin_file([GIN_MATCH_A, GIN_MATCH_B]), lookup)
    assert event.rounds[0].games[0].score == Score(600, 0)
    assert event.rounds[1].games[0].score == Score(0, 360)
    assert event.entrants[0].players == ("Player 1",)
    assert event_to_json(event)["rounds"][0]["games"][0]["a"] == 1
    [problem] = problems(gin_file([GIN_MATCH_A + GIN_MATCH_A]))
    assert problem.startswith("rounds[0].games[0] (round 1, table 1): hand 5: hands:")


def test_the_gin_final_after_the_cut_is_played_to_150() -> None:
    """Seed 003: "The match will be played to a total of 150 points in each of the
    simultaneous games"; a final sheet with a game still at 120 is not a match over."""
    assert problems(gin_file([GIN_MATCH_A, GIN_MATCH_A, GIN_MATCH_B])) == [
        "rounds[2].games[0] (round 3, table 1): hands: the match is not over: game 3 at 120 of 150"
    ]
    ended = gin_file([GIN_MATCH_A, GIN_MATCH_A, [*GIN_MATCH_B, B_KNOCKS_60]])
    assert parse_event(ended, lookup).rounds[2].games[0].score == Score(0, 540)  # 180 x 3


def test_a_gin_side_is_one_player_and_a_partnership_side_two() -> None:
    data = gin_file([GIN_MATCH_A])
    game_of(data)["a"] = [1]
    assert problems(data) == [
        "rounds[0].games[0] (round 1, table 1): a must be one entrant number in house-gin, "
        "not a list"
    ]
    npa = {
        "format": "clubdesk-event/1", "id": "npa", "name": "NPA", "rules": "npa-club-pinochle",
        "entrants": [{"number": n, "name": f"P{n}"} for n in range(1, 5)],
        "rounds": [{"number": 1, "games": [
            {"table": 1, "a": [1, 3], "b": [2, 4], "score": {"a": 120, "b": -40}}]}],
    }  # fmt: skip
    event = parse_event(npa, lookup)
    assert (event.rounds[0].games[0].a, event.rounds[0].games[0].b) == ((1, 3), (2, 4))
    assert event_to_json(event)["rounds"][0]["games"][0]["b"] == [2, 4]
    npa["rounds"][0]["games"][0]["a"] = 1
    assert problems(npa) == [
        "rounds[0].games[0] (round 1, table 1): a must be a list of the two partners' numbers, "
        "not 1"
    ]


# --- tie-breaks ---------------------------------------------------------------------------


def test_a_sudden_death_is_recorded_with_its_round_and_its_winner_computed() -> None:
    sudden = [gin("B", 50, 0)] * 2  # B knocks 50 twice: 100, past the 60 of sudden death
    data = gin_file([GIN_MATCH_A])
    data["rounds"][0]["tiebreaks"] = [{"a": 1, "b": 3, "hands": sudden}]
    event = parse_event(data, lookup)
    [tiebreak] = event.rounds[0].tiebreaks
    assert (tiebreak.winner, tiebreak.winner_number, tiebreak.loser_number) == ("b", 3, 1)
    out = event_to_json(event)["rounds"][0]["tiebreaks"]
    assert out == [{"a": 1, "b": 3, "winner": "b", "hands": sudden}]
    data["rounds"][0]["tiebreaks"] = [{"a": 1, "b": 3, "winner": "a", "hands": sudden}]
    assert problems(data) == ["rounds[0].tiebreaks[0]: winner 'a', but the hands give it to 'b'"]
    data["rounds"][0]["tiebreaks"] = [{"a": 1, "b": 3}]
    assert problems(data) == ['rounds[0].tiebreaks[0]: winner: missing ("a" or "b")']


def test_a_format_without_a_cut_breaks_no_ties() -> None:
    data = gp()
    data["rounds"][0]["tiebreaks"] = [{"a": 1, "b": 2, "winner": "a"}]
    assert problems(data) == [
        "round 1: tiebreaks: grand-prix-pinochle breaks no ties (tied entrants share a place)"
    ]


# --- every kind of mistake ----------------------------------------------------------------


def test_every_problem_in_a_file_is_reported_at_once_naming_where() -> None:
    assert problems(read("event_many_problems.json")) == [
        "format: 'clubdesk-event/2' is not 'clubdesk-event/1'",
        "entrants: number 7 appears twice",
        "rounds[1].games[0] (round 2, table 3): the hands give a 70, b 40 "
        "but the score says a 500, b 310",
        "rounds[2].games[1] (round 3, table 2): b = 99 is not an entrant's number",
        "rounds[2].games[2] (round 3, table 5): score a = 'x' is not a number",
        "round 3: entrant 1 plays twice (tables 1 and 2)",
        "rounds[3].games[1] (round 4, table 6): award kind = 'late' is not one of 'dq', 'removed'",
        "round 4: entrant 12 plays twice (tables 2 and 6)",
        "ledger[0]: kind = 'tip' is not one of 'fee', 'fine', 'added', 'expense', 'refund'",
        "ledger[0]: entrant = 3 is not an entrant's number",
    ]


def test_an_unknown_format_id_is_named() -> None:
    found = problems(gp(rules="pinochel"))
    assert found[0].startswith("rules: no format with id 'pinochel'")


@pytest.mark.parametrize(
    ("spoil", "expected"),
    [
        (lambda d: d.pop("format"), "format: missing (must be 'clubdesk-event/1')"),
        (
            lambda d: d.update(id="GP 2011"),
            "id: 'GP 2011' must be lower-case letters, digits and '-' (up to 60), e.g. 'gp-2011'",
        ),
        (lambda d: d.pop("name"), "name: missing"),
        (lambda d: d.update(date="22/10/2011"), "date: '22/10/2011' is not a date like 2011-10-22"),
        (lambda d: d.update(colour="red"), "unknown key 'colour' (a typo?)"),
        (
            lambda d: d.update(settings={"entry_fees": 1}),
            "settings.entry_fees: not a setting an event can change",
        ),
        (
            lambda d: d["entrants"][1].update(players=["Cy Lee"]),
            "entrants[1] (number 2): players: 1 given, but a team has two players",
        ),
        (
            lambda d: d["entrants"][1].update(status="gone"),
            "entrants[1] (number 2): status = 'gone' is not one of "
            "'active', 'withdrawn', 'removed'",
        ),
        (
            lambda d: d["entrants"][1].update(paid_cents=-5),
            "entrants[1] (number 2): paid_cents = -5 must be at least 0",
        ),
        (
            lambda d: d["entrants"][1].update(paid_cents=12.5),
            "entrants[1] (number 2): paid_cents = 12.5 is not a whole number of cents "
            "(5000 for $50.00)",
        ),
        (
            lambda d: d["rounds"][0].update(number=2),
            "rounds[0]: number 2, but rounds are listed in order 1, 2, 3, ... (expected 1)",
        ),
        (
            lambda d: d["rounds"][0].update(byes=[1]),
            "round 1: entrant 1 has a bye but plays at table 1",
        ),
        (
            lambda d: d["rounds"][0]["games"][0].update(b=1),
            "rounds[0].games[0] (round 1, table 1): entrant 1 on both sides",
        ),
        (
            lambda d: d["rounds"][0]["games"][0].update(award={"kind": "dq", "against": "c"}),
            "rounds[0].games[0] (round 1, table 1): award against = 'c' is not one of 'a', 'b'",
        ),
        (
            lambda d: d["rounds"][0]["games"][0].update(adjustments=[{"side": "b", "points": 100}]),
            "rounds[0].games[0] (round 1, table 1): adjustments[0].reason: missing",
        ),
        (
            lambda d: d["rounds"][0]["games"][0].update(
                signatures=[{"role": "scorekeeper", "name": "Ann", "at": "2011-10-22T12:00:00"}]
            ),
            "rounds[0].games[0] (round 1, table 1): signatures[0].at = '2011-10-22T12:00:00' "
            "has no timezone (e.g. -07:00 or Z)",
        ),
        (
            lambda d: d["rounds"][0]["games"][0].update(
                signatures=[
                    {"role": "scorekeeper", "name": "Ann", "at": "2011-10-22T12:00:00Z"},
                    {"role": "scorekeeper", "name": "Bob", "at": "2011-10-22T12:01:00Z"},
                ]
            ),
            "rounds[0].games[0] (round 1, table 1): two scorekeeper signatures",
        ),
        (lambda d: d["ledger"][0].update(cents="25"), "ledger[0]: cents = '25' is not a number"),
        (
            lambda d: d["ledger"][0].update(method="card"),
            "ledger[0]: method = 'card' is not one of 'cash', 'check', 'other'",
        ),
        (
            lambda d: d["ledger"].append({"kind": "fee", "cents": 4000, "entrant": 2, "note": ""}),
            "entrants[1] (number 2): paid_cents is 5000 but the ledger's fee rows for entrant 2 "
            "add up to 4000",
        ),
    ],
)
def test_each_kind_of_mistake_is_named(spoil: Any, expected: str) -> None:
    data = gp()
    spoil(data)
    assert problems(data) == [expected]


def test_a_round_past_the_formats_last_round_is_an_error() -> None:
    data = gp(rules="grand-prix-warmup", settings={"rounds": 1})
    data["rounds"].append({"number": 2, "games": [], "byes": [1, 2, 3, 5]})
    assert problems(data) == ["round 2: grand-prix-warmup has 1 round"]


def test_a_removed_entrants_fee_cannot_be_refunded() -> None:
    data = gp()
    data["entrants"][2]["status"] = "removed"
    data["ledger"].append({"kind": "refund", "cents": 5000, "entrant": 3, "note": "asked"})
    assert problems(data) == [
        "ledger[1]: entrant 3 was removed from the tournament; its entry fee is forfeited "
        "(kept in the prize fund), not refunded"
    ]


def test_a_file_that_is_not_an_object_is_refused() -> None:
    assert problems([]) == ["event file: must be a JSON object, not list"]


# --- round trip, for any file -------------------------------------------------------------

names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz /'-ÉÑ", min_size=1, max_size=12).filter(
    str.strip
)
moments = st.datetimes(
    min_value=datetime(2011, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC)
)


@st.composite
def event_files(draw: st.DrawFn) -> dict[str, Any]:
    """Valid Grand Prix files: random fields, seatings, scores, awards and money."""
    count = draw(st.integers(2, 9))
    numbers = draw(st.permutations(range(1, 30)))[:count]
    entrants = [
        {
            "number": n,
            "name": draw(names),
            "players": draw(st.lists(names, min_size=2, max_size=2, unique_by=name_key)),
            "paid_cents": draw(st.sampled_from([0, 5000])),
            "status": draw(st.sampled_from(["active", "active", "withdrawn", "removed"])),
        }
        for n in numbers
    ]
    players = {entrant["number"]: entrant["players"] for entrant in entrants}
    rounds = []
    for number in range(1, draw(st.integers(0, 4)) + 1):
        order = draw(st.permutations(numbers))
        games = []
        for table, start in enumerate(range(0, len(order) - 1, 2), start=1):
            game: dict[str, Any] = {"table": table, "a": order[start], "b": order[start + 1]}
            if draw(st.integers(0, 4)) == 0:  # an award gives the score: never both
                kind = draw(st.sampled_from(["dq", "removed"]))
                game["award"] = {"kind": kind, "against": draw(st.sampled_from(["a", "b"]))}
            elif draw(st.booleans()):
                game["score"] = {"a": draw(st.integers(0, 900)), "b": draw(st.integers(0, 900))}
            if draw(st.integers(0, 3)) == 0:
                game["adjustments"] = [{"side": "a", "points": 100, "reason": "late"}]
            if draw(st.booleans()):
                keeper = draw(st.sampled_from(players[order[start]]))  # seated at the table
                game["signatures"] = [
                    {"role": "scorekeeper", "name": keeper, "at": draw(moments).isoformat()}
                ]
            games.append(game)
        byes = [order[-1]] if len(order) % 2 else []
        rounds.append({"number": number, "games": games, "byes": byes})
    ledger = [
        {
            "kind": draw(st.sampled_from(["fine", "added", "expense"])),
            "cents": draw(st.integers(0, 10_000)),
            "entrant": draw(st.sampled_from([None, *numbers])),
            "note": draw(
                st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs")), max_size=10)
            ),
        }
        for _ in range(draw(st.integers(0, 3)))
    ]
    data: dict[str, Any] = {
        "format": "clubdesk-event/1",
        "id": draw(st.from_regex(r"[a-z0-9][a-z0-9-]{0,20}", fullmatch=True)),
        "name": draw(names),
        "rules": "grand-prix-pinochle",
        "entrants": entrants,
        "rounds": rounds,
        "ledger": ledger,
    }
    if draw(st.booleans()):
        data["date"] = draw(st.dates(date(2000, 1, 1), date(2040, 1, 1))).isoformat()
        data["venue"] = draw(names)
    if draw(st.booleans()):
        data["settings"] = {"drop_lowest": draw(st.integers(0, 3))}
    return data


@settings(max_examples=examples(60), deadline=None)
@given(event_files())
def test_parse_write_parse_gives_the_same_event(data: dict[str, Any]) -> None:
    event = parse_event(data, lookup)
    written = event_to_json(event)
    again = parse_event(json.loads(json.dumps(written)), lookup)
    assert again == event
    assert event_to_json(again) == written
    assert isinstance(again, Event)


def test_a_player_named_on_a_hand_must_sit_on_that_side() -> None:
    hand = {"bidder": "A", "bid": 50, "marriage": True, "meld": {"A": 20, "B": 20},
            "tricks": {"A": 30, "B": 20}, "bid_by": 2}  # fmt: skip
    npa = {
        "format": "clubdesk-event/1", "id": "npa", "name": "NPA", "rules": "npa-club-pinochle",
        "entrants": [{"number": n, "name": f"P{n}"} for n in range(1, 5)],
        "rounds": [{"number": 1, "games": [
            {"table": 1, "a": [1, 3], "b": [2, 4], "hands": [hand]}]}],
    }  # fmt: skip
    [problem] = problems(npa)
    assert problem.startswith("rounds[0].games[0] (round 1, table 1): hand 1: bid_by: entrant 2")
    npa["rounds"][0]["games"][0]["hands"] = [{**hand, "bid_by": 3}] * 8  # the round's 8 hands
    assert parse_event(npa, lookup).rounds[0].games[0].score.a == 400
