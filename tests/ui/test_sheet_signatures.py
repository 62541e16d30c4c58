"""Signing a sheet on the pads, and the director's amendment dialog: signing twice (Clear and
sign again), submitting with drawn signatures, a submitted sheet that cannot be edited, and an
amendment signed by the director, shown beside the original."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog

from clubdesk.errors import UserError
from clubdesk.services import sheets
from clubdesk.services.command import Desk
from clubdesk.ui.context import UiContext
from clubdesk.ui.sheet.amend_dialog import AmendDialog
from clubdesk.ui.sheet.dialog import SheetDialog
from tests import builder
from tests.ui.showing import exposed
from tests.ui.test_sheet_dialog import PINOCHLE_HANDS, seated
from tests.ui.test_signature_pad import draw


@pytest.fixture
def pinochle(db, clock) -> str:
    return seated(db, clock, "grand-prix-pinochle", 4)


def open_sheet(qtbot, db, clock, event_id: str) -> SheetDialog:
    dialog = SheetDialog(UiContext(db, clock, event_id), 1, 1)
    dialog.confirm = lambda title, question: True
    qtbot.addWidget(dialog)
    dialog.resize(1280, 820)
    dialog.show()
    exposed(dialog)
    return dialog


def typed_in(dialog: SheetDialog) -> None:
    dialog.final_only.setChecked(True)
    dialog.score_a.setText("512")
    dialog.score_b.setText("388")


def test_submitting_needs_both_pads_signed(qtbot, db, clock, pinochle) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    typed_in(dialog)
    keeper, counter = dialog.signers.pads["scorekeeper"], dialog.signers.pads["countersign"]
    assert not dialog.submit_button.isEnabled()
    draw(qtbot, keeper, (0.1, 0.6), (0.2, 0.3), (0.3, 0.6))
    assert not dialog.submit_button.isEnabled()  # the opponent has not signed yet
    draw(qtbot, counter, (0.1, 0.5), (0.5, 0.5))
    assert dialog.submit_button.isEnabled()
    counter.undo_button.click()
    assert not dialog.submit_button.isEnabled()


def test_signing_twice_keeps_only_the_second_signature(qtbot, db, clock, pinochle) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    typed_in(dialog)
    keeper, counter = dialog.signers.pads["scorekeeper"], dialog.signers.pads["countersign"]
    draw(qtbot, keeper, (0.1, 0.6), (0.9, 0.2))  # a slip of the hand
    keeper.clear_button.click()
    draw(qtbot, keeper, (0.1, 0.6), (0.2, 0.3), (0.3, 0.6))
    draw(qtbot, keeper, (0.35, 0.6), (0.45, 0.4))
    draw(qtbot, counter, (0.1, 0.5), (0.5, 0.5), (0.6, 0.45))
    drawn = {"scorekeeper": keeper.strokes(), "countersign": counter.strokes()}
    dialog.submit_button.click()
    sheet = sheets.table_sheet(db, pinochle, 1, 1)
    assert sheet.submitted
    stored = {s.role: s.strokes for s in sheet.game.signatures}
    assert stored == drawn
    assert len(stored["scorekeeper"]) == 2  # the slip was cleared away
    names = builder.signers(db, pinochle, 1, 1)
    assert {s.role: s.name for s in sheet.game.signatures} == names


def test_picking_another_signer_clears_the_pad(qtbot, db, clock, pinochle) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    keeper = dialog.signers.pads["scorekeeper"]
    draw(qtbot, keeper, (0.1, 0.6), (0.3, 0.6))
    dialog.scorekeeper.setCurrentIndex(1)
    assert keeper.is_empty()
    assert keeper.canvas._name == dialog.scorekeeper.currentData()


def test_the_paper_attestation_submits_names_without_strokes(qtbot, db, clock, pinochle) -> None:
    dialog = open_sheet(qtbot, db, clock, pinochle)
    typed_in(dialog)
    draw(qtbot, dialog.signers.pads["scorekeeper"], (0.1, 0.6), (0.3, 0.6))
    dialog.paper.setChecked(True)
    assert dialog.signers.pads["scorekeeper"].isHidden()
    dialog.submit_button.click()
    signatures = sheets.table_sheet(db, pinochle, 1, 1).game.signatures
    assert [s.strokes for s in signatures] == [(), ()]
    again = open_sheet(qtbot, db, clock, pinochle)
    assert again.paper.isChecked() and again.signers.pads["scorekeeper"].isHidden()


def submitted(qtbot, db, clock, event_id: str) -> SheetDialog:
    """Table 1's sheet signed on the pads and submitted hand by hand."""
    dialog = open_sheet(qtbot, db, clock, event_id)
    for hand in PINOCHLE_HANDS:
        dialog.rows[-1].set_hand(hand)
        dialog.add_hand()
    draw(qtbot, dialog.signers.pads["scorekeeper"], (0.1, 0.6), (0.2, 0.3), (0.3, 0.6))
    draw(qtbot, dialog.signers.pads["countersign"], (0.1, 0.5), (0.5, 0.5))
    dialog.submit_button.click()
    assert dialog.submitted
    return dialog


