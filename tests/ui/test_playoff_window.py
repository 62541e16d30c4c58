"""A bid whist night in its playoffs in the director's window: the Rounds board, the clock,
the status bar, the projector and the Draw page name the playoff round ("Playoffs:
quarter-final") where they say "Round N of 3" for a preliminary round, at two sizes,
without scrolling sideways."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea

from clubdesk.services import rounds
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.ui.projector.slides import seating_slides
from clubdesk.ui.projector.texts import projector_text
from tests.cli.test_playoffs import clocked_whist
from tests.services.test_playoff_rounds import play, preliminaries
from tests.ui.pictures import picture
from tests.ui.window_sizes import SIZES


@pytest.fixture
def playoff_window(make_window, db_path, new_database, clock):
    """17 teams of a club's bid whist with a 30-minute clock: the round of 16 played (the
    better seed won every match), the quarter-finals (round 5) just started."""
    db = open_database(new_database(db_path))
    event = preliminaries(db, clock, rules=str(clocked_whist()))
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None
    play(db, event, fourth, clock, wins=set())
    rounds.close_round(Desk(db, event, clock), 4)
    rounds.start_round(Desk(db, event, clock), 5)
    return make_window(db)


@pytest.mark.parametrize("size", SIZES)
def test_the_quarter_finals_on_the_rounds_page(playoff_window, size, qtbot):
    window = playoff_window
    window.show_page("rounds")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.rounds_page
    holder = window.stack.currentWidget()
    assert isinstance(holder, QScrollArea)
    assert holder.horizontalScrollBar().maximum() == 0  # nothing scrolls sideways
    assert page.board_heading.text() == "Playoffs: quarter-final · round 5's tables"
    assert page.round_label.text().startswith("Playoffs: quarter-final · ends at ")
    assert page.big_time.text() == "30:00"
    assert page.model.rowCount() == 4 and page.count_label.text() == "0 of 4 sheets in"
    assert window.status_clock.text() == "Round 5 · 30:00 left · 0 of 4 sheets in"
    assert window.summary_label.text() == "17 entrants · 17 paid · 4 tables"  # the round's
    picture(window, f"playoff-rounds-{size[0]}")


def test_the_projector_names_the_playoff_round(playoff_window, clock):
    view = playoff_window.clock_watch.view
    assert view.board is not None
    text = projector_text(view, view.board.rounds)
    assert (text.round_line, text.digits) == ("Playoffs: quarter-final", "30:00")
    [slide] = seating_slides(playoff_window.context.db, view.board.event_id, 5)
    assert slide.heading == "Playoffs: quarter-final · round 5 seating"
    assert len(slide.rows) == 4


@pytest.mark.parametrize("size", SIZES)
def test_the_draw_page_reaches_the_playoff_rounds(playoff_window, size, qtbot):
    window = playoff_window
    window.show_page("draw")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.draw_page
    holder = window.stack.currentWidget()
    assert holder.horizontalScrollBar().maximum() == 0
    spin = page.round_spin
    assert (spin.value(), spin.maximum(), spin.suffix()) == (5, 6, "")
    assert page.round_hint.text() == "Playoffs: quarter-final · 4 tables · published"
    picture(window, f"playoff-draw-{size[0]}")
    page.show_round(6)  # the semi-finals wait for the quarter-finals' results
    assert page.round_hint.text() == ""
    assert "no result for tables 1, 2, 3, 4" in page.table_map.message()
    page.show_round(4)
    assert page.round_hint.text() == "Playoffs: round of 16 · 8 tables · published"
    page.show_round(3)
    assert page.round_hint.text().startswith("Round 3 of 3 · 8 tables · team ")
    assert "has a bye" in page.round_hint.text()


def test_the_clubs_bid_whist_without_a_clock_shows_its_playoff_round(
    make_window, db_path, new_database, clock
):
    db = open_database(new_database(db_path))
    event = preliminaries(db, clock)  # the bundled bid whist: no round clock
    fourth = rounds.close_round(Desk(db, event, clock), 3).next_seating
    assert fourth is not None
    play(db, event, fourth, clock, wins=set())
    rounds.close_round(Desk(db, event, clock), 4)
    rounds.start_round(Desk(db, event, clock), 5)
    window = make_window(db)
    window.show_page("rounds")
    page = window.rounds_page
    window.ticker.second_timer.fire()
    assert page.board_heading.text() == "Playoffs: quarter-final · round 5's tables"
    assert page.count_label.text() == "0 of 4 sheets in"
    assert (page.round_label.text(), window.status_clock.text()) == (  # no clock: since when
        "Playoffs: quarter-final · in play since 9:30 AM",
        "Playoffs: quarter-final · 0 of 4 sheets in",
    )
