"""The plain rows every printed document is built from.

``clubdesk.services.documents`` gathers them from the database; the printing
modules only lay them out (they never read the database). Frozen values,
no reportlab here, so a test can build any document from rows it writes.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

Paper = Literal["letter", "a4"]
PAPERS: tuple[Paper, ...] = ("letter", "a4")


@dataclass(frozen=True)
class Heading:
    """What every page of a document says: whose event, which day, when it was printed."""

    club: str  # the venue, or the format's title when the event names none
    event: str
    day: dt.date | None
    printed_at: dt.datetime


@dataclass(frozen=True)
class Side:
    """One side at a table: its entrant numbers and the names to print."""

    numbers: tuple[int, ...]
    names: tuple[str, ...]

    @property
    def text(self) -> str:
        """``3 Ann Lee & 7 Bo Chen``, or ``12 North12 / South12`` for a team."""
        return " & ".join(
            f"{n} {name}".rstrip() for n, name in zip(self.numbers, self.names, strict=True)
        )


@dataclass(frozen=True)
class TableRow:
    table: int
    a: Side
    b: Side
    link: str | None = None  # the table's private link for the round, where one is known


@dataclass(frozen=True)
class RoundTables:
    """A round's tables with the sides named as the format names them (N/S, Seats 1 & 3...)."""

    round: int
    labels: tuple[str, str]
    tables: tuple[TableRow, ...]
    byes: tuple[Side, ...] = ()
    title: str = ""  # the round as the event names it ("Playoffs: semi-final")

    @property
    def name(self) -> str:
        """The round's title, else ``Round N``."""
        return self.title or f"Round {self.round}"


@dataclass(frozen=True)
class SeatLine:
    """One entrant's place in a round, for the wall list by entrant number."""

    number: int
    name: str
    table: int | None  # None: a bye
    where: str  # "N/S", "Seat 3", "Player", or "bye"


@dataclass(frozen=True)
class StandingLine:
    place: int | None  # None: listed without a place (the name says why)
    tied: bool
    number: int
    name: str
    total: int
    rounds: tuple[int, ...]
    dropped: tuple[int, ...]  # round numbers not counted
    byes: tuple[int, ...] = ()
    wins: int = 0
    bonus: int = 0
    absent: tuple[int, ...] = ()  # rounds the entrant was not seated in (after a cut)


@dataclass(frozen=True)
class PlayoffLine:
    """A team's place in bid whist's final order from the playoffs."""

    place: int
    tied: bool
    number: int
    name: str
    seed: int
    result: str  # "Champion", "Runner-up", "Lost in the semi-final", ...


@dataclass(frozen=True)
class StandingsRows:
    after_round: int
    unit: str  # team or individual
    show_wins: bool
    lines: tuple[StandingLine, ...]
    cut_size: int | None = None  # the line is drawn below this many rows
    advance: int | None = None  # how many advance at the cut (default: ``cut_size``)
    ties: tuple[str, ...] = ()  # the tie-breaks due, a line each
    playoff: tuple[PlayoffLine, ...] = ()  # the final order from the playoffs, once played
    warnings: tuple[tuple[int, int], ...] = ()  # (entrant, warnings logged), by entrant number


@dataclass(frozen=True)
class PoolTerm:
    label: str
    cents: int  # negative: taken from the pot


@dataclass(frozen=True)
class PlayerShare:
    """One player's share of a team's prize, and the part of it in store credit."""

    player: str
    cents: int
    credit_cents: int = 0


@dataclass(frozen=True)
class PrizeLine:
    place: int
    number: int
    name: str
    amount_cents: int
    players: tuple[PlayerShare, ...]  # each player's share, when more than one
    credit_cents: int = 0  # the part paid in store credit; the rest is cash


@dataclass(frozen=True)
class UndecidedLine:
    text: str


@dataclass(frozen=True)
class PayoutRows:
    terms: tuple[PoolTerm, ...]
    pool_cents: int
    prizes_in: str  # cash or store-credit
    played: bool
    provisional: str | None  # why the prizes may still change; None when final
    prizes: tuple[PrizeLine, ...]
    undecided: tuple[UndecidedLine, ...] = ()
    scheme: tuple[str, ...] = ()  # the payout scheme in words, place by place
    final: str = ""  # who froze these prizes and when ("": not finalized)
    credits: tuple[str, ...] = ()  # each store credit redeemed, to redeem or lapsed, in words


@dataclass(frozen=True)
class Chit:
    """One slip to cut out: ``big`` is what the drawer reads (``B 3``, ``Table 4``)."""

    big: str
    small: str
    colour: Literal["blue", "red", "plain"] = "plain"


Stroke = tuple[tuple[float, float], ...]  # points of one pen stroke, x and y in 0..1


@dataclass(frozen=True)
class SignatureLine:
    """A signature on a sheet handed in: the role, the name, and the strokes of the pen
    where it was signed on screen (x from the left, y from the top, both 0..1 of the pad)."""

    role: str
    name: str
    strokes: tuple[Stroke, ...] = ()


@dataclass(frozen=True)
class FilledSheet:
    """What a submitted sheet holds, in the blank sheet's own rows and columns.

    ``rows``: a row per hand, every cell of the format's grid (the hand's label
    first); ``closing``: the cells of the rows the grid has under the hands
    after their label (pinochle: Final; gin: Game bonus, Boxes, Total; bid
    whist: none). ``score_a``/``score_b``: the result as it counts, adjustment
    lines and amendments included.
    """

    rows: tuple[tuple[str, ...], ...]
    closing: tuple[tuple[str, ...], ...]
    score_a: int | None
    score_b: int | None
    signatures: tuple[SignatureLine, ...]
    notes: tuple[str, ...]  # the hands' remarks, adjustments, awards, amendments


@dataclass(frozen=True)
class ScoreSheet:
    round: int
    table: int
    labels: tuple[str, str]
    a: Side
    b: Side
    filled: FilledSheet | None = None
    title: str = ""  # the round as the event names it ("Playoffs: semi-final")

    @property
    def name(self) -> str:
        """The round's title, else ``Round N``."""
        return self.title or f"Round {self.round}"


@dataclass(frozen=True)
class ScheduleLine:
    round: int
    starts: dt.datetime
    ends: dt.datetime
    warning_at: dt.datetime | None
    then: str  # "break 15 min", "meal 60 min", "overnight" or ""


@dataclass(frozen=True)
class SeasonLine:
    place: int
    shared: bool  # another member has the same place
    member: int
    name: str
    events: int
    points: int
    counted: tuple[int, ...]  # the event scores that count, highest first


@dataclass(frozen=True)
class SeasonRows:
    season: str
    events: tuple[str, ...]  # the season's events as printed: name and day
    lines: tuple[SeasonLine, ...]
