"""Registration: entrants, numbers, payments derived from the ledger, withdrawals, late entries."""

from __future__ import annotations

import time
from dataclasses import FrozenInstanceError

import pytest
from sqlmodel import func, select

from clubdesk.errors import UserError
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.draw import make_draw
from clubdesk.services.entrants import (
    EntrantInfo,
    RegistrationSummary,
    list_entrants,
    registration_setup,
    registration_summary,
    search,
)
from clubdesk.services.payments import record_payment, refund
from clubdesk.services.registration import (
    Duplicate,
    RegisterEntrant,
    find_duplicates,
    register,
    reinstate,
    renumber,
    withdraw,
)
from clubdesk.services.roster_csv import import_roster, preview_roster
from clubdesk.store.db import Database
from clubdesk.store.models import Draw, Entrant, LedgerEntry, Player
from tests import builder


@pytest.fixture
def teams(db: Database, clock) -> str:
    """A Grand Prix (teams of two, $50 entry)."""
    return builder.event(db, clock, "grand-prix-pinochle")


@pytest.fixture
def solo(db: Database, clock) -> str:
    """An NPA club night (individual pinochle, four players a table)."""
    return builder.event(db, clock, "npa-club-pinochle", settings={"entry_fee_cents": 1000})


def team(*players: str, **fields) -> RegisterEntrant:
    return RegisterEntrant(players=list(players), **fields)


def add_teams(db, event_id, clock, count: int, paid_cents: int = 5000) -> list[EntrantInfo]:
    return [
        register(Desk(db, event_id, clock), team(f"North {n}", f"South {n}", paid_cents=paid_cents))
        for n in range(1, count + 1)
    ]


def count(db: Database, model) -> int:
    with db.session() as session:
        return session.exec(select(func.count()).select_from(model)).one()


# --- registering ---------------------------------------------------------------------------------


def test_a_team_is_registered_with_its_fee(db, teams, clock) -> None:
    info = register(Desk(db, teams, clock), team("Ann Smith", " Bob   Jones ", paid_cents=5000))
    assert info == EntrantInfo(
        number=1,
        name="Ann Smith / Bob Jones",
        players=("Ann Smith", "Bob Jones"),
        status="active",
        paid_cents=5000,
        late=False,
        owed_cents=0,
    )
    with pytest.raises(FrozenInstanceError):
        info.name = "Other"  # type: ignore[misc]
    with db.session() as session:
        [fee] = session.exec(select(LedgerEntry)).all()
        players = session.exec(select(Player.position, Player.name)).all()
    assert (fee.kind, fee.cents, fee.method, fee.at) == ("fee", 5000, "cash", clock.now())
    assert sorted(players) == [(1, "Ann Smith"), (2, "Bob Jones")]
    [entry] = [e for e in list_audit(db, teams) if e.action == "entrant.register"]
    assert entry.details["number"] == 1 and entry.details["paid_cents"] == 5000
    assert entry.at == clock.now()


def test_a_given_team_name_is_kept(db, teams, clock) -> None:
    info = register(Desk(db, teams, clock), team("Ann Smith", "Bob Jones", name="  The  Aces "))
    assert info.name == "The Aces"
    assert info.players == ("Ann Smith", "Bob Jones")
    assert info.owed_cents == 5000 and info.paid_cents == 0


def test_numbers_are_the_lowest_free_unless_given(db, teams, clock) -> None:
    assert register(Desk(db, teams, clock), team("A A", "B B", number=3)).number == 3
    assert [e.number for e in add_teams(db, teams, clock, 3)] == [1, 2, 4]
    with pytest.raises(UserError, match=r"^number: 3 is already taken \(A A / B B\)$"):
        register(Desk(db, teams, clock), team("C C", "D D", number=3))
    with pytest.raises(UserError, match="^number: must be from 1 to"):
        register(Desk(db, teams, clock), team("C C", "D D", number=0))


