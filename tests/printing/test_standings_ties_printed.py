"""The printed standings (`clubdesk print standings`): the tie-breaks due, the cut line under
the last place that advances, and bid whist's final order from its playoffs above the
preliminaries (docs/rules.md §5, §6), read back from the PDF."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from clubdesk.services import documents, printouts, results, tiebreaks
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from tests.cli.helpers import ok
from tests.printing.reading import Printed
from tests.tie_nights import gin_cut_tie, gin_final_tie, whist_final


def printed(db, event: str, clock) -> Printed:
    out = io.BytesIO()
    printouts.write_document(db, event, "standings", out, clock, paper="letter")
    return Printed(out.getvalue())


def test_a_gin_tie_at_the_cut_is_printed_with_who_must_play(db, clock) -> None:
    event = gin_cut_tie(db, clock)
    rows = documents.standings_rows(db, event)
    assert rows.cut_size == 5  # under player 6, the last place sure to advance
    assert rows.ties == ("Sudden death due: players 4 and 5 (tied at 300 across the cut)",)
    doc = printed(db, event, clock)
    assert doc.in_order(
        "Standings after round 2",
        "Sudden death due: players 4 and 5 (tied at 300 across the cut)",
        "6 Player 6 320", "=6 4 Player 4 300", "=6 5 Player 5 300",
        "the heavy line is the cut: those above it advance; a tie-break decides the rest",
    )  # fmt: skip

    tiebreaks.break_tie(Desk(db, event, clock), [4, 5], 5)
    rows = documents.standings_rows(db, event)
    assert (rows.cut_size, rows.advance, rows.ties) == (6, 6, ())
    doc = printed(db, event, clock)
    assert "Sudden death due" not in doc.text
    assert doc.in_order("6 5 Player 5 301*", "7 4 Player 4 300",
                        "the heavy line is the cut: the top 6 advance")  # fmt: skip


def test_after_the_gin_final_the_line_stays_under_the_finalists(db, clock) -> None:
    event = gin_final_tie(db, clock)
    rows = documents.standings_rows(db, event)
    assert rows.after_round == 3 and rows.cut_size == 6
    assert rows.ties == ("Sudden death due: players 9 and 10 (tied at 1000 for 1st place)",)
    doc = printed(db, event, clock)
    assert doc.in_order("Standings after round 3",
                        "Sudden death due: players 9 and 10 (tied at 1000 for 1st place)",
                        "=1 9 Player 9 1000", "=1 10 Player 10 1000")  # fmt: skip


def test_after_the_bid_whist_final_the_playoffs_order_comes_first(db, clock) -> None:
    # seed 004: "Teams will be seeded based on order of finish in the preliminary round."
    event = whist_final(db, clock)
    order = results.standings_board(db, event).playoff_order
    prelim = results.standings(db, event).rows
    doc = printed(db, event, clock)
    assert doc.in_order(
        "Final order from the playoffs",
        "Place No. Team Seed Result",
        f"1 {order[0].number} {order[0].name} 3 Champion",
        f"2 {order[1].number} {order[1].name} 1 Runner-up",
        f"=3 {order[2].number} {order[2].name} 2 Lost in the semi-final",
        f"=3 {order[3].number} {order[3].name} 4 Lost in the semi-final",
        "The playoffs decided the final order; the preliminary standings below decided only "
        "the seeding.",
        "Preliminary standings after round 3",
        *(f"{row.place} {row.number} {row.name} {row.total}" for row in prelim),
        "the heavy line is the cut: the top 4 advance",
    )


def test_clubdesk_print_standings_writes_the_final_order(tmp_path: Path, clock) -> None:
    db = tmp_path / "whist.sqlite"
    with open_database(db) as database:
        whist_final(database, clock)
    out = tmp_path / "standings.pdf"
    assert ok("print", "standings", "--db", db, "-o", out) == f"wrote {out}\n"
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert text.index("Final order from the playoffs") < text.index("Preliminary standings")
    assert "Champion" in text and "decided only the seeding" in text
