"""The hand rows of a score sheet, shaped by the format: which fields a hand has, in sheet order.

Each game describes its sheet (``domain.games.sheets``: its columns); a ``HandRow``
holds one widget per column and reads them back as the hand JSON of docs/cli.md, which the
engine scores. Nothing here scores a hand. What a hand asks for as it is typed is the
game's own (``domain.games.asked``, read through its description): a field the hand has
no use for (the trick points of a hand not played) is greyed and skipped by Tab, a blank
that means 0 is read as 0, and where a pair always adds up to the same (pinochle's trick
points, bid whist's books) the other side's number fills in as the rest, until the
director types it (a renege, a short hand). Any other blank number
stays blank, so the engine names it when it is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from clubdesk.domain.games.columns import TOOK_CHOICES, Column, blank_half
from clubdesk.domain.games.sheets import asked, fixed_pair, rest, typed_hand
from clubdesk.domain.rules import Rules
from clubdesk.ui.style import set_role

__all__ = ["HandRow", "on_change"]


class HandRow:
    """The widgets of one hand row, and the hand they say."""

    def __init__(
        self,
        columns: tuple[Column, ...],
        parent: QWidget,
        rules: Rules,
        players: Mapping[str, tuple[tuple[int, str], ...]] | None = None,
    ):
        """``players``: by side ("A", "B"), the entrant numbers and names at the table, for
        the pickers of the player a fine is charged to."""
        self.columns = columns
        self.rules = rules
        self.players = dict(players or {})
        self.widgets: dict[str, QWidget] = {}
        self.filled: set[str] = set()  # halves of a pair filled in as the rest, not typed
        self.skipped: frozenset[str] = frozenset()  # fields the hand has no use for
        self.read_only = False
        self._read: tuple[dict[str, Any], dict[str, Any]] | None = None  # (raw, hand) as typed
        for column in columns:
            widget = self.widgets[column.key] = _widget(column, parent)
            on_change(widget, self._changed)  # first of its slots: read afresh after a change
        for column in columns:
            if column.kind == "player" and column.side_from in self.widgets:
                picker, side = self.widgets[column.key], self.widgets[column.side_from]
                assert isinstance(picker, QComboBox) and isinstance(side, QComboBox)
                side.currentIndexChanged.connect(
                    lambda _=0, p=picker, s=side: self._list_players(p, s.currentData())
                )
                self._list_players(picker, side.currentData())
        for key, widget in self.widgets.items():
            if isinstance(widget, QLineEdit) and rest(rules, key, 0) is not None:
                widget.textEdited.connect(lambda _="", k=key: self._fill_rest(k))

    def _changed(self) -> None:
        self._read = None

    def _list_players(self, picker: QComboBox, side: str | None) -> None:
        """The picker lists the players of ``side`` (none: only "–"), keeping the one picked
        if they are still listed."""
        chosen = picker.currentData()
        picker.blockSignals(True)
        picker.clear()
        picker.addItem("–", None)
        for number, name in self.players.get(side or "", ()):
            picker.addItem(f"{number} {name}".rstrip(), number)
        index = picker.findData(chosen) if chosen is not None else 0
        picker.setCurrentIndex(max(index, 0))
        picker.blockSignals(False)
        if picker.currentData() != chosen:
            picker.currentIndexChanged.emit(picker.currentIndex())

    # the rest of a pair ---------------------------------------------------------------------
    def _fill_rest(self, key: str) -> None:
        """The director typed one half of a fixed pair: the other half, unless typed too,
        becomes the rest (blank again when this half is emptied)."""
        self.filled.discard(key)
        outer, _, side = key.partition(".")
        other_key = f"{outer}.{'B' if side == 'A' else 'A'}"
        other = self.widgets.get(other_key)
        if not isinstance(other, QLineEdit) or (other.text() and other_key not in self.filled):
            return
        typed = _int(self.widgets[key])
        rest_of = rest(self.rules, key, typed) if typed is not None else None
        other.setText("" if rest_of is None else str(rest_of))
        self.filled.add(other_key)

    # what the hand asks for -----------------------------------------------------------------
    def follow(self) -> None:
        """Grey and skip the fields the hand as typed has no use for (the domain's
        ``asked``); a field skipped is emptied, one asked again is open to typing."""
        skipped = asked(self.raw(), self.rules).skipped
        if skipped == self.skipped:
            return
        self.skipped = skipped
        for key, widget in self.widgets.items():
            if key in skipped:
                _empty(widget)
                widget.setEnabled(False)
            elif not self.read_only:
                widget.setEnabled(True)

    def asked_widgets(self) -> list[QWidget]:
        """The row's fields the hand asks for, in sheet order."""
        return [w for w in self.widgets.values() if w.isEnabled()]

    def first(self) -> QWidget:
        return self.widgets[self.columns[0].key]

    # reading it -----------------------------------------------------------------------------
    def is_blank(self) -> bool:
        """Nothing typed or picked yet (a fresh row)."""
        for column in self.columns:
            widget = self.widgets[column.key]
            if isinstance(widget, QLineEdit) and widget.text().strip():
                return False
            optional = column.kind in ("side?", "player", "took")
            if isinstance(widget, QComboBox) and optional and widget.currentIndex():
                return False
            if isinstance(widget, QCheckBox) and widget.isChecked() != column.default:
                return False
        return True

    def raw(self) -> dict[str, Any]:
        """Every field as typed, None where blank, in the shape of the hand JSON."""
        return self._reading()[0]

    def hand(self) -> dict[str, Any]:
        """The row as a hand in docs/cli.md's JSON, as the domain reads what is typed
        (``asked.typed_hand``)."""
        return self._reading()[1]

    def _reading(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The fields read once after each change: a sheet is worked out again on every key
        typed, from every row."""
        if self._read is None:
            raw = self._fields()
            self._read = raw, typed_hand(raw, self.rules)
        return self._read

    def _fields(self) -> dict[str, Any]:
        hand: dict[str, Any] = {}
        for column in self.columns:
            value = _value(self.widgets[column.key])
            outer, _, inner = column.key.partition(".")
            if inner:
                hand.setdefault(outer, {})[inner] = value
            else:
                hand[outer] = value
        return hand

    def check_pairs(self, number: int) -> None:
        """HandError at the blank half of a pair that may be left out only as a whole (the
        trick points of a hand not played): one side typed, the other blank."""
        error = blank_half(self.raw(), self.columns, self.skipped, number)
        if error is not None:
            raise error

    # showing a hand -------------------------------------------------------------------------
    def set_hand(self, hand: dict[str, Any]) -> None:
        """Show a stored hand in the row (a pair adding up to its total: the second half
        taken as the rest, and changed with the first)."""
        for column in self.columns:
            outer, _, inner = column.key.partition(".")
            value = hand.get(outer)
            if inner:
                value = value.get(inner) if isinstance(value, dict) else None
            widget = self.widgets[column.key]
            if isinstance(widget, QLineEdit):
                widget.setText("" if value is None else str(value))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(column.default if value is None else bool(value))
            elif isinstance(widget, QComboBox):
                found = [n for n in range(widget.count()) if widget.itemData(n) == value]
                widget.setCurrentIndex(found[0] if found else 0)
        self.filled.clear()
        pair = fixed_pair(self.rules)
        if pair is not None:
            first, second = (self.widgets.get(f"{pair[0]}.{side}") for side in "AB")
            typed = _int(first) if first is not None else None
            if typed is not None and second is not None and _int(second) == pair[1] - typed:
                self.filled.add(f"{pair[0]}.B")
        self.follow()

    def set_read_only(self) -> None:
        """The same fields, read as written: nothing to type into (a list's look is the
        role ``read``'s, ``style.SHEET_STYLE``)."""
        self.read_only = True
        for widget in self.widgets.values():
            if isinstance(widget, QLineEdit):
                widget.setReadOnly(True)
                widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            else:
                widget.setEnabled(False)
                if isinstance(widget, QComboBox):
                    set_role(widget, "read")


def _widget(column: Column, parent: QWidget) -> QWidget:
    if column.kind == "int":
        edit = QLineEdit(parent)
        edit.setValidator(QIntValidator(-99999, 99999, edit))
        edit.setMaximumWidth(72)
        edit.setAccessibleName(column.heading)
        return edit
    if column.kind == "flag":
        box = QCheckBox(parent)
        box.setChecked(column.default)
        box.setAccessibleName(column.heading)
        return box
    combo = QComboBox(parent)
    combo.setAccessibleName(column.heading)
    if column.kind == "player":  # filled with the side's players (HandRow)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(9)
    else:
        combo.setModel(_choices(column))
    return combo


# A column's list of choices, made once and shared by that column's field in every row of
# every sheet: a sheet's lists filled item by item took longer than the rest of its rows.
_CHOICES: dict[tuple[str, tuple[str, ...]], QStandardItemModel] = {}


def _choices(column: Column) -> QStandardItemModel:
    """The choices of ``column`` (a side, none or a side, which sides took a trick, or the
    column's own), each with its value."""
    key = (column.kind, column.choices)
    model = _CHOICES.get(key)
    if model is None:
        items: list[tuple[str, Any]] = [("–", None)] if column.kind == "side?" else []
        if column.kind == "took":
            items += TOOK_CHOICES
        if column.kind in ("side", "side?"):
            items += [("A", "A"), ("B", "B")]
        items += [(choice, choice) for choice in column.choices]
        model = _CHOICES[key] = QStandardItemModel()
        for text, value in items:
            item = QStandardItem(text)
            item.setData(value, Qt.ItemDataRole.UserRole)
            model.appendRow(item)
    return model


def _empty(widget: QWidget) -> None:
    """A field the hand does not use: blank, "–", or as a new row has it."""
    if isinstance(widget, QLineEdit):
        widget.clear()
    elif isinstance(widget, QComboBox) and widget.itemData(0) is None:
        widget.setCurrentIndex(0)


def _int(widget: QWidget) -> int | None:
    text = widget.text().strip() if isinstance(widget, QLineEdit) else ""
    return int(text) if text not in ("", "-") else None


def _value(widget: QWidget) -> Any:
    if isinstance(widget, QLineEdit):
        return _int(widget)
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    return None


def on_change(widget: QWidget, slot: Any) -> None:
    """Call ``slot`` whenever the field's value changes."""
    if isinstance(widget, QLineEdit):
        widget.textChanged.connect(slot)
    elif isinstance(widget, QCheckBox):
        widget.toggled.connect(slot)
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(slot)
