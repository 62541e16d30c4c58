"""Each game's score sheet, described once (docs/architecture.md, "Adding a format").

A ``SheetDescription`` says what a format's sheet is: the columns of a hand, in the order the
paper has them (``domain.games.columns``); what a hand as typed asks for
(``domain.games.asked``); the pair of numbers every hand adds up to the same total; whether
its hands hold meld to count; and the printed grid's shape (``SheetLayout``: the hand rows,
a row for a hand played only to break a tie, the fixed rows under the hands, the note
printed beneath). ``describe_sheet`` finds it by the rules' game kind, in one registry.
The window's hand rows, the tables' phone pages and the printed sheet, blank or filled,
all read it; none of them asks which game it is.

``typed_hand`` turns a row as typed (every field, None where blank) into the hand the
engine scores: fields not asked left out, blanks that mean 0 made 0, a pair left blank
on both sides left out (a hand not played out), a blank knock card left out. Everything
else stays as typed, so the engine names what is missing or wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from clubdesk.domain.games.asked import (
    OPTIONAL_NUMBERS,
    OPTIONAL_PAIRS,
    PAIRS,
    Asked,
    asks_everything,
    gin_asks,
    pinochle_asks,
)
from clubdesk.domain.games.columns import Column, gin_columns, pinochle_columns, whist_columns
from clubdesk.domain.games.hands import HAND_SIDES, other
from clubdesk.domain.rules import Rules

__all__ = [
    "SheetDescription",
    "SheetLayout",
    "asked",
    "columns_for",
    "describe_sheet",
    "fixed_pair",
    "rest",
    "typed_hand",
]


@dataclass(frozen=True)
class GridRows:
    """The rows a game's printed grid has besides one per hand: ``tiebreak_hands`` more hand
    rows, for hands played only to break a tie; ``closing``, the fixed rows under the hands
    (pinochle's Final; gin's Game bonus, Boxes and Total)."""

    tiebreak_hands: int = 0
    closing: tuple[str, ...] = ()


def _ends(layout: SheetLayout) -> str:
    """How the format's game ends, in words: ``when a side reaches 500, after 8 hands, or
    when time is called, whichever comes first``; "" when nothing in the format ends it."""
    ways = []
    if layout.point_limit:
        ways.append(f"when a side reaches {layout.point_limit}")
    if layout.max_hands:
        ways.append(f"after {layout.max_hands} {layout.hand_word}s")
    if layout.calls_time:
        ways.append("when time is called")
    if len(ways) < 2:
        return "".join(ways)
    return ", ".join(ways[:-1]) + f", or {ways[-1]}, whichever comes first"


def _pinochle_note(layout: SheetLayout) -> str:
    ends = _ends(layout)
    return f"The game ends {ends}." if ends else ""


def _gin_note(layout: SheetLayout) -> str:
    return "Hollywood: the games are scored at once, each hand in every game still open."


def _whist_note(layout: SheetLayout) -> str:
    tie = f"{layout.hand_word} {layout.hands + 1} is played only to break a tie."
    ends = _ends(layout)
    return f"The game ends {ends}; {tie}" if ends else tie.capitalize()


# by the rules' game kind: the printed grid's own rows, and the note under it
_GRIDS: dict[str, tuple[GridRows, Callable[[SheetLayout], str]]] = {
    "pinochle": (GridRows(closing=("Final",)), _pinochle_note),
    "gin": (GridRows(closing=("Game bonus", "Boxes", "Total")), _gin_note),
    "bid-whist": (GridRows(tiebreak_hands=1), _whist_note),
}


@dataclass(frozen=True)
class SheetLayout:
    """The shape of a format's printed score sheet; ``game`` (the rules' game kind) names
    its grid."""

    game: str
    hands: int  # rows to fill (pinochle, whist: the fifth is the tie-break hand)
    columns: int = 3  # gin's Hollywood games at once
    target: int = 0  # gin: points to win a game
    point_limit: int = 0  # pinochle: a side reaching this ends the game
    max_hands: int = 0  # the hands that end a game (0: none do)
    calls_time: bool = False  # time called ends a game (the round clock's end)
    hand_word: str = "hand"  # what the club's sheet calls a hand ("deal")

    @property
    def rows(self) -> int:
        """The hand rows printed: the hands, then those played only to break a tie."""
        return self.hands + _GRIDS[self.game][0].tiebreak_hands

    @property
    def closing(self) -> tuple[str, ...]:
        """The labels of the fixed rows under the hands."""
        return _GRIDS[self.game][0].closing

    @property
    def note(self) -> str:
        """What is printed under the grid ("" for nothing)."""
        return _GRIDS[self.game][1](self)


@dataclass(frozen=True)
class SheetDescription:
    """A format's score sheet: its hand columns, what a hand asks for, the pair its hands
    add up to the same total (``("tricks", 50)``; None for gin), whether a hand holds meld
    to count (the meld calculator), and the printed grid's shape."""

    columns: tuple[Column, ...]
    asks: Callable[[Mapping[str, Any], Rules], Asked] = field(compare=False, repr=False)
    layout: SheetLayout
    pair: tuple[str, int] | None = None
    melds: bool = False


