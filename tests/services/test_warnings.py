"""Bid whist warnings over the whole event (docs/rules.md §6), through the services: a team's
first infraction is a warning, any later one proposes a loss of hand the director
confirms or not, none in the playoffs."""

from __future__ import annotations

import dataclasses

import pytest

from clubdesk.domain.rulings.warnings import LoggedWarning
from clubdesk.errors import UserError
from clubdesk.services import registration, warnings
from clubdesk.services import seating as seating_service
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.services.events import NewEvent, create_event
from tests import builder
from tests.services.test_rulings import NIGHT


@pytest.fixture
def whist(db, clock) -> str:
    """A bid whist event: 8 teams drawn, rounds 1 and 2 seated."""
    event_id = builder.event(db, clock, "bid-whist", name="Whist", entrants=8)
    builder.draw(db, event_id, clock, seed=11)
    builder.publish(db, event_id, 1, clock)
    builder.publish(db, event_id, 2, clock)
    return event_id


def at_table(db, whist: str, round_number: int, index: int = 0) -> tuple[int, int]:
    """The table and N/S team of the ``index``-th table of a round."""
    table = seating_service.seating(db, whist, round_number).tables[index]
    return table.table, table.a[0]


def test_the_first_is_a_warning_a_later_one_in_another_round_proposes_a_loss_of_hand(
    db, clock, whist
) -> None:
    # seed 004: "the team causing the infraction will be given a warning. Any further
    # infractions may result in the loss of the hand."
    table, team = at_table(db, whist, 1)
    preview = warnings.warning_preview(db, whist, 1, team)
    assert (preview.ruling.text, preview.table, preview.side) == ("Warning 1", table, "a")
    first = warnings.log_warning(Desk(db, whist, clock), 1, team, "talking across the table")
    assert (first.kind, first.count) == ("warning", 1)
    assert changes_of(first) == Change.SHEETS | Change.ENTRANTS
    later = warnings.warning_preview(db, whist, 2, team)
    assert later.ruling.text == "Loss of hand proposed: confirm?"
    assert later.ruling.earlier == (
        dataclasses.replace(later.ruling.earlier[0], reason="talking across the table"),
    )
    with pytest.raises(UserError, match="^loss_of_hand: team .* a loss of hand is proposed"):
        warnings.log_warning(Desk(db, whist, clock), 2, team, "bid out of turn")
    confirmed = warnings.log_warning(
        Desk(db, whist, clock), 2, team, "bid out of turn", loss_of_hand=True
    )
    assert (confirmed.kind, confirmed.count) == ("loss-of-hand", 2)
    there = next(t for t in seating_service.seating(db, whist, 2).tables if team in t.entrants)
    assert team in there.a  # N/S stays at its table
    assert confirmed.text == (
        f"Team {team} loses the hand: on table {there.table}'s sheet, enter the hand with its "
        "infraction against side A (side B scores the bid)."
    )
    assert list_audit(db, whist)[-1].details == {
        "round": 2, "team": team, "reason": "bid out of turn", "playoff": False,
        "ruling": "loss-of-hand", "proposed": "loss-of-hand", "count": 2,
    }  # fmt: skip


def test_the_director_may_decline_the_loss_of_hand(db, clock, whist) -> None:
    _, team = at_table(db, whist, 1)
    warnings.log_warning(Desk(db, whist, clock), 1, team, "talking")
    again = warnings.log_warning(Desk(db, whist, clock), 1, team, "talking", loss_of_hand=False)
    assert (again.kind, again.count) == ("warning", 2)
    assert warnings.warning_preview(db, whist, 1, team).ruling.to_decide  # still proposed


def test_a_first_infraction_is_not_a_loss_of_hand(db, clock, whist) -> None:
    _, team = at_table(db, whist, 1)
    with pytest.raises(UserError, match="first infraction is a warning"):
        warnings.log_warning(Desk(db, whist, clock), 1, team, "talking", loss_of_hand=True)
    assert warnings.warnings_logged(db, whist) == []


def to_the_playoffs(db, clock, whist: str) -> None:
    """Rounds 1 to 3 played (N/S wins every game) and the first playoff round published."""
    for number in (1, 2, 3):
        seats = seating_service.seating(db, whist, number) if number < 3 else None
        seats = seats or builder.publish(db, whist, number, clock)
        builder.scores(db, whist, number, {t.table: (5, 1) for t in seats.tables}, clock)
    builder.publish(db, whist, 4, clock)


