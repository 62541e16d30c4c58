"""Sheets handed in print in the format's own grid: the hands in the blank sheet's rows and
columns, the totals, the signatures (drawn from their strokes where they have them) and the
amendments beside."""

from __future__ import annotations

import datetime as dt
import io
import re
from types import SimpleNamespace

from pypdf import PdfReader

from clubdesk.domain.games.sheets import SheetLayout
from clubdesk.printing.rows import FilledSheet, SignatureLine
from clubdesk.printing.score_sheets import SignatureDrawing, score_sheets_pdf
from clubdesk.services import printouts, sheets
from clubdesk.services.command import Desk
from clubdesk.services.filled_sheets import signature_line
from tests import builder
from tests.printing.reading import HEADING, Printed, printed
from tests.printing.test_layouts import _sheet

# One Hollywood match worked by hand (house gin: three games to 120, 10 points a box,
# an undercut pays double the difference):
#   1 A knocks, 5 against 30: A +25 in game 1          -> game 1 A 25
#   2 B gins, A holds 40: B +40 in game 1 (B's first)  -> game 1 B 40, a box to B
#   3 A gins, B holds 50: games 1 and 2                -> A 75 | A 50, two boxes to A
#   4 A knocks with 8, B holds 4: undercut, B +8       -> B 48 | B 8
#   5 A gins, B holds 60: games 1, 2 and 3             -> A 135 (over) | 110 | 60, three boxes
#   6 A gins, B holds 60: games 2 and 3                -> A 170 (over) | 120 (over), two boxes
# Boxes A 7 (70), B 1 (10); match A 135 + 170 + 120 + 70 = 495, B 48 + 8 + 0 + 10 = 66.
GIN_HANDS = [
    {"knocker": "A", "gin": False, "deadwood": {"A": 5, "B": 30}, "knock_card": 10},
    {"knocker": "B", "gin": True, "deadwood": {"A": 40, "B": 0}},
    {"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 50}},
    {"knocker": "A", "gin": False, "deadwood": {"A": 8, "B": 4}, "knock_card": 10},
    {"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 60}},
    {"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 60}},
]


def test_a_gin_sheet_handed_in_prints_in_the_hollywood_grid(db, clock) -> None:
    event_id = builder.event(db, clock, "house-gin", entrants=4)
    builder.draw(db, event_id, clock)
    builder.publish(db, event_id, 1, clock)
    signed = builder.signers(db, event_id, 1, 1)
    sheets.submit_sheet(Desk(db, event_id, clock), 1, 1, hands=GIN_HANDS, signatures=signed)
    sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 1, score=(485, 66), director="Pat Lee",
        reason="box miscounted",
    )  # fmt: skip
    out = io.BytesIO()
    printouts.write_document(db, event_id, "scoresheets", out, clock, round_number=1)
    doc = Printed(out.getvalue())
    first = doc.pages[0]
    assert "As handed in" in first and "As handed in" not in doc.pages[1]
    assert Printed(out.getvalue()).sizes[0] == (612, 792)  # house gin prints on Letter
    assert doc.in_order(
        "Score sheet · Round 1 of 3 · Table 1",
        "Game 1 (to 120) Game 2 (to 120) Game 3 (to 120)",
        "Hand A B A B A B",
        "1 knock 25",
        "2 gin 40",
        "3 gin 75 50",
        "4 undercut 48 8",
        "5 gin 135 110 60",
        "6 gin 170 120",
        "7",  # the blank rows of the paper sheet go on
        "12",
        "Game bonus",
        "Boxes A: 7 x 10 = 70 B: 1 x 10 = 10",
        "Total 135 48 170 8 120 0",
        "Result as it counts: A 485, B 66",  # the amended result
        f"scorekeeper: {signed['scorekeeper']}",
        f"countersign: {signed['countersign']}",
        "by Pat Lee: 495 to 66 became 485 to 66 (box miscounted)",
    )


def test_a_bid_whist_sheet_fills_its_four_hands_and_leaves_the_fifth() -> None:
    filled = FilledSheet(
        rows=(
            ("1", "A", "4", "cards", "10", "3", "4", "0", "4", "0"),
            ("2", "B", "5", "no", "6", "7", "0", "-10", "4", "-10"),
        ),
        closing=(),
        score_a=4,
        score_b=-10,
        signatures=(SignatureLine("scorekeeper", "Ann Lee"),),
        notes=(),
    )
    layout = SheetLayout("bid-whist", 4)
    doc = printed(lambda out: score_sheets_pdf(out, HEADING, layout, [_sheet(1, filled)], "letter"))
    assert doc.in_order(
        "Hand Bidder Bid Kind A B A B A B",
        "1 A 4 cards 10 3 4 0 4 0",
        "2 B 5 no 6 7 0 -10 4 -10",
        "3",
        "4",
        "5",
        "Hand 5 is played only to break a tie.",
        "Result as it counts: A 4, B -10",
        "scorekeeper: Ann Lee",
    )


def test_a_signature_keeps_its_strokes_and_its_name() -> None:
    at = dt.datetime(2024, 3, 9, 21, 0, tzinfo=dt.UTC)
    drawn = SimpleNamespace(
        role="scorekeeper",
        name="Uma Walker",
        at=at,
        strokes=(((0.1, 0.8), (0.3, 0.2), (0.5, 0.7)), ((0.6, 0.5),), ()),
    )
    assert signature_line(drawn) == SignatureLine(
        "scorekeeper", "Uma Walker", (((0.1, 0.8), (0.3, 0.2), (0.5, 0.7)), ((0.6, 0.5),))
    )
    typed = SimpleNamespace(role="countersign", name="Ann Smith", at=at)  # no strokes at all
    assert signature_line(typed) == SignatureLine("countersign", "Ann Smith")


def _content(data: bytes) -> str:
    return PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")


def test_signatures_with_strokes_are_drawn_from_them_and_named_either_way() -> None:
    strokes = (((0.0, 1.0), (0.5, 0.0), (1.0, 1.0)),)
    filled = FilledSheet(
        rows=(("1", "A", "50", "20", "4", "40", "10", "60", "14", "60", "14"),),
        closing=(("",) * 8 + ("60", "14"),),
        score_a=60,
        score_b=14,
        signatures=(
            SignatureLine("scorekeeper", "Uma Walker", strokes),
            SignatureLine("countersign", "Ann Smith"),
        ),
        notes=(),
    )
    plain = FilledSheet(**{**filled.__dict__, "signatures": tuple(
        SignatureLine(s.role, s.name) for s in filled.signatures
    )})  # fmt: skip
    layout = SheetLayout("pinochle", 8)

    def build(sheet: FilledSheet) -> bytes:
        out = io.BytesIO()
        score_sheets_pdf(out, HEADING, layout, [_sheet(1, sheet)], "letter")
        return out.getvalue()

    with_strokes, without = build(filled), build(plain)
    for data in (with_strokes, without):
        assert Printed(data).in_order("scorekeeper: Uma Walker", "countersign: Ann Smith")
    # the V of the strokes, drawn in a box 44 points high: down from the top left corner
    # to the middle of the foot, and up to the top right corner
    v = re.compile(r"\b0 0 m [\d.]+ 44 l [\d.]+ 0 l")
    assert v.search(_content(with_strokes)) and not v.search(_content(without))


def test_the_drawing_fills_its_box_with_y_from_the_top() -> None:
    drawing = SignatureDrawing((((0.0, 0.0), (1.0, 1.0)),), 200, 40)
    assert drawing.wrap(500, 500) == (200, 40)
    calls: list[tuple] = []

    class Path:
        def moveTo(self, x, y):  # noqa: N802 (reportlab's name)
            calls.append(("move", x, y))

        def lineTo(self, x, y):  # noqa: N802
            calls.append(("line", x, y))

    class Canvas:
        def __getattr__(self, name):
            return lambda *args, **kwargs: None

        def beginPath(self):  # noqa: N802
            return Path()

    drawing.canv = Canvas()
    drawing.draw()
    assert calls == [("move", 0.0, 40.0), ("line", 200.0, 0.0)]  # top-left to bottom-right
