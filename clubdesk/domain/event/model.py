"""An event as frozen values: entrants, rounds of games, sheets, awards, the ledger.

The facts of one tournament (docs/architecture.md, "Facts and results"). Results (standings,
cut, payouts) are derived from them, never stored in them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal

from clubdesk.domain.event.carried import FinalPayout
from clubdesk.domain.limits import Strokes
from clubdesk.domain.roundclock.state import ClockFact
from clubdesk.domain.rules import Rules
from clubdesk.domain.rulings.warnings import LoggedWarning
from clubdesk.domain.seating.draw import Draw
from clubdesk.domain.sides import SIDES as SIDES  # the sides are declared in domain.sides
from clubdesk.domain.sides import Side, other_side
from clubdesk.errors import UserError

Status = Literal["active", "withdrawn", "removed"]
STATUSES: tuple[str, ...] = ("active", "withdrawn", "removed")
AwardKind = Literal["dq", "removed"]
AWARD_KINDS: tuple[str, ...] = ("dq", "removed")
SignatureRole = Literal["scorekeeper", "countersign", "director"]
SIGNATURE_ROLES: tuple[str, ...] = ("scorekeeper", "countersign", "director")
LedgerKind = Literal["fee", "fine", "added", "expense", "refund"]
LEDGER_KINDS: tuple[str, ...] = ("fee", "fine", "added", "expense", "refund")
# A ledger row only the database keeps: a finalized prize handed over in cash. It
# leaves the cash box and does not change the pool; the event file does not list it.
PRIZE_PAID = "prize"
PAYMENT_METHODS: tuple[str, ...] = ("cash", "check", "other")
RoundStatus = Literal["pending", "running", "closed"]
ROUND_STATUSES: tuple[str, ...] = ("pending", "running", "closed")
DRAW_METHODS: tuple[str, ...] = ("random", "physical")

RulesLookup = Callable[[str], Rules]


class EventError(UserError):
    """An event file that cannot be used; ``problems`` holds one message per problem."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class Removal:
    """The director's removal of an entrant from the tournament (bid whist: ejection)."""

    director: str
    reason: str
    at: datetime | None = None


@dataclass(frozen=True)
class Entrant:
    """What standings rank: a team of two, or one player. ``removal`` says who removed it
    from the tournament, why and when (status ``removed``; None where that is not known);
    ``members`` each player's member number in the club (None: not a member; empty: none)."""

    number: int
    name: str
    players: tuple[str, ...]
    paid_cents: int = 0
    status: Status = "active"
    removal: Removal | None = None
    members: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class Score:
    """A game's final score per side, adjustments included."""

    a: int
    b: int

    def of(self, side: Side) -> int:
        return self.a if side == "a" else self.b

    def higher(self) -> Side | None:
        """The side with more points, or None on a tie."""
        if self.a == self.b:
            return None
        return "a" if self.a > self.b else "b"


@dataclass(frozen=True)
class SheetResult:
    """What a score sheet gives: the score per side and, for a tied score, who won the tie."""

    score: Score
    winner: Side | None = None

    def won_by(self) -> Side | None:
        """The side with the higher score, else the tie's winner (None: not decided)."""
        return self.score.higher() or self.winner


@dataclass(frozen=True)
class Amendment:
    """A director's correction of a submitted sheet: who, when, why, the result before and after.

    The sheet itself never changes; its result is the submitted one with its
    amendments applied in the order they were made.
    """

    director: str
    at: datetime
    reason: str
    before: SheetResult
    after: SheetResult
    strokes: Strokes = ()  # the director's signature as drawn (empty: the name only)

    @property
    def score(self) -> Score:
        """The score that stands from this amendment on."""
        return self.after.score


@dataclass(frozen=True)
class Adjustment:
    """Points given to a side on the sheet, e.g. 100 to the opponents of a late team."""

    side: Side
    points: int
    reason: str


@dataclass(frozen=True)
class Award:
    """A director's award: ``dq`` (late past the limit) or ``removed`` (from the table)."""

    kind: AwardKind
    against: Side


@dataclass(frozen=True)
class Signature:
    """A signer of a sheet: role, name, when, and the signature as drawn on the pad.

    ``strokes`` are lists of (x, y) points, each a fraction (0..1) of the pad's
    width and height (``domain.limits``); empty for a typed name or a signed paper
    sheet received.
    """

    role: SignatureRole
    name: str
    at: datetime
    strokes: Strokes = ()


