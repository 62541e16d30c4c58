"""`clubdesk sheet`, `clubdesk submit` and `clubdesk amend` (docs/cli.md, score sheets)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubdesk.services import rounds
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import current_event_ids
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import Ran, clubdesk

# docs/rules.md §1 rules 3-4 and 2 (the warm-up plays the Grand Prix's hands)
HANDS = [
    {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
     "tricks": {"A": 30, "B": 20}},  # A made: 60; B 20 meld + 20 tricks = 40
    {"bidder": "B", "bid": 60, "marriage": True, "meld": {"A": 0, "B": 10},
     "tricks": {"A": 25, "B": 25}},  # B melds under 20: bid lost; A gets 60 + its 25 tricks
]  # fmt: skip


@pytest.fixture
def night(tmp_path, clock, new_database) -> Path:
    """A four-team warm-up (teams North{n} / South{n}), drawn, round 1 published."""
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path) as db:
        event = builder.event(db, clock, "grand-prix-warmup", name="Warm-up", entrants=4)
        builder.draw(db, event, clock, seed=5)
        builder.publish(db, event, 1, clock)
    return path


def table_one(path: Path) -> tuple[int, int]:
    """The teams at table 1 of round 1: N/S (side a), E/W (side b)."""
    with open_database(path, create=False) as db:
        [event] = current_event_ids(db)
        table = seating_service.seating(db, event, 1).tables[0]
    return table.a[0], table.b[0]


def signed(a: int, b: int) -> list[dict[str, str]]:
    return [
        {"role": "scorekeeper", "name": f"North{a}"},
        {"role": "countersign", "name": f"South{b}"},
    ]


def submit(path: Path, sheet: object, table: int = 1) -> Ran:
    text = sheet if isinstance(sheet, str) else json.dumps(sheet)
    return clubdesk("submit", "--db", path, "--round", "1", "--table", str(table), stdin=text)


def sheet(path: Path, table: int = 1) -> dict:
    ran = clubdesk("sheet", "--db", path, "--round", "1", "--table", str(table))
    assert (ran.code, ran.err) == (0, ""), ran.err
    return json.loads(ran.out)


def refused_line(ran: Ran) -> str:
    assert (ran.code, ran.out) == (2, ""), ran
    lines = ran.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("clubdesk: ") and "Traceback" not in ran.err
    return lines[0].removeprefix("clubdesk: ")


def test_a_waiting_sheet(night) -> None:
    a, b = table_one(night)
    assert sheet(night) == {
        "round": 1,
        "table": 1,
        "a": a,
        "b": b,
        "state": "waiting",
        "hands": [],
        "adjustments": [],
        "score": None,
        "winner": None,
        "award": None,
        "signatures": [],
        "amendments": [],
    }


def test_submit_hand_by_hand_then_the_sheet_shows_it(night) -> None:
    """Seed 000: "A ROUND WILL END WHEN EITHER TEAM SCORES 500 POINTS, OR WHEN THE TIME
    EXPIRES": two hands are handed in once the director says time was called."""
    a, b = table_one(night)
    late = {"side": "b", "points": 100, "reason": "N/S 7 minutes late"}
    given = {"hands": HANDS, "adjustments": [late], "signatures": signed(a, b)}
    ran = submit(night, given)
    assert refused_line(ran) == (
        "round 1, table 1: hands: the game is not over: 2 of 8 hands played, "
        "no side has reached 500 and time was not called"
    )
    assert sheet(night)["state"] == "waiting"
    ran = submit(night, {**given, "time_called": True})
    assert (ran.code, ran.err) == (0, "")
    assert ran.out == "round 1, table 1: submitted, a 145, b 140 (1 of 2 sheets in)\n"
    shown = sheet(night)
    assert shown["state"] == "submitted"
    assert shown["hands"] == HANDS
    assert shown["adjustments"] == [late]
    assert shown["score"] == {"a": 145, "b": 140}
    assert [(s["role"], s["name"]) for s in shown["signatures"]] == [
        ("scorekeeper", f"North{a}"),
        ("countersign", f"South{b}"),
    ]


def test_a_paper_sheet_by_its_final_score(night) -> None:
    a, b = table_one(night)
    ran = submit(night, {"score": {"a": 380, "b": 510}, "signatures": signed(a, b)})
    assert ran.code == 0
    assert sheet(night)["score"] == {"a": 380, "b": 510}


def test_amend_records_the_director_and_moves_the_score(night) -> None:
    a, b = table_one(night)
    submit(night, {"score": {"a": 380, "b": 510}, "signatures": signed(a, b)})
    ran = clubdesk(
        "amend", "--db", night, "--round", "1", "--table", "1",
        "--reason", "a hand added twice", "--director", "Pat Lee",
        stdin='{"score": {"a": 380, "b": 450}}',
    )  # fmt: skip
    assert (ran.code, ran.err) == (0, "")
    assert ran.out == "round 1, table 1: amended, a 380, b 510 -> a 380, b 450\n"
    shown = sheet(night)
    assert shown["state"] == "amended" and shown["score"] == {"a": 380, "b": 450}
    [amendment] = shown["amendments"]
    assert {k: amendment[k] for k in ("director", "reason", "score")} == {
        "director": "Pat Lee",
        "reason": "a hand added twice",
        "score": {"a": 380, "b": 450},
    }
    assert amendment["at"]


