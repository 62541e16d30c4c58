"""A score sheet's draft in the window: the hands typed so far kept after every hand, and
brought back when the table's sheet is opened again (``services/drafts.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QLabel

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import UserError
from clubdesk.printing.text import time_of_day
from clubdesk.services import drafts
from clubdesk.ui.context import UiContext
from clubdesk.ui.style import set_role


class SheetDraft:
    """One table's draft, and the line under the sheet that says it was brought back."""

    def __init__(self, context: UiContext, round_number: int, table: int):
        assert context.db is not None and context.event_id is not None
        self.context = context
        self.round_number, self.table = round_number, table
        self.note = set_role(QLabel(), "hint")
        self.note.hide()
        self._kept: list[dict[str, Any]] = []

    def brought_back(self) -> tuple[dict[str, Any], ...]:
        """The hands kept for the table's sheet (none when nothing was typed yet)."""
        found = drafts.table_draft(
            self.context.db, self.context.event_id, self.round_number, self.table
        )  # type: ignore[arg-type]
        if found is None or not found.hands:
            return ()
        self._kept = list(found.hands)
        count = len(found.hands)
        where = " on a phone" if found.source == "phone" else ""
        self.note.setText(
            f"{count} hand{'s' if count != 1 else ''} brought back, as typed{where} "
            f"until {time_of_day(found.saved_at)}."
        )
        self.note.show()
        return found.hands

    def keep(self, hands: Sequence[dict[str, Any]]) -> str:
        """Keep ``hands`` as the draft (when they changed); why it could not be, else ""."""
        if list(hands) == self._kept:
            return ""
        try:
            drafts.save_draft(self.context.desk, self.round_number, self.table, hands)
        except UserError as error:
            return plain_words(error)
        self._kept = [dict(hand) for hand in hands]
        return ""
