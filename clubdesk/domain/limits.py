"""The limits on what a club could mean, in one place: the window, the event file and the
command line all check against these.

Each check returns what is wrong as the tail of a message (``" is longer than 80
characters"``), or None; the caller puts the field's name in front of it.
"""

from __future__ import annotations

import unicodedata

NAME_MAX = 80  # a player's name: what the window's name fields take
ENTRANT_NAME_MAX = 2 * NAME_MAX  # a team's name joins its two players' names
LINE_MAX = 500  # a sheet's reason for points or an amendment: a sentence or two
CENTS_MAX = 99_999_999  # $999,999.99: no entry fee, fine, expense or prize comes near it
BID_MAX = 10_000  # far beyond the top of any club's bidding ladder
POINTS_MAX = 10_000_000  # a game's score or a sheet's adjustment, either way
CLOCK_MINUTES_MAX = 24 * 60  # time added to (or taken off) a round at once, either way
INT64_MIN = -(2**63)  # what SQLite can store as a whole number
INT64_MAX = 2**63 - 1


def is_control(ch: str) -> bool:
    """Is ``ch`` a control character (a line break, an escape, a direction override...)?
    The zero-width joiner some names' letters need is not one."""
    return unicodedata.category(ch) in ("Cc", "Cf") and ch != "\u200d"


def control_characters(text: str) -> bool:
    """Does ``text`` hold a control character?"""
    return any(is_control(ch) for ch in text)


def name_problem(text: str, longest: int = NAME_MAX) -> str | None:
    """What is wrong with a name (of a player, or an entrant with ``ENTRANT_NAME_MAX``)."""
    if len(text) > longest:
        return f" is longer than {longest} characters"
    if control_characters(text):
        return " holds a control character"
    return None


def line_problem(text: str) -> str | None:
    """What is wrong with a line a score sheet or a ruling keeps (a reason), or None."""
    return name_problem(text, LINE_MAX)


def stored_int_problem(value: int) -> str | None:
    """A whole number beyond what the database can store."""
    if not INT64_MIN <= value <= INT64_MAX:
        return " is too large to be stored"
    return None


def cents_problem(cents: int) -> str | None:
    """An amount of money (in cents) beyond ``CENTS_MAX`` either way."""
    if abs(cents) > CENTS_MAX:
        return f" is more than ${CENTS_MAX // 100:,}.{CENTS_MAX % 100:02d}"
    return None


def points_problem(points: int) -> str | None:
    """A score or adjustment beyond ``POINTS_MAX`` either way (worded to follow "field: ")."""
    if abs(points) > POINTS_MAX:
        return f"beyond any score (at most {POINTS_MAX:,} points either way)"
    return None


def bid_problem(bid: int) -> str | None:
    """A bid beyond ``BID_MAX``."""
    if bid > BID_MAX:
        return f" = {bid} is beyond any bid (at most {BID_MAX})"
    return None
