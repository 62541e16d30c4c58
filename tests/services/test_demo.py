"""The demo event (docs/cli.md: 16 teams, drawn, 3 rounds submitted, round 4 running)."""

import datetime as dt

from sqlmodel import select

from clubdesk.services import draw, results
from clubdesk.services import entrants as entrants_service
from clubdesk.services import roundclock as clock_service
from clubdesk.services.demo import make_demo
from clubdesk.services.sheets import sheets_in
from clubdesk.store.models import Round


def test_the_demo_is_a_grand_prix_night_in_round_4(db, clock) -> None:
    event = make_demo(db, clock)
    assert event.rules_id == "grand-prix-pinochle"
    entrants = entrants_service.list_entrants(db, event.id)
    assert len(entrants) == 16 and all(len(e.players) == 2 for e in entrants)
    assert draw.current_draw(db, event.id).seed == 2011
    for number in (1, 2, 3):
        assert sheets_in(db, event.id, number) == (8, 8)
    assert sheets_in(db, event.id, 4) == (0, 8)
    with db.session() as session:
        statuses = [r.status for r in session.exec(select(Round).order_by(Round.number))]
        assert statuses == ["closed", "closed", "closed", "running"]
    running = clock_service.status(db, event.id, clock)
    assert (running.round, running.phase, running.remaining_s) == (
        4,
        "running",
        60 * 60 - 36 * 60 - 19,
    )
    assert clock.now() - running.started_at == dt.timedelta(minutes=36, seconds=19)
    table = results.standings(db, event.id)
    assert table.after_round == 3 and len(table.rows) == 16
    assert all(len(row.rounds) == 3 for row in table.rows)


def test_the_demo_is_the_same_every_time(tmp_path, clock) -> None:
    from clubdesk.store.db import open_database

    totals = []
    for name in ("one.sqlite", "two.sqlite"):
        with open_database(tmp_path / name) as db:
            event = make_demo(db, clock)
            totals.append([row.total for row in results.standings(db, event.id).rows])
    assert totals[0] == totals[1]


def test_the_demo_sheets_are_signed_on_the_pad_some_typed_in_one_amended(db, clock) -> None:
    from clubdesk.domain.limits import strokes_problem
    from clubdesk.services.sheets import table_sheet

    event = make_demo(db, clock)
    games = [
        table_sheet(db, event.id, number, table).game
        for number in (1, 2, 3)
        for table in range(1, 9)
    ]
    for game in games:
        assert [s.role for s in game.signatures] == ["scorekeeper", "countersign"]
        for signature in game.signatures:
            assert signature.strokes and strokes_problem(signature.strokes) is None
    typed = [game for game in games if not game.hands]
    assert 0 < len(typed) < len(games)  # some final score only, the rest hand by hand
    [amended] = [game for game in games if game.amendments]
    [amendment] = amended.amendments
    assert amendment.director == "Marge Okafor" and amendment.strokes
    assert amendment.after.score.b == amendment.before.score.b - 20


def test_a_made_up_signature_is_the_same_every_time_and_fits_the_pad() -> None:
    from clubdesk.domain.limits import strokes_problem
    from clubdesk.services.demo_signatures import signature_strokes

    ann = signature_strokes("Ann Smith", 7)
    assert ann == signature_strokes("Ann Smith", 7) != signature_strokes("Ann Smith", 8)
    assert strokes_problem(ann) is None
    assert len(ann) == 4  # one stroke per word, the dot of the i and the cross of the t
    long = signature_strokes("Maximiliana Wolfeschlegelsteinhausen-Bergerdorff", 1)
    assert strokes_problem(long) is None


def test_the_demo_opens_in_the_small_hours_too(db) -> None:
    # at 3 AM round 1 started the evening before: the event is the day its registration
    # opened, and every time of it on or after that day
    from clubdesk.timesource import FakeTime

    late = FakeTime(dt.datetime(2026, 12, 4, 3, 5, tzinfo=dt.UTC))
    event = make_demo(db, late)
    assert event.date == dt.date(2026, 12, 3)
    assert clock_service.status(db, event.id, late).round == 4
