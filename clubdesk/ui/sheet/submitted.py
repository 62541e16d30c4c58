"""A submitted score sheet as its dialog shows it: read as submitted. A line over it says
when it went in and what it counts; its hands (or final score) stand as written, nothing to
type into; its signatures are drawn with their time; whether time was called, and its
amendments beside it. "Amend…" is the only thing to do (and Close). The sheet's widgets
are read as laid out (``layout.SheetFrame``); of its dialog only what ``SubmittedHost``
names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtWidgets import QWidget

from clubdesk.services import sheets
from clubdesk.ui.sheet.layout import SheetFrame
from clubdesk.ui.sheet.texts import submitted_text


class SubmittedHost(Protocol):
    """What a submitted sheet uses of its dialog: its rows showing the hands, the sheet
    calculated again, and the meld calculator's button (hidden)."""

    meld_button: QWidget

    def show_hands(self, hands: Sequence[dict[str, Any]]) -> None: ...

    def recalculate(self) -> None: ...


def show_submitted(dialog: SheetFrame, host: SubmittedHost, sheet: sheets.TableSheet) -> None:
    """Show ``sheet`` (submitted) in ``dialog``, read-only; ``host`` is the dialog that acts."""
    game = sheet.game
    host.show_hands(game.hands)  # the rows typed, where it was just submitted
    dialog.scroll.show_read_only()
    dialog.final_only.setChecked(not game.hands)
    typed = game.amendments[0].before.score if game.amendments else game.score
    if not game.hands and typed is not None:  # as typed in (an amendment shown beside)
        dialog.final_box.show_score(typed.a, typed.b)
    host.recalculate()
    for widget in (dialog.final_only, dialog.add_button, host.meld_button):
        widget.setEnabled(False)
        widget.hide()
    dialog.tie_winner.setEnabled(False)
    dialog.submit_button.setEnabled(False)
    dialog.signers.show_signed(game.signatures)
    dialog.time_called.setChecked(game.time_called)
    dialog.time_called.setVisible(game.time_called)
    dialog.time_called.setEnabled(False)
    score = game.score
    counts = f"{score.a} to {score.b}" if score is not None else "no score"
    dialog.total_label.setText(f"Submitted · counts {counts}")
    at = game.signatures[0].at if game.signatures else None
    dialog.banner.setText(submitted_text(at, score, bool(game.amendments)))
    dialog.banner.show()
    dialog.amendments_view.show_amendments(game.amendments)
    dialog.amend_button.setFocus()
