"""A submitted score sheet as it prints: its hands written into the format's own grid.

The blank sheet's columns (``printing.score_sheets``) are filled cell by cell
from the stored hands and the engine's scoring of them as played in their
round (``domain.event.sheet.played_hands``, the one calculation):

- pinochle: bidder, bid (``dropped`` when the bidder threw in), meld and
  tricks per side, the hand's score and the running total; the Final row
  holds the totals;
- gin (Hollywood): the side that wins a hand has its points written in each
  game column the hand counts in, as the column's running total, the hand's
  outcome beside its number; Boxes says each side's boxes and what they are
  worth, Total each column's score;
- bid whist: bidder, bid, kind, books per side, the hand's score and the
  running total, the fifth row for a tie-break hand.

What a cell cannot say (a renege, all the tricks, no marriage) is a note under
the grid, with the adjustment lines, an award and each amendment. A signature
keeps the strokes it was drawn with when it has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from clubdesk.domain.event.model import Game
from clubdesk.domain.event.sheet import played_hands
from clubdesk.domain.games.hands import GameResult
from clubdesk.domain.games.sheets import SheetLayout
from clubdesk.domain.rules import Rules
from clubdesk.printing.rows import FilledSheet, SignatureLine, Stroke

Rows = tuple[tuple[str, ...], ...]


def filled_sheet(game: Game, rules: Rules, round_number: int, layout: SheetLayout) -> FilledSheet:
    """The sheet handed in for ``game``, ready for the grid of ``layout``."""
    rows: tuple[tuple[str, ...], ...] = ()
    closing: tuple[tuple[str, ...], ...] = ()
    notes: list[str] = []
    if game.hands:
        played = played_hands(rules, round_number, game.hands)
        rows, closing = FILLED[layout.game](game.hands, played, layout, rules)
        notes += _hand_notes(game.hands, played)
    notes += [
        f"{line.points:+d} to side {line.side.upper()}: {line.reason}" for line in game.adjustments
    ]
    if game.award is not None:
        notes.append(f"Award: {game.award.kind} against side {game.award.against.upper()}")
    for amendment in game.amendments:
        before, after = amendment.before.score, amendment.after.score
        notes.append(
            f"Amended {amendment.at:%Y-%m-%d %H:%M} by {amendment.director}: "
            f"{before.a} to {before.b} became {after.a} to {after.b} ({amendment.reason})"
        )
    score = game.score
    return FilledSheet(
        rows=rows,
        closing=closing,
        score_a=None if score is None else score.a,
        score_b=None if score is None else score.b,
        signatures=tuple(signature_line(s) for s in game.signatures),
        notes=tuple(notes),
    )


def signature_line(signature: Any) -> SignatureLine:
    """A stored signature for printing, with its pen strokes where it has them."""
    strokes: tuple[Stroke, ...] = tuple(
        tuple((float(x), float(y)) for x, y in stroke)
        for stroke in getattr(signature, "strokes", ())
        if stroke
    )
    return SignatureLine(str(signature.role), signature.name, strokes)


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _pair(hand: Mapping[str, Any], key: str) -> tuple[str, str]:
    value = hand.get(key)
    if not isinstance(value, Mapping):
        return "", ""
    return _text(value.get("A")), _text(value.get("B"))


Hands = Sequence[Mapping[str, Any]]


def _pinochle(
    hands: Hands, played: GameResult, layout: SheetLayout, rules: Rules
) -> tuple[Rows, Rows]:
    rows = []
    for number, (hand, result, running) in enumerate(
        zip(hands, played.hands, played.totals, strict=True), start=1
    ):
        bid = _text(hand.get("bid")) + (" dropped" if hand.get("dropped") else "")
        rows.append(
            (
                str(number),
                _text(hand.get("bidder")),
                bid,
                *_pair(hand, "meld"),
                *_pair(hand, "tricks"),
                str(result.A),
                str(result.B),
                str(running["A"]),
                str(running["B"]),
            )
        )
    final = ("",) * 8 + (str(played.total["A"]), str(played.total["B"]))
    return tuple(rows), (final,)


def _whist(
    hands: Hands, played: GameResult, layout: SheetLayout, rules: Rules
) -> tuple[Rows, Rows]:
    rows = tuple(
        (
            str(number),
            _text(hand.get("bidder")),
            _text(hand.get("bid")),
            _text(hand.get("kind")),
            *_pair(hand, "books"),
            str(result.A),
            str(result.B),
            str(running["A"]),
            str(running["B"]),
        )
        for number, (hand, result, running) in enumerate(
            zip(hands, played.hands, played.totals, strict=True), start=1
        )
    )
    return rows, ()


def _gin(hands: Hands, played: GameResult, layout: SheetLayout, rules: Rules) -> tuple[Rows, Rows]:
    columns = layout.columns
    games = [{"A": 0, "B": 0} for _ in range(columns)]
    rows = []
    for number, result in enumerate(played.hands, start=1):
        cells = [""] * (2 * columns)
        winner = result.detail.get("winner")
        if winner in ("A", "B"):
            for column in result.detail.get("columns", ()):
                games[column - 1][winner] += result.points(winner)
                cells[2 * (column - 1) + (0 if winner == "A" else 1)] = str(
                    games[column - 1][winner]
                )
        rows.append((f"{number} {result.outcome}", *cells))
    boxes = played.extra.get("boxes", {"A": 0, "B": 0})
    worth = rules.gin.box_points if rules.gin is not None else 0
    box_text = "   ".join(
        f"{side}: {boxes.get(side, 0)} x {worth} = {boxes.get(side, 0) * worth}" for side in "AB"
    )
    totals = tuple(str(game[side]) for game in played.extra.get("games", games) for side in "AB")
    closing = (
        ("",) * (2 * columns),
        (box_text,) + ("",) * (2 * columns - 1),
        totals,
    )
    return tuple(rows), closing


# each game's grid filled, by the rules' game kind (``SheetLayout.game``): its hand rows and
# the cells of the fixed rows under them
FILLED: dict[str, Callable[[Hands, GameResult, SheetLayout, Rules], tuple[Rows, Rows]]] = {
    "pinochle": _pinochle,
    "gin": _gin,
    "bid-whist": _whist,
}


def _hand_notes(hands: Sequence[Mapping[str, Any]], played: GameResult) -> list[str]:
    notes = []
    for number, (hand, result) in enumerate(zip(hands, played.hands, strict=True), start=1):
        if result.outcome == "no-marriage":  # not where the format has no such rule
            notes.append(f"Hand {number}: the bidder had no marriage")
        if hand.get("renege"):
            notes.append(f"Hand {number}: renege by side {hand['renege']}")
        if hand.get("all_tricks"):
            notes.append(f"Hand {number}: all the tricks to side {hand['all_tricks']}")
    return notes
