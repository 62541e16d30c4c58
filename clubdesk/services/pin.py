"""The director's PIN set, cleared, and cleared when forgotten (docs/architecture.md, "The
director's PIN"; docs/cli.md, ``clubdesk pin``).

The PIN is 4 to 12 digits, typed twice to be set, and kept only as a salted scrypt hash
(``pin_guard``). With a PIN set, setting another needs the one set, as clearing it does: the
acts that need it say so where they are declared (``@act(..., pin=...)``), and the command
checks it (``services/command.py``). A forgotten PIN is cleared without it only by the
laptop's account that owns the database file (``forget_pin``, the command line's
``pin clear --forgotten``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from clubdesk.domain.limits import pin_problem
from clubdesk.errors import UserError
from clubdesk.services import pin_guard
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act, always
from clubdesk.store import pin as store
from clubdesk.store.db import Database


@dataclass(frozen=True)
class PinState:
    """Whether a director's PIN is set, after an act on it."""

    is_set: bool
    changes: Change = changes_field()


def pin_is_set(db: Database) -> bool:
    """Is a director's PIN set in this database?"""
    with db.reading() as session:
        return store.director_pin(session) is not None


@act("pin.set", Change.EVENT, pin=always)
def set_pin(do: Command, pin: str, again: str) -> PinState:
    """Set the director's PIN, typed twice (``pin``, ``again``), in place of the one set, if
    any (which the desk must be given)."""
    problem = pin_problem(pin)
    if problem is not None:
        raise UserError(f"pin: {problem}", field="pin")
    if again != pin:
        raise UserError("again: the PIN typed again is not the same", field="again")
    replaced = store.director_pin(do.session) is not None
    salt = pin_guard.new_salt()
    store.set_pin(do.session, pin_guard.hashed(pin, salt), salt, pin_guard.COST, do.at)
    do.log({"replaced": replaced})
    return PinState(True)


@act("pin.clear", Change.EVENT, pin=always)
def clear_pin(do: Command) -> PinState:
    """Clear the director's PIN (the desk is given it): no act needs one from then on."""
    if not store.clear_pin(do.session):
        raise UserError("pin: no director's PIN is set; there is none to clear", field="pin")
    do.log({})
    return PinState(False)


@act("pin.forgotten", Change.EVENT)
def forget_pin(do: Command) -> PinState:
    """Clear a forgotten PIN without it: only as the user whose account holds the database
    file (and the seal key, ``store/seal.py``), logged so that the director sees it was."""
    path = do.desk.db.path
    try:
        owner = path.stat().st_uid
    except OSError as exc:
        raise UserError(f"--db: {path} cannot be read ({exc.strerror or exc})") from None
    if owner != os.getuid():
        raise UserError(
            f"--forgotten: {path} belongs to another account; only the account it belongs to "
            "can clear a forgotten PIN"
        )
    if not store.clear_pin(do.session):
        raise UserError("pin: no director's PIN is set; there is none to clear", field="pin")
    do.log({"user": os.getuid()})
    return PinState(False)


@act(None, Change.NONE, pin=always)
def confirm_pin(do: Command) -> PinState:
    """Nothing written: the desk's PIN checked as any act that needs it checks it (and a
    wrong one counted), for what is not an act on the database (a restore, which replaces
    the file: ``services/restore.py``)."""
    return PinState(store.director_pin(do.session) is not None)
