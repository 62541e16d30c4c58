"""The tables of finalized payouts, as SQLModel classes (beside ``models.py``, which holds
the event's other tables and brings these into the same metadata)."""

import datetime as dt

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from clubdesk.store.column_types import IsoDateTime


class PayoutFinal(SQLModel, table=True):
    """Payouts frozen by the director; reopening fills the ``reopened_*`` columns (all three
    or none), and the rows stay."""

    __tablename__ = "payout_final"

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    director: str
    pool_cents: int
    finalized_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    reopened_by: str | None = None
    reopen_reason: str | None = None
    reopened_at: dt.datetime | None = Field(default=None, sa_type=IsoDateTime, nullable=True)


class FinalPrize(SQLModel, table=True):
    """One frozen prize: its place, entrant, amount and the part of it in store credit."""

    __tablename__ = "final_prize"
    __table_args__ = (UniqueConstraint("payout_id", "entrant_id"),)

    id: int | None = Field(default=None, primary_key=True)
    payout_id: int = Field(foreign_key="payout_final.id")
    place: int
    entrant_id: int = Field(foreign_key="entrant.id")
    amount_cents: int
    credit_cents: int


class CreditRedeemed(SQLModel, table=True):
    """A store-credit prize redeemed by its entrant (once), and when."""

    __tablename__ = "credit_redeemed"
    __table_args__ = (UniqueConstraint("entrant_id"),)

    id: int | None = Field(default=None, primary_key=True)
    entrant_id: int = Field(foreign_key="entrant.id")
    cents: int
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
