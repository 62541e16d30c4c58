"""Standings and payouts from the database: the same as from the event file, from stored scores."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk.domain.event.model import event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.domain.money.payouts import compute_payouts
from clubdesk.domain.results.standings import compute_standings
from clubdesk.errors import UserError
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import import_event
from clubdesk.services.events import EventChanges, update_event
from clubdesk.services.results import payouts, standings
from clubdesk.store.db import Database

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"


def small_gp() -> dict[str, Any]:
    return json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))


def from_file(data: dict[str, Any]):
    event = parse_event(data, load_rules)
    return event, event_rules(event, load_rules)


def test_standings_from_the_database_are_the_standings_of_the_file(db: Database, clock) -> None:
    data = small_gp()
    import_event(Desk(db, None, clock), data)
    event, rules = from_file(data)
    assert standings(db, "gp-mini-2011") == compute_standings(event, rules)
    for after in (1, 2, 3):
        assert standings(db, "gp-mini-2011", after) == compute_standings(event, rules, after)
    assert standings(db, "gp-mini-2011").to_json()["rows"][0] == {
        "place": 1,
        "number": 3,
        "name": "Ortiz / Ng",
        "total": 1030,
        "rounds": [520, 470, 510],
        "dropped": [2],
        "wins": 2,
        "tied": False,
    }


def test_payouts_from_the_database_are_the_payouts_of_the_file(db: Database, clock) -> None:
    data = small_gp()
    import_event(Desk(db, None, clock), data)
    event, rules = from_file(data)
    paid = payouts(db, "gp-mini-2011")
    assert paid == compute_payouts(event, rules)
    assert paid.pool_cents == 35525
    assert sum(prize.amount_cents for prize in paid.prizes) == paid.pool_cents


def test_results_follow_the_events_settings_in_the_database(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    before = standings(db, "gp-mini-2011")
    update_event(Desk(db, "gp-mini-2011", clock), EventChanges(settings={"drop_lowest": 0}))
    after = standings(db, "gp-mini-2011")
    assert all(row.dropped == () for row in after.rows)
    assert after.row(3).total == before.row(3).total + 470


def test_results_use_the_rules_stored_with_the_event(db: Database, clock, user_data) -> None:
    bundled = Path(__file__).resolve().parents[2] / "rules" / "grand-prix-pinochle.toml"
    text = bundled.read_text(encoding="utf-8").replace(
        'id = "grand-prix-pinochle"', 'id = "our-gp"'
    )
    own = user_data / "rules" / "our-gp.toml"
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text(text.replace("drop_lowest = 1 ", "drop_lowest = 2 "), encoding="utf-8")
    data = small_gp()
    data["rules"] = "our-gp"
    import_event(Desk(db, None, clock), data)
    own.write_text(text, encoding="utf-8")  # the rules file changed since: the snapshot counts
    assert standings(db, "gp-mini-2011").row(3).dropped == (2, 3)


def test_a_round_not_finished_is_named(db: Database, clock) -> None:
    data = small_gp()
    del data["rounds"][2]["games"][1]["score"]
    import_event(Desk(db, None, clock), data)
    assert standings(db, "gp-mini-2011").after_round == 2
    with pytest.raises(UserError, match=r"^after round 3: round 3 is not finished \(no result"):
        standings(db, "gp-mini-2011", 3)


def test_an_unknown_event_is_named(db: Database) -> None:
    with pytest.raises(UserError, match="^event: there is no event with id 'gp'$"):
        standings(db, "gp")
    with pytest.raises(UserError, match="^event: there is no event with id 'gp'$"):
        payouts(db, "gp")


def test_results_of_an_archived_event_are_its_own(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    corrected = small_gp()
    corrected["rounds"] = corrected["rounds"][:1]
    import_event(Desk(db, None, clock), corrected, replace=True)
    assert standings(db, "gp-mini-2011").after_round == 1
    assert standings(db, "gp-mini-2011--replaced-1").after_round == 3


def test_an_event_with_nothing_played_has_empty_results(db: Database, clock) -> None:
    data = small_gp()
    data["rounds"] = []
    data["date"] = dt.date(2011, 10, 22).isoformat()
    import_event(Desk(db, None, clock), data)
    table = standings(db, "gp-mini-2011")
    assert table.after_round == 0 and [row.place for row in table.rows] == [1] * 7