@dataclass(frozen=True)
class Game:
    """One table's game in one round (its score sheet).

    ``a`` and ``b`` hold the entrant numbers of each side: one number in
    team events and gin, two partners in individual partnership events.
    ``score`` is None only for a game decided by an award without a score,
    or a game not played yet. ``score`` and ``winner`` are the result as it
    counts: the sheet's own (hands or typed score, adjustment lines, a tie's
    winner) with the director's ``amendments`` applied in order; the result
    submitted is the first amendment's ``before``. ``time_called``: the sheet's
    hands stop before the game's end because time was called (the round clock's
    end, or the director's word), where the format's clock ends games.
    """

    table: int
    a: tuple[int, ...]
    b: tuple[int, ...]
    score: Score | None = None
    hands: tuple[dict[str, Any], ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    award: Award | None = None
    winner: Side | None = None
    signatures: tuple[Signature, ...] = ()
    amendments: tuple[Amendment, ...] = ()
    time_called: bool = False

    def side(self, side: Side) -> tuple[int, ...]:
        return self.a if side == "a" else self.b

    @property
    def submitted_result(self) -> SheetResult | None:
        """The result as the sheet was submitted, before any amendment (None: no score)."""
        if self.amendments:
            return self.amendments[0].before
        return None if self.score is None else SheetResult(self.score, self.winner)

    @property
    def entrants(self) -> tuple[int, ...]:
        return (*self.a, *self.b)

    def side_of(self, number: int) -> Side | None:
        if number in self.a:
            return "a"
        if number in self.b:
            return "b"
        return None

    @property
    def decided(self) -> bool:
        """Has a result: a score or an award."""
        return self.score is not None or self.award is not None

    def won_by(self) -> Side | None:
        """The side that won: the award's other side, the higher score, or the tie's winner."""
        if self.award is not None:
            return other_side(self.award.against)
        if self.score is None:
            return None
        return self.score.higher() or self.winner


@dataclass(frozen=True)
class Tiebreak:
    """A sudden-death match (gin) or a one-hand play-off (bid whist) between two entrants."""

    a: int
    b: int
    winner: Side
    hands: tuple[dict[str, Any], ...] = ()

    @property
    def winner_number(self) -> int:
        return self.a if self.winner == "a" else self.b

    @property
    def loser_number(self) -> int:
        return self.b if self.winner == "a" else self.a


@dataclass(frozen=True)
class RoundAward:
    """The director's ruling for a round in which no game was played (every table a DQ or a
    removal): the points the opponents of a side disqualified and the byes score in place
    of the round's average (docs/rules.md §1), who gave it and when."""

    points: int
    director: str
    at: datetime


@dataclass(frozen=True)
class Round:
    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[int, ...] = ()
    tiebreaks: tuple[Tiebreak, ...] = ()
    closed: bool = False  # the director closed it with tables' sheets missing
    award: RoundAward | None = None  # given at the close of a round with no game played

    @property
    def played(self) -> tuple[Game, ...]:
        """The games actually played: a score and no award (what a round's average reads)."""
        return tuple(g for g in self.games if g.score is not None and g.award is None)

    @property
    def complete(self) -> bool:
        """Played out: it seats someone and every game has a result, or the director closed
        it with tables missing (a game without a sheet then scores nothing for either
        side)."""
        if not (self.games or self.byes):
            return False
        return self.closed or all(game.decided for game in self.games)

    def undecided_tables(self) -> tuple[int, ...]:
        return tuple(game.table for game in self.games if not game.decided)


@dataclass(frozen=True)
class LedgerEntry:
    """Money in or out of the prize fund."""

    kind: LedgerKind
    cents: int
    entrant: int | None = None
    note: str = ""
    method: str | None = None
    at: datetime | None = None


@dataclass(frozen=True)
class Event:
    """One tournament's facts; ``draw`` is the round-1 draw in force (None before it is
    made) and ``draw_made_at`` when it was made; ``warnings`` the director's log of warning
    infractions (docs/rules.md §6); ``payouts`` and ``clock`` what it carries on (``carried``)."""

    id: str
    name: str
    rules: str
    date: date | None = None
    venue: str = ""
    settings: dict[str, Any] = field(default_factory=dict, hash=False)
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[Round, ...] = ()
    ledger: tuple[LedgerEntry, ...] = ()
    draw: Draw | None = None
    draw_made_at: datetime | None = None
    warnings: tuple[LoggedWarning, ...] = ()  # bid whist's warning infractions, in order
    payouts: tuple[FinalPayout, ...] = ()  # as finalized (and reopened), in order: ``carried``
    clock: tuple[ClockFact, ...] = ()  # the round clock's facts, round by round, as recorded

    def entrant(self, number: int) -> Entrant:
        for entrant in self.entrants:
            if entrant.number == number:
                return entrant
        raise UserError(f"no entrant with number {number}")

    def round(self, number: int) -> Round:
        for round_ in self.rounds:
            if round_.number == number:
                return round_
        raise UserError(f"round {number} has not been played (the event has {len(self.rounds)})")


def event_rules(event: Event, rules_lookup: RulesLookup) -> Rules:
    """The event's rules with its settings applied."""
    return rules_lookup(event.rules).with_settings(dict(event.settings))


def side_size(rules: Rules) -> int:
    """Entrant numbers per side of a game: 2 partners in individual pinochle, else 1."""
    return 2 if rules.unit == "individual" and rules.game != "gin" else 1


def plays_final(rules: Rules, round_number: int) -> bool:
    """Is this round played to a format's final-round target (after the cut)?"""
    return rules.cut is not None and round_number > rules.cut.after_round


def needs_award(round_: Round, rules: Rules) -> bool:
    """Has the round no game played to average (every table a DQ, a removal or without its
    sheet) while someone scores its average: the opponents of a side disqualified, or a bye
    where byes score one? The director then gives the award (docs/rules.md §1)."""
    if round_.played:
        return False
    disqualified = any(g.award is not None and g.award.kind == "dq" for g in round_.games)
    return disqualified or (bool(round_.byes) and rules.seating.bye_score != "none")


def awaiting_award(rounds: tuple[Round, ...], rules: Rules) -> Round | None:
    """The first of ``rounds`` that needs the director's award and has none yet (given at
    its close): the standings are not known from it on."""
    return next((r for r in rounds if r.award is None and needs_award(r, rules)), None)
