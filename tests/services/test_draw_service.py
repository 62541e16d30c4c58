"""The draw and the seating: making, recording and redoing draws; who sits where each round."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest
from sqlmodel import col, select

from clubdesk.domain.formats import load_rules
from clubdesk.domain.results.playoffs import playoff_bracket as bracket_of
from clubdesk.domain.roundclock.state import ClockFact, Reading
from clubdesk.domain.seating.draw import Card, Chit, Lot
from clubdesk.domain.seating.first_round import random_pairs
from clubdesk.domain.seating.physical import Deck, check_typed
from clubdesk.domain.seating.stationary import stationary_rotating
from clubdesk.errors import UserError
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.draw import (
    current_draw,
    draw_history,
    draw_overview,
    make_draw,
    record_physical_draw,
)
from clubdesk.services.results import standings
from clubdesk.services.seating import playoff_bracket, publish_seating, seating
from clubdesk.store import roundclock as clock_store
from clubdesk.store.db import Database
from clubdesk.store.models import (
    Bye,
    DrawAssignment,
    Entrant,
    Game,
    GameSeat,
    Round,
)
from clubdesk.store.models import Draw as DrawRow
from tests import builder

# --- helpers ----------------------------------------------------------------------------------


def everyone_once(seats) -> list[int]:
    return sorted([*seats.seated, *seats.byes])


def drawn(info) -> dict[int, object]:
    return {d.entrant: d.pick for d in info.draw.drawn}


# --- making the draw, per format ------------------------------------------------------------


def test_grand_prix_16_teams(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    info = make_draw(Desk(db, event, clock), 2024)
    assert info.seed == 2024 and info.method == "random" and info.kind == "cards"
    assert info.made_at == clock.now()
    assert sorted(drawn(info).values()) == sorted(
        [Card("blue", n) for n in range(1, 9)] + [Card("red", n) for n in range(1, 9)]
    )
    assert (
        "with 8 stations and 11 rounds E/W teams meet the same N/S team again from round 9"
        in info.notes
    )
    first = seating(db, event, 1)
    assert len(first.tables) == 8 and first.byes == ()
    assert everyone_once(first) == list(range(1, 17))
    for table in first.tables:  # blue n is N/S at table n, red n is E/W at table n
        assert drawn(info)[table.a[0]] == Card("blue", table.table)
        assert drawn(info)[table.b[0]] == Card("red", table.table)
    assert current_draw(db, event) == info


def test_grand_prix_15_teams_has_a_bye_station(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=15)
    info = make_draw(Desk(db, event, clock), 7)
    picks = drawn(info)
    assert sum(1 for p in picks.values() if p.colour == "blue") == 7
    assert sum(1 for p in picks.values() if p.colour == "red") == 8
    assert any("red 8 is the bye station after table 7" in note for note in info.notes)
    assert any("with 8 stations and 11 rounds" in note for note in info.notes)
    first = seating(db, event, 1)
    bye_team = next(team for team, pick in picks.items() if pick == Card("red", 8))
    assert first.byes == (bye_team,)
    assert len(first.tables) == 7
    assert everyone_once(first) == list(range(1, 16))


def test_npa_12_players_draw_chits(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    info = make_draw(Desk(db, event, clock), 99)
    assert info.kind == "chits"
    assert sorted(drawn(info).values()) == [Chit(t, s) for t in (1, 2, 3) for s in (1, 2, 3, 4)]
    first = seating(db, event, 1)
    for table in first.tables:
        seat = {p: drawn(info)[p].seat for p in table.entrants}
        assert [seat[p] for p in table.a] == [1, 3] and [seat[p] for p in table.b] == [2, 4]
    assert first.to_json()["tables"][0]["a"] == list(first.tables[0].a)


def test_npa_refuses_9_players_and_writes_nothing(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=9)
    audit_before = list_audit(db, event)
    with pytest.raises(
        UserError, match=r"^NPA Club Pinochle needs at least 3 tables \(12 players\); 9 registered$"
    ):
        make_draw(Desk(db, event, clock), 1)
    assert current_draw(db, event) is None
    assert list_audit(db, event) == audit_before
    builder.add_entrants(db, event, clock, range(10, 14))
    with pytest.raises(UserError, match="seats players in fours; 13 registered: add 3 players"):
        make_draw(Desk(db, event, clock), 1)


def test_gin_9_players_one_has_a_bye(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=9)
    info = make_draw(Desk(db, event, clock), 5)
    assert info.kind == "random"
    assert sorted(drawn(info).values()) == [Lot(n) for n in range(1, 10)]
    first = seating(db, event, 1)
    last_lot = next(p for p, lot in drawn(info).items() if lot == Lot(9))
    assert first.byes == (last_lot,)
    assert len(first.tables) == 4
    assert f"odd number of players: player {last_lot} has a bye" in info.notes
    second = seating(db, event, 2)  # before the cut: the same pairs
    assert second.tables == first.tables and second.byes == first.byes and second.round == 2
    with pytest.raises(UserError, match="round 3 is played after the cut after round 2"):
        seating(db, event, 3)


def test_no_entrants_or_no_event(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=0)
    with pytest.raises(UserError, match="there are no teams to draw"):
        make_draw(Desk(db, event, clock), 1)
    with pytest.raises(UserError, match="no event with id 'nope'"):
        make_draw(Desk(db, "nope", clock), 1)
    one = builder.event(db, clock, "grand-prix-warmup", entrants=1)
    with pytest.raises(UserError, match="a card draw needs at least 2 teams; 1 registered"):
        make_draw(Desk(db, one, clock), 1)


def test_withdrawn_entrants_are_not_drawn(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=14)
    builder.withdraw(db, event, 3, clock)
    info = make_draw(Desk(db, event, clock), 1)
    assert 3 not in drawn(info) and len(drawn(info)) == 13


# --- the seed -------------------------------------------------------------------------------


def test_a_seed_is_picked_and_recorded_when_none_is_given(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    info = make_draw(Desk(db, event, clock), None)
    assert isinstance(info.seed, int) and info.seed >= 1
    [entry] = [e for e in list_audit(db, event) if e.action == "draw.make"]
    assert entry.details["seed"] == info.seed
    assert entry.details["drawn"] == info.draw.to_json()["drawn"]
    with db.session() as session:
        assert session.exec(select(DrawRow.seed)).one() == info.seed


def test_the_same_seed_gives_the_same_draw(db, clock):
    first = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    info = make_draw(Desk(db, first, clock), None)
    again = builder.event(db, clock, "grand-prix-pinochle", name="Again", entrants=16)
    repeated = make_draw(Desk(db, again, clock), info.seed)
    assert repeated.draw.drawn == info.draw.drawn
    assert [seating(db, again, n) for n in (1, 5)] == [seating(db, first, n) for n in (1, 5)]


def test_a_seed_must_be_a_whole_number(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=4)
    with pytest.raises(UserError, match="seed: must be a whole number"):
        make_draw(Desk(db, event, clock), "12")  # type: ignore[arg-type]


def test_draw_values_are_frozen(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=4)
    info = make_draw(Desk(db, event, clock), 3)
    with pytest.raises(FrozenInstanceError):
        info.notes = ()  # type: ignore[misc]


# --- a draw already made, and redoing it ----------------------------------------------------


def test_a_second_draw_is_refused_without_redo(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    info = make_draw(Desk(db, event, clock), 1)
    with pytest.raises(UserError, match="the draw is already made for this event"):
        make_draw(Desk(db, event, clock), 2)
    with pytest.raises(UserError, match="the draw is already made"):
        record_physical_draw(Desk(db, event, clock), {})
    assert current_draw(db, event) == info


def test_redo_before_round_1_supersedes_and_keeps_the_old_draw(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    old = make_draw(Desk(db, event, clock), 1)
    publish_seating(Desk(db, event, clock), 1)  # published, not started: it goes with the old draw
    clock.advance(minutes=3)
    new = make_draw(Desk(db, event, clock), 2, redo=True)
    assert new.replaced == old.draw_id and new.draw_id != old.draw_id
    assert current_draw(db, event) == replace(new, replaced=None)
    history = draw_history(db, event)
    assert [(d.draw_id, d.superseded, d.seed) for d in history] == [
        (old.draw_id, True, 1),
        (new.draw_id, False, 2),
    ]
    assert history[0].draw.drawn == old.draw.drawn  # the old draw is still all there
    with db.session() as session:
        assert len(session.exec(select(DrawAssignment)).all()) == 32
        assert session.exec(select(Round)).all() == []  # round 1 is seated from the new draw
    actions = [(e.action, e.details.get("replaces")) for e in list_audit(db, event)]
    assert actions[-3:] == [
        ("draw.make", None),
        ("seating.publish", None),
        ("draw.make", old.draw_id),
    ]
    assert list_audit(db, event)[-1].details["unpublished_rounds"] == [1]
    assert seating(db, event, 1) == stationary_rotating(new.draw, 1)


def test_redo_is_refused_once_round_1_has_started(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    info = make_draw(Desk(db, event, clock), 1)
    publish_seating(Desk(db, event, clock), 1)
    builder.start(db, event, 1, clock)
    with pytest.raises(UserError, match="round 1 has started: the draw can no longer be redone"):
        make_draw(Desk(db, event, clock), 2, redo=True)
    kept = current_draw(db, event)
    assert kept is not None and (kept.draw_id, kept.draw.drawn) == (info.draw_id, info.draw.drawn)
    assert kept.notes == (*info.notes, "round 1 as published: 8 tables, no bye")
    assert len(draw_history(db, event)) == 1


def test_a_started_clock_also_counts_as_round_1_started(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=8)
    make_draw(Desk(db, event, clock), 1)
    with db.session() as session:
        clock_store.add_fact(session, event, ClockFact(1, "start", Reading(clock.now())))
    with pytest.raises(UserError, match="round 1 has started"):
        make_draw(Desk(db, event, clock), 2, redo=True)
    assert draw_overview(db, event).can_redo is False


# --- physical draws -------------------------------------------------------------------------

FIVE = {1: "B1", 2: "r1", 3: "blue 2", 4: "R 2", 5: "red-3"}


def test_record_a_physical_draw(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=5)
    info = record_physical_draw(Desk(db, event, clock), FIVE)
    assert info.method == "physical" and info.seed is None
    assert drawn(info) == {
        1: Card("blue", 1),
        2: Card("red", 1),
        3: Card("blue", 2),
        4: Card("red", 2),
        5: Card("red", 3),
    }
    assert seating(db, event, 2).to_json() == {
        "round": 2,
        "tables": [{"table": 1, "a": 1, "b": 5}, {"table": 2, "a": 3, "b": 2}],
        "byes": [4],
    }
    [entry] = [e for e in list_audit(db, event) if e.action == "draw.physical"]
    assert entry.details["drawn"][0] == {"entrant": 1, "card": "B1"}
    with db.session() as session:
        cards = session.exec(select(DrawAssignment.card).order_by(col(DrawAssignment.id))).all()
    assert cards == ["blue 1", "red 1", "blue 2", "red 2", "red 3"]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({**FIVE, 5: "R1"}, "card R1 drawn twice: teams 2 and 5"),
        ({**FIVE, 4: "X9"}, "team 4: 'X9' is not a card"),
        ({**FIVE, 3: "B7"}, "team 3: there is no blue 7 card for 5 teams"),
        ({k: v for k, v in FIVE.items() if k != 4}, "team 4 has no card"),
        ({**FIVE, 9: "B4"}, "team 9 drew 'B4' but is not registered"),
    ],
)
def test_physical_draw_errors_name_the_team_and_the_card(db, clock, cards, message):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=5)
    with pytest.raises(UserError, match=message):
        record_physical_draw(Desk(db, event, clock), cards)
    assert current_draw(db, event) is None


def test_physical_draw_team_numbers_may_come_as_text(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=5)
    info = record_physical_draw(Desk(db, event, clock), {str(k): v for k, v in FIVE.items()})
    assert drawn(info)[5] == Card("red", 3)
    other = builder.event(db, clock, "grand-prix-pinochle", entrants=5)
    with pytest.raises(UserError, match="'five' is not a team number"):
        record_physical_draw(Desk(db, other, clock), {**FIVE, "five": "R3"})


def test_cards_are_checked_as_they_are_typed():
    teams = [1, 2, 3, 4, 5]
    deck = Deck.of(load_rules("grand-prix-pinochle"))
    check = check_typed(deck, teams, {1: "B1", 2: "", 4: "R2"})
    assert check.errors == {} and check.typed == 2 and check.needed == 5
    assert not check.complete
    check = check_typed(deck, teams, {1: "B1", 3: "b1", 4: "Q2", 5: "R9"})
    assert check.errors == {
        1: "card B1 drawn twice: teams 1 and 3",
        3: "card B1 drawn twice: teams 1 and 3",
        4: "team 4: 'Q2' is not a card; type e.g. B3 or R4",
        5: "team 5: there is no red 9 card for 5 teams (blue 1-2, red 1-3)",
    }
    check = check_typed(deck, teams, FIVE)
    assert check.complete and check.errors == {} and check.contents == "blue 1-2, red 1-3"
    assert check.draw is not None and check.draw.method == "physical"
    assert any("again from round 4" in n for n in check.draw.notes)  # 3 stations, 11 rounds


# --- seating from the draw ------------------------------------------------------------------


def test_rounds_1_to_11_with_a_withdrawal_mid_event(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=16)
    info = make_draw(Desk(db, event, clock), 11)
    before = [seating(db, event, n) for n in range(1, 12)]
    assert [s.round for s in before] == list(range(1, 12))
    assert all(s.byes == () and everyone_once(s) == list(range(1, 17)) for s in before)
    assert before[8].tables == before[0].tables  # 8 stations: round 9 repeats round 1
    for number in range(1, 6):
        publish_seating(Desk(db, event, clock), number)
    builder.start(db, event, 1, clock)
    leaving = before[0].tables[2].a[0]  # an N/S team
    builder.withdraw(db, event, leaving, clock)

    assert seating(db, event, 1) == before[0]  # the round being played stays as it is
    assert draw_overview(db, event).published_rounds == (1, 2, 3, 4, 5)  # 2-5 seated again
    for number in range(2, 12):
        seats = seating(db, event, number)
        opponent = before[number - 1].table(3).b[0]
        assert seats.byes == (opponent,)  # the withdrawn team's E/W visitor sits out
        assert leaving not in seats.seated
        assert [t.table for t in seats.tables] == [1, 2, 4, 5, 6, 7, 8]
        assert seats == stationary_rotating(info.draw, number, set(range(1, 17)) - {leaving})
    notes = current_draw(db, event).notes
    assert f"teams no longer playing since the draw: {leaving}" in notes


def test_an_entrant_registered_after_the_draw_is_named(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=6)
    make_draw(Desk(db, event, clock), 1)
    builder.add_entrants(db, event, clock, [7])
    assert any(
        "registered after the draw and not in it: 7" in n for n in current_draw(db, event).notes
    )
    # the late team does not stop the drawn field from being seated
    assert sorted(seating(db, event, 1).entrants) == [1, 2, 3, 4, 5, 6]
    publish_seating(Desk(db, event, clock), 1)
    builder.start(db, event, 1, clock)
    [note] = [n for n in current_draw(db, event).notes if "7" in n]
    assert note == (
        "round 1 as published: 3 tables, no bye; team 7 cannot be seated: registered after "
        "the draw, and this movement has no free place for it"
    )
    assert 7 not in seating(db, event, 2).entrants


def test_seating_needs_a_draw_and_a_real_round(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=6)
    with pytest.raises(UserError, match="make the draw first"):
        seating(db, event, 1)
    make_draw(Desk(db, event, clock), 1)
    for bad in (0, 12):
        with pytest.raises(UserError, match=f"the event has rounds 1 to 11, not {bad}"):
            seating(db, event, bad)


def test_gin_pairs_after_a_withdrawal(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=8)
    make_draw(Desk(db, event, clock), 3)
    first = seating(db, event, 1)
    publish_seating(Desk(db, event, clock), 1)
    leaving, partner = first.tables[1].a[0], first.tables[1].b[0]
    builder.withdraw(db, event, leaving, clock)
    second = seating(db, event, 2)
    assert second.byes == (partner,)
    assert [t.table for t in second.tables] == [1, 3, 4]
    builder.add_entrants(db, event, clock, [9])
    assert seating(db, event, 2) == second  # a late entry has no lot: the pairs play on


# --- after the cut: gin's final round, bid whist's playoffs ---------------------------------


def gin_through_the_cut(db: Database, clock) -> tuple[str, object]:
    """9 gin players through rounds 1 and 2: 4 advance clear, the next two tie for place 5."""
    event = builder.event(db, clock, "house-gin", entrants=9)
    info = make_draw(Desk(db, event, clock), 21)
    first = publish_seating(Desk(db, event, clock), 1).seating
    scores = [(400, 390), (380, 370), (360, 360), (0, 0)]  # the bye scores 2260 / 8 -> 283
    by_table = {t.table: score for t, score in zip(first.tables, scores, strict=True)}
    builder.scores(db, event, 1, by_table, clock)
    publish_seating(Desk(db, event, clock), 2)
    return event, info


def test_gin_final_round_waits_for_the_cut_round(db, clock):
    event = builder.event(db, clock, "house-gin", entrants=9)
    make_draw(Desk(db, event, clock), 21)
    with pytest.raises(UserError) as caught:
        seating(db, event, 3)
    assert str(caught.value) == (
        "round 3 is played after the cut after round 2, which cannot be made yet: "
        "round 1 is not seated yet"
    )
    publish_seating(Desk(db, event, clock), 1)
    builder.scores(db, event, 1, {1: (10, 0), 2: (20, 0), 3: (30, 0)}, clock)
    with pytest.raises(UserError, match=r"round 1 is not finished \(no sheet yet from table 4\)$"):
        seating(db, event, 3)


def test_gin_final_round_refuses_a_tie_at_the_cut_line_until_it_is_settled(db, clock):
    event, info = gin_through_the_cut(db, clock)
    second = seating(db, event, 2)
    builder.scores(db, event, 2, {t.table: (0, 0) for t in second.tables}, clock)
    tied = sorted(seating(db, event, 1).tables[2].entrants)
    with pytest.raises(UserError) as caught:
        seating(db, event, 3)
    assert str(caught.value) == (
        f"the cut after round 2 is tied between {tied[0]} and {tied[1]}: "
        "record the sudden-death match first"
    )
    with pytest.raises(UserError, match="record the sudden-death match first"):
        publish_seating(Desk(db, event, clock), 3)

    builder.tiebreak(db, event, 2, tied[1], tied[0], "a", clock)  # the higher number wins
    final = seating(db, event, 3)
    first = seating(db, event, 1)
    top = [*first.tables[0].entrants, *first.tables[1].entrants, tied[1]]
    assert sorted(final.entrants) == sorted(top) and len(final.byes) == 1
    assert final.round == 3 and len(final.tables) == 2
    assert final == seating(db, event, 3)  # the same seating every time it is asked for
    assert final == random_pairs(top, random.Random(f"{info.seed}:3"), round_number=3)
    published = publish_seating(Desk(db, event, clock), 3)
    assert published.seating == final and published.games == 2
    builder.withdraw(db, event, top[0], clock)  # not played yet: seated again without them
    again = seating(db, event, 3)
    assert top[0] not in again.entrants and len(again.tables) == 2
    builder.scores(db, event, 3, {1: (150, 90)}, clock)
    builder.withdraw(db, event, again.tables[1].a[0], clock)  # a sheet is in: the seating stands
    assert seating(db, event, 3) == again


def test_a_tie_between_several_names_them_all(db, clock):
    event = builder.event(db, clock, "bid-whist", entrants=17)
    make_draw(Desk(db, event, clock), 5)
    for number in (1, 2, 3):
        seats = publish_seating(Desk(db, event, clock), number).seating
        builder.scores(db, event, number, {t.table: (3, 3, "a") for t in seats.tables}, clock)
    # every game is level and won by N/S on its fifth hand: the 8 N/S teams advance on 3 wins;
    # the E/W teams win nothing and score 3 a round, and the three that had a bye score 0 that
    # round: they are tied for the last two places
    byes = sorted(b for n in (1, 2, 3) for b in seating(db, event, n).byes)
    with pytest.raises(UserError) as caught:
        playoff_bracket(db, event)
    assert str(caught.value) == (
        f"the cut after round 3 is tied between {byes[0]}, {byes[1]} and {byes[2]}: "
        "record the play-off hands first"
    )


def whist_scores(seats) -> dict[int, tuple[int, int]]:
    """N/S always wins; an E/W team scores 2**number, so no two E/W totals are equal."""
    return {t.table: (2**20, 2 ** t.b[0]) for t in seats.tables}


def play_whist(db: Database, event_id: str, clock, rounds=(1, 2, 3)) -> None:
    for number in rounds:
        seats = publish_seating(Desk(db, event_id, clock), number).seating
        builder.scores(db, event_id, number, whist_scores(seats), clock)


def test_bid_whist_playoffs_are_seeded_from_the_cut(db, clock):
    event = builder.event(db, clock, "bid-whist", entrants=17)
    info = make_draw(Desk(db, event, clock), 17)
    with pytest.raises(UserError) as caught:
        playoff_bracket(db, event)
    assert str(caught.value) == (
        "the playoffs are seeded by the cut after round 3, which cannot be made yet: "
        "round 1 is not seated yet"
    )
    play_whist(db, event, clock, (1, 2))
    third = publish_seating(Desk(db, event, clock), 3).seating
    builder.scores(db, event, 3, {t.table: (2**20, 1) for t in third.tables[1:]}, clock)
    with pytest.raises(UserError, match=r"round 3 is not finished \(no sheet yet from table 1\)"):
        playoff_bracket(db, event)
    builder.scores(db, event, 3, {1: whist_scores(third)[1]}, clock)

    table = standings(db, event)
    blue = sorted(d.entrant for d in info.draw.drawn if d.pick.colour == "blue")
    assert [r.number for r in table.rows if r.wins == 3] == blue  # N/S won every game
    matches = playoff_bracket(db, event)
    order = [r.number for r in table.rows]
    assert matches == bracket_of(order[:16])  # 16 of 17 advance, in the order of finish
    assert len(matches) == 8 and not any(m.bye for m in matches)
    assert (matches[0].seed_a, matches[0].seed_b) == (1, 16)
    assert matches[0].a == blue[0]  # the 3-win teams are seeded first
    assert order[16] not in {t for m in matches for t in (m.a, m.b)}
    assert playoff_bracket(db, event) == matches  # read only: the same every time
    fourth = seating(db, event, 4)  # the first playoff round is the bracket
    assert [(t.table, t.a, t.b) for t in fourth.tables] == [
        (m.number, (m.a,), (m.b,)) for m in matches
    ]


def test_three_win_teams_advance_past_a_small_cut(db, clock, tmp_path: Path):
    text = Path(load_rules("bid-whist").source_path).read_text(encoding="utf-8")
    text = text.replace("{ min_entrants = 17, advance = 16 }", "{ min_entrants = 17, advance = 4 }")
    rules_file = tmp_path / "small-cut-whist.toml"
    rules_file.write_text(text.replace('id = "bid-whist"', 'id = "small-cut-whist"'), "utf-8")
    event = builder.event(db, clock, str(rules_file), name="Small cut", entrants=17)
    made = make_draw(Desk(db, event, clock), 17)
    play_whist(db, event, clock)
    blue = sorted(d.entrant for d in made.draw.drawn if d.pick.colour == "blue")
    matches = playoff_bracket(db, event)
    # 4 places, but all 8 N/S teams won 3 games: they all advance, seeded in team order
    assert matches == bracket_of(blue)
    assert [(m.seed_a, m.seed_b) for m in matches] == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_formats_without_a_bracket(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=4)
    with pytest.raises(UserError, match="Grand Prix Pinochle has no cut and no playoffs"):
        playoff_bracket(db, event)
    gin = builder.event(db, clock, "house-gin", entrants=4)
    with pytest.raises(UserError, match=r"House Gin Rummy \(Hollywood\) plays round 3 after"):
        playoff_bracket(db, gin)


# --- progressive movements ------------------------------------------------------------------


def test_npa_round_2_needs_round_1_results(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    make_draw(Desk(db, event, clock), 8)
    with pytest.raises(
        UserError, match="round 2 cannot be seated yet: no result for tables 1, 2, 3"
    ):
        seating(db, event, 2)
    first = publish_seating(Desk(db, event, clock), 1).seating
    builder.scores(db, event, 1, {1: (420, 310), 3: (280, 280, "b")}, clock)
    with pytest.raises(UserError, match="round 2 cannot be seated yet: no result for table 2$"):
        seating(db, event, 2)
    with pytest.raises(UserError, match="round 2 cannot be seated yet: no result for table 2$"):
        seating(db, event, 3)  # round 3 needs round 2 first
    builder.scores(db, event, 1, {2: (150, 390)}, clock)

    second = seating(db, event, 2)
    assert second == seating(db, event, 2)  # the partner draw is the same every time
    won = {1: first.table(1).a, 2: first.table(2).b, 3: first.table(3).b}
    lost = {1: first.table(1).b, 2: first.table(2).a, 3: first.table(3).a}
    for table, came_from in ((1, 3), (2, 1), (3, 2)):  # losers move one table up
        assert set(second.table(table).entrants) == {*won[table], *lost[came_from]}
    assert len(second.partner_draws) == 3
    with pytest.raises(
        UserError, match="round 3 cannot be seated yet: no result for tables 1, 2, 3"
    ):
        seating(db, event, 3)


def test_npa_byes_rotate_after_a_withdrawal_and_a_late_entry_reopens_a_table(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    make_draw(Desk(db, event, clock), 8)
    publish_seating(Desk(db, event, clock), 1)
    builder.scores(db, event, 1, {1: (420, 310), 2: (150, 390), 3: (280, 200)}, clock)
    second = publish_seating(Desk(db, event, clock), 2).seating
    builder.scores(db, event, 2, {1: (300, 100), 2: (100, 300), 3: (250, 120)}, clock)
    leaving = second.table(1).a[0]
    builder.withdraw(db, event, leaving, clock)

    third = seating(db, event, 3)
    # 11 players: table 3 closes and three players sit out
    assert [t.table for t in third.tables] == [1, 2] and len(third.byes) == 3
    assert everyone_once(third) == sorted(set(range(1, 13)) - {leaving})
    assert third == seating(db, event, 3)
    publish_seating(Desk(db, event, clock), 3)
    builder.scores(db, event, 3, {1: (200, 180), 2: (90, 260)}, clock)

    fourth = seating(db, event, 4)
    assert not set(fourth.byes) & set(third.byes)  # nobody sits out twice in a row
    assert len(fourth.byes) == 3 and len(fourth.tables) == 2

    builder.add_entrants(db, event, clock, [13])  # a late entry: 12 players again
    notes = current_draw(db, event).notes
    assert "round 3 as published: 2 tables, 3 byes; player 13 joining from round 4" in notes
    fourth = seating(db, event, 4)
    assert fourth.byes == () and [t.table for t in fourth.tables] == [1, 2, 3]
    assert set(fourth.table(3).entrants) == {*third.byes, 13}  # the reopened table
    assert everyone_once(fourth) == sorted(set(range(1, 14)) - {leaving})


def test_unsubmitted_sheets_do_not_count(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    make_draw(Desk(db, event, clock), 8)
    publish_seating(Desk(db, event, clock), 1)
    with db.session() as session:
        game = session.exec(select(Game).where(Game.table_number == 2)).one()
        game.score_a, game.score_b = 500, 100  # typed, not submitted
        session.add(game)
    builder.scores(db, event, 1, {1: (1, 0), 3: (0, 1)}, clock)
    with pytest.raises(UserError, match="no result for table 2$"):
        seating(db, event, 2)


def test_sun_city_west_winners_move_down(db, clock):
    event = builder.event(db, clock, "sun-city-west-pinochle", entrants=8)
    make_draw(Desk(db, event, clock), 4)
    first = publish_seating(Desk(db, event, clock), 1).seating
    builder.scores(db, event, 1, {1: (30, 20), 2: (10, 40)}, clock)
    second = seating(db, event, 2)
    # table 1's winners stay and table 2's winners come down; table 1's losers go to table 2
    assert set(second.table(1).entrants) == {*first.table(1).a, *first.table(2).b}
    assert set(second.table(2).entrants) == {*first.table(1).b, *first.table(2).a}


# --- publishing a seating -------------------------------------------------------------------


def test_publish_seating_writes_games_seats_and_byes(db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=15)
    make_draw(Desk(db, event, clock), 15)
    expected = seating(db, event, 1)
    published = publish_seating(Desk(db, event, clock), 1)
    assert published.seating == expected and published.games == 7
    with db.session() as session:
        [round_row] = session.exec(select(Round)).all()
        assert (round_row.number, round_row.status) == (1, "pending")
        games = session.exec(select(Game).order_by(col(Game.table_number))).all()
        assert [g.table_number for g in games] == list(range(1, 8))
        numbers = {e.id: e.number for e in session.exec(select(Entrant))}
        seats = session.exec(select(GameSeat).where(GameSeat.game_id == games[0].id)).all()
        assert sorted((s.side, s.seat, numbers[s.entrant_id]) for s in seats) == [
            ("a", 1, expected.table(1).a[0]),
            ("b", 2, expected.table(1).b[0]),
        ]
        assert [numbers[b.entrant_id] for b in session.exec(select(Bye))] == list(expected.byes)
    assert seating(db, event, 1) == expected
    entry = list_audit(db, event)[-1]
    assert entry.action == "seating.publish" and entry.details["byes"] == list(expected.byes)
    with pytest.raises(UserError, match="round 1's seating is already published"):
        publish_seating(Desk(db, event, clock), 1)
    with pytest.raises(UserError, match="round 3 cannot be published before round 2"):
        publish_seating(Desk(db, event, clock), 3)
    assert draw_overview(db, event).published_rounds == (1,)


def test_publish_individual_seats_1_to_4(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    make_draw(Desk(db, event, clock), 2)
    expected = publish_seating(Desk(db, event, clock), 1).seating
    with db.session() as session:
        numbers = {e.id: e.number for e in session.exec(select(Entrant))}
        game = session.exec(select(Game).where(Game.table_number == 1)).one()
        seats = session.exec(select(GameSeat).where(GameSeat.game_id == game.id)).all()
        by_seat = {s.seat: (s.side, numbers[s.entrant_id]) for s in seats}
    table = expected.table(1)
    assert by_seat == {
        1: ("a", table.a[0]),
        2: ("b", table.b[0]),
        3: ("a", table.a[1]),
        4: ("b", table.b[1]),
    }


def test_overview_for_the_page(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    overview = draw_overview(db, event)
    assert overview.layout == "partners" and overview.rounds == 6 and overview.draw is None
    assert overview.active == tuple(range(1, 13)) and overview.names[3] == "Player 3"
    make_draw(Desk(db, event, clock), 1)
    overview = draw_overview(db, event)
    assert overview.draw is not None and overview.can_redo
    assert draw_overview(db, builder.event(db, clock, "house-gin", entrants=2)).layout == "pairs"


def test_the_overview_names_a_field_the_draw_cannot_seat_before_the_draw(db, clock):
    event = builder.event(db, clock, "npa-club-pinochle", entrants=17)
    assert draw_overview(db, event).field_problem == (
        "NPA Club Pinochle seats players in fours; 17 registered: add 3 players or withdraw 1"
    )
    builder.withdraw(db, event, 17, clock)
    assert draw_overview(db, event).field_problem is None
    make_draw(Desk(db, event, clock), 1)
    builder.withdraw(db, event, 16, clock)
    assert draw_overview(db, event).field_problem is None  # drawn: the movement's business


def test_the_partner_draw_is_seeded_by_the_draw_and_the_round(db, clock):
    # the same draw seed gives the same partner draw in another event
    events = []
    for _ in range(2):
        event = builder.event(db, clock, "npa-club-pinochle", entrants=12)
        make_draw(Desk(db, event, clock), 77)
        publish_seating(Desk(db, event, clock), 1)
        builder.scores(db, event, 1, {1: (1, 0), 2: (0, 1), 3: (1, 0)}, clock)
        events.append(event)
    assert seating(db, events[0], 2) == seating(db, events[1], 2)