def test_a_submitted_sheet_shows_its_signatures_and_cannot_be_edited(
    qtbot, db, clock, pinochle
) -> None:
    dialog = submitted(qtbot, db, clock, pinochle)
    stored = {s.role: s.strokes for s in sheets.table_sheet(db, pinochle, 1, 1).game.signatures}
    again = open_sheet(qtbot, db, clock, pinochle)
    for role, pad in again.signers.pads.items():
        assert pad.strokes() == stored[role] and not pad.isHidden()
        assert pad.buttons.isHidden()
        draw(qtbot, pad, (0.5, 0.5), (0.9, 0.9))  # a read-only pad takes nothing
        assert pad.strokes() == stored[role]
    assert not again.scorekeeper.isEnabled() and not again.countersign.isEnabled()
    assert all(r.widgets["bid"].isReadOnly() for r in again.rows)
    assert again.submit_button.isHidden() and not again.amend_button.isHidden()
    assert not again.meld_button.isEnabled()  # nothing to count into on a submitted sheet
    with pytest.raises(UserError, match="already submitted"):
        sheets.submit_sheet(
            Desk(db, pinochle, clock), 1, 1, final_score=(1, 2),
            signatures=builder.signers(db, pinochle, 1, 1),
        )  # fmt: skip
    with db.session() as session, pytest.raises(Exception, match="score sheet is final"):
        session.connection().exec_driver_sql("UPDATE signature SET strokes = NULL")  # raw SQL
    assert dialog.total_label.text().startswith("Submitted")


def test_amending_in_the_dialog_records_the_directors_signature(qtbot, db, clock, pinochle) -> None:
    dialog = submitted(qtbot, db, clock, pinochle)
    before = sheets.table_sheet(db, pinochle, 1, 1).game.score
    amend = dialog.amend()
    qtbot.addWidget(amend)
    assert isinstance(amend, AmendDialog)
    assert (amend.score_a.text(), amend.score_b.text()) == (str(before.a), str(before.b))
    assert not amend.amend_button.isEnabled()  # not signed yet
    amend.score_b.setText(str(before.b - 20))
    amend.reason.setText("meld on hand 2 added twice")
    amend.director.setText("Dee Rector")
    amend.pad.resize(600, 200)
    draw(qtbot, amend.pad, (0.1, 0.6), (0.3, 0.2), (0.5, 0.6))
    assert amend.amend_button.isEnabled()
    amend.amend_button.click()
    assert amend.result() == QDialog.DialogCode.Accepted
    game = sheets.table_sheet(db, pinochle, 1, 1).game
    [amendment] = game.amendments
    assert (amendment.director, amendment.reason) == ("Dee Rector", "meld on hand 2 added twice")
    assert amendment.after.score.b == before.b - 20 and amendment.strokes == amend.pad.strokes()
    # shown beside the original: the sheet's own hands stay, the amendment and its signature
    assert "Amended by Dee Rector (meld on hand 2 added twice)" in dialog.amendments.text()
    assert [pad.strokes() for pad in dialog.amendments_view.pads] == [amendment.strokes]
    assert len(dialog.rows) == len(PINOCHLE_HANDS)
    assert dialog.total_label.text() == f"Submitted · counts {before.a} to {before.b - 20}"


def test_a_refused_amendment_is_shown_and_nothing_is_recorded(qtbot, db, clock, pinochle) -> None:
    dialog = submitted(qtbot, db, clock, pinochle)
    amend = dialog.amend()
    qtbot.addWidget(amend)
    amend.director.setText("Dee Rector")
    draw(qtbot, amend.pad, (0.1, 0.6), (0.3, 0.2))
    amend.amend_button.click()  # no reason, and the score as it counts
    assert amend.problem.text() == "Reason: say why the sheet is amended."
    amend.reason.setText("typo")
    amend.amend_button.click()
    assert "nothing to amend" in amend.problem.text()
    amend.score_a.setText("x")
    amend.amend_button.click()
    assert amend.problem.text().startswith("Score: type both sides' new score")
    assert sheets.table_sheet(db, pinochle, 1, 1).game.amendments == ()
    assert amend.result() != QDialog.DialogCode.Accepted


def test_a_level_amendment_in_bid_whist_names_the_tie_winner(
    qtbot, db, clock, windows_shown
) -> None:
    event_id = seated(db, clock, "bid-whist", 4)
    sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 1, final_score=(9, 5),
        signatures=builder.signers(db, event_id, 1, 1),
    )  # fmt: skip
    dialog = open_sheet(qtbot, db, clock, event_id)
    amend = dialog.amend()
    qtbot.addWidget(amend)
    assert not amend.tie_winner.isHidden() and not amend.tie_winner.isEnabled()  # not level
    # the winner's list was shown before it was in the dialog's layout: a window of its own
    assert amend.tie_winner.window() is amend and windows_shown.strays == []
    amend.score_a.setText("5")
    assert amend.tie_winner.isEnabled()
    amend.tie_winner.setCurrentIndex(amend.tie_winner.findData("b"))
    amend.reason.setText("books miscounted on hand 2")
    amend.director.setText("Dee Rector")
    draw(qtbot, amend.pad, (0.1, 0.6), (0.3, 0.2))
    amend.amend_button.click()
    game = sheets.table_sheet(db, event_id, 1, 1).game
    assert (game.score.a, game.score.b, game.winner) == (5, 5, "b")
    assert "5–5, tie to B" in dialog.amendments.text()


def test_pinochle_has_no_tie_winner_to_name(qtbot, db, clock, pinochle) -> None:
    dialog = submitted(qtbot, db, clock, pinochle)
    amend = dialog.amend()
    qtbot.addWidget(amend)
    assert amend.tie_winner.isHidden()  # a level Grand Prix game is a tie
