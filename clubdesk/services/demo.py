"""The demo event: a Grand Prix night in full swing.

16 teams registered and paid, the card draw made, rounds 1-3 played and
their sheets submitted with both signatures drawn on the pad (handwriting
made up from each signer's name, ``demo_signatures``): most hand by hand,
round 2's odd tables typed in as the final score only, and one sheet of round
3 amended by the director, who signs the amendment. Round 4 is seated and
running, about 24 minutes left. Everything goes through the same services
the window uses, so the demo shows exactly what a real night would store.
"""

from __future__ import annotations

import datetime as dt
import random

from clubdesk.domain.event.sheet import played_hands
from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.samples import sample_game
from clubdesk.domain.schedule import timetable
from clubdesk.services import draw, events, registration, rounds, sheets
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import Change, with_changes
from clubdesk.services.command import Desk
from clubdesk.services.demo_signatures import signature_strokes
from clubdesk.services.sheets import SignatureInput
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource

DEMO_NAME = "Grand Prix Pinochle (demo)"
DEMO_RULES = "grand-prix-pinochle"
DEMO_SEED = 2011
PLAYED_ROUNDS = 3
DIRECTOR = "Marge Okafor"
AMENDED = (3, 2)  # round 3, table 2: the director corrects an adding error

PLAYERS = [
    ("Ann Smith", "Bob Jones"), ("Carol White", "Dan Brown"), ("Eve Davis", "Frank Miller"),
    ("Grace Wilson", "Hank Moore"), ("Ida Taylor", "Jack Anderson"), ("Kay Thomas", "Leo Jackson"),
    ("Mae Harris", "Ned Martin"), ("Opal Thompson", "Pete Garcia"), ("Quinn Hunt", "Rose Clark"),
    ("Sam Lewis", "Tina Lee"), ("Uma Walker", "Vic Hall"), ("Wes Allen", "Xena Young"),
    ("Yves King", "Zoe Wright"), ("Al Lopez", "Bea Hill"), ("Cy Scott", "Di Green"),
    ("Ed Adams", "Flo Baker"),
]  # fmt: skip


def make_demo(db: Database, clock: TimeSource) -> events.EventInfo:
    """Fill an empty database with the demo event; round 4 started 36 minutes ago."""
    rng = random.Random(DEMO_SEED)
    start = clock.now()
    round_four = start - dt.timedelta(minutes=36, seconds=19)
    # the rounds so far went by the format's timetable: its breaks, and lunch after round 2
    planned = [r.starts for r in timetable(load_rules(DEMO_RULES), start.date())]
    first_round = round_four - (planned[PLAYED_ROUNDS] - planned[0])
    then = _Steps(first_round - dt.timedelta(minutes=45))  # registration opens
    day = then.at.date()  # the night's day: in the small hours, round 1 was the evening before
    event = events.create_event(
        Desk(db, None, then), events.NewEvent(DEMO_NAME, day, "Clubhouse", DEMO_RULES)
    )
    rules = events.event_rules(db, event.id)
    desk = Desk(db, event.id, then)
    fee = rules.money.entry_fee_cents
    for number, pair in enumerate(PLAYERS, start=1):
        method = "check" if number % 5 == 0 else "cash"
        paid = 0 if number == 16 else fee  # one team still owes its fee
        registration.register(
            desk,
            registration.RegisterEntrant(players=list(pair), paid_cents=paid, method=method),
        )
    draw.make_draw(desk, DEMO_SEED)
    for number in range(1, PLAYED_ROUNDS + 1):
        seating = seating_service.publish_seating(desk, number).seating
        then.at = first_round + (planned[number - 1] - planned[0])
        rounds.start_round(desk, number)
        then.at += dt.timedelta(minutes=50)  # the sheets come in towards the round's end
        for table in seating.tables:
            keeper, opponent = PLAYERS[table.a[0] - 1][0], PLAYERS[table.b[0] - 1][1]
            hands = sample_game(rules, rng)
            total = played_hands(rules, number, hands).total
            typed = number == 2 and table.table % 2 == 1 and total["A"] != total["B"]
            sheets.submit_sheet(
                desk,
                number,
                table.table,
                hands=() if typed else hands,
                final_score=(total["A"], total["B"]) if typed else None,
                signatures={
                    "scorekeeper": SignatureInput(keeper, signature_strokes(keeper, DEMO_SEED)),
                    "countersign": SignatureInput(opponent, signature_strokes(opponent, DEMO_SEED)),
                },
            )
            if (number, table.table) == AMENDED:
                _amend(desk, number, table.table)
        rounds.close_round(desk, number)
    seating_service.publish_seating(desk, PLAYED_ROUNDS + 1)
    rounds.start_round(Desk(db, event.id, clock), PLAYED_ROUNDS + 1, at=round_four)
    return with_changes(event, Change.everything())  # a whole event made


def _amend(desk: Desk, number: int, table: int) -> None:
    """The director finds side B's meld on one hand added twice: 20 points off B."""
    assert desk.event_id is not None
    counts = sheets.table_sheet(desk.db, desk.event_id, number, table).game.score
    assert counts is not None
    sheets.amend_sheet(
        desk,
        number,
        table,
        score=(counts.a, counts.b - 20),
        director=DIRECTOR,
        reason="side B's meld on hand 3 added twice",
        strokes=signature_strokes(DIRECTOR, DEMO_SEED),
    )


class _Steps:
    """The demo's time: each thing done a little after the one before."""

    def __init__(self, start: dt.datetime):
        self.at = start
        self._origin = start

    def now(self) -> dt.datetime:
        self.at += dt.timedelta(seconds=40)
        return self.at

    def monotonic(self) -> float:
        return (self.at - self._origin).total_seconds()
