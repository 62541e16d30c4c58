"""The event file's structure (``clubdesk-event/1``), described once as pydantic models.

Reading validates each part of a file with these models (keys, types,
ranges, choices: the value types are in ``fields``); writing fills the same
models and dumps them, so the keys come out in the models' field order. What
a part says across its fields or across parts (seating, hands against score,
players on sides, ledger against paid) is checked in ``checks``. A part that
is not an object raises a ``PydanticCustomError`` of type ``clubdesk_object``;
``problems`` words it.
"""

from __future__ import annotations

from datetime import date as Date  # noqa: N812 - EventFile has a field named date
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from clubdesk.domain.event.model import (
    AWARD_KINDS,
    LEDGER_KINDS,
    PAYMENT_METHODS,
    SIGNATURE_ROLES,
    STATUSES,
)
from clubdesk.domain.eventfile.fields import (
    ABSENT,
    DRAW_KINDS,
    DRAW_METHODS,
    Cents,
    DrawnStrokes,
    EntrantName,
    EntrantNumber,
    EventText,
    GameSide,
    Hands,
    Line,
    Listed,
    MaybeMoment,
    MaybeSide,
    Members,
    Moment,
    Note,
    Number,
    Players,
    Points,
    Side,
    Text,
    Venue,
    added_points,
    choice,
    entrant_number,
    event_date,
    event_format,
    event_id,
    event_rules_id,
    event_settings,
    iso,
    maybe,
    needed,
    problem,
    show,
    whole_number,
)
from clubdesk.domain.limits import adjustments_problem
from clubdesk.domain.rulings.warnings import WARNING_KINDS

# --- parts -----------------------------------------------------------------------------------


class Part(BaseModel):
    """An object of the file: unknown keys are errors (a typo must not silently lose a fact)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    what: ClassVar[str] = ""  # its keys, for a message about a value that is not an object

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            tail = f"must be an object ({cls.what}), not {show(data)}"
            raise PydanticCustomError("clubdesk_object", "{tail}", {"tail": tail})
        return data


class ScoreIn(Part):
    what: ClassVar[str] = "a and b"
    a: Points
    b: Points


class AdjustmentIn(Part):
    what: ClassVar[str] = "side, points, reason"
    side: Side = needed()
    points: Annotated[int, PlainValidator(added_points)] = needed()
    reason: Line = needed()


class AwardIn(Part):
    what: ClassVar[str] = "kind and against"
    kind: Annotated[str, PlainValidator(choice(AWARD_KINDS))] = needed()
    against: Side = needed()


def _without_empty_strokes(write: Any, part: BaseModel) -> dict[str, Any]:
    """A part as written, leaving out ``strokes`` when nothing was drawn (a typed name)."""
    written = write(part)
    if not written.get("strokes"):
        written.pop("strokes", None)
    return written


class SignatureIn(Part):
    """A signer of a sheet; ``strokes`` (left out for a typed name) as drawn on the pad."""

    what: ClassVar[str] = "role, name, at, strokes"
    role: Annotated[str, PlainValidator(choice(SIGNATURE_ROLES))] = needed()
    name: Line = needed()
    at: Moment = needed()
    strokes: DrawnStrokes = ()

    @model_serializer(mode="wrap")
    def _drawn(self, write: Any) -> dict[str, Any]:
        return _without_empty_strokes(write, self)


class ResultIn(Part):
    what: ClassVar[str] = "score and winner"
    score: ScoreIn
    winner: MaybeSide = None


class AmendmentIn(Part):
    """A director's amendment: when, who, why, the result before and the score after."""

    what: ClassVar[str] = "at, director, reason, before, score, winner, strokes"
    at: Moment = needed()
    director: Line = needed()
    reason: Line = needed()
    before: ResultIn
    score: ScoreIn
    winner: MaybeSide = None
    strokes: DrawnStrokes = ()  # the director's signature as drawn (left out: none)

    @model_serializer(mode="wrap")
    def _drawn(self, write: Any) -> dict[str, Any]:
        return _without_empty_strokes(write, self)


class GameIn(Part):
    what: ClassVar[str] = "a game"
    table: Number = needed()
    a: GameSide = needed()
    b: GameSide = needed()
    score: ScoreIn | None = None
    hands: Hands = ()
    adjustments: Listed(AdjustmentIn, adjustments_problem) = []
    award: AwardIn | None = None
    winner: MaybeSide = None
    signatures: Listed(SignatureIn) = []
    amendments: Listed(AmendmentIn) = []
    time_called: Annotated[bool | None, PlainValidator(_true_or_false)] = None

    @model_serializer(mode="wrap")
    def _time_called_when_it_was(self, write: Any) -> dict[str, Any]:
        written = write(self)
        if not written.get("time_called"):
            written.pop("time_called", None)
        return written