def test_a_team_event_needs_two_players_and_an_individual_event_one(db, teams, solo, clock) -> None:
    with pytest.raises(UserError, match=r"^players: a team event needs 2 players"):
        register(Desk(db, teams, clock), team("Ann Smith"))
    with pytest.raises(UserError, match=r"^players: an individual event registers 1 player"):
        register(Desk(db, solo, clock), team("Ann Smith", "Bob Jones"))
    assert register(Desk(db, solo, clock), team("Ann Smith")).name == "Ann Smith"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann Smith", ""], "players[1]: a name is needed"),
        (["   ", "Bob Jones"], "players[0]: a name is needed"),
        ([], "players: a name is needed"),
    ],
)
def test_an_empty_name_is_refused_naming_the_field(db, teams, clock, players, message) -> None:
    with pytest.raises(UserError) as refused:
        register(Desk(db, teams, clock), RegisterEntrant(players=players))
    assert str(refused.value) == message
    assert count(db, Entrant) == 0


def test_a_name_already_registered_is_refused_naming_the_entrant(db, teams, clock) -> None:
    add_teams(db, teams, clock, 3)
    register(Desk(db, teams, clock), team("Ann Smith", "Bob Jones"))  # entrant 4
    for spelling in ("Ann Smith", "  ann   SMITH ", "Ánn Smíth"):
        with pytest.raises(UserError) as refused:
            register(Desk(db, teams, clock), team("Carl Diaz", spelling))
        assert str(refused.value) == "players[1]: Ann Smith is already registered (entrant 4)"
    assert count(db, Entrant) == 4
    assert count(db, LedgerEntry) == 3  # the refused ones paid nothing either


def test_two_people_may_share_a_name_when_the_director_says_so(db, teams, clock) -> None:
    register(Desk(db, teams, clock), team("Ann Smith", "Bob Jones"))
    second = register(
        Desk(db, teams, clock), team("Ann Smith", "Carl Diaz", allow_duplicate_name=True)
    )
    assert second.number == 2
    [entry] = [e for e in list_audit(db, teams) if e.details.get("number") == 2]
    assert entry.details["duplicate_name_allowed"] is True


def test_the_same_name_twice_in_one_team_is_refused(db, teams, clock) -> None:
    with pytest.raises(UserError, match=r"^players\[1\]: Ann Smith is named twice"):
        register(Desk(db, teams, clock), team("Ann Smith", "ann smith"))


def test_a_withdrawn_namesake_is_named_as_withdrawn(db, teams, clock) -> None:
    register(Desk(db, teams, clock), team("Ann Smith", "Bob Jones"))
    withdraw(Desk(db, teams, clock), 1, "went home")
    with pytest.raises(UserError, match=r"\(entrant 1, withdrawn\)$"):
        register(Desk(db, teams, clock), team("Ann Smith", "Carl Diaz"))


def test_find_duplicates_flags_names_before_saving(db, teams, clock) -> None:
    register(Desk(db, teams, clock), team("Ann Smith", "Bob Jones"))
    found = find_duplicates(db, teams, ["Dee Lee", "BOB  jones", ""])
    assert found == [Duplicate(1, "BOB jones", 1, "Ann Smith / Bob Jones", "Bob Jones", "active")]
    assert found[0].message == "players[1]: Bob Jones is already registered (entrant 1)"
    assert find_duplicates(db, teams, ["Dee Lee"]) == []


def test_bad_payment_details_are_refused_naming_the_field(db, teams, clock) -> None:
    with pytest.raises(UserError, match="^paid_cents: must be more than"):
        register(Desk(db, teams, clock), team("A A", "B B", paid_cents=-5))
    with pytest.raises(UserError, match="^method: 'card' is not one of cash, check, other$"):
        register(Desk(db, teams, clock), team("A A", "B B", paid_cents=5000, method="card"))
    assert count(db, Entrant) == 0


