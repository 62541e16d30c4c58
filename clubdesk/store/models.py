"""The tables of an event, as SQLModel classes.

The database itself is built by the numbered migrations in ``migrations/``;
these classes describe the same tables for queries, and a test checks that
the two agree. Money is integer cents. Times are ISO-8601 text with a
timezone; a date is ISO text (``2026-11-29``); JSON columns are text.

Sides at a table are ``"a"`` and ``"b"`` (docs/rules.md: A = North/South). Seats 1 and 3
are side a, seats 2 and 4 side b; in team events side a's team sits in seat 1, b's in 2.

A score sheet (``game``) is filled in before it is submitted: seats, hands, adjustments
and signatures first, then ``submitted_at``. From then on the database refuses any change
to the game and those rows (corrections go in ``amendment``).
"""

import datetime as dt
from typing import Any

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from clubdesk.store.columns import IsoDate, IsoDateTime, JsonText

SIDES = ("a", "b")

# The values the other choice columns hold (entrant and round statuses, award kinds, signature
# roles, ledger kinds, payment and draw methods) are declared once, in ``domain.event.model``.


class Event(SQLModel, table=True):
    """One tournament: its rules (id and a snapshot of the file) and per-event settings."""

    __tablename__ = "event"

    id: str = Field(primary_key=True)
    name: str
    date: dt.date = Field(sa_type=IsoDate)
    venue: str = ""
    rules_id: str
    rules_text: str = ""
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=JsonText, nullable=False)
    created_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class EventArchive(SQLModel, table=True):
    """An event kept out of the way: an imported event file replaced it (``--replace``).

    The archived event keeps every row, under a new id (``gp-2011--replaced-1``);
    ``original_id`` is the id it had, now the id of the event that replaced it.
    """

    __tablename__ = "event_archive"

    event_id: str = Field(primary_key=True, foreign_key="event.id")
    original_id: str
    archived_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    reason: str


class Entrant(SQLModel, table=True):
    """What standings rank: a team in team events, one player in individual events."""

    __tablename__ = "entrant"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    number: int
    name: str
    status: str = "active"  # model.STATUSES
    created_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class Player(SQLModel, table=True):
    """A person in an entrant; ``position`` 1 or 2 in a team, 1 in individual events;
    ``member_id`` the club's member who plays (None: a player the club does not know)."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("entrant_id", "position"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    entrant_id: int = Field(foreign_key="entrant.id")
    position: int = 1
    name: str
    member_id: int | None = Field(default=None, foreign_key="member.id")


class Member(SQLModel, table=True):
    """A player the club knows across every event of the database: the member number, the
    name, and the club's own columns (phone, email, notes) as they were imported."""

    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("number"),)

    id: int | None = Field(default=None, primary_key=True)
    number: int
    name: str
    club_columns: dict[str, str] = Field(default_factory=dict, sa_type=JsonText, nullable=False)
    created_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class Round(SQLModel, table=True):
    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    number: int
    status: str = "pending"  # model.ROUND_STATUSES


