"""A small event of every format played to its end through the services the window and the
command line use: each round published (or published by closing the round before, in the
progressive movements), started, every sheet submitted signed by players at its table, hand
by hand or as a paper sheet's final score, and closed. The standings the program shows then
equal the engine's on the exported event file."""

from __future__ import annotations

import random
from typing import Any

import pytest

from clubdesk.domain.event.model import event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.games import score_game
from clubdesk.domain.games.samples import sample_game
from clubdesk.domain.results.standings import compute_standings
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.services import events, results, rounds, seating, sheets
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event
from tests import builder
from tests.formats import lookup


def whist_hands(rng: random.Random) -> list[dict[str, Any]]:
    """Four bid whist hands, and the fifth when the four end level."""

    def one() -> dict[str, Any]:
        bidder = rng.choice("AB")
        books = rng.randint(4, 12)
        other = "B" if bidder == "A" else "A"
        kind = rng.choice(["cards", "special", "no"])
        return {"bidder": bidder, "bid": rng.randint(4, 7), "kind": kind,
                "books": {bidder: books, other: 13 - books}}  # fmt: skip

    hands = [one() for _ in range(4)]
    total = score_game(hands, lookup("bid-whist")).total
    if total["A"] == total["B"]:
        hands.append(one())
    return hands


def sheet_for(rules: Rules, rng: random.Random, table: TableSeating) -> dict[str, Any]:
    """What one table hands in: every other table hand by hand, the rest a paper sheet's
    final score (a level score with its winner where the format needs one)."""
    if table.table % 2 and rules.game != "gin":
        hands = whist_hands(rng) if rules.whist is not None else sample_game(rules, rng)
        return {"hands": hands}
    top = 450 if rules.game == "gin" else 600
    a, b = rng.randrange(50, top), rng.randrange(50, top)
    return {"final_score": (a, b), "winner": "a" if a == b else None}


def play(db, clock, rules_id: str, entrants: int, seed: int) -> str:
    """The whole event, round after round; its id."""
    event = builder.event(db, clock, rules_id, entrants=entrants)
    rules = events.event_rules(db, event)
    builder.draw(db, event, clock, seed=seed)
    rng = random.Random(seed)
    ready: RoundSeating | None = None
    number = 0
    while number < rules.schedule.rounds or ready is not None:  # bid whist: to the final
        number += 1
        seats = ready or seating.publish_seating(Desk(db, event, clock), number).seating
        assert seats.round == number
        rounds.start_round(Desk(db, event, clock), number)
        for table in seats.tables:
            clock.advance(minutes=3)
            sheet = sheet_for(rules, rng, table)
            if "hands" in sheet and rules.game == "pinochle":
                total = score_game(sheet["hands"], rules).total
                sheet["winner"] = "a" if total["A"] == total["B"] else None
            sheets.submit_sheet(Desk(db, event, clock), number, table.table,
                                signatures=builder.signers(db, event, number, table.table),
                                **sheet)  # fmt: skip
        closed = rounds.close_round(Desk(db, event, clock), number)
        assert closed.missing == ()
        ready = closed.next_seating
        # progressive movements, gin's final and bid whist's playoffs are published by the
        # close of the round they follow from, until the final
        if ready is None and seating.follows_from(rules, number):
            assert rules.whist is not None  # only after bid whist's final
            assert closed.seating_note.startswith("the playoffs are over: team ")
        else:
            assert (ready is not None) == seating.follows_from(rules, number)
    return event


@pytest.mark.parametrize(
    ("rules_id", "entrants", "seed"),
    [
        ("grand-prix-pinochle", 5, 11),
        ("grand-prix-warmup", 6, 2),
        ("npa-club-pinochle", 12, 3),
        ("sun-city-west-pinochle", 8, 4),
        ("house-gin", 5, 9),
        ("bid-whist", 7, 6),
    ],
)
def test_a_night_played_to_the_end_stands_as_its_event_file_says(
    db, clock, rules_id, entrants, seed
) -> None:
    event = play(db, clock, rules_id, entrants, seed)
    shown = results.standings(db, event)
    rules = events.event_rules(db, event)
    assert shown.after_round == rules.schedule.rounds
    assert len(shown.rows) == entrants
    for number in range(1, rules.schedule.rounds + 1):
        assert sheets.sheets_in(db, event, number)[0] == sheets.sheets_in(db, event, number)[1]
    exported = parse_event(export_event(db, event), lookup)
    engine = compute_standings(exported, event_rules(exported, lookup))
    assert shown.to_json() == engine.to_json()
    assert [r.byes for r in shown.rows] == [r.byes for r in engine.rows]
    assert all(game.won_by() for r in exported.rounds for game in r.games)  # every game decided
    if "wins" in rules.standings.rank_by:  # bid whist: every game gave one side the round
        preliminaries = exported.rounds[: rules.schedule.rounds]
        assert sum(r.wins for r in shown.rows) == sum(len(r.games) for r in preliminaries)
        paid = results.payouts(db, event)  # the playoffs were played to the final
        assert not paid.provisional and len(exported.rounds) > rules.schedule.rounds