def test_an_unknown_event_is_named(db, clock) -> None:
    with pytest.raises(UserError, match="^event: there is no event with id 'nope'$"):
        register(Desk(db, "nope", clock), team("A A"))


def test_the_setup_says_what_the_form_needs(db, teams, solo) -> None:
    setup = registration_setup(db, teams)
    assert (setup.team, setup.players_per_entrant, setup.entry_fee_cents) == (True, 2, 5000)
    assert not setup.draw_made
    solo_setup = registration_setup(db, solo)
    assert (solo_setup.team, solo_setup.entry_fee_cents) == (False, 1000)


# --- money ---------------------------------------------------------------------------------------


def test_the_paid_amount_is_the_fees_minus_the_refunds_in_the_ledger(db, teams, clock) -> None:
    register(Desk(db, teams, clock), team("Ann Smith", "Bob Jones", paid_cents=2000, method="cash"))
    clock.advance(minutes=5)
    after_payment = record_payment(Desk(db, teams, clock), 1, 3500, "check")
    assert (after_payment.paid_cents, after_payment.owed_cents) == (5500, 0)
    after_refund = refund(Desk(db, teams, clock), 1, 500, "cash")
    assert (after_refund.paid_cents, after_refund.owed_cents) == (5000, 0)
    with db.session() as session:
        rows = session.exec(select(LedgerEntry).order_by(LedgerEntry.id)).all()
        [entrant] = session.exec(select(Entrant)).all()
        # a fee row written by someone else (the treasurer's page) counts the same
        session.add(
            LedgerEntry(
                event_id=teams,
                kind="fee",
                cents=100,
                entrant_id=entrant.id,
                note="",
                at=clock.now(),
            )
        )
    assert [(r.kind, r.cents, r.method) for r in rows] == [
        ("fee", 2000, "cash"),
        ("fee", 3500, "check"),
        ("refund", 500, "cash"),
    ]
    assert builder.entrant(db, teams, 1).paid_cents == 5100
    actions = [e.action for e in list_audit(db, teams)]
    assert actions[-2:] == ["entrant.payment", "entrant.refund"]


def test_payments_are_checked(db, teams, clock) -> None:
    add_teams(db, teams, clock, 1, paid_cents=5000)
    with pytest.raises(UserError, match="^cents: must be more than"):
        record_payment(Desk(db, teams, clock), 1, 0, "cash")
    with pytest.raises(UserError, match="^method: 'iou' is not one of"):
        record_payment(Desk(db, teams, clock), 1, 100, "iou")
    with pytest.raises(UserError, match="^number: there is no entrant 9 in this event$"):
        record_payment(Desk(db, teams, clock), 9, 100, "cash")
    with pytest.raises(UserError, match=r"^cents: entrant 1 has paid \$50.00; a refund of \$60"):
        refund(Desk(db, teams, clock), 1, 6000, "cash")
    assert count(db, LedgerEntry) == 1


def test_a_removed_entrants_fee_is_not_refunded(db, teams, clock) -> None:
    add_teams(db, teams, clock, 1)
    with db.session() as session:
        row = session.exec(select(Entrant)).one()
        row.status = "removed"
        session.add(row)
    with pytest.raises(UserError, match="removed from the tournament; its entry fee stays"):
        refund(Desk(db, teams, clock), 1, 5000, "cash")


# --- withdrawing ---------------------------------------------------------------------------------


def test_a_withdrawal_keeps_the_row_number_and_money(db, teams, clock) -> None:
    add_teams(db, teams, clock, 3)
    gone = withdraw(Desk(db, teams, clock), 2, "  went   home ill ")
    assert (gone.number, gone.status, gone.paid_cents, gone.owed_cents) == (2, "withdrawn", 5000, 0)
    assert [(e.number, e.status) for e in list_entrants(db, teams)] == [
        (1, "active"),
        (2, "withdrawn"),
        (3, "active"),
    ]
    assert count(db, Entrant) == 3
    entry = list_audit(db, teams)[-1]
    assert (entry.action, entry.details["reason"]) == ("entrant.withdraw", "went home ill")
    with pytest.raises(UserError, match="^number: entrant 2 is already withdrawn$"):
        withdraw(Desk(db, teams, clock), 2, "")

    back = reinstate(Desk(db, teams, clock), 2)
    assert back.status == "active"
    assert list_audit(db, teams)[-1].action == "entrant.reinstate"
    with pytest.raises(UserError, match="^number: entrant 2 is not withdrawn$"):
        reinstate(Desk(db, teams, clock), 2)


