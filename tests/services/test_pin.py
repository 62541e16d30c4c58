"""The director's PIN (docs/architecture.md, "The director's PIN"): the acts that need it say
so where they are declared, each is refused without it or with a wrong one and lands with it,
five wrong ones in a row refuse every PIN for a minute (the desk's clock), and the PIN is
never kept in clear."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clubdesk import services
from clubdesk.errors import PinRefused, UserError
from clubdesk.services import (
    draw,
    eventfile,
    final_payouts,
    payments,
    pin,
    registration,
    removal,
    restore,
    rounds,
    sheets,
)
from clubdesk.services.command import Act, Desk, list_audit
from clubdesk.services.payments import Refund
from clubdesk.store import pin as pin_store
from clubdesk.store.db import Database, open_database
from tests import builder
from tests.services.test_final_payouts import ROUNDS, play

PIN = "483920"
WRONG = "111111"
NEEDED = "this needs the director's PIN"


def drawn(db: Database, clock) -> str:
    """A warm-up of 6 teams at $20, drawn; no seating published yet."""
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6, paid_cents=2000)
    builder.draw(db, event_id, clock, seed=2)
    return event_id


def seated(db: Database, clock) -> str:
    """``drawn``, with round 1's seating published (not started)."""
    event_id = drawn(db, clock)
    builder.publish(db, event_id, 1, clock)
    return event_id


def round_one_in(db: Database, clock) -> str:
    """``seated``, with round 1's sheets in: round 1 has started."""
    event_id = seated(db, clock)
    builder.scores(db, event_id, 1, {1: (300, 200), 2: (310, 200), 3: (320, 200)}, clock)
    return event_id


def round_one_closed(db: Database, clock) -> str:
    event_id = round_one_in(db, clock)
    builder.close(db, event_id, 1, clock)
    return event_id


def finished(db: Database, clock) -> str:
    """Every round of the warm-up played: its payouts may be finalized."""
    event_id = drawn(db, clock)
    play(db, event_id, clock, range(1, ROUNDS + 1))
    return event_id


def finalized(db: Database, clock) -> str:
    event_id = finished(db, clock)
    final_payouts.finalize_payouts(Desk(db, event_id, clock), "Pat Lee")
    return event_id


def no_event(db: Database, clock) -> None:
    return None


def _physical_again(desk: Desk) -> object:
    drawn_now = draw.current_draw(desk.db, desk.event_id)
    assert drawn_now is not None
    picks = {row["entrant"]: row["card"] for row in drawn_now.draw.to_json()["drawn"]}
    return draw.record_physical_draw(desk, picks, redo=True)


# Each act that needs the PIN: the state it is taken in, the act, its audit row.
ACTS: dict[str, tuple[Callable[[Database, Any], str | None], Callable[[Desk], object], str]] = {
    "amend a sheet": (
        finished,
        lambda d: sheets.amend_sheet(
            d, ROUNDS, 1, score=(500, 100), director="Pat Lee", reason="added up wrong"
        ),
        "sheet.amend",
    ),
    "remove from the tournament": (
        seated,
        lambda d: removal.remove_from_tournament(d, 2, "abuse of an opponent", "Pat Lee"),
        "entrant.remove",
    ),
    "refund": (
        seated,
        lambda d: payments.refund(d, 3, 500, "cash", note="left before the draw"),
        "entrant.refund",
    ),
    "withdraw with a refund": (
        drawn,
        lambda d: registration.withdraw(d, 3, "ill", with_refund=Refund(2000, "cash", "ill")),
        "entrant.refund",  # the withdrawal's row, then the refund's
    ),
    "withdraw after round 1 started": (
        round_one_in,
        lambda d: registration.withdraw(d, 3, "left early"),
        "entrant.withdraw",
    ),
    "a new draw once a seating is published": (
        seated,
        lambda d: draw.make_draw(d, 5, redo=True),
        "draw.make",
    ),
    "a new physical draw once a seating is published": (
        seated,
        _physical_again,
        "draw.physical",
    ),
    "reopen a round": (round_one_closed, lambda d: rounds.reopen_round(d, 1), "round.reopen"),
    "finalize the payouts": (
        finished,
        lambda d: final_payouts.finalize_payouts(d, "Pat Lee"),
        "payouts.finalize",
    ),
    "reopen the payouts": (
        finalized,
        lambda d: final_payouts.reopen_payouts(d, "Pat Lee", "a fine was missed"),
        "payouts.reopen",
    ),
    "clear the PIN": (no_event, lambda d: pin.clear_pin(d.on(None)), "pin.clear"),
    "set another PIN": (no_event, lambda d: pin.set_pin(d.on(None), "2468", "2468"), "pin.set"),
}


