"""The director's PIN's one row (migration step 19), between the table and a frozen value:
the salted scrypt hash and its salt and cost, never the PIN; the wrong PINs given in a row
and the time until which every PIN is refused. The club's own row, sealed as every fact is
(``seal.py``); clearing the PIN deletes it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from sqlmodel import Session

from clubdesk.store.columns import read_time, time_text
from clubdesk.store.db import plain_cursor, plain_rows


@dataclass(frozen=True)
class PinRecord:
    digest: bytes = field(repr=False)  # scrypt's hash of the PIN with the salt
    salt: bytes = field(repr=False)
    cost: tuple[int, int, int]  # scrypt's n, r, p
    set_at: dt.datetime
    wrong: int  # wrong PINs in a row since the last right one
    locked_until: dt.datetime | None  # every PIN refused until then (None: none refused)


_COLUMNS = "digest, salt, scrypt_n, scrypt_r, scrypt_p, set_at, wrong, locked_until"


def director_pin(session: Session) -> PinRecord | None:
    """The PIN set (None: no PIN is set)."""
    rows = plain_rows(session, f"SELECT {_COLUMNS} FROM director_pin WHERE id = 1")
    if not rows:
        return None
    digest, salt, n, r, p, set_at, wrong, locked_until = rows[0]
    return PinRecord(
        bytes(digest),
        bytes(salt),
        (n, r, p),
        read_time(set_at),
        wrong,
        read_time(locked_until) if locked_until is not None else None,
    )


def set_pin(
    session: Session, digest: bytes, salt: bytes, cost: tuple[int, int, int], at: dt.datetime
) -> None:
    """Set the PIN (in place of any set before), with no wrong PIN counted."""
    cursor = plain_cursor(session)
    cursor.execute("DELETE FROM director_pin")
    cursor.execute(
        f"INSERT INTO director_pin (id, {_COLUMNS}) VALUES (1, ?, ?, ?, ?, ?, ?, 0, NULL)",
        (digest, salt, *cost, time_text(at)),
    )


def clear_pin(session: Session) -> bool:
    """Clear the PIN; whether one was set."""
    return plain_cursor(session).execute("DELETE FROM director_pin").rowcount > 0


def count_wrong(session: Session, most: int, lockout: dt.timedelta, at: dt.datetime) -> bool:
    """One more wrong PIN: the ``most``-th in a row refuses every PIN for ``lockout`` from
    ``at`` and starts the count again. Whether it did (nothing without a PIN set)."""
    found = director_pin(session)
    if found is None:
        return False
    wrong, until = found.wrong + 1, None
    if wrong >= most:
        wrong, until = 0, time_text(at + lockout)
    plain_cursor(session).execute(
        "UPDATE director_pin SET wrong = ?, locked_until = coalesce(?, locked_until) WHERE id = 1",
        (wrong, until),
    )
    return until is not None


def reset_wrong(session: Session) -> None:
    """A right PIN given: the wrong ones before it are no longer in a row."""
    plain_cursor(session).execute("UPDATE director_pin SET wrong = 0 WHERE id = 1 AND wrong > 0")
