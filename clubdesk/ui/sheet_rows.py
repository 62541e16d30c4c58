"""The hand rows of a score sheet, shaped by the format: which fields a hand has, in sheet order.

Each game lists its columns (``columns_for``); a ``HandRow`` holds one widget
per column and reads them back as the hand JSON of INTERFACE.md, which the
engine scores. Nothing here scores a hand: a blank number stays absent so the
engine names it when it is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.money.fines import fines_name_a_player
from clubdesk.domain.rules import Rules
from clubdesk.ui.operations import plain_words, sentence


@dataclass(frozen=True)
class Column:
    """One field of a hand: its JSON path (``meld.A``), its heading and how it is entered.

    ``kind``: ``side`` (A or B), ``side?`` (none, A or B), ``int`` (a number),
    ``flag`` (a tick box; ``default`` is its value on a new row), ``choice``
    (one of ``choices``), ``player`` (none, or one of the players of the side the column
    ``side_from`` names, by entrant number), ``took`` (which sides took a trick: read from
    the trick points, or said).
    """

    key: str
    heading: str
    kind: str
    default: bool = False
    choices: tuple[str, ...] = ()
    side_from: str = ""  # a player picker: the column naming the side whose players it lists


def columns_for(rules: Rules) -> tuple[Column, ...]:
    """The columns of this format's hand rows, in the order the paper sheet has them."""
    if rules.game == "gin":
        return (
            Column("knocker", "Knocker", "side?"),
            Column("gin", "Gin", "flag"),
            Column("deadwood.A", "Deadwood A", "int"),
            Column("deadwood.B", "Deadwood B", "int"),
            Column("knock_card", "Knock card", "int"),
        )
    if rules.game == "bid-whist":
        kinds = tuple(rules.whist.kinds) if rules.whist is not None else ()
        return (
            Column("bidder", "Bidder", "side"),
            Column("bid", "Bid", "int"),
            Column("kind", "Kind", "choice", choices=kinds),
            Column("books.A", "Books A", "int"),
            Column("books.B", "Books B", "int"),
            Column("infraction", "Infraction", "side?"),
        )
    pinochle = rules.pinochle
    by_player = fines_name_a_player(rules)  # a fine charged to who bid or reneged (NPA)
    columns = [
        Column("bidder", "Bidder", "side"),
        *([Column("bid_by", "Bid by", "player", side_from="bidder")] if by_player else []),
        Column("bid", "Bid", "int"),
        Column("dropped", "Dropped", "flag"),
        *(
            [Column("conceded", "Conceded", "side?")]
            if pinochle is not None and pinochle.concede_allowed
            else []
        ),
        Column("marriage", "Marriage", "flag", default=True),
        Column("meld.A", "Meld A", "int"),
        Column("meld.B", "Meld B", "int"),
        Column("tricks.A", "Tricks A", "int"),
        Column("tricks.B", "Tricks B", "int"),
        *(
            [Column("took_trick", "Took a trick", "took")]
            if pinochle is not None and pinochle.must_take_trick
            else []
        ),
        Column("renege", "Renege", "side?"),
        *([Column("renege_by", "Renege by", "player", side_from="renege")] if by_player else []),
        Column("all_tricks", "All tricks", "side?"),
    ]
    if pinochle is not None and not pinochle.all_tricks_bonus:
        columns = [c for c in columns if c.key != "all_tricks"]
    return tuple(columns)


# "Took a trick": read from the trick points (null), or said for both sides
TOOK_CHOICES: tuple[tuple[str, dict[str, bool] | None], ...] = (
    ("by points", None),
    ("both", {"A": True, "B": True}),
    ("A only", {"A": True, "B": False}),
    ("B only", {"A": False, "B": True}),
    ("neither", {"A": False, "B": False}),
)


# pairs the engine reads as "not there" when both halves are blank (a hand not played out)
_OPTIONAL_PAIRS = ("tricks", "books")
# what both halves of such a pair say, and when neither is typed
_PAIR_WORDS = {
    "tricks": ("trick points", "the hand was not played"),
    "books": ("books", "a side lost the hand (Infraction)"),
}
# numbers the engine reads as absent when blank (gin's knock card on a gin)
_OPTIONAL_NUMBERS = ("knock_card",)


