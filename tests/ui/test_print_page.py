"""The Print page: a document chosen, built off the window's thread, previewed, printed, saved."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtGui import QColor
from PySide6.QtPrintSupport import QPrinter

from clubdesk.services import documents, rounds
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk
from clubdesk.services.printouts import TITLES
from clubdesk.ui.context import UiContext
from clubdesk.ui.print.page import PrintPage
from clubdesk.ui.style import ACCENT, GREYED_ACCENT, STYLE_SHEET
from tests import builder
from tests.services.test_playoff_rounds import play, preliminaries
from tests.ui.pictures import picture

WAIT = 60_000  # ms a build may take on a busy machine (it never sleeps: the signal ends it)


def make_page(qtbot, db, clock, event_id: str | None) -> PrintPage:
    page = PrintPage(UiContext(db, clock, event_id))
    qtbot.addWidget(page)
    page.resize(1100, 760)
    page.show()
    return page


def built(qtbot, page: PrintPage, kind: str, round_number: int | None = None) -> int:
    """Choose ``kind`` and wait for its preview; its page count."""
    qtbot.waitUntil(lambda: page.job is None, timeout=WAIT)  # the first build, on opening
    if page.chosen()[:2] == (kind, round_number) and page.data is not None:
        return page.pdf.pageCount()
    with qtbot.waitSignal(page.built, timeout=WAIT) as blocker:
        page.choose(kind, round_number)
    return blocker.args[0]


def pages_of(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def test_every_document_is_listed_and_the_current_round_and_paper_are_chosen(
    qtbot, db, demo_event, clock
):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    listed = [page.kind_list.item(i).text() for i in range(page.kind_list.count())]
    assert listed == list(TITLES.values())
    current, _rounds = documents.current_round(db, event_id)
    assert current == 4  # the demo's round 4 is under way
    assert page.round_combo.currentData() == 4
    listed = [page.round_combo.itemText(i) for i in range(page.round_combo.count())]
    assert listed == [f"Round {n} of 11" for n in range(1, 5)]  # the rounds seated
    assert page.paper_combo.currentData() == documents.paper_for(db, event_id)
    qtbot.waitUntil(lambda: page.job is None, timeout=WAIT)


def test_a_rounds_score_sheets_are_previewed_with_their_page_count(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    tables = len(documents.round_tables(db, event_id, 2).tables)
    count = built(qtbot, page, "scoresheets", 2)
    assert count == page.pdf.pageCount() == len(pages_of(page.data).pages)
    assert count >= tables  # a page per table at least (a filled sheet may run on)
    assert page.status.text() == f"Score sheets, Round 2 of 11 (Letter): {count} pages."
    assert page.round_combo.isEnabled()
    assert page.print_button.isEnabled() and page.save_button.isEnabled()
    assert page.built_for == ("scoresheets", 2, "letter")


def test_the_paper_chosen_is_the_papers_size(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    built(qtbot, page, "standings")
    assert not page.round_combo.isEnabled()  # standings are not of one round
    letter = pages_of(page.data).pages[0].mediabox
    assert (round(float(letter.width)), round(float(letter.height))) == (612, 792)
    with qtbot.waitSignal(page.built, timeout=WAIT):
        page.paper_combo.setCurrentIndex(page.paper_combo.findData("a4"))
    a4 = pages_of(page.data).pages[0].mediabox
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)
    assert page.status.text().startswith("Standings (A4): ")


def test_a_document_that_cannot_be_built_says_why(qtbot, db, clock):
    event_id = builder.event(db, clock, entrants=8)
    page = make_page(qtbot, db, clock, event_id)
    qtbot.waitUntil(lambda: page.job is None, timeout=WAIT)
    page.choose("tablecards", 1)
    qtbot.waitUntil(lambda: page.job is None and page.built_for is not None, timeout=WAIT)
    assert page.data is None
    assert page.status.text().startswith("Table cards, Round 1 (Letter): ")
    assert "draw" in page.status.text().lower()
    assert not page.print_button.isEnabled() and not page.save_button.isEnabled()


def test_save_as_pdf_writes_the_document_to_the_file_chosen(qtbot, db, demo_event, clock, tmp_path):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    built(qtbot, page, "seating", 4)
    asked: list[str] = []

    def ask_file(parent, suggested: str) -> str:
        asked.append(suggested)
        return str(tmp_path / "wall")

    page.ask_file = ask_file
    saved = page.save_document()
    assert asked == [f"{event_id}-seating-round-4.pdf"]
    assert saved == tmp_path / "wall.pdf"
    assert saved.read_bytes() == page.data
    assert "Seat" in pages_of(saved.read_bytes()).pages[0].extract_text()


def test_a_cancelled_save_writes_nothing(qtbot, db, demo_event, clock, tmp_path):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    built(qtbot, page, "standings")
    page.ask_file = lambda parent, suggested: ""
    assert page.save_document() is None
    assert list(tmp_path.glob("*.pdf")) == []


def test_print_sends_every_page_to_the_printer_chosen(qtbot, db, demo_event, clock, tmp_path: Path):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    count = built(qtbot, page, "tablecards", 4)
    out = tmp_path / "printed.pdf"
    asked: list[QPrinter] = []

    def ask_printer(printer: QPrinter, parent) -> bool:
        asked.append(printer)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        printer.setResolution(72)  # a quick render for the test
        return True

    page.ask_printer = ask_printer
    page.print_document()
    assert len(asked) == 1 and asked[0].docName() == f"{event_id}-tablecards-round-4"
    qtbot.waitUntil(lambda: page.job is None, timeout=WAIT)
    assert page.status.text() == f"Sent {count} pages to the printer."
    assert len(PdfReader(out).pages) == count


def test_a_cancelled_print_dialog_prints_nothing(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    built(qtbot, page, "standings")
    page.ask_printer = lambda printer, parent: False
    page.print_document()
    assert page.job is None and page.status.text().startswith("Standings (Letter): ")


def test_sixty_tables_of_sheets_report_progress_and_arrive(qtbot, db, clock):
    event_id = builder.event(db, clock, entrants=120)  # 2 a side: 60 tables
    builder.draw(db, event_id, clock, seed=5)
    builder.publish(db, event_id, 1, clock)
    assert len(documents.round_tables(db, event_id, 1).tables) == 60
    page = make_page(qtbot, db, clock, event_id)
    qtbot.waitUntil(lambda: page.job is None, timeout=WAIT)
    heard: list[tuple[int, int]] = []
    page.progressed.connect(lambda done, steps: heard.append((done, steps)))
    with qtbot.waitSignal(page.built, timeout=WAIT) as blocker:
        page.choose("scoresheets", 1)
        assert page.job is not None and page.progress.isVisible()  # the window goes on
    assert blocker.args == [60]
    assert heard and all(steps == 120 for _, steps in heard)
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)
    assert heard[-1] == (120, 120)
    assert page.progress.isHidden()


def test_a_change_while_hidden_is_built_when_the_page_is_shown(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    built(qtbot, page, "payouts")
    page.hide()
    page.context.publish(Change.MONEY)
    assert page.job is None  # nothing is built for a page nobody sees
    with qtbot.waitSignal(page.built, timeout=WAIT):
        page.show()


def test_the_rounds_seated_are_listed_by_title_playoffs_included(qtbot, db, clock):
    # 17 teams of bid whist: the round of 16 played, the quarter-finals (round 5) started
    event_id = preliminaries(db, clock)
    fourth = rounds.close_round(Desk(db, event_id, clock), 3).next_seating
    assert fourth is not None
    play(db, event_id, fourth, clock, wins=set())
    rounds.close_round(Desk(db, event_id, clock), 4)
    rounds.start_round(Desk(db, event_id, clock), 5)
    page = make_page(qtbot, db, clock, event_id)
    listed = [page.round_combo.itemText(i) for i in range(page.round_combo.count())]
    assert listed == [
        "Round 1 of 3",
        "Round 2 of 3",
        "Round 3 of 3",
        "Playoffs: round of 16",
        "Playoffs: quarter-final",
    ]
    assert page.round_combo.currentData() == 5  # the round in play
    count = built(qtbot, page, "tablecards", 5)
    assert count == 4  # a card per quarter-final table
    assert page.status.text() == "Table cards, Playoffs: quarter-final (Letter): 4 pages."
    assert "Table · Playoffs: quarter-final" in pages_of(page.data).pages[0].extract_text()
    picture(page, "print-playoffs")


def background(button) -> QColor:
    """The colour a button is painted in, just inside its left edge (clear of its text)."""
    image = button.grab().toImage()
    return image.pixelColor(4, image.height() // 2)


def test_the_print_button_is_greyed_while_there_is_nothing_to_print(qtbot, qapp, db, clock):
    before = qapp.styleSheet()
    qapp.setStyleSheet(STYLE_SHEET)  # the application's look, as ``style.apply`` gives it
    try:
        event_id = builder.event(db, clock, entrants=8)
        page = make_page(qtbot, db, clock, event_id)
        built(qtbot, page, "standings")  # nobody ranked yet, but a document to print
        assert page.print_button.isEnabled()
        assert background(page.print_button) == QColor(ACCENT)
        page.choose("tablecards", 1)  # no draw yet: nothing to print
        qtbot.waitUntil(lambda: page.job is None and page.built_for is not None, timeout=WAIT)
        assert not page.print_button.isEnabled()
        assert background(page.print_button) == QColor(GREYED_ACCENT)
    finally:
        qapp.setStyleSheet(before)