def with_pin_set(db: Database, clock, make: Callable[[Database, Any], str | None]) -> Desk:
    """The state ``make`` builds, then the director's PIN set; a desk on its event."""
    event_id = make(db, clock)
    pin.set_pin(Desk(db, None, clock), PIN, PIN)
    return Desk(db, event_id, clock)


@pytest.mark.parametrize("name", sorted(ACTS))
def test_an_act_that_needs_the_pin_is_refused_without_it_and_lands_with_it(
    db: Database, clock, name: str
) -> None:
    make, act_on, action = ACTS[name]
    desk = with_pin_set(db, clock, make)
    before = list_audit(db)
    for given in (None, "", WRONG, "48392", "4839200", "not a pin"):
        with pytest.raises(PinRefused) as refused:
            act_on(desk.with_pin(given))
        assert str(refused.value) == NEEDED
        assert refused.value.wrong == (given not in (None, ""))
    assert list_audit(db) == before  # nothing written but the count of wrong PINs
    act_on(desk.with_pin(PIN))
    assert action in [a.action for a in list_audit(db)[len(before) :]]


def test_the_acts_that_need_the_pin_say_so_where_they_are_declared() -> None:
    import importlib
    import pkgutil

    found = set()
    for module in pkgutil.iter_modules(services.__path__, "clubdesk.services."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, Act) and value.needs_pin is not None:
                found.add(value.__name__)
    assert found == {
        "amend_sheet",
        "remove_from_tournament",
        "refund",
        "withdraw",
        "make_draw",
        "record_physical_draw",
        "reopen_round",
        "finalize_payouts",
        "reopen_payouts",
        "set_pin",
        "clear_pin",
        "confirm_pin",  # a restore's
    }


@pytest.mark.parametrize(
    "name",
    sorted(name for name in ACTS if not name.endswith("PIN")),
)
def test_without_a_pin_set_no_act_asks_for_one(db: Database, clock, name: str) -> None:
    make, act_on, action = ACTS[name]
    desk = Desk(db, make(db, clock), clock)
    before = len(list_audit(db))
    act_on(desk)
    assert action in [a.action for a in list_audit(db)[before:]]


def test_what_needs_the_pin_only_on_a_condition_needs_none_without_it(db: Database, clock) -> None:
    desk = with_pin_set(db, clock, drawn)
    draw.make_draw(desk, 9, redo=True)  # no seating published yet
    registration.withdraw(desk, 4, "ill")  # before round 1, no refund
    registration.reinstate(desk, 4)
    builder.publish(db, desk.event_id, 1, clock)
    with pytest.raises(PinRefused):
        draw.make_draw(desk, 10, redo=True)
    with pytest.raises(PinRefused):
        registration.withdraw(desk, 4, "ill", with_refund=Refund(500))
    assert builder.entrant(db, desk.event_id, 4).status == "active"


def test_a_pin_is_four_to_twelve_digits_typed_twice(db: Database, clock) -> None:
    desk = Desk(db, None, clock)
    for wrong in ("123", "1234567890123", "12a4", "١٢٣٤", " 1234", ""):
        with pytest.raises(UserError) as refused:
            pin.set_pin(desk, wrong, wrong)
        assert str(refused.value) == "pin: a PIN is 4 to 12 digits, 0 to 9"
    with pytest.raises(UserError, match="^again: the PIN typed again is not the same$"):
        pin.set_pin(desk, "1234", "1243")
    assert not pin.pin_is_set(db)
    pin.set_pin(desk, "123456789012", "123456789012")
    assert pin.pin_is_set(db)


def test_five_wrong_pins_in_a_row_refuse_every_pin_for_a_minute(db: Database, clock) -> None:
    desk = with_pin_set(db, clock, round_one_closed)
    for n in range(4):
        with pytest.raises(PinRefused):
            rounds.reopen_round(desk.with_pin(WRONG), 1)
        with db.reading() as session:  # counted, though the act's transaction was undone
            assert pin_store.director_pin(session).wrong == n + 1
    assert [a for a in list_audit(db) if a.action == "pin.lockout"] == []
    at = clock.now()
    with pytest.raises(PinRefused) as fifth:
        rounds.reopen_round(desk.with_pin(WRONG), 1)
    assert fifth.value.wrong
    (locked,) = [a for a in list_audit(db) if a.action == "pin.lockout"]
    until = at + dt.timedelta(seconds=60)
    assert (locked.event_id, locked.details) == (
        desk.event_id,
        {"wrong": 5, "until": until.isoformat(), "refused": "round.reopen"},
    )
    clock.advance(seconds=59)
    with pytest.raises(PinRefused) as refused:
        rounds.reopen_round(desk.with_pin(PIN), 1)  # the right one, refused too
    assert str(refused.value) == NEEDED and refused.value.locked_until == until
    assert not refused.value.wrong
    with pytest.raises(PinRefused):
        pin.clear_pin(desk.on(None).with_pin(PIN))
    clock.advance(seconds=1)
    rounds.reopen_round(desk.with_pin(PIN), 1)
    assert list_audit(db)[-1].action == "round.reopen"