class HandRow:
    """The widgets of one hand row, and the hand they say."""

    def __init__(
        self,
        columns: tuple[Column, ...],
        parent: QWidget,
        players: Mapping[str, tuple[tuple[int, str], ...]] | None = None,
    ):
        """``players``: by side ("A", "B"), the entrant numbers and names at the table, for
        the pickers of the player a fine is charged to."""
        self.columns = columns
        self.players = dict(players or {})
        self.widgets: dict[str, QWidget] = {}
        for column in columns:
            self.widgets[column.key] = _widget(column, parent)
        for column in columns:
            if column.kind == "player" and column.side_from in self.widgets:
                picker, side = self.widgets[column.key], self.widgets[column.side_from]
                assert isinstance(picker, QComboBox) and isinstance(side, QComboBox)
                side.currentIndexChanged.connect(
                    lambda _=0, p=picker, s=side: self._list_players(p, s.currentData())
                )
                self._list_players(picker, side.currentData())

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

    def hand(self) -> dict[str, Any]:
        """The row as a hand in INTERFACE.md's JSON (blank numbers left out)."""
        hand: dict[str, Any] = {}
        for column in self.columns:
            value = _value(column, self.widgets[column.key])
            if value is _ABSENT:
                continue
            if "." in column.key:
                outer, inner = column.key.split(".")
                hand.setdefault(outer, {})[inner] = value
            else:
                hand[column.key] = value
        for pair in _OPTIONAL_PAIRS:
            if pair in hand and not hand[pair]:
                del hand[pair]
        return hand

    def check_pairs(self, number: int) -> None:
        """HandError at the blank half of a pair that may be left out only as a whole (the
        trick points of a hand not played): one side typed, the other blank."""
        for pair in _OPTIONAL_PAIRS:
            halves = [c for c in self.columns if c.key.split(".")[0] == pair]
            blank = [c for c in halves if not _typed(self.widgets[c.key])]
            if blank and len(blank) < len(halves):
                words, neither = _PAIR_WORDS[pair]
                raise HandError(
                    blank[0].key,
                    f"blank; type both sides' {words}, or neither when {neither}",
                    number,
                )

    def set_hand(self, hand: dict[str, Any]) -> None:
        """Show a stored hand in the row."""
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

    def set_read_only(self) -> None:
        for widget in self.widgets.values():
            if isinstance(widget, QLineEdit):
                widget.setReadOnly(True)
            else:
                widget.setEnabled(False)

    def first(self) -> QWidget:
        return self.widgets[self.columns[0].key]


_ABSENT = object()


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
    if column.kind == "side?":
        combo.addItem("–", None)
    if column.kind == "player":  # filled with the side's players (HandRow)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(9)
    if column.kind == "took":
        for text, value in TOOK_CHOICES:
            combo.addItem(text, value)
    if column.kind in ("side", "side?"):
        combo.addItem("A", "A")
        combo.addItem("B", "B")
    for choice in column.choices:
        combo.addItem(choice, choice)
    return combo


def _typed(widget: QWidget) -> bool:
    return isinstance(widget, QLineEdit) and widget.text().strip() not in ("", "-")


def _value(column: Column, widget: QWidget) -> Any:
    if isinstance(widget, QLineEdit):
        text = widget.text().strip()
        if not text or text == "-":
            optional = (
                column.key in _OPTIONAL_NUMBERS or column.key.split(".")[0] in _OPTIONAL_PAIRS
            )
            return _ABSENT if optional else None
        return int(text)
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    return _ABSENT


def on_change(widget: QWidget, slot: Any) -> None:
    """Call ``slot`` whenever the field's value changes."""
    if isinstance(widget, QLineEdit):
        widget.textChanged.connect(slot)
    elif isinstance(widget, QCheckBox):
        widget.toggled.connect(slot)
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(slot)


def game_text(result: GameResult | None, rules: Rules) -> str:
    """What the engine says of the game as a whole: its end and its winner (gin's columns
    and boxes are ``hollywood_html``)."""
    if result is None:
        return ""
    parts = []
    if result.ended_by == "limit":
        limit = rules.game_end.point_limit
        parts.append(f"Game over: a side reached {limit}" if limit else "Game over")
    elif result.ended_by == "hands":
        regular = rules.game_end.max_hands
        extra = " and the tiebreak hand" if len(result.hands) > regular else ""
        parts.append(f"Game over: all {regular} hands{extra} played")
    winner = result.extra.get("winner")
    if winner is not None:
        parts.append(f"Won by side {winner}")
    return "\n".join(parts)


def problem_text(error: HandError, columns: tuple[Column, ...] = ()) -> str:
    """The engine's reason for a wrong hand, a blank field called blank; the field named
    by its heading on the sheet ("Hand 3, Meld A: must be at most 1140, not 9999.")."""
    headings = {column.key: column.heading for column in columns}
    heading = headings.get(error.field) or headings.get(f"{error.field}.A")
    if heading is None or error.hand_number is None:
        return plain_words(error).replace(", not None.", " (left blank).")
    text = sentence(f"{error.message}".replace(", not None", " (left blank)"))
    if error.field not in headings:  # a pair as a whole: "Tricks"
        heading = heading.rsplit(" ", 1)[0]
        if error.message.endswith(", not None"):
            words = _PAIR_WORDS.get(error.field, (heading.lower(), ""))[0]
            text = f"left blank; type both sides' {words}."
    return f"Hand {error.hand_number}, {heading}: {text[:1].lower()}{text[1:]}"


def hollywood_html(result: GameResult | None) -> str:
    """Gin's three Hollywood columns and the boxes, as the paper sheet has them: a row per
    side, a column per game ("" for a format without them)."""
    if result is None or "games" not in result.extra:
        return ""
    games = result.extra["games"]
    boxes = result.extra.get("boxes", {})
    head = "".join(f"<th>&nbsp;Game {n}&nbsp;</th>" for n in range(1, len(games) + 1))
    rows = "".join(
        f"<tr><th>Side {side}&nbsp;</th>"
        + "".join(f"<td align='right'>{game[side]}</td>" for game in games)
        + f"<td align='right'>{boxes.get(side, 0)}</td></tr>"
        for side in ("A", "B")
    )
    return (
        "<table cellspacing='0' cellpadding='3' border='1' style='border-color:#9a9a9a'>"
        f"<tr><th>Hollywood</th>{head}<th>&nbsp;Boxes&nbsp;</th></tr>{rows}</table>"
    )