DRAWN = [[[0.1, 0.6], [0.2, 0.4], [0.3, 0.62]], [[0.5, 0.5], [0.75, 0.45]]]


def test_drawn_signatures_are_kept_and_printed_back(night) -> None:
    a, b = table_one(night)
    keeper, counter = signed(a, b)
    drawn = [{**keeper, "strokes": DRAWN}, counter]
    ran = submit(night, {"score": {"a": 380, "b": 510}, "signatures": drawn})
    assert (ran.code, ran.err) == (0, "")
    shown = sheet(night)["signatures"]
    assert shown[0]["strokes"] == DRAWN
    assert "strokes" not in shown[1]  # a name only: nothing was drawn
    ran = clubdesk(
        "amend", "--db", night, "--round", "1", "--table", "1",
        "--reason", "a hand added twice", "--director", "Pat Lee",
        stdin=json.dumps({"score": {"a": 380, "b": 450}, "strokes": DRAWN[:1]}),
    )  # fmt: skip
    assert (ran.code, ran.err) == (0, "")
    assert sheet(night)["amendments"][0]["strokes"] == DRAWN[:1]


def test_an_amendment_signed_off_the_pad_is_refused(night) -> None:
    a, b = table_one(night)
    submit(night, {"score": {"a": 380, "b": 510}, "signatures": signed(a, b)})
    ran = clubdesk(
        "amend", "--db", night, "--round", "1", "--table", "1",
        "--reason", "typo", "--director", "Pat Lee",
        stdin='{"score": {"a": 380, "b": 450}, "strokes": [[[0, 0]], []]}',
    )  # fmt: skip
    assert refused_line(ran) == "strokes[1] has no points"
    assert sheet(night)["amendments"] == []


def test_amending_a_waiting_sheet_is_refused(night) -> None:
    ran = clubdesk(
        "amend", "--db", night, "--round", "1", "--table", "1",
        "--reason", "typo", "--director", "Pat Lee", stdin='{"score": {"a": 1, "b": 2}}',
    )  # fmt: skip
    assert refused_line(ran) == (
        "round 1, table 1: the sheet is not submitted yet; only a submitted sheet is amended"
    )


def test_amend_needs_a_score(night) -> None:
    a, b = table_one(night)
    submit(night, {"score": {"a": 380, "b": 510}, "signatures": signed(a, b)})
    ran = clubdesk(
        "amend", "--db", night, "--round", "1", "--table", "1",
        "--reason", "typo", "--director", "Pat Lee", stdin='{"hands": []}',
    )  # fmt: skip
    assert refused_line(ran) == (
        "hands: not a key of the sheet here (it takes score, winner, strokes)"
    )


