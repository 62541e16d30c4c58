"""Money as people write it and as clubdesk keeps it: integer cents, never floats.

``parse_money`` reads an amount in dollars the way a director types it or a
spreadsheet exports it ("50", "50.00", "$50", "$1,250.50"); ``format_money``
writes cents back as "$1,250.50".
"""

from __future__ import annotations

import re

from clubdesk.domain.limits import CENTS_MAX

MAX_CENTS = CENTS_MAX  # $999,999.99: far above any club's pool

_AMOUNT = re.compile(
    r"""^\$?\s*
        (?P<dollars>\d{1,3}(?:,\d{3})+|\d+)?   # 1250 or 1,250
        (?:\.(?P<cents>\d{0,2}))?              # .5 or .50
        $""",
    re.VERBOSE,
)


class MoneyError(ValueError):
    """Text that is not an amount of money; the message quotes it."""


def parse_money(text: str) -> int:
    """Dollars as written (``50``, ``50.00``, ``$50``, ``1,250.5``) -> cents (``5000``).

    Raises ``MoneyError`` ("'fifty' is not an amount") for anything else,
    including a blank, a negative amount, more than two decimals or more
    than ``MAX_CENTS``.
    """
    found = _AMOUNT.match(text.strip())
    if found is None or (found.group("dollars") is None and not found.group("cents")):
        raise MoneyError(f"{text.strip()!r} is not an amount")
    dollars = int((found.group("dollars") or "0").replace(",", ""))
    cents = int((found.group("cents") or "0").ljust(2, "0"))
    total = dollars * 100 + cents
    if total > MAX_CENTS:
        raise MoneyError(f"{text.strip()!r} is more than {format_money(MAX_CENTS)}")
    return total


def format_money(cents: int) -> str:
    """``5000`` -> ``$50.00``; ``123456`` -> ``$1,234.56``; ``-250`` -> ``-$2.50``."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"