def _layout(game: str, hands: int, rules: Rules, **more: int) -> SheetLayout:
    """A grid of ``hands`` rows that says how the format's game ends, in its own words."""
    end = rules.game_end
    return SheetLayout(game, hands, max_hands=end.max_hands, calls_time=rules.schedule.calls_time,
                       hand_word=end.hand_word, **more)  # fmt: skip


def _pinochle(rules: Rules) -> SheetDescription:
    end = rules.game_end
    pair = ("tricks", rules.pinochle.trick_points) if rules.pinochle is not None else None
    return SheetDescription(
        pinochle_columns(rules),
        pinochle_asks,
        _layout("pinochle", end.max_hands or 12, rules, point_limit=end.point_limit),
        pair,
        melds=rules.pinochle is not None,
    )


def _gin(rules: Rules) -> SheetDescription:
    gin = rules.gin
    layout = (
        SheetLayout("gin", 12, gin.columns, gin.target)
        if gin is not None
        else _layout("pinochle", rules.game_end.max_hands or 12, rules)
    )
    return SheetDescription(gin_columns(rules), gin_asks, layout)


def _whist(rules: Rules) -> SheetDescription:
    pair = ("books", rules.whist.books) if rules.whist is not None else None
    layout = _layout("bid-whist", rules.game_end.max_hands or 4, rules)
    return SheetDescription(whist_columns(rules), asks_everything, layout, pair)


# by the rules' game kind (``Rules.game``)
_DESCRIBED: dict[str, Callable[[Rules], SheetDescription]] = {
    "pinochle": _pinochle,
    "gin": _gin,
    "bid-whist": _whist,
}


def describe_sheet(rules: Rules) -> SheetDescription:
    """The score sheet of the format ``rules`` says."""
    return _DESCRIBED[rules.game](rules)


def columns_for(rules: Rules) -> tuple[Column, ...]:
    """The columns of this format's hand rows, in the order the paper sheet has them."""
    return describe_sheet(rules).columns


def asked(raw: Mapping[str, Any], rules: Rules) -> Asked:
    """What the hand ``raw`` (a row as typed: each field, None where blank) asks for."""
    return describe_sheet(rules).asks(raw, rules)


def fixed_pair(rules: Rules) -> tuple[str, int] | None:
    """The pair of numbers every hand of the format adds up to the same total, and that
    total: ``("tricks", 50)``, ``("books", 13)``; None for gin."""
    return describe_sheet(rules).pair


def rest(rules: Rules, key: str, value: int) -> int | None:
    """The other half of a fixed pair when ``key`` (``"tricks.A"``) holds ``value``: the
    rest of the total; None where ``key`` is no such half or ``value`` is beyond it."""
    pair = fixed_pair(rules)
    outer, _, side = key.partition(".")
    if pair is None or outer != pair[0] or side not in HAND_SIDES:
        return None
    return pair[1] - value if 0 <= value <= pair[1] else None


def typed_hand(raw: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand the engine scores from a row as typed (see the module's docstring)."""
    found = asked(raw, rules)
    hand: dict[str, Any] = {}
    for key, value in raw.items():
        if key in PAIRS and isinstance(value, Mapping):
            halves = {
                side: _number(f"{key}.{side}", value.get(side), found)
                for side in HAND_SIDES
                if f"{key}.{side}" not in found.skipped or f"{key}.{other(side)}" in found.zero
            }
            if not halves:
                continue
            if key in OPTIONAL_PAIRS and all(v is None for v in halves.values()):
                continue
            hand[key] = {side: halves.get(side, 0) for side in HAND_SIDES}
        elif key in found.skipped or (key in OPTIONAL_NUMBERS and value is None):
            continue
        else:
            hand[key] = value
    return hand


def _number(key: str, value: Any, found: Asked) -> Any:
    if key in found.skipped:
        return 0  # the half of a pair whose other half counts (a side's meld not counted)
    return 0 if value is None and key in found.zero else value
