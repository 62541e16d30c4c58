"""What a seating is: tables, sides and seats, byes, the NPA partner draw.

Sides: in team events ``a`` is the N/S team and ``b`` the E/W team; in
individual partnership events ``a`` = (seat 1, seat 3) and ``b`` = (seat 2,
seat 4). A result is given per table as the winning side, "a" or "b".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.rules import Rules
from clubdesk.domain.sides import Side
from clubdesk.errors import UserError


@dataclass(frozen=True)
class TableSeating:
    """One table in one round: side a and side b (see the module docstring)."""

    table: int
    a: tuple[int, ...]
    b: tuple[int, ...]

    @property
    def entrants(self) -> tuple[int, ...]:
        return self.a + self.b

    def side(self, side: Side) -> tuple[int, ...]:
        return self.a if side == "a" else self.b

    def side_of(self, entrant: int) -> Side | None:
        if entrant in self.a:
            return "a"
        if entrant in self.b:
            return "b"
        return None

    def seat_of(self, entrant: int) -> int | None:
        """Seat 1-4 at a partnership table (1 and 3 v 2 and 4); None elsewhere."""
        if len(self.a) != 2 or len(self.b) != 2:
            return None
        seats = {self.a[0]: 1, self.b[0]: 2, self.a[1]: 3, self.b[1]: 4}
        return seats.get(entrant)

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "a": _side_json(self.a), "b": _side_json(self.b)}


def _side_json(side: tuple[int, ...]) -> int | list[int]:
    """A side of one entrant (a team, a gin player) is a number; partners are a list."""
    return side[0] if len(side) == 1 else list(side)


RANKS = {14: "A", 13: "K", 12: "Q", 11: "J"}


@dataclass(frozen=True)
class PartnerCard:
    """The card one player drew for partners: rank 2-14 of an ordinary pack, ace high."""

    player: int
    rank: int

    @property
    def label(self) -> str:
        return RANKS.get(self.rank, str(self.rank))


@dataclass(frozen=True)
class PartnerDraw:
    """The partner draw at one table (NPA): who drew which card.

    Ties are drawn again at the table, so the four ranks are different; the
    two high cards play together against the two low cards.
    """

    table: int
    cards: tuple[PartnerCard, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "cards": [{"player": c.player, "card": c.label} for c in self.cards],
        }


@dataclass(frozen=True)
class RoundSeating:
    """Who sits where in one round, who has a bye, and any partner draw made at the tables."""

    round: int
    tables: tuple[TableSeating, ...]
    byes: tuple[int, ...] = ()
    partner_draws: tuple[PartnerDraw, ...] = ()

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(e for t in self.tables for e in t.entrants)

    @property
    def entrants(self) -> tuple[int, ...]:
        """Everyone in the round, seated or on a bye, in number order."""
        return tuple(sorted(self.seated + self.byes))

    def table(self, number: int) -> TableSeating:
        for t in self.tables:
            if t.table == number:
                return t
        raise UserError(f"round {self.round} has no table {number}")

    def table_of(self, entrant: int) -> TableSeating | None:
        """The table ``entrant`` sits at (None on a bye or not playing)."""
        return next((t for t in self.tables if entrant in t.entrants), None)

    def to_json(self) -> dict[str, Any]:
        """The seating output of docs/cli.md."""
        return {
            "round": self.round,
            "tables": [t.to_json() for t in self.tables],
            "byes": list(self.byes),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundSeating:
        """The inverse of ``to_json``; UserError naming the first bad field."""
        number = _whole(data.get("round"), "round")
        tables = []
        rows = data.get("tables")
        if not isinstance(rows, list):
            raise UserError(f"round {number}: tables must be a list")
        for row in rows:
            if not isinstance(row, Mapping):
                raise UserError(f"round {number}: each table must be an object, not {row!r}")
            table = _whole(row.get("table"), f"round {number}: table")
            where = f"round {number}, table {table}"
            sides = [_side_from_json(row.get(k), f"{where}: {k}") for k in ("a", "b")]
            tables.append(TableSeating(table, sides[0], sides[1]))
        byes = data.get("byes", [])
        if not isinstance(byes, list):
            raise UserError(f"round {number}: byes must be a list")
        return cls(number, tuple(tables), tuple(_whole(b, f"round {number}: byes") for b in byes))


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"{name} must be a whole number, not {value!r}")
    return value


def _side_from_json(value: Any, name: str) -> tuple[int, ...]:
    if isinstance(value, list):
        return tuple(_whole(v, name) for v in value)
    return (_whole(value, name),)


def side_labels(rules: Rules) -> tuple[str, str]:
    """What a seating list calls sides a and b in this format."""
    if rules.unit == "team":
        return ("N/S", "E/W")
    if rules.game == "gin":
        return ("Player", "Player")
    return ("Seats 1 & 3", "Seats 2 & 4")