def test_a_right_pin_breaks_the_row_of_wrong_ones(db: Database, clock) -> None:
    desk = with_pin_set(db, clock, round_one_closed)
    for _ in range(4):
        with pytest.raises(PinRefused):
            rounds.reopen_round(desk.with_pin(WRONG), 1)
    with pytest.raises(UserError, match="round 2.s seating is not published yet"):
        rounds.reopen_round(desk.with_pin(PIN), 2)  # refused for another reason: still right
    for _ in range(4):
        with pytest.raises(PinRefused):
            rounds.reopen_round(desk.with_pin(WRONG), 1)
    rounds.reopen_round(desk.with_pin(PIN), 1)
    assert "pin.lockout" not in [a.action for a in list_audit(db)]


def test_the_pin_is_kept_only_as_a_salted_hash(db: Database, clock, tmp_path: Path) -> None:
    event_id = seated(db, clock)
    desk = Desk(db, event_id, clock)
    pin.set_pin(desk.on(None), PIN, PIN)
    with db.reading() as session:
        first = pin_store.director_pin(session)
    pin.set_pin(desk.on(None).with_pin(PIN), PIN, PIN)  # the same PIN again: a new salt
    with db.reading() as session:
        second = pin_store.director_pin(session)
    assert first.salt != second.salt and first.digest != second.digest
    assert len(second.digest) == 32 and PIN not in repr(second)
    payments.refund(desk.with_pin(PIN), 3, 500, "cash", note="left early")
    backup = db.backup_to(tmp_path / "backup.sqlite")
    exported = json.dumps(eventfile.export_event(db, event_id))
    logged = json.dumps([a.details for a in list_audit(db)])
    wal = Path(f"{db.path}-wal")
    open_bytes = db.path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    db.close()
    for found in (open_bytes, db.path.read_bytes(), backup.read_bytes()):
        for written in (PIN.encode("ascii"), PIN.encode("utf-16-le"), PIN.encode("utf-16-be")):
            assert written not in found
    assert PIN not in exported and PIN not in logged


def test_a_restore_over_a_file_with_a_pin_needs_it(tmp_path: Path, clock, new_database) -> None:
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path, backups=tmp_path / "upgrades") as db:
        pin.set_pin(Desk(db, None, clock), PIN, PIN)
        backup = db.backup_to(tmp_path / "backup.sqlite")
    kept = tmp_path / "kept"
    for given in (None, WRONG):
        with pytest.raises(PinRefused) as refused:
            restore.restore_database(backup, path, clock, backups=kept, pin=given)
        assert str(refused.value) == NEEDED
    assert not kept.exists()
    done = restore.restore_database(backup, path, clock, backups=kept, pin=PIN)
    assert done.previous_kept_as is not None and done.previous_kept_as.is_file()


def test_wrong_pins_given_to_a_restore_are_counted_as_an_acts_are(
    tmp_path: Path, clock, new_database
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path, backups=tmp_path / "upgrades") as db:
        pin.set_pin(Desk(db, None, clock), PIN, PIN)
        backup = db.backup_to(tmp_path / "backup.sqlite")
    for _ in range(5):
        with pytest.raises(PinRefused):
            restore.restore_database(backup, path, clock, backups=tmp_path / "kept", pin=WRONG)
    with pytest.raises(PinRefused) as refused:
        restore.restore_database(backup, path, clock, backups=tmp_path / "kept", pin=PIN)
    assert refused.value.locked_until == clock.now() + dt.timedelta(seconds=60)
    with open_database(path) as db:
        assert [a.action for a in list_audit(db)] == ["pin.set", "pin.lockout"]


def test_a_forgotten_pin_is_cleared_by_the_files_own_account(
    db: Database, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin.set_pin(Desk(db, None, clock), PIN, PIN)
    owner = db.path.stat().st_uid
    monkeypatch.setattr(pin.os, "getuid", lambda: owner + 1)
    with pytest.raises(UserError, match="belongs to another account"):
        pin.forget_pin(Desk(db, None, clock))
    assert pin.pin_is_set(db)
    monkeypatch.setattr(pin.os, "getuid", lambda: owner)
    pin.forget_pin(Desk(db, None, clock))
    assert not pin.pin_is_set(db)
    assert [a.action for a in list_audit(db)] == ["pin.set", "pin.forgotten"]
    with pytest.raises(UserError, match="no director's PIN is set"):
        pin.forget_pin(Desk(db, None, clock))