class TiebreakIn(Part):
    what: ClassVar[str] = "a, b, winner, hands"
    a: EntrantNumber = needed()
    b: EntrantNumber = needed()
    winner: MaybeSide = None
    hands: Hands = ()


class RoundAwardIn(Part):
    """The director's award for a round with no game played: its points, who gave it, when."""

    what: ClassVar[str] = "points, director, at"
    points: Points = needed()
    director: Line = needed()
    at: Moment = needed()

    @field_validator("points")
    @classmethod
    def _not_below_zero(cls, value: int) -> int:
        if value < 0:
            raise problem(f" = {value} is below 0: an award only adds")
        return value


class RoundIn(Part):
    """A round; ``closed`` is written only for a round the director closed with tables'
    sheets missing (a round with every game decided is closed by its results), ``award``
    only for a round with no game played that the director gave one."""

    what: ClassVar[str] = "a round"
    number: Number = needed()
    games: Listed(GameIn) = []
    byes: Listed(EntrantNumber) = []
    tiebreaks: Listed(TiebreakIn) = []
    closed: Annotated[bool | None, PlainValidator(_true_or_false)] = None
    award: RoundAwardIn | None = None

    @model_serializer(mode="wrap")
    def _closed_when_it_says_more(self, write: Any) -> dict[str, Any]:
        return {
            key: value
            for key, value in write(self).items()
            if (key != "closed" or value) and (key != "award" or value is not None)
        }


