"""What an event file carries beyond the sheets, so that an event imported elsewhere goes on
exactly where it was (docs/event-file.md, "What the event file keeps"): the payouts the director
finalized (each frozen prize, the cash prizes handed over and the store credits redeemed
while they were final, and who reopened them, when and why), and the round clock's facts
(``domain.roundclock.state.ClockFact``, their monotonic readings left behind: another computer's
clock)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class FrozenPrize:
    """A prize as the director froze it: place, entrant number, amount, store-credit part."""

    place: int
    number: int
    amount_cents: int
    credit_cents: int = 0


@dataclass(frozen=True)
class PrizePaid:
    """A frozen prize's cash part handed over (a ``prize`` ledger row)."""

    entrant: int
    cents: int
    method: str | None
    note: str
    at: datetime


@dataclass(frozen=True)
class CreditRedeemed:
    """A store-credit prize redeemed by its entrant."""

    entrant: int
    cents: int
    at: datetime


@dataclass(frozen=True)
class Reopened:
    """Who reopened finalized payouts, why and when."""

    director: str
    reason: str
    at: datetime


@dataclass(frozen=True)
class FinalPayout:
    """Payouts as the director finalized them, and what happened while they were final."""

    director: str
    pool_cents: int
    at: datetime
    prizes: tuple[FrozenPrize, ...]
    paid: tuple[PrizePaid, ...] = ()
    redeemed: tuple[CreditRedeemed, ...] = ()
    reopened: Reopened | None = None