REFUSALS = [
    (
        "one signature",
        lambda a, b: {"score": {"a": 500, "b": 300}, "signatures": signed(a, b)[:1]},
        "signatures.countersign: the sheet needs the countersign's signature",
    ),
    (
        "signers on one side",
        lambda a, b: {
            "score": {"a": 500, "b": 300},
            "signatures": [
                {"role": "scorekeeper", "name": f"North{a}"},
                {"role": "countersign", "name": f"South{a}"},
            ],
        },
        "signatures.countersign: North{a} and South{a} sit on the same side at round 1, "
        "table 1; the sheet is countersigned by an opponent",
    ),
    (
        "a signer not at the table",
        lambda a, b: {
            "score": {"a": 500, "b": 300},
            "signatures": [
                {"role": "scorekeeper", "name": f"North{a}"},
                {"role": "countersign", "name": "Carl Diaz"},
            ],
        },
        "signatures.countersign: Carl Diaz does not play at round 1, table 1 "
        "(seated there: North{a}, South{a}, North{b}, South{b})",
    ),
    (
        "an invalid hand",
        lambda a, b: {"hands": [{**HANDS[0], "bid": 63}], "signatures": signed(a, b)},
        "round 1, table 1: hand 1: bid: 63 is not on the bid ladder (above 60 bids go by 5)",
    ),
    (
        "both hands and a score",
        lambda a, b: {"hands": HANDS, "score": {"a": 1, "b": 2}, "signatures": signed(a, b)},
        "sheet: give either the hands or the final score from the paper sheet",
    ),
    (
        "an unknown key",
        lambda a, b: {"scores": {"a": 1, "b": 2}, "signatures": signed(a, b)},
        "scores: not a key of the sheet here "
        "(it takes hands, score, adjustments, signatures, winner, time_called)",
    ),
    (
        "a stroke off the pad",
        lambda a, b: {
            "score": {"a": 500, "b": 300},
            "signatures": [signed(a, b)[0], {**signed(a, b)[1], "strokes": [[[0, 0], [1.5, 1]]]}],
        },
        "signatures[1].strokes[0][1] = [1.5, 1] is not [x, y] with x and y from 0 to 1 "
        "(a fraction of the pad's width and height)",
    ),
    (
        "strokes that are not a list",
        lambda a, b: {
            "score": {"a": 500, "b": 300},
            "signatures": [{**signed(a, b)[0], "strokes": "Ann"}, signed(a, b)[1]],
        },
        "signatures[0].strokes must be a list of strokes, each a list of [x, y] points",
    ),
    (
        "a winner of a game that is not tied",
        lambda a, b: {"score": {"a": 500, "b": 300}, "winner": "b", "signatures": signed(a, b)},
        "winner: only a tied game needs one (500 to 300)",
    ),
    (
        "an adjustment that takes points away",  # seed 000: "nobody subtracts"
        lambda a, b: {
            "score": {"a": 500, "b": 100},
            "adjustments": [{"side": "b", "points": -150, "reason": "penalty"}],
            "signatures": signed(a, b),
        },
        "adjustments[0].points = -150 would take points off a side; an adjustment line only "
        'adds points ("at no time will a team have to subtract from their score")',
    ),
    (
        "time_called that is not true or false",
        lambda a, b: {
            "score": {"a": 500, "b": 300},
            "time_called": "yes",
            "signatures": signed(a, b),
        },
        "time_called: must be true or false, not 'yes'",
    ),
    (
        "not an object",
        lambda a, b: [],
        "stdin: the sheet must be a JSON object with hands, score, adjustments, signatures, "
        "winner, time_called",
    ),  # fmt: skip
]


@pytest.mark.parametrize(("case", "given", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refused_sheet_leaves_nothing_behind(night, case, given, message) -> None:
    a, b = table_one(night)
    assert refused_line(submit(night, given(a, b))) == message.format(a=a, b=b)
    assert sheet(night)["state"] == "waiting"
    assert sheet(night)["signatures"] == [] and sheet(night)["hands"] == []


def test_bad_json_is_refused(night) -> None:
    assert refused_line(submit(night, '{"hands": [')) == (
        "stdin:1: not valid JSON (Expecting value)"
    )
    assert refused_line(submit(night, "")) == "stdin: no JSON given"


def test_a_second_submission_is_refused(night) -> None:
    a, b = table_one(night)
    assert submit(night, {"score": {"a": 500, "b": 300}, "signatures": signed(a, b)}).code == 0
    again = submit(night, {"score": {"a": 501, "b": 300}, "signatures": signed(a, b)})
    assert refused_line(again) == (
        "round 1, table 1: the sheet is already submitted; a correction is a director's amendment"
    )
    assert sheet(night)["score"] == {"a": 500, "b": 300}


def test_a_table_that_does_not_exist(night) -> None:
    a, b = table_one(night)
    ran = submit(night, {"score": {"a": 500, "b": 300}, "signatures": signed(a, b)}, table=9)
    assert refused_line(ran) == "table: round 1 has no table 9"
    ran = clubdesk("sheet", "--db", night, "--round", "1", "--table", "9")
    assert refused_line(ran) == "table: round 1 has no table 9 (its tables: 1, 2)"


def test_a_round_not_published(night) -> None:
    ran = clubdesk("sheet", "--db", night, "--round", "2", "--table", "1")
    assert refused_line(ran) == "round: round 2's seating is not published yet"


def test_individual_sides_are_lists_of_partners(tmp_path, clock) -> None:
    path = tmp_path / "npa.sqlite"
    with open_database(path) as db:
        event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
        builder.draw(db, event, clock, seed=3)
        table = builder.publish(db, event, 1, clock).tables[0]
    shown = sheet(path, table.table)
    assert (shown["a"], shown["b"]) == (list(table.a), list(table.b))


def test_a_late_sheet_that_seats_the_next_round_says_so(tmp_path, clock) -> None:
    path = tmp_path / "npa.sqlite"
    with open_database(path) as db:
        event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
        builder.draw(db, event, clock, seed=3)
        builder.publish(db, event, 1, clock)
        builder.scores(db, event, 1, {1: (400, 300), 2: (250, 300)}, clock)
        rounds.close_round(Desk(db, event, clock), 1, missing_ok=[3])  # progressive: round 2 waits
        signers = builder.signers(db, event, 1, 3)
    names = [{"role": role, "name": name} for role, name in signers.items()]
    ran = submit(path, {"score": {"a": 400, "b": 200}, "signatures": names}, table=3)
    assert (ran.code, ran.err) == (0, "")
    assert (
        ran.out
        == "round 1, table 3: submitted, a 400, b 200 (3 of 3 sheets in); round 2 is seated\n"
    )
