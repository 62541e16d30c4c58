"""What every game's scoring shares: the hand JSON's sides, hand and game results, input errors.

Each game module (``pinochle``, ``gin``, ``whist``) offers the same three
functions, which ``games`` dispatches to by the rules file's ``game``:

- ``parse_hand(data: dict, rules: Rules) -> <its hand dataclass>`` validates one
  hand as docs/cli.md writes it and raises ``HandError`` naming the field;
- ``score_hand(hand, rules: Rules) -> HandResult``;
- ``score_game(hands: Sequence[dict], rules: Rules, *, final: bool = False) -> GameResult``
  (``final`` selects a format's final-round target where it has one, e.g. gin's 150).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from clubdesk.domain.limits import stored_int_problem
from clubdesk.errors import UserError

# A side as the hand JSON of docs/cli.md writes it. The game modules read and write that
# JSON, so they keep its spelling; everywhere else a side is ``domain.sides.Side`` ("a"/"b"),
# converted with ``sides.side_name`` / ``sides.hand_side`` where a hand's side leaves here.
HandSide = Literal["A", "B"]
HAND_SIDES: tuple[HandSide, HandSide] = ("A", "B")


def other(side: HandSide) -> HandSide:
    return "B" if side == "A" else "A"


class HandError(UserError):
    """A hand that cannot be scored; the message starts with the field's name."""

    def __init__(self, field_name: str, message: str, hand_number: int | None = None):
        self.field = field_name
        self.message = message
        self.hand_number = hand_number
        where = f"hand {hand_number}: " if hand_number is not None else ""
        super().__init__(f"{where}{field_name}: {message}")

    def in_hand(self, number: int) -> HandError:
        """The same error, saying which hand of a game it is in (1-based)."""
        return HandError(self.field, self.message, number)


@dataclass(frozen=True)
class HandResult:
    """Points each side gains from one hand (negative where a set subtracts)."""

    A: int
    B: int
    outcome: str
    detail: dict[str, Any] = field(default_factory=dict)

    def points(self, side: HandSide) -> int:
        return self.A if side == "A" else self.B

    def to_json(self) -> dict[str, Any]:
        return {"A": self.A, "B": self.B, "outcome": self.outcome, **self.detail}


EndedBy = Literal["limit", "hands"] | None


@dataclass(frozen=True)
class GameResult:
    """A game (one table's game in one round) scored hand by hand.

    ``totals`` after each hand are running totals; ``total`` is the final
    score per side; ``extra`` holds a game's own keys for the JSON result
    (gin's ``games`` and ``boxes``, bid whist's ``winner``).
    """

    hands: tuple[HandResult, ...]
    totals: tuple[dict[str, int], ...]
    total: dict[str, int]
    ended_by: EndedBy
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [
                {**hand.to_json(), "total": dict(running)}
                for hand, running in zip(self.hands, self.totals, strict=True)
            ],
            "total": dict(self.total),
            "ended_by": self.ended_by,
            **self.extra,
        }


def require_side(data: dict, key: str, *, allow_none: bool = False) -> HandSide | None:
    """A side field ("A"/"B"), or HandError naming it."""
    value = data.get(key)
    if value is None and allow_none:
        return None
    if value not in HAND_SIDES:
        raise HandError(key, f'must be "A" or "B", not {value!r}')
    return value


def require_int(data: Any, key: str, low: int | None = None, high: int | None = None,
                *, name: str | None = None) -> int:  # fmt: skip
    """A whole number field within [low, high], or HandError naming it."""
    name = name or key
    value = data.get(key) if isinstance(data, dict) else None
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandError(name, f"must be a whole number, not {value!r}")
    too_large = stored_int_problem(value)
    if too_large:
        raise HandError(name, "too large to be stored")
    if low is not None and value < low:
        raise HandError(name, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise HandError(name, f"must be at most {high}, not {value}")
    return value


def require_per_side(data: dict, key: str, low: int, high: int) -> dict[HandSide, int]:
    """A ``{"A": int, "B": int}`` field, each within [low, high]."""
    value = data.get(key)
    if not isinstance(value, dict) or set(value) != set(HAND_SIDES):
        raise HandError(key, f'must be {{"A": number, "B": number}}, not {value!r}')
    return {side: require_int(value, side, low, high, name=f"{key}.{side}") for side in HAND_SIDES}