def test_a_removed_entrant_is_neither_withdrawn_nor_reinstated_here(db, teams, clock) -> None:
    add_teams(db, teams, clock, 1)
    with db.session() as session:
        row = session.exec(select(Entrant)).one()
        row.status = "removed"
        session.add(row)
    with pytest.raises(UserError, match="^number: entrant 1 was removed by the director$"):
        withdraw(Desk(db, teams, clock), 1, "")
    with pytest.raises(UserError, match="only a withdrawn entrant can be reinstated"):
        reinstate(Desk(db, teams, clock), 1)


# --- numbers and the draw ------------------------------------------------------------------------


def test_renumber_before_the_draw(db, teams, clock) -> None:
    add_teams(db, teams, clock, 3)
    moved = renumber(Desk(db, teams, clock), 2, 20)
    assert (moved.number, moved.name, moved.paid_cents) == (20, "North 2 / South 2", 5000)
    assert [e.number for e in list_entrants(db, teams)] == [1, 3, 20]
    entry = list_audit(db, teams)[-1]
    assert (entry.action, entry.details["old"], entry.details["new"]) == ("entrant.renumber", 2, 20)
    with pytest.raises(UserError, match=r"^new_number: 3 is already taken \(North 3 / South 3\)$"):
        renumber(Desk(db, teams, clock), 20, 3)
    with pytest.raises(UserError, match="^number: there is no entrant 2 in this event$"):
        renumber(Desk(db, teams, clock), 2, 5)
    # the freed number is the next one given
    assert register(Desk(db, teams, clock), team("New One", "New Two")).number == 2


def test_numbers_are_fixed_once_the_draw_is_made(db, teams, clock) -> None:
    add_teams(db, teams, clock, 4)
    builder.draw(db, teams, clock)
    with pytest.raises(UserError, match="numbers are fixed once the draw is made"):
        renumber(Desk(db, teams, clock), 2, 9)
    assert [e.number for e in list_entrants(db, teams)] == [1, 2, 3, 4]
    assert registration_setup(db, teams).draw_made


def test_a_superseded_draw_does_not_fix_numbers(db, teams, clock) -> None:
    add_teams(db, teams, clock, 2)
    with db.session() as session:
        session.add(Draw(event_id=teams, method="random", made_at=clock.now(), superseded=True))
    assert renumber(Desk(db, teams, clock), 2, 5).number == 5


def test_a_late_entry_is_registered_and_flagged(db, teams, clock) -> None:
    add_teams(db, teams, clock, 4)
    clock.advance(minutes=40)
    builder.draw(db, teams, clock)
    clock.advance(minutes=3)
    late = register(Desk(db, teams, clock), team("Slow Coach", "Last Minute", paid_cents=5000))
    assert (late.number, late.late) == (5, True)
    assert [(e.number, e.late) for e in list_entrants(db, teams)] == [
        (1, False),
        (2, False),
        (3, False),
        (4, False),
        (5, True),
    ]
    assert list_audit(db, teams)[-1].details["late"] is True
    summary = registration_summary(db, teams)
    assert (summary.entrants, summary.tables_needed, summary.byes) == (5, 2, 1)


# --- reading -------------------------------------------------------------------------------------


