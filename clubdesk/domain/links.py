"""The tables' private links (docs/cli.md, "The tables' pages"): each table's link carries a
token good for that table and round only, derived from the event's secret, so that the same
link is printed again whenever it is asked for and nothing but the secret is kept.

The token is the first 120 bits of HMAC-SHA256(secret, event, round, table) in URL-safe
base64 (20 characters); a token given is compared in constant time. The table's page carries
a CSRF token derived the same way from the link's token, so that it stays good as long as the
link does, whichever server made the page.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

__all__ = ["TOKEN_LENGTH", "csrf_token", "looks_like_token", "same_token", "table_token"]

TOKEN_LENGTH = 20
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}")


def table_token(secret: str, event_id: str, round_number: int, table: int) -> str:
    """The token of round ``round_number``'s table ``table`` under the event's ``secret``
    (hexadecimal text)."""
    message = f"table\x00{event_id}\x00{round_number}\x00{table}".encode()
    digest = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:15]).decode("ascii")


def csrf_token(secret: str, link_token: str) -> str:
    """The CSRF token the page of ``link_token`` carries, under the event's ``secret``: 32
    hexadecimal characters."""
    message = b"csrf\x00" + link_token.encode()
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()[:32]


def looks_like_token(text: str) -> bool:
    """Has ``text`` the shape of a token (a quick refusal before any look-up)?"""
    return _TOKEN.fullmatch(text) is not None


def same_token(given: str, expected: str) -> bool:
    """Is ``given`` the token ``expected``, compared in constant time?"""
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode("ascii"))
