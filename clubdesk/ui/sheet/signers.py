"""A score sheet's signers: the scorekeeper and the countersigning opponent, each picked from
the players seated at the table and signing on a pad; or, for a paper sheet typed in, the
recorder's attestation that the signed paper sheet was received (both names, nothing drawn).

The scorekeeper is first the player in the seat the format names (NPA: "Position 4 will
keep score"; ``rules.sheets.scorekeeper_seat``); the countersigner's list holds only the
players of the other side, and moves across when a scorekeeper of the other side is picked.

Which players may sign, and on which sides, is the service's to check
(``services.sheets.submit_sheet``); this box only gathers the names and strokes.
A submitted sheet shows its signatures here as drawn, read-only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QWidget

from clubdesk.domain.event.model import Signature
from clubdesk.domain.limits import SIGNATURE_PAD_ASPECT
from clubdesk.printing.text import time_of_day
from clubdesk.services.sheets import SignatureInput
from clubdesk.ui.sheet.signature_pad import SignaturePad
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import CheckBox

ROLES = ("scorekeeper", "countersign")
PAD_HEIGHT = 100  # the pad's area at least 300 x 90 pixels (its shape: SIGNATURE_PAD_ASPECT)
PAD_TALLEST = 160
BUTTONS_WIDTH = 110  # Undo, Redo and Clear beside a pad
ASIDE_WIDTH = 400  # what the sheet keeps beside the two signers
TITLES = {"scorekeeper": "Scorekeeper", "countersign": "Countersigned by"}


class SignersBox(QWidget):
    """The two signers of a sheet, side by side, each picked above their pad; the paper
    attestation (``paper``) is placed by the sheet."""

    changed = Signal()  # a signer picked, a stroke drawn or taken back, the attestation

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        grid.setHorizontalSpacing(16)
        self.pickers: dict[str, QComboBox] = {}
        self.pads: dict[str, SignaturePad] = {}
        self.notes: dict[str, QLabel] = {}
        self._sides: dict[str, list[str]] = {"a": [], "b": []}
        for column, role in enumerate(ROLES):
            picked = QHBoxLayout()
            picked.addWidget(QLabel(TITLES[role]))
            picker = QComboBox()
            picker.currentIndexChanged.connect(lambda _=0, r=role: self._picked(r))
            picked.addWidget(picker, 1)
            grid.addLayout(picked, 0, column)
            pad = SignaturePad(beside=True)
            pad.changed.connect(self.changed)
            grid.addWidget(pad, 1, column)
            note = set_role(QLabel("Signed on the paper sheet"), "hint")
            note.hide()
            grid.addWidget(note, 2, column)
            self.pickers[role], self.pads[role], self.notes[role] = picker, pad, note
        self.fit(0, 0)
        self.paper = CheckBox("Signed &paper sheet received (no pads)  (Alt+P)")
        self.paper.toggled.connect(self._attested)

    def fit(self, width: int, height: int) -> None:
        """Size the pads for a sheet of ``width`` x ``height``: 100 pixels tall at the
        window's default 1280 x 820, taller in a larger window while two fit side by side;
        always the pad's own shape (``SIGNATURE_PAD_ASPECT``), the hands keeping the room."""
        share = (width - ASIDE_WIDTH) // 2 - BUTTONS_WIDTH
        tall = min(PAD_HEIGHT + max(0, height - 820) // 3, PAD_TALLEST,
                   int(share / SIGNATURE_PAD_ASPECT))  # fmt: skip
        tall = max(tall, PAD_HEIGHT)
        for pad in self.pads.values():
            pad.canvas.setFixedSize(round((tall - 2) * SIGNATURE_PAD_ASPECT) + 2, tall)

    # filling in ---------------------------------------------------------------------------
    def set_players(self, sides: Mapping[str, Sequence[str]], keeper: tuple[str, int]) -> None:
        """The players who may sign, by side in seat order (side a: seats 1 and 3, side b:
        seats 2 and 4). The scorekeeper is any of them, ``keeper`` (side, place) picked
        first where that seat is taken (else side A's first); the countersigner one of the
        other side's."""
        self._sides = {side: list(sides.get(side, ())) for side in "ab"}
        picker = self.pickers["scorekeeper"]
        picker.blockSignals(True)
        picker.clear()
        for side in "ab":
            for name in self._sides[side]:
                picker.addItem(f"{name} ({side.upper()})", name)
        side, place = keeper
        seated = place < len(self._sides.get(side, ()))
        picker.setCurrentIndex((len(self._sides["a"]) if side == "b" else 0) + place if seated
                               else 0)  # fmt: skip
        picker.blockSignals(False)
        self._picked("scorekeeper")

    def keeper_side(self) -> str:
        """The side of the scorekeeper picked ("a" or "b")."""
        return "a" if self.pickers["scorekeeper"].currentIndex() < len(self._sides["a"]) else "b"

    def _list_opponents(self) -> None:
        """The countersigner's list: the players of the side across from the scorekeeper
        (the one picked kept while they are still listed)."""
        picker = self.pickers["countersign"]
        chosen = picker.currentData()
        other = "b" if self.keeper_side() == "a" else "a"
        picker.blockSignals(True)
        picker.clear()
        for name in self._sides[other]:
            picker.addItem(f"{name} ({other.upper()})", name)
        picker.setCurrentIndex(max(picker.findData(chosen), 0) if chosen else 0)
        picker.blockSignals(False)
        if picker.currentData() != chosen:
            self._picked("countersign")

    def ready(self) -> bool:
        """Both signed on their pads, or the signed paper sheet attested."""
        return self.paper.isChecked() or not any(pad.is_empty() for pad in self.pads.values())

    def signatures(self) -> dict[str, SignatureInput]:
        """The signers by role, with their strokes unless the paper sheet is attested."""
        attested = self.paper.isChecked()
        return {
            role: SignatureInput(
                self.pickers[role].currentData() or "",
                () if attested else self.pads[role].strokes(),
            )
            for role in ROLES
        }

    def _picked(self, role: str) -> None:
        """Another signer picked: a signature drawn by the one before is not theirs; a
        scorekeeper of the other side moves the countersigner's list across."""
        if role == "scorekeeper":
            self._list_opponents()
        pad = self.pads[role]
        pad.set_name(self.pickers[role].currentData() or "")
        if not pad.is_empty():
            pad.clear()
        self.changed.emit()

    def _attested(self, attested: bool) -> None:
        for role in ROLES:
            self.pads[role].setVisible(not attested)
            self.notes[role].setVisible(attested)
        self.changed.emit()

    # a submitted sheet --------------------------------------------------------------------
    def show_signed(self, signatures: Sequence[Signature]) -> None:
        """The signatures of a submitted sheet, as drawn; nothing can be changed."""
        signed = {s.role: s for s in signatures}
        for role in ROLES:
            picker, pad, note = self.pickers[role], self.pads[role], self.notes[role]
            found = signed.get(role)
            if found is not None:
                picker.setCurrentIndex(max(picker.findData(found.name), 0))  # lists follow
            picker.setEnabled(False)
            drawn = found is not None and bool(found.strokes)
            pad.set_read_only(True)
            pad.set_strokes(found.strokes if found is not None else ())
            pad.set_name(found.name if found is not None else "")
            pad.setVisible(drawn)
            when = f" at {time_of_day(found.at)}" if found is not None else ""
            note.setText(f"Drawn on the pad{when}" if drawn else "Signed on the paper sheet")
            note.show()
        self.paper.blockSignals(True)
        self.paper.setChecked(not any(s.strokes for s in signatures))
        self.paper.blockSignals(False)
        self.paper.setEnabled(False)
        self.paper.setVisible(self.paper.isChecked())  # only to say the paper was attested