def test_search_ignores_case_spacing_and_accents(db, teams, clock) -> None:
    register(Desk(db, teams, clock), team("José Díaz", "Ann Smith"))
    register(Desk(db, teams, clock), team("Bob Jones", "Carl Diaz-Ortiz"))
    register(Desk(db, teams, clock), team("Dee Lee", "Eve Moss", name="The Aces"))

    def numbers(text: str) -> list[int]:
        return [e.number for e in search(db, teams, text)]

    assert numbers("diaz") == [1, 2]
    assert numbers("  JOSE   díaz ") == [1]
    assert numbers("aces") == [3]
    assert numbers("eve") == [3]  # a player of a named team
    assert numbers("smi ann") == [1]  # every word, anywhere in the names
    assert numbers("#2") == [2]
    assert numbers("3") == [3]
    assert numbers("") == [1, 2, 3]
    assert numbers("nobody") == []


def test_search_is_instant_for_500_entrants(db, solo, clock) -> None:
    roster = "name,paid\n" + "".join(f"Player {n:03d} Surname,10\n" for n in range(1, 501))
    import_roster(Desk(db, solo, clock), preview_roster(db, solo, roster))
    start = time.perf_counter()
    found = search(db, solo, "123 SURNAME")
    elapsed = time.perf_counter() - start
    assert [e.number for e in found] == [123]
    assert elapsed < 0.5


def test_the_summary_counts_active_entrants_payments_and_tables(db, teams, clock) -> None:
    add_teams(db, teams, clock, 22, paid_cents=5000)
    add_teams_unpaid = [
        register(Desk(db, teams, clock), team(f"Late {n}", f"Payer {n}", paid_cents=2000))
        for n in (1, 2)
    ]
    assert registration_summary(db, teams) == RegistrationSummary(
        entrants=24, paid=22, tables_needed=12
    )
    withdraw(Desk(db, teams, clock), add_teams_unpaid[0].number, "")
    assert registration_summary(db, teams) == RegistrationSummary(
        entrants=23, paid=22, tables_needed=11, byes=1, withdrawn=1
    )


def test_tables_of_four_in_individual_pinochle(db, solo, clock) -> None:
    for n in range(13):
        register(Desk(db, solo, clock), team(f"Player {n}", paid_cents=1000))
    assert registration_summary(db, solo) == RegistrationSummary(
        entrants=13,
        paid=13,
        tables_needed=4,
        empty_seats=3,
        field_problem="NPA Club Pinochle seats players in fours; 13 registered: "
        "add 3 players or withdraw 1",
    )
    for n in range(13, 16):
        register(Desk(db, solo, clock), team(f"Player {n}", paid_cents=1000))
    assert registration_summary(db, solo).field_problem is None  # 16: four tables of four


def test_a_field_the_draw_cannot_seat_is_named_only_before_the_draw(db, solo, clock) -> None:
    for n in range(14):
        register(Desk(db, solo, clock), team(f"Player {n}"))
    assert registration_summary(db, solo).field_problem == (
        "NPA Club Pinochle seats players in fours; 14 registered: add 2 players or withdraw 2"
    )
    register(Desk(db, solo, clock), team("Player 14"))
    register(Desk(db, solo, clock), team("Player 15"))
    make_draw(Desk(db, solo, clock), 1)
    withdraw(Desk(db, solo, clock), 3, "")  # 15 left: the movement seats them from round 2 on
    assert registration_summary(db, solo).field_problem is None


def test_tables_of_two_in_gin(db, clock) -> None:
    gin = builder.event(db, clock, "house-gin")
    for n in range(7):
        register(Desk(db, gin, clock), team(f"Player {n}"))
    summary = registration_summary(db, gin)
    assert (summary.entrants, summary.paid, summary.tables_needed, summary.byes) == (7, 0, 3, 1)


def test_a_free_event_counts_everyone_as_paid(db, clock) -> None:
    free = builder.event(db, clock, "grand-prix-pinochle", settings={"entry_fee_cents": 0})
    add_teams(db, free, clock, 2, paid_cents=0)
    assert registration_summary(db, free).paid == 2