def _true_or_false(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise problem(f" = {show(value)} is not true or false")


class RemovalIn(Part):
    """Who removed an entrant from the tournament (bid whist: ejected it), why and when."""

    what: ClassVar[str] = "director, reason, at"
    director: Line = needed()
    reason: Line = needed()
    at: MaybeMoment = None


class EntrantIn(Part):
    """An entrant; ``members`` (written only where a player is one) each player's member
    number in the club, or null; ``removal`` (written only for one removed from the
    tournament) says who removed it, why and when."""

    what: ClassVar[str] = "an entrant"
    number: Number = needed()
    name: EntrantName = needed()
    players: Players = needed()
    members: Members = ()
    paid_cents: Cents = 0
    status: Annotated[str, PlainValidator(choice(STATUSES))] = "active"
    removal: RemovalIn | None = None

    @field_validator("removal")
    @classmethod
    def _only_removed(cls, value: RemovalIn | None, info: ValidationInfo) -> RemovalIn | None:
        status = info.data.get("status")
        if value is not None and status not in (None, "removed"):
            raise problem(
                f': only an entrant removed from the tournament has one (status "removed", '
                f"not {status!r})"
            )
        return value

    @model_serializer(mode="wrap")
    def _removal_when_removed(self, write: Any) -> dict[str, Any]:
        """``removal`` only for an entrant removed, ``members`` only where one is a member."""
        return {k: v for k, v in write(self).items()
                if (k != "removal" or v is not None) and (k != "members" or any(v))}  # fmt: skip


class WarningIn(Part):
    """A warning infraction the director logged (bid whist, docs/rules.md §6): the round, the
    team, why, and the ruling it got (``warning`` or ``loss-of-hand``)."""

    what: ClassVar[str] = "round, team, reason, ruling, at"
    round: Number = needed()
    team: EntrantNumber = needed()
    reason: Line = needed()
    ruling: Annotated[str, PlainValidator(choice(WARNING_KINDS))] = needed()
    at: MaybeMoment = None


class DrawnIn(Part):
    """Who drew what: a card (``blue 3``), a chit (table and seat) or a lot."""

    what: ClassVar[str] = "entrant, and card, chit or lot"
    entrant: EntrantNumber = needed()
    card: Text | None = None
    chit: dict[str, Number] | None = None
    lot: Number | None = None

    @model_serializer(mode="wrap")
    def _what_was_drawn(self, write: Any) -> dict[str, Any]:
        return {key: value for key, value in write(self).items() if value is not None}


class DrawIn(Part):
    """The round-1 draw in force: how it was made, its seed, when, and who drew what."""

    what: ClassVar[str] = "kind, method, seed, made_at, drawn"
    kind: Annotated[str, PlainValidator(choice(DRAW_KINDS))] = needed()
    method: Annotated[str, PlainValidator(choice(DRAW_METHODS))] = needed()
    seed: Annotated[int | None, PlainValidator(maybe(whole_number(None)))] = None
    made_at: MaybeMoment = None
    drawn: Listed(DrawnIn) = []


class LedgerIn(Part):
    what: ClassVar[str] = "kind, cents, entrant, note"
    kind: Annotated[str, PlainValidator(choice(LEDGER_KINDS))] = needed()
    cents: Cents = needed()
    entrant: Annotated[int | None, PlainValidator(maybe(entrant_number))] = None
    note: Note = ""
    method: Annotated[str | None, PlainValidator(choice(PAYMENT_METHODS, none=True))] = None
    at: MaybeMoment = None


# --- what the event carries on: the payouts finalized, the round clock ------------------------


class PrizeIn(Part):
    what: ClassVar[str] = "place, entrant, amount_cents, credit_cents"
    place: Number = needed()
    entrant: EntrantNumber = needed()
    amount_cents: Cents = needed()
    credit_cents: Cents = 0


class PaidIn(Part):
    what: ClassVar[str] = "entrant, cents, method, note, at"
    entrant: EntrantNumber = needed()
    cents: Cents = needed()
    method: Annotated[str | None, PlainValidator(choice(PAYMENT_METHODS, none=True))] = None
    note: Note = ""
    at: Moment = needed()


class RedeemedIn(Part):
    what: ClassVar[str] = "entrant, cents, at"
    entrant: EntrantNumber = needed()
    cents: Cents = needed()
    at: Moment = needed()


class ReopenedIn(Part):
    what: ClassVar[str] = "director, reason, at"
    director: Line = needed()
    reason: Line = needed()
    at: Moment = needed()


class PayoutIn(Part):
    """Payouts the director finalized: the pool, each prize frozen, the cash prizes paid and
    the store credits redeemed while they were final, and their reopening (null: final)."""

    what: ClassVar[str] = "director, pool_cents, at, prizes, paid, redeemed, reopened"
    director: Line = needed()
    pool_cents: Cents = needed()
    at: Moment = needed()
    prizes: Listed(PrizeIn) = []
    paid: Listed(PaidIn) = []
    redeemed: Listed(RedeemedIn) = []
    reopened: ReopenedIn | None = None


CLOCK_FACT_KINDS = ("start", "pause", "resume", "adjust", "end", "announced")
ANNOUNCEMENTS = ("warning", "time")


class ClockFactIn(Part):
    """One fact of the round clock, in the order recorded: ``seconds`` for ``adjust`` (added;
    negative: taken off), ``announcement`` for ``announced`` (``warning`` or ``time``)."""

    what: ClassVar[str] = "round, kind, at, seconds, announcement"
    round: Number = needed()
    kind: Annotated[str, PlainValidator(choice(CLOCK_FACT_KINDS))] = needed()
    at: Moment = needed()
    seconds: Annotated[int | None, PlainValidator(maybe(whole_number(None)))] = None
    announcement: Annotated[str | None, PlainValidator(choice(ANNOUNCEMENTS, none=True))] = None

    @model_serializer(mode="wrap")
    def _what_it_says(self, write: Any) -> dict[str, Any]:
        return {key: value for key, value in write(self).items() if value is not None}


class EventFile(Part):
    """A whole event file."""

    what: ClassVar[str] = "the event"
    format: Annotated[str, PlainValidator(event_format)] = Field(
        default=ABSENT, validate_default=True
    )
    id: Annotated[str, PlainValidator(event_id)] = needed()
    name: EventText = needed()
    date: Annotated[Date | None, PlainValidator(event_date), PlainSerializer(iso)] = None
    venue: Venue = ""
    rules: Annotated[str, PlainValidator(event_rules_id)] = needed()
    settings: Annotated[dict[str, Any], PlainValidator(event_settings)] = {}
    entrants: Listed(EntrantIn) = []
    draw: DrawIn | None = None
    rounds: Listed(RoundIn) = []
    ledger: Listed(LedgerIn) = []
    warnings: Listed(WarningIn) = []  # written only when there are some
    payouts: Listed(PayoutIn) = []  # written only once the payouts were finalized
    clock: Listed(ClockFactIn) = []  # written only once a round's clock has started

    @model_serializer(mode="wrap")
    def _warnings_when_logged(self, write: Any) -> dict[str, Any]:
        kept = ("warnings", "payouts", "clock")
        return {k: v for k, v in write(self).items() if k not in kept or v}