def test_no_warnings_in_playoffs(db, clock, whist) -> None:
    # seed 004: "There will be no warnings allowed during the Playoff Rounds."
    to_the_playoffs(db, clock, whist)
    _, team = at_table(db, whist, 4)
    ruling = warnings.log_warning(Desk(db, whist, clock), 4, team, "talking")
    assert (ruling.kind, ruling.count) == ("loss-of-hand", 1)
    with pytest.raises(UserError, match="no warnings in the playoffs"):
        warnings.log_warning(Desk(db, whist, clock), 4, team, "talking", loss_of_hand=False)
    logged = warnings.warnings_logged(db, whist, team=team)
    assert [(w.round, w.playoff, w.kind) for w in logged] == [(4, True, "loss-of-hand")]


def test_warnings_are_read_back_in_order(db, clock, whist) -> None:
    _, three = at_table(db, whist, 1, 0)
    _, five = at_table(db, whist, 1, 1)
    warnings.log_warning(Desk(db, whist, clock), 1, three, "talking")
    warnings.log_warning(Desk(db, whist, clock), 1, five, "  slow   play ")
    warnings.log_warning(Desk(db, whist, clock), 1, three, "bid out of turn", loss_of_hand=True)
    found = [dataclasses.replace(w, at=None) for w in warnings.warnings_logged(db, whist)]
    assert found == [
        LoggedWarning(1, three, "talking"),
        LoggedWarning(1, five, "slow play"),
        LoggedWarning(1, three, "bid out of turn", kind="loss-of-hand"),
    ]
    assert [w.reason for w in warnings.warnings_logged(db, whist, team=three)] == [
        "talking",
        "bid out of turn",
    ]


@pytest.mark.parametrize(
    ("round_number", "team", "reason", "message"),
    [
        (4, 3, "talking", r"^round: round 4's seating is not published yet"),
        (3, 3, "talking", r"^round: round 3's seating is not published yet"),
        (0, 3, "talking", r"^round: must be a round number from 1, not 0"),
        (1, 99, "talking", r"^team: there is no team 99 in this event"),
        (1, 3, "   ", r"^reason: say what the infraction was"),
    ],
)
def test_a_wrong_warning_is_refused_and_nothing_is_logged(
    db, clock, whist, round_number, team, reason, message
) -> None:
    audit_before = list_audit(db, whist)
    with pytest.raises(UserError, match=message):
        warnings.log_warning(Desk(db, whist, clock), round_number, team, reason)
    assert list_audit(db, whist) == audit_before


def test_a_withdrawn_team_gets_no_warning(db, clock, whist) -> None:
    registration.withdraw(Desk(db, whist, clock), 6, "went home")
    with pytest.raises(UserError, match="^team: team 6 is withdrawn"):
        warnings.log_warning(Desk(db, whist, clock), 1, 6, "talking")


def test_a_format_without_warnings_refuses_them(db, clock) -> None:
    info = create_event(Desk(db, None, clock), NewEvent("Gin", NIGHT, "", "house-gin"))
    registration.register(Desk(db, info.id, clock), registration.RegisterEntrant(players=["A"]))
    with pytest.raises(UserError, match="^warning: .* has no warnings"):
        warnings.log_warning(Desk(db, info.id, clock), 1, 1, "talking")


def test_an_event_file_carries_its_warnings_over(db, clock, whist) -> None:
    _, team = at_table(db, whist, 1)
    warnings.log_warning(Desk(db, whist, clock), 1, team, "talking")
    warnings.log_warning(Desk(db, whist, clock), 2, team, "bid out of turn", loss_of_hand=True)
    exported = export_event(db, whist)
    assert [(w["round"], w["team"], w["ruling"]) for w in exported["warnings"]] == [
        (1, team, "warning"),
        (2, team, "loss-of-hand"),
    ]
    clock.advance(minutes=1)
    import_event(Desk(db, None, clock), exported, replace=True)
    assert [w.kind for w in warnings.warnings_logged(db, whist)] == ["warning", "loss-of-hand"]
    assert export_event(db, whist) == exported
    assert warnings.warning_preview(db, whist, 2, team).ruling.count == 3