class RoundAward(SQLModel, table=True):
    """The director's award for a round in which no game was played: the points the
    opponents of a side disqualified and the byes score (docs/rules.md §1), who gave it and
    when; one per round, given at its close, taken back when the close is undone."""

    __tablename__ = "round_award"
    __table_args__ = (UniqueConstraint("round_id"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id")
    points: int
    director: str
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class Game(SQLModel, table=True):
    """One table's game in a round: its score sheet. ``score_a``/``score_b`` are the game's
    final score per side, adjustments included: typed from a paper sheet, or what the hands
    give, stored when the sheet is submitted (a submitted sheet never changes, so its score is
    a fact of the sheet). ``award_kind``/``award_against`` a director's award
    (model.AWARD_KINDS, SIDES); ``winner`` a side that won a tie-break."""

    __tablename__ = "game"
    __table_args__ = (UniqueConstraint("round_id", "table_number"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id")
    table_number: int
    score_a: int | None = None
    score_b: int | None = None
    award_kind: str | None = None
    award_against: str | None = None
    winner: str | None = None
    submitted_at: dt.datetime | None = Field(default=None, sa_type=IsoDateTime)
    time_called: bool = False  # the hands stop before the game's end: time was called


class GameSeat(SQLModel, table=True):
    """Who sits where at a game: one entrant per side in team events, two in individual events."""

    __tablename__ = "game_seat"
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        UniqueConstraint("game_id", "entrant_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    side: str  # SIDES; seats 1 and 3 are side a
    seat: int
    entrant_id: int = Field(foreign_key="entrant.id")


class Bye(SQLModel, table=True):
    __tablename__ = "bye"
    __table_args__ = (UniqueConstraint("round_id", "entrant_id"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id")
    entrant_id: int = Field(foreign_key="entrant.id")


class Hand(SQLModel, table=True):
    """One deal; ``data`` is the hand exactly as ``score-hand`` reads it (docs/cli.md)."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    number: int
    data: dict[str, Any] = Field(sa_type=JsonText, nullable=False)


class SheetDraft(SQLModel, table=True):
    """A score sheet being typed, kept after every hand until it is submitted: the hands as
    typed (``source``: the window, or a phone at the table)."""

    __tablename__ = "sheet_draft"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", unique=True)
    hands: list[Any] = Field(sa_type=JsonText, nullable=False)
    saved_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    source: str
    confirmed: int | None = None  # hands confirmed by the opponents on the phone (None: window)


class TableLink(SQLModel, table=True):
    """An event's secret for the tables' private links (``services/links.py``), and the
    address they were last served at."""

    __tablename__ = "table_link"

    event_id: str = Field(foreign_key="event.id", primary_key=True)
    secret: str
    base_url: str | None = None
    created_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class Signature(SQLModel, table=True):
    __tablename__ = "signature"
    __table_args__ = (UniqueConstraint("game_id", "role"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    role: str  # model.SIGNATURE_ROLES
    name: str
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    image: bytes | None = None  # the signature as drawn, PNG
    strokes: str | None = None  # as drawn on the pad: compact JSON (store.sheets.strokes_text)


class Adjustment(SQLModel, table=True):
    """Points given to a side on the sheet, e.g. 100 to the opponents of a late team."""

    __tablename__ = "adjustment"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    side: str  # SIDES
    points: int
    reason: str


class Amendment(SQLModel, table=True):
    """A director's correction to a submitted sheet; old and new values are JSON."""

    __tablename__ = "amendment"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    what: str
    old_value: Any = Field(default=None, sa_type=JsonText, nullable=True)
    new_value: Any = Field(default=None, sa_type=JsonText, nullable=True)
    who: str
    why: str
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    image: bytes | None = None  # the director's signature, PNG
    strokes: str | None = None  # the director's signature as drawn on the pad, compact JSON


class AmendmentLogged(SQLModel, table=True):
    """An amendment written with its audit row (or imported with its event): the database
    logs it itself; an amendment without one was written outside clubdesk."""

    __tablename__ = "amendment_logged"

    amendment_id: int = Field(foreign_key="amendment.id", primary_key=True)


class LedgerEntry(SQLModel, table=True):
    """Money in or out: kind is one of model.LEDGER_KINDS, method one of model.PAYMENT_METHODS.
    ``at`` is None only for a row imported from an event file that did not say when;
    ``from_paid_cents`` marks an entry fee an imported event file gave only as the entrant's
    ``paid_cents`` (not as a ledger row of its own)."""

    __tablename__ = "ledger_entry"

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    kind: str
    cents: int
    entrant_id: int | None = Field(default=None, foreign_key="entrant.id")
    method: str | None = None
    note: str = ""
    at: dt.datetime | None = Field(sa_type=IsoDateTime, nullable=True)
    from_paid_cents: bool = False


class Tiebreak(SQLModel, table=True):
    """A sudden-death match (gin) or one-hand play-off (bid whist) between two entrants,
    recorded in the round after which the tie was broken; ``hands`` as the sheet gives them."""

    __tablename__ = "tiebreak"

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id")
    entrant_a_id: int = Field(foreign_key="entrant.id")
    entrant_b_id: int = Field(foreign_key="entrant.id")
    winner: str  # SIDES
    hands: list[dict[str, Any]] = Field(default_factory=list, sa_type=JsonText, nullable=False)


class Warning(SQLModel, table=True):
    """A warning infraction logged against an entrant, and its ruling (warning or
    loss-of-hand); rows are never changed or deleted."""

    __tablename__ = "warning"

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    round_number: int
    playoff: bool = False
    entrant_id: int = Field(foreign_key="entrant.id")
    reason: str
    ruling: str  # "warning" or "loss-of-hand"
    actor: str
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class Removal(SQLModel, table=True):
    """An entrant removed from the tournament (ejected, in bid whist): the director who ruled,
    why and when; one per entrant, never changed or deleted."""

    __tablename__ = "removal"
    __table_args__ = (UniqueConstraint("entrant_id"),)

    id: int | None = Field(default=None, primary_key=True)
    entrant_id: int = Field(foreign_key="entrant.id")
    director: str
    reason: str
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)


class Draw(SQLModel, table=True):
    """A round-1 draw; a redraw marks the old one superseded (one current draw per event)."""

    __tablename__ = "draw"

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    method: str  # model.DRAW_METHODS
    seed: int | None = None
    made_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    superseded: bool = False


class DrawAssignment(SQLModel, table=True):
    """Where the draw put one entrant: table, seat (team events: 1 = N/S, 2 = E/W) and card."""

    __tablename__ = "draw_assignment"
    __table_args__ = (
        UniqueConstraint("draw_id", "entrant_id"),
        UniqueConstraint("draw_id", "table_number", "seat"),
    )

    id: int | None = Field(default=None, primary_key=True)
    draw_id: int = Field(foreign_key="draw.id")
    entrant_id: int = Field(foreign_key="entrant.id")
    table_number: int
    seat: int
    card: str = ""  # e.g. "blue 3", "red 4", "table 2 seat 3"


class ClockState(SQLModel, table=True):
    """A round's clock as files before version 5 stored it; migration 5 turned these rows
    into ``clock_fact`` rows, which are the record since. Kept as it was, never written."""

    __tablename__ = "clock_state"
    __table_args__ = (UniqueConstraint("event_id", "round_number"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    round_number: int
    started_at: dt.datetime | None = Field(default=None, sa_type=IsoDateTime)
    paused_at: dt.datetime | None = Field(default=None, sa_type=IsoDateTime)
    paused_seconds: float = 0.0
    extension_seconds: int = 0
    warned: bool = False
    ended_at: dt.datetime | None = Field(default=None, sa_type=IsoDateTime)


class ClockFact(SQLModel, table=True):
    """One fact of a round's clock (started, paused, resumed, adjusted, ended, announced);
    never changed or deleted."""

    __tablename__ = "clock_fact"

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id")
    round_number: int
    kind: str  # start, pause, resume, adjust, end, announced
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    monotonic: float | None = None
    seconds: int = 0  # adjust: seconds added (negative: taken off)
    announcement: str | None = None  # announced: warning or time


class AuditLog(SQLModel, table=True):
    """Who did what and when; rows are never changed or deleted."""

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, primary_key=True)
    at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    actor: str
    action: str
    event_id: str | None = None
    details: dict[str, Any] = Field(default_factory=dict, sa_type=JsonText, nullable=False)


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


class Seal(SQLModel, table=True):
    """A row written, changed or deleted, sealed as its transaction committed (``seal.py``)."""

    __tablename__ = "seal"
    __table_args__ = (UniqueConstraint("chain", "seq"), Index("seal_row", "tbl", "row_key"))

    id: int | None = Field(default=None, primary_key=True)
    chain: str  # the event's id; '' for the club's own rows
    seq: int
    tbl: str
    row_key: str
    digest: bytes
    mac: bytes | None = None  # on the last seal of a transaction's batch in its chain


class DirectorPin(SQLModel, table=True):
    """The director's PIN as a salted scrypt hash, never the PIN (``store/pin.py``); the wrong
    PINs given in a row, and the time until which every PIN is refused after too many."""

    __tablename__ = "director_pin"

    id: int | None = Field(default=None, primary_key=True)
    digest: bytes
    salt: bytes
    scrypt_n: int
    scrypt_r: int
    scrypt_p: int
    set_at: dt.datetime = Field(sa_type=IsoDateTime, nullable=False)
    wrong: int = 0
    locked_until: dt.datetime | None = Field(default=None, sa_type=IsoDateTime, nullable=True)


class SealKey(SQLModel, table=True):
    """Which key sealed the file (its name, never the key), and who accepted it here."""

    __tablename__ = "seal_key"

    id: int | None = Field(default=None, primary_key=True)
    key_id: str
    accepted_by: str | None = None
    accepted_at: str | None = None


metadata = SQLModel.metadata


def typed_columns() -> list[tuple[str, str]]:
    """Every (table, column) that holds a time, a date or JSON as text (``columns.py``)."""
    return [
        (table.name, column.name)
        for table in metadata.sorted_tables
        for column in table.columns
        if isinstance(column.type, (IsoDateTime, IsoDate, JsonText))
    ]
