"""`clubdesk payouts` while the night is played: nothing to show, provisional, a tie waiting
for its sudden-death match, final (docs/cli.md, docs/rules.md "Money", §5, §6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubdesk.errors import UserError
from clubdesk.services import rulings
from clubdesk.services.command import Desk
from clubdesk.services.final_payouts import finalize_payouts
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import ok


def payouts(db: Path) -> dict:
    return json.loads(ok("payouts", "--db", db))


def text(db: Path) -> list[str]:
    return ok("payouts", "--db", db, "--format", "text").splitlines()


def places(json_payouts: dict) -> list[tuple[int, int, int]]:
    return [(p["place"], p["number"], p["amount_cents"]) for p in json_payouts["places"]]


def starting_score(number: int) -> int:
    return 100 + 10 * number


def play_starting_round(database, event: str, number: int, clock) -> None:
    """Every player scores 100 + 10 x their number."""
    seats = builder.publish(database, event, number, clock)
    scores = {t.table: (starting_score(t.a[0]), starting_score(t.b[0])) for t in seats.tables}
    builder.scores(database, event, number, scores, clock)


def test_with_no_round_played_there_is_nothing_to_show(tmp_path: Path, clock) -> None:
    db = tmp_path / "gin.sqlite"
    with open_database(db) as database:
        builder.event(database, clock, "house-gin", name="Gin night", entrants=12)
    # no fee recorded yet either: the pool cannot cover the fixed prizes, which does not matter
    assert payouts(db) == {
        "pool_cents": 0,
        "places": [],
        "players": [],
        "provisional": True,
        "undecided": [],
        "final": False,
    }
    assert text(db)[-1] == "No round has been played yet: there are no prizes to show."


def test_a_gin_night_of_12_at_30_dollars_from_the_first_round_to_the_prizes(
    tmp_path: Path, clock
) -> None:
    db = tmp_path / "gin.sqlite"
    with open_database(db) as database:
        event = builder.event(database, clock, "house-gin", name="Gin night", entrants=12,
                              paid_cents=3000)  # fmt: skip
        builder.draw(database, event, clock, seed=3)
        play_starting_round(database, event, 1, clock)
    after_one = payouts(db)
    with open_database(db) as database:
        play_starting_round(database, event, 2, clock)

    # after round 1 the standings pay, marked provisional
    assert after_one["provisional"] is True and after_one["undecided"] == []
    assert places(after_one) == [(1, 12, 18_000), (2, 11, 12_000), (3, 10, 3500), (4, 9, 2500)]
    lines = text(db)
    assert (
        "Provisional: round 3, the last, is not finished; these prizes may still change." in lines
    )

    # 60% of 12 = 7 advance (12 to 6). In the final the two best seated players end level
    # on 900; everyone else seated scores 0, so the bye (the average of the final's
    # match scores) is 3rd and the best of the rest 4th
    with open_database(db) as database:
        final = builder.publish(database, event, 3, clock)
        seated = sorted(final.seated)
        x, y = seated[-1], seated[-2]
        target = {x: 900 - 2 * starting_score(x), y: 900 - 2 * starting_score(y)}
        scores = {t.table: (target.get(t.a[0], 0), target.get(t.b[0], 0)) for t in final.tables}
        builder.scores(database, event, 3, scores, clock)
    [bye] = final.byes
    fourth = seated[-3]

    tied = payouts(db)
    assert tied["provisional"] is True
    assert places(tied) == [(3, bye, 3500), (4, fourth, 2500)]
    assert tied["undecided"] == [
        {"places": [1, 2], "entrants": [y, x], "amount_cents": 30_000, "settled_by": "sudden-death"}
    ]
    assert text(db)[-1] == (
        f"Places 1 and 2 ($300.00) not decided: players {y} Player {y} and {x} Player {x} are "
        "tied and must play a sudden-death match to 60; record the winner to pay them."
    )
    with open_database(db) as database, pytest.raises(UserError) as refused:
        finalize_payouts(Desk(database, event, clock), "Pat Lee")
    assert str(refused.value) == (
        f"payouts: places 1 and 2 are undecided: entrants {y}, {x} play the sudden death "
        "for $300.00"
    )

    with open_database(db) as database:  # y wins the sudden-death match: +1
        rulings.record_tiebreak(Desk(database, event, clock), 3, x, y, winner="b")
    decided = payouts(db)
    assert decided["provisional"] is False and decided["undecided"] == []
    # the seed's split: $180 / $120 / $35 / $25
    assert places(decided) == [(1, y, 18_000), (2, x, 12_000), (3, bye, 3500), (4, fourth, 2500)]
    assert not any(line.startswith("Provisional") for line in text(db))
    assert "Prizes are paid in store credit." in text(db)
    # finalized: frozen as they are, every prize store credit (none leaves the cash box)
    with open_database(db) as database:
        frozen = finalize_payouts(Desk(database, event, clock), "Pat Lee")
    assert [(p.place, p.number, p.amount_cents, p.credit_cents) for p in frozen.prizes] == [
        (1, y, 18_000, 18_000), (2, x, 12_000, 12_000), (3, bye, 3500, 3500),
        (4, fourth, 2500, 2500),
    ]  # fmt: skip
    assert payouts(db)["final"] is True


def test_bid_whist_before_its_playoffs_pays_nobody_yet(tmp_path: Path, clock) -> None:
    db = tmp_path / "whist.sqlite"
    with open_database(db) as database:
        event = builder.event(database, clock, "bid-whist", name="Whist night", entrants=8,
                              paid_cents=4000)  # fmt: skip
        builder.draw(database, event, clock, seed=5)
        for number in (1, 2, 3):
            seats = builder.publish(database, event, number, clock)
            # N/S (stationary) always wins, so the 4 N/S teams have 3 wins and advance
            builder.scores(database, event, number, {t.table: (5, 1) for t in seats.tables}, clock)
    north_south = sorted(t.a[0] for t in seats.tables)
    result = payouts(db)
    assert result["provisional"] is True and result["places"] == []
    assert result["undecided"] == [
        {"places": [1, 2, 3], "entrants": north_south, "amount_cents": 32_000,
         "settled_by": "playoffs"}
    ]  # fmt: skip
    lines = text(db)
    assert "Provisional: the playoffs are not finished; these prizes may still change." in lines
    assert lines[-1].startswith(
        "Places 1 to 3 ($320.00) are decided by the playoffs; teams still in:"
    )
