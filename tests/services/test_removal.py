"""Removal from the tournament (docs/rules.md §1) and bid whist's ejection (§6), through the
services: logged with the director's name and reason; no further rounds (later opponents
get a bye); fee kept in the pool, refund refused; marked in the standings."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import payments, registration, removal, results, seating
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.eventfile import export_event, import_event
from tests import builder

FEE = 5000


@pytest.fixture
def grand_prix(db, clock) -> str:
    """Seven Grand Prix teams that paid (three tables and the bye station), round 1 running,
    round 2 published."""
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=7, paid_cents=FEE)
    builder.draw(db, event, clock, seed=3)
    builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    builder.publish(db, event, 2, clock)
    return event


def test_a_team_removed_is_logged_plays_no_further_round_and_forfeits_its_fee(
    db, clock, grand_prix
) -> None:
    # seed 000: "a team may be removed from the tournament. IF a team is removed from the
    # tournament, ALL fees paid to enter that tourney will be FORFEITED."
    before = seating.seating(db, grand_prix, 2)
    leaving = before.tables[0].a[0]
    opponent = before.tables[0].b[0]
    pool = results.payouts(db, grand_prix).pool.pool_cents
    info = removal.remove_from_tournament(
        Desk(db, grand_prix, clock), leaving, "  abusive   language ", "Pat Director"
    )
    assert (info.status, info.status_text) == ("removed", "removed")
    assert changes_of(info) == registration.FIELD_CHANGES  # round 2 seated again
    gone = removal.removal_of(db, grand_prix, leaving)
    assert gone is not None
    assert (gone.director, gone.reason, gone.at) == (
        "Pat Director",
        "abusive language",
        clock.now(),
    )
    entry = next(e for e in list_audit(db, grand_prix) if e.action == "entrant.remove")
    assert entry.details == {"number": leaving, "name": info.name, "director": "Pat Director",
                             "reason": "abusive language", "ruling": "removed"}  # fmt: skip
    after = seating.seating(db, grand_prix, 2)
    assert leaving not in after.entrants and opponent in after.byes  # its opponents' bye
    assert seating.seating(db, grand_prix, 1).tables[0].a[0] == leaving  # round 1 is being played
    assert results.payouts(db, grand_prix).pool.pool_cents == pool  # its fee stays
    with pytest.raises(UserError, match="removed from the tournament; its entry fee stays"):
        payments.refund(Desk(db, grand_prix, clock), leaving, 1000, "cash")
    with pytest.raises(UserError, match="only a withdrawn entrant can be reinstated"):
        registration.reinstate(Desk(db, grand_prix, clock), leaving)
    with pytest.raises(UserError, match="only an entrant still playing can be removed"):
        removal.remove_from_tournament(Desk(db, grand_prix, clock), leaving, "again", "Pat")


def test_the_standings_list_it_marked_without_a_place(db, clock, grand_prix) -> None:
    first = seating.seating(db, grand_prix, 1)
    builder.scores(db, grand_prix, 1, {t.table: (500, 300) for t in first.tables}, clock)
    winner = first.tables[0].a[0]
    removal.remove_from_tournament(Desk(db, grand_prix, clock), winner, "cheating", "Pat Director")
    rows = results.standings(db, grand_prix).rows
    assert (rows[-1].number, rows[-1].place, rows[-1].status) == (winner, None, "removed")
    assert all(row.place is not None for row in rows[:-1])
    assert winner not in [p.number for p in results.payouts(db, grand_prix).prizes]


def test_a_bid_whist_team_is_ejected(db, clock) -> None:
    # seed 004: "the team causing the infraction will be ejected from the tournament"
    event = builder.event(db, clock, "bid-whist", entrants=8)
    builder.draw(db, event, clock, seed=11)
    builder.publish(db, event, 1, clock)
    info = removal.remove_from_tournament(
        Desk(db, event, clock), 3, "argumentative", "Lee Official"
    )
    assert (info.status, info.status_text) == ("removed", "ejected")
    entry = next(e for e in list_audit(db, event) if e.action == "entrant.remove")
    assert entry.details["ruling"] == "ejected"
    with pytest.raises(UserError, match="only an entrant still playing can be ejected"):
        removal.remove_from_tournament(Desk(db, event, clock), 3, "again", "Lee")


@pytest.mark.parametrize(
    ("reason", "director", "message"),
    [
        ("  ", "Pat", "^reason: say why the entrant is removed from the tournament"),
        ("cheating", " ", "^director: the director who rules is named"),
        ("x" * 501, "Pat", "^reason"),
        ("cheating", "P" * 81, "^director"),
    ],
)
def test_a_removal_without_its_reason_or_director_is_refused(
    db, clock, grand_prix, reason, director, message
) -> None:
    audit = list_audit(db, grand_prix)
    with pytest.raises(UserError, match=message):
        removal.remove_from_tournament(Desk(db, grand_prix, clock), 2, reason, director)
    assert builder.entrant(db, grand_prix, 2).status == "active"
    assert list_audit(db, grand_prix) == audit


def test_a_withdrawn_or_refunded_entrant_is_not_removed(db, clock, grand_prix) -> None:
    registration.withdraw(Desk(db, grand_prix, clock), 2, "went home")
    with pytest.raises(UserError, match="^number: entrant 2 is withdrawn"):
        removal.remove_from_tournament(Desk(db, grand_prix, clock), 2, "cheating", "Pat")
    payments.refund(Desk(db, grand_prix, clock), 4, 1000, "cash")
    with pytest.raises(UserError, match=r"^number: entrant 4 has been refunded \$10.00"):
        removal.remove_from_tournament(Desk(db, grand_prix, clock), 4, "cheating", "Pat")
    assert changes_of(registration.reinstate(Desk(db, grand_prix, clock), 2)) & Change.ENTRANTS


def test_the_event_file_keeps_who_removed_it_and_why(db, clock, grand_prix) -> None:
    removal.remove_from_tournament(
        Desk(db, grand_prix, clock), 5, "abusive language", "Pat Director"
    )
    exported = export_event(db, grand_prix)
    [entrant] = [e for e in exported["entrants"] if e["number"] == 5]
    assert entrant["status"] == "removed"
    assert entrant["removal"] == {
        "director": "Pat Director",
        "reason": "abusive language",
        "at": clock.now().isoformat(),
    }
    assert all("removal" not in e for e in exported["entrants"] if e["number"] != 5)
    clock.advance(minutes=1)
    import_event(Desk(db, None, clock), exported, replace=True)
    assert export_event(db, grand_prix) == exported
    assert removal.removal_of(db, grand_prix, 5).director == "Pat Director"
