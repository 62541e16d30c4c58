"""The one way an act writes (``services/command.py``): its transaction, its event, its time
and actor, its one audit row under the name it declares, and what it changed."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services import payments
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, Desk, act, list_audit
from clubdesk.services.entrants import list_entrants
from tests import builder


@act("test.rename", Change.ENTRANTS)
def rename(do: Command, number: int, name: str, *, fail: bool = False) -> str:
    do.session.connection().exec_driver_sql(
        "UPDATE entrant SET name = ? WHERE event_id = ? AND number = ?",
        (name, do.event.id, number),
    )
    do.log({"number": number, "name": name})
    if fail:
        raise UserError("name: refused after the write")
    return name


@act("test.rename_and_pay", Change.ENTRANTS)
def rename_and_pay(do: Command, number: int, name: str) -> str:
    do.run(payments.record_payment, number, 500, "cash")
    return do.run(rename, number, name)


def test_an_act_writes_its_audit_row_by_its_name_actor_and_time(db, clock) -> None:
    event = builder.event(db, clock, entrants=2)
    before = len(list_audit(db, event))
    assert rename(Desk(db, event, clock).by("table 3"), 1, "The Aces") == "The Aces"
    [row] = list_audit(db, event)[before:]
    assert (row.action, row.actor, row.at, row.details) == (
        "test.rename",
        "table 3",
        clock.now(),
        {"number": 1, "name": "The Aces"},
    )


def test_an_act_refused_leaves_nothing_written(db, clock) -> None:
    event = builder.event(db, clock, entrants=2)
    before = (len(list_audit(db, event)), [e.name for e in list_entrants(db, event)])
    with pytest.raises(UserError, match="refused after the write"):
        rename(Desk(db, event, clock), 1, "The Aces", fail=True)
    assert (len(list_audit(db, event)), [e.name for e in list_entrants(db, event)]) == before


def test_an_act_on_no_such_event_is_refused_before_it_starts(db, clock) -> None:
    with pytest.raises(UserError, match="nowhere"):
        rename(Desk(db, "nowhere", clock), 1, "The Aces")


def test_an_act_run_inside_another_has_its_own_row_and_adds_its_changes(db, clock) -> None:
    event = builder.event(db, clock, entrants=2)
    before = len(list_audit(db, event))
    rename_and_pay(Desk(db, event, clock), 2, "The Jacks")
    rows = list_audit(db, event)[before:]
    assert [r.action for r in rows] == ["entrant.payment", "test.rename"]
    assert {r.at for r in rows} == {clock.now()}


def test_working_state_writes_no_audit_row(db, clock) -> None:
    @act(None, Change.NONE)
    def note(do: Command) -> None:
        do.log({"x": 1})

    event = builder.event(db, clock, entrants=2)
    with pytest.raises(TypeError, match="writes none"):
        note(Desk(db, event, clock))
