"""Errors that reach a user as one plain sentence, never as a traceback."""

from __future__ import annotations


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
        super().__init__(message)
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
