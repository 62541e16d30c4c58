"""A score sheet's signers: the scorekeeper and the countersigning opponent, each picked from
the players seated at the table and signing on a pad; or, for a paper sheet typed in, the
recorder's attestation that the signed paper sheet was received (both names, nothing drawn).

Which players may sign, and on which sides, is the service's to check
(``services.sheets.submit_sheet``); this box only gathers the names and strokes.
A submitted sheet shows its signatures here as drawn, read-only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QLabel, QWidget

from clubdesk.domain.event.model import Signature
from clubdesk.services.sheets import SignatureInput
from clubdesk.ui.signature_pad import SignaturePad
from clubdesk.ui.style import set_role

ROLES = ("scorekeeper", "countersign")
PAD_HEIGHT = 130
TITLES = {"scorekeeper": "Scorekeeper", "countersign": "Countersigned by (an opponent)"}


class SignersBox(QWidget):
    """The two signers of a sheet, side by side, and the paper attestation under them."""

    changed = Signal()  # a signer picked, a stroke drawn or taken back, the attestation

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(4)
        grid.setHorizontalSpacing(16)
        self.pickers: dict[str, QComboBox] = {}
        self.pads: dict[str, SignaturePad] = {}
        self.notes: dict[str, QLabel] = {}
        for column, role in enumerate(ROLES):
            grid.addWidget(QLabel(TITLES[role]), 0, column)
            picker = QComboBox()
            picker.currentIndexChanged.connect(lambda _=0, r=role: self._picked(r))
            grid.addWidget(picker, 1, column)
            pad = SignaturePad()
            pad.canvas.setMaximumHeight(PAD_HEIGHT)  # the hands keep the room
            pad.changed.connect(self.changed)
            grid.addWidget(pad, 2, column)
            note = set_role(QLabel("Signed on the paper sheet"), "hint")
            note.hide()
            grid.addWidget(note, 3, column)
            self.pickers[role], self.pads[role], self.notes[role] = picker, pad, note
            grid.setColumnStretch(column, 1)
        self.paper = QCheckBox(
            "Signed &paper sheet received (both signed on paper; no pads)  (Alt+P)"
        )
        self.paper.toggled.connect(self._attested)
        grid.addWidget(self.paper, 4, 0, 1, 2)

    # filling in ---------------------------------------------------------------------------
    def set_players(self, sides: Mapping[str, Sequence[str]]) -> None:
        """The players who may sign: the scorekeeper's list starts with side A's, the
        countersigner's with side B's (the first of each is picked)."""
        for role, first in (("scorekeeper", "a"), ("countersign", "b")):
            picker = self.pickers[role]
            picker.blockSignals(True)
            picker.clear()
            for side in (first, "b" if first == "a" else "a"):
                for name in sides.get(side, ()):
                    picker.addItem(f"{name} ({side.upper()})", name)
            picker.blockSignals(False)
            self.pads[role].set_name(picker.currentData() or "")

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
        """Another signer picked: a signature drawn by the one before is not theirs."""
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
                picker.setCurrentIndex(max(picker.findData(found.name), 0))
            picker.setEnabled(False)
            drawn = found is not None and bool(found.strokes)
            pad.set_read_only(True)
            pad.set_strokes(found.strokes if found is not None else ())
            pad.set_name(found.name if found is not None else "")
            pad.setVisible(drawn)
            when = f" at {found.at.strftime('%H:%M')}" if found is not None else ""
            note.setText(f"Drawn on the pad{when}" if drawn else "Signed on the paper sheet")
            note.show()
        self.paper.blockSignals(True)
        self.paper.setChecked(not any(s.strokes for s in signatures))
        self.paper.blockSignals(False)
        self.paper.setEnabled(False)
        self.paper.setVisible(self.paper.isChecked())  # only to say the paper was attested
