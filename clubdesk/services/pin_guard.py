"""The director's PIN checked (docs/architecture.md, "The director's PIN"): the PIN given
against the salted scrypt hash kept of it (``store/pin.py``), and every PIN refused for
``LOCKOUT`` after ``WRONG_MOST`` wrong ones in a row. An act declares that it needs the PIN
(``@act(..., pin=...)``, ``services/command.py``), and the command checks it there with
``check``; the counting is the command's too, in a transaction of its own."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets

from clubdesk.domain.limits import PIN_DIGITS
from clubdesk.errors import PinRefused
from clubdesk.store.pin import PinRecord

WRONG_MOST = 5  # wrong PINs in a row, after which every PIN is refused for a while
LOCKOUT = dt.timedelta(seconds=60)
COST = (2**14, 8, 1)  # scrypt's n, r, p: some 16 MB and a few hundredths of a second a PIN
SALT_BYTES = 16


def new_salt() -> bytes:
    return secrets.token_bytes(SALT_BYTES)


def hashed(pin: str, salt: bytes, cost: tuple[int, int, int] = COST) -> bytes:
    """The hash kept of ``pin`` with ``salt`` (32 bytes)."""
    n, r, p = cost
    return hashlib.scrypt(pin.encode("ascii"), salt=salt, n=n, r=r, p=p, maxmem=2**26, dklen=32)


def matches(record: PinRecord, given: str) -> bool:
    """Is ``given`` the PIN ``record`` keeps? A text that cannot be a PIN is not hashed."""
    fewest, most = PIN_DIGITS
    if not (given.isascii() and given.isdigit() and fewest <= len(given) <= most):
        return False
    return hmac.compare_digest(hashed(given, record.salt, record.cost), record.digest)


def check(record: PinRecord, given: str | None, now: dt.datetime) -> None:
    """Let an act that needs the PIN go on, or refuse it (``PinRefused``): while every PIN is
    refused, whatever is given (not counted); with no PIN given; with a wrong one (``wrong``,
    which the command counts)."""
    if record.locked_until is not None and now < record.locked_until:
        raise PinRefused(locked_until=record.locked_until)
    if not given:
        raise PinRefused()
    if not matches(record, given):
        raise PinRefused(wrong=True)
