"""What field sizes a format's draw can seat, asked before the draw is made.

The round-1 draw refuses a field it cannot seat (``draw.py``); the Players and Draw pages
ask here first, so the director learns it while the field is still being registered, in
the same words the draw would use (docs/rules.md §1, §3-6):

- a card draw (Grand Prix, bid whist) seats any field of 2 teams or more: an odd field
  has a bye station;
- a chit draw (NPA, Sun City West) seats players in fours, filling at least the format's
  smallest number of tables (``seating.min_tables``): 14 or 17 players cannot be seated;
- a random draw (gin) seats any field of 1 player or more: an odd player out has a bye.

Later rounds are the movement's business: a field that stops being a multiple of four
after the draw sits its extra players out in turn.
"""

from __future__ import annotations

from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.draw import (
    RANDOM_EMPTY,
    DrawKind,
    cards_problem,
    fours_problem,
)


def field_problem(rules: Rules, entrants: int) -> str | None:
    """Why the round-1 draw of ``rules`` cannot seat a field of ``entrants`` (None when it
    can); the words are the ones the draw refuses the field with."""
    return kind_problem(
        rules.seating.draw, entrants, min_tables=rules.seating.min_tables, label=rules.title
    )


def kind_problem(
    kind: DrawKind, entrants: int, *, min_tables: int = 1, label: str = "this event"
) -> str | None:
    """Why a draw of ``kind`` (cards, chits, random) cannot seat ``entrants`` (None when it
    can); ``min_tables`` and ``label`` are the chit draw's (the format's smallest number of
    tables, its title)."""
    if kind == "cards":
        return cards_problem(entrants)
    if kind == "chits":
        return fours_problem(entrants, min_tables=min_tables, label=label)
    return RANDOM_EMPTY if entrants < 1 else None


def seatable(rules: Rules, entrants: int) -> bool:
    """Can the round-1 draw of ``rules`` seat a field of ``entrants``?"""
    return field_problem(rules, entrants) is None
