"""The limits on what a club could mean, in one place: the window, the event file and the
command line all check against these.

Each check returns what is wrong as the tail of a message (``" is longer than 80
characters"``), or None; the caller puts the field's name in front of it.
"""

from __future__ import annotations

import itertools
import json
import math
import unicodedata
from datetime import date

NAME_MAX = 80  # a player's name: what the window's name fields take
ENTRANT_NAME_MAX = 2 * NAME_MAX  # a team's name joins its two players' names
EVENT_TEXT_MAX = 120  # an event's name or venue: what the window's event form takes
LINE_MAX = 500  # a sheet's reason for points or an amendment: a sentence or two
CENTS_MAX = 99_999_999  # $999,999.99: no entry fee, fine, expense or prize comes near it
BID_MAX = 10_000  # far beyond the top of any club's bidding ladder
POINTS_MAX = 10_000_000  # a game's score or a sheet's adjustment, either way
CLOCK_MINUTES_MAX = 24 * 60  # time added to (or taken off) a round at once, either way
HANDS_MAX = 200  # hands on one score sheet: a long game is a few dozen
ADJUSTMENTS_MAX = 50  # adjustment lines on one score sheet
EVENT_DATE_FIRST = date(1900, 1, 1)  # an event's day: a club's past typed in from paper,
EVENT_DATE_LAST = date(2999, 12, 31)  # or one planned ahead; the clock's times all fit
INT64_MIN = -(2**63)  # what SQLite can store as a whole number
INT64_MAX = 2**63 - 1


PIN_DIGITS = (4, 12)  # the director's PIN: the fewest and the most digits
QUOTE_MAX = 40  # what a message quotes of a value given: enough to recognise it


def quoted(text: str, longest: int = QUOTE_MAX) -> str:
    """``text`` as a message quotes it (``'gp-2011'``): a long one cut after ``longest``
    characters, saying how long it was, so that a message stays one short line."""
    if len(text) <= longest:
        return repr(text)
    return f"{text[:longest]!r}... ({len(text)} characters)"


def is_control(ch: str) -> bool:
    """Is ``ch`` a control character (a line break, an escape, a direction override...)?
    The zero-width joiner some names' letters need is not one."""
    return unicodedata.category(ch) in ("Cc", "Cf") and ch != "\u200d"


def control_characters(text: str) -> bool:
    """Does ``text`` hold a control character?"""
    if text.isprintable():  # every control character is unprintable: most names end here
        return False
    return any(is_control(ch) for ch in text)


NOT_UNICODE = "text that is not Unicode (a lone \\u surrogate)"


def lone_surrogate_at(value: object) -> str | None:
    """Where in a JSON-like value a text (or a key) holds a lone surrogate (``"\\ud800"``,
    which no file or database can store), as ``entrants[0].players[1]`` (``the value`` for
    a text given alone); None if nowhere."""
    try:  # the whole value at once (most hold no surrogate), each text only when one fails
        json.dumps(value, ensure_ascii=False, default=repr).encode("utf-8")
    except (UnicodeEncodeError, TypeError, ValueError):  # a surrogate, or keys JSON has not
        pass
    else:
        return None
    waiting: list[tuple[object, str]] = [(value, "")]
    while waiting:
        found, at = waiting.pop()
        if isinstance(found, str) and not _encodable(found):
            return at or "the value"
        if isinstance(found, dict):
            for key, item in found.items():
                where = f"{at}.{key}" if at else str(key)
                if isinstance(key, str) and not _encodable(key):
                    return at or "a key"
                waiting.append((item, where))
        elif isinstance(found, list | tuple):
            waiting.extend((item, f"{at}[{n}]") for n, item in enumerate(found))
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def name_problem(text: str, longest: int = NAME_MAX) -> str | None:
    """What is wrong with a name (of a player, or an entrant with ``ENTRANT_NAME_MAX``)."""
    if len(text) > longest:
        return f" is longer than {longest} characters"
    if control_characters(text):
        return " holds a control character"
    return None


def date_problem(day: date) -> str | None:
    """What is wrong with an event's day, or None: a date beyond ``EVENT_DATE_FIRST`` to
    ``EVENT_DATE_LAST`` is a mistake (a year typed wrong), and its timetable would run off
    the calendar."""
    if not EVENT_DATE_FIRST <= day <= EVENT_DATE_LAST:
        first, last = EVENT_DATE_FIRST.year, EVENT_DATE_LAST.year
        return f" {day.isoformat()} is not a day from {first} to {last}"
    return None


def line_problem(text: str) -> str | None:
    """What is wrong with a line a score sheet or a ruling keeps (a reason), or None."""
    return name_problem(text, LINE_MAX)


