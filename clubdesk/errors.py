"""Errors that reach a user as one plain sentence, never as a traceback."""

from __future__ import annotations

import re
from datetime import datetime

QUOTED_MAX = 200  # a value a message quotes beyond this is cut (an id, a winner, a side)
QUOTED_KEPT = 40  # what is kept of it: enough to recognise it
MESSAGE_MAX = 600  # a message beyond this is cut (a path given of thousands of characters)
_QUOTED = re.compile(rf"(['\"])((?:(?!\1)[^\n]){{{QUOTED_MAX + 1},}})\1")


def short(message: str) -> str:
    """``message`` kept short: a value it quotes beyond ``QUOTED_MAX`` characters cut to
    its first ``QUOTED_KEPT``, saying how long it was, and each of its lines cut at
    ``MESSAGE_MAX``. What a user gives is never echoed whole (a 100 KB id, a 100 KB line)."""
    if len(message) <= QUOTED_MAX:
        return message

    def cut(found: re.Match[str]) -> str:
        quote, text = found.group(1), found.group(2)
        return f"{quote}{text[:QUOTED_KEPT]}{quote}... ({len(text)} characters)"

    lines = _QUOTED.sub(cut, message).split("\n")
    return "\n".join(
        f"{line[:MESSAGE_MAX]}... ({len(line)} characters in all)"
        if len(line) > MESSAGE_MAX
        else line
        for line in lines
    )


class UserError(Exception):
    """Bad input or an unusable file, explained in words a club director reads.

    The message names the offending field, or ``FILE:LINE`` for a file.
    The command line prints it on one line and exits 2; the window shows it
    in a dialog, or beside the field ``field`` names (a path into what the
    command was given: ``"players[1]"``, ``"paid_cents"``,
    ``"settings.drop_lowest"``; ``None`` when no one field is at fault).
    """

    field: str | None = None

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(short(message))
        if field is not None:
            self.field = field

    @property
    def reason(self) -> str:
        """The message without the field it starts with, when ``field`` is set.

        ``UserError("players[1]: a name is needed", field="players[1]").reason``
        is ``"a name is needed"``.
        """
        text = str(self.args[0]) if self.args else ""
        head, colon, rest = text.partition(": ")
        if self.field is None or not colon or " " in head:
            return text
        return rest


PIN_NEEDED = "this needs the director's PIN"


class PinRefused(UserError):
    """An act that needs the director's PIN, asked without it or with a wrong one, or while
    every PIN is refused (``locked_until``) after too many wrong ones in a row. Its message
    is always ``PIN_NEEDED``; ``wrong``: a PIN was given and it was not the PIN (counted)."""

    def __init__(self, *, wrong: bool = False, locked_until: datetime | None = None):
        super().__init__(PIN_NEEDED)
        self.wrong = wrong
        self.locked_until = locked_until  # a datetime: every PIN refused until then
