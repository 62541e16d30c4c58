"""The two sides of a table, spelled one way everywhere: ``"a"`` and ``"b"``.

Side a is North/South (seats 1 and 3), side b East/West (seats 2 and 4)
(docs/rules.md). The event file, the seating output, the database and every
domain value spell them ``"a"`` and ``"b"``. Only the hand JSON of
docs/event-file.md (what ``score-hand`` reads and prints) writes them ``"A"`` and
``"B"``: the game modules read and write that JSON (``games.hands.HandSide``),
and ``side_name`` / ``hand_side`` convert where a hand's side meets the rest.
"""

from __future__ import annotations

from typing import Any, Literal

Side = Literal["a", "b"]
SIDES: tuple[Side, Side] = ("a", "b")


def other_side(side: Side) -> Side:
    """The side across the table."""
    return "b" if side == "a" else "a"


def side_name(value: Any) -> Side | None:
    """A side written ``"A"``/``"B"`` (hand JSON) in our spelling; None for anything else."""
    return {"A": "a", "B": "b"}.get(value) if isinstance(value, str) else None


def hand_side(side: Side) -> Literal["A", "B"]:
    """A side as the hand JSON writes it."""
    return "A" if side == "a" else "B"


def seat_place(seat: int) -> tuple[Side, int]:
    """Where seat ``seat`` (1-4) sits in its side's list of players: seats 1 and 3 are
    side a's first and second, seats 2 and 4 side b's."""
    return ("a" if seat % 2 else "b"), (seat - 1) // 2