def pin_problem(text: str) -> str | None:
    """What is wrong with a PIN to be set (worded to follow "pin: "), or None: only the
    digits 0 to 9, from 4 to 12 of them. It is never quoted back."""
    fewest, most = PIN_DIGITS
    if not (text.isascii() and text.isdigit()) or not fewest <= len(text) <= most:
        return f"a PIN is {fewest} to {most} digits, 0 to 9"
    return None


def hands_problem(count: int) -> str | None:
    """Too many hands for one score sheet (``HANDS_MAX``)."""
    if count > HANDS_MAX:
        return f" holds {count} (at most {HANDS_MAX} hands on one sheet)"
    return None


def adjustments_problem(count: int) -> str | None:
    """Too many adjustment lines for one score sheet (``ADJUSTMENTS_MAX``)."""
    if count > ADJUSTMENTS_MAX:
        return f" holds {count} (at most {ADJUSTMENTS_MAX} lines on one sheet)"
    return None


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


# A signature drawn on the pad: strokes of [x, y] points, each coordinate a fraction of the
# pad's width (x, from the left) or height (y, from the top), so that any size redraws it.
# The pad keeps one shape wherever it is shown (``SIGNATURE_PAD_ASPECT``: its width over its
# height), so the fractions redraw the signature in its own proportions at any size.
# A hurried signature is 3-15 strokes of a few dozen points each at the pad's sampling.
SIGNATURE_PAD_ASPECT = 3.5
STROKES_MAX = 100  # strokes in one signature
STROKE_POINTS_MAX = 1_000  # points in one stroke
SIGNATURE_POINTS_MAX = 10_000  # points in one signature, all strokes together
# A signature is a real stroke: its ink, all strokes together, runs at least a tenth of the
# pad's width (a name written small is several times that; a dot or a tap has none).
SIGNATURE_INK_MIN = 0.1

Strokes = tuple[tuple[tuple[float, float], ...], ...]


def strokes_problem(value: object) -> str | None:
    """What is wrong with a signature's strokes as given (JSON-like lists), worded to follow
    the field's name (``[3][2] = [1.5, 0.2] is not ...``); None when they can be kept."""
    if not isinstance(value, list | tuple):
        return " must be a list of strokes, each a list of [x, y] points"
    if len(value) > STROKES_MAX:
        return f" has {len(value)} strokes (at most {STROKES_MAX})"
    total = 0
    for index, stroke in enumerate(value):
        if not isinstance(stroke, list | tuple):
            return f"[{index}] must be a list of [x, y] points"
        if not stroke:
            return f"[{index}] has no points"
        if len(stroke) > STROKE_POINTS_MAX:
            return f"[{index}] has {len(stroke)} points (at most {STROKE_POINTS_MAX})"
        total += len(stroke)
        for n, point in enumerate(stroke):
            if not _is_point(point):
                return (
                    f"[{index}][{n}] = {_shown(point)} is not [x, y] with x and y "
                    "from 0 to 1 (a fraction of the pad's width and height)"
                )
    if total > SIGNATURE_POINTS_MAX:
        return f" has {total} points (at most {SIGNATURE_POINTS_MAX})"
    return None


def ink_length(strokes: Strokes) -> float:
    """How far the pen ran over the pad, all strokes together, in widths of the pad (a
    height is ``1 / SIGNATURE_PAD_ASPECT`` of a width)."""
    return sum(
        math.hypot(x2 - x1, (y2 - y1) / SIGNATURE_PAD_ASPECT)
        for stroke in strokes
        for (x1, y1), (x2, y2) in itertools.pairwise(stroke)
    )


def ink_problem(strokes: Strokes) -> str | None:
    """A signature drawn with less ink than ``SIGNATURE_INK_MIN`` (a dot, a tap): not a
    signature. Strokes already checked by ``strokes_problem``; none at all is no drawing
    (a name only), which this does not refuse."""
    if strokes and ink_length(strokes) < SIGNATURE_INK_MIN:
        return ": a dot is not a signature; sign your name across the pad"
    return None


def as_strokes(value: object) -> Strokes:
    """Strokes checked by ``strokes_problem`` (ValueError if they were not), as floats."""
    wrong = strokes_problem(value)
    if wrong:
        raise ValueError(f"strokes{wrong}")
    return tuple(
        tuple((float(x), float(y)) for x, y in stroke)  # type: ignore[misc]
        for stroke in value  # type: ignore[union-attr]
    )


def _is_point(point: object) -> bool:
    if not isinstance(point, list | tuple) or len(point) != 2:
        return False
    for v in point:
        if isinstance(v, bool) or not isinstance(v, int | float):
            return False
        if not 0 <= v <= 1 or not math.isfinite(v):  # NaN fails the range too
            return False
    return True


def _shown(value: object) -> str:
    try:
        text = repr(list(value) if isinstance(value, tuple) else value)
    except ValueError:  # a whole number of thousands of digits
        return "a number too large to show"
    return text if len(text) <= 40 else text[:37] + "..."
