"""A score sheet's hand columns, shaped by the format: which fields a hand has, in the order
the paper sheet has them, one function per game (``pinochle_columns``, ``gin_columns``,
``whist_columns``), which each game's sheet description holds (``domain.games.sheets``).
The window's hand rows (``ui/sheet_rows.py``) and the tables' phone pages (``web/``) both
read that one description, and ``blank_half`` is their one check of a pair typed on one
side only (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.games.hands import HandError
from clubdesk.domain.money.fines import fines_name_a_player
from clubdesk.domain.rules import Rules

__all__ = [
    "PAIR_WORDS",
    "TOOK_CHOICES",
    "Column",
    "blank_half",
    "gin_columns",
    "pinochle_columns",
    "whist_columns",
]


@dataclass(frozen=True)
class Column:
    """One field of a hand: its JSON path (``meld.A``), its heading and how it is entered.

    ``kind``: ``side`` (A or B), ``side?`` (none, A or B), ``int`` (a number),
    ``flag`` (a tick box; ``default`` is its value on a new row), ``choice``
    (one of ``choices``), ``player`` (none, or one of the players of the side the column
    ``side_from`` names, by entrant number), ``took`` (which sides took a trick: read from
    the trick points, or said).
    """

    key: str
    heading: str
    kind: str
    default: bool = False
    choices: tuple[str, ...] = ()
    side_from: str = ""  # a player picker: the column naming the side whose players it lists


def gin_columns(rules: Rules) -> tuple[Column, ...]:
    """A gin hand's columns, in the order the paper sheet has them."""
    return (
        Column("knocker", "Knocker", "side?"),
        Column("gin", "Gin", "flag"),
        Column("deadwood.A", "Deadwood A", "int"),
        Column("deadwood.B", "Deadwood B", "int"),
        Column("knock_card", "Knock card", "int"),
    )


def whist_columns(rules: Rules) -> tuple[Column, ...]:
    """A bid whist hand's columns, in the order the paper sheet has them."""
    kinds = tuple(rules.whist.kinds) if rules.whist is not None else ()
    return (
        Column("bidder", "Bidder", "side"),
        Column("bid", "Bid", "int"),
        Column("kind", "Kind", "choice", choices=kinds),
        Column("books.A", "Books A", "int"),
        Column("books.B", "Books B", "int"),
        Column("infraction", "Infraction", "side?"),
    )


def pinochle_columns(rules: Rules) -> tuple[Column, ...]:
    """A pinochle hand's columns, in the order the paper sheet has them: the format's fines
    charged to a player, conceding, "took a trick" and the all-tricks bonus add theirs; a
    format without the no-marriage rule (``no_marriage = "off"``) has no Marriage column."""
    pinochle = rules.pinochle
    by_player = fines_name_a_player(rules)  # a fine charged to who bid or reneged (NPA)
    columns = [
        Column("bidder", "Bidder", "side"),
        *([Column("bid_by", "Bid by", "player", side_from="bidder")] if by_player else []),
        Column("bid", "Bid", "int"),
        Column("dropped", "Dropped", "flag"),
        *(
            [Column("conceded", "Conceded", "side?")]
            if pinochle is not None and pinochle.concede_allowed
            else []
        ),
        *(
            [Column("marriage", "Marriage", "flag", default=True)]
            if pinochle is None or pinochle.no_marriage != "off"
            else []
        ),
        Column("meld.A", "Meld A", "int"),
        Column("meld.B", "Meld B", "int"),
        Column("tricks.A", "Tricks A", "int"),
        Column("tricks.B", "Tricks B", "int"),
        *(
            [Column("took_trick", "Took a trick", "took")]
            if pinochle is not None and pinochle.must_take_trick
            else []
        ),
        Column("renege", "Renege", "side?"),
        *([Column("renege_by", "Renege by", "player", side_from="renege")] if by_player else []),
        Column("all_tricks", "All tricks", "side?"),
    ]
    if pinochle is not None and not pinochle.all_tricks_bonus:
        columns = [c for c in columns if c.key != "all_tricks"]
    return tuple(columns)


# "Took a trick": read from the trick points (null), or said for both sides
TOOK_CHOICES: tuple[tuple[str, dict[str, bool] | None], ...] = (
    ("by points", None),
    ("both", {"A": True, "B": True}),
    ("A only", {"A": True, "B": False}),
    ("B only", {"A": False, "B": True}),
    ("neither", {"A": False, "B": False}),
)


# pairs whose halves are typed apart: what both halves say, and when neither is typed
PAIR_WORDS = {
    "tricks": ("trick points", "the hand was not played"),
    "books": ("books", "a side lost the hand (Infraction)"),
}


def blank_half(
    raw: Mapping[str, Any], columns: tuple[Column, ...], skipped: frozenset[str], number: int
) -> HandError | None:
    """The blank half of a pair that may be left out only as a whole (the trick points of a
    hand not played), on hand ``number`` as typed (``raw``: each field, None where blank):
    one side typed, the other blank; None when there is none."""
    for pair, (words, neither) in PAIR_WORDS.items():
        halves = [c for c in columns if c.key.split(".")[0] == pair]
        given = raw.get(pair) if isinstance(raw.get(pair), Mapping) else {}
        blank = [c for c in halves if given.get(c.key.split(".")[1]) is None]
        if blank and len(blank) < len(halves) and blank[0].key not in skipped:
            return HandError(
                blank[0].key,
                f"blank; type both sides' {words}, or neither when {neither}",
                number,
            )
    return None
