"""A submitted score sheet as its dialog shows it: its hands or final score read-only, its
signatures as drawn, whether time was called, what it counts now and its amendments beside
it; nothing can be typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubdesk.services import sheets

if TYPE_CHECKING:
    from clubdesk.ui.sheet_dialog import SheetDialog


def show_submitted(dialog: SheetDialog, sheet: sheets.TableSheet) -> None:
    """Show ``sheet`` (submitted) in ``dialog``, read-only."""
    game = sheet.game
    for hand in game.hands:
        row = dialog.new_row()
        row.set_hand(hand)
    for row in dialog.rows:
        row.set_read_only()
    dialog.final_only.setChecked(not game.hands)
    typed = game.amendments[0].before.score if game.amendments else game.score
    if not game.hands and typed is not None:  # as typed in (an amendment shown beside)
        dialog.final_box.show_score(typed.a, typed.b)
    dialog.recalculate()
    for widget in (
        dialog.final_only,
        dialog.tie_winner,
        dialog.add_button,
        dialog.submit_button,
        dialog.meld_button,
    ):
        widget.setEnabled(False)
    dialog.signers.show_signed(game.signatures)
    dialog.time_called.setChecked(game.time_called)
    dialog.time_called.setVisible(game.time_called)
    dialog.time_called.setEnabled(False)
    score = game.score
    counts = f"{score.a} to {score.b}" if score is not None else "no score"
    dialog.total_label.setText(f"Submitted · counts {counts}")
    dialog.amendments_view.show_amendments(game.amendments)
