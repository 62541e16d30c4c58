"""The Draw page in the director's window at 1280x820 and 1600x1000, on the demo night and
on a 24-team field: nothing scrolls sideways, and no name is cut short while there is room."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clubdesk.store.db import open_database
from tests import builder
from tests.ui.pictures import picture
from tests.ui.window_sizes import SIZES

FIRST = ["Margo", "Theo", "Rosa", "Fred", "Anna", "Leo", "Ida", "Al"]
LAST = ["Donovan", "Whitman", "Castro", "Harris", "Okafor", "Lind", "Moore"]


def pair(n: int) -> list[str]:
    """Entrant ``n``'s two players, each name different: teams of up to 30 letters, as long as
    a real club's (longer ones are cut short at 1280x820, with their tooltips)."""
    return [f"{FIRST[p % 8]} {LAST[p // 8]}" for p in (2 * n, 2 * n + 1)]


def field_of_24(db, clock) -> None:
    event_id = builder.event(
        db, clock, "grand-prix-pinochle", name="Spring Grand Prix", entrants=24, players=pair,
        entrant_name=lambda n: " / ".join(pair(n)),
    )  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)


def long_name(db, clock) -> None:
    name = (  # as long as the window's event form takes (120 characters)
        "Spring Grand Prix of the Lakeside Community Card Club, Saturday and Sunday, "
        "with an Annual General Meeting after round 5"
    )
    assert len(name) == 120
    event_id = builder.event(db, clock, "grand-prix-pinochle", name=name, entrants=16)
    builder.draw(db, event_id, clock, seed=123456789)


FILLS = {"24 teams": field_of_24, "a long event name": long_name}


@pytest.fixture(params=["demo", *FILLS])
def draw_window(request, make_window, db_path, new_database, new_demo, clock):
    if request.param == "demo":
        db = open_database(new_demo(db_path))
    else:
        db = open_database(new_database(db_path))
        FILLS[request.param](db, clock)
    window = make_window(db)
    window.show_page("draw")
    return window


@pytest.mark.parametrize("size", SIZES)
def test_nothing_scrolls_sideways_and_no_name_is_cut_short(draw_window, size, qtbot):
    window = draw_window
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.draw_page
    holder = window.stack.currentWidget()
    assert holder.horizontalScrollBar().maximum() == 0
    for button in (page.make_button, page.physical_button, page.redo_button):
        assert button.geometry().right() <= page.width()
        assert button.width() >= button.sizeHint().width()  # its text is not cut off
    view = page.list_view
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() == 0)
    assert view.horizontalHeader().length() <= view.viewport().width()  # the Seat column shows
    assert view.columnWidth(1) >= view.sizeHintForColumn(1)  # every name whole in the list
    drawn = page.table_map.drawn_names()
    assert drawn and all(text == seat.name for seat, text in drawn)  # and in the picture
    picture(window, f"draw-{size[0]}")


def test_every_name_has_its_tooltip_where_it_may_be_cut_short(draw_window, qtbot):
    page = draw_window.draw_page
    page.splitter.setSizes([330, 900])  # the director drags the divider: the picture shrinks
    page.splitter.splitterMoved.emit(330, 1)
    qtbot.waitUntil(lambda: page.table_map.width() <= 340)
    shown = page.table_map.shown_tables()[0]
    cell = page.table_map.cells()[shown.table]
    for seat, box in page.table_map.seat_boxes(shown, cell):
        assert page.table_map.tooltip_at(box.center()) == f"{seat.entrant} {seat.name}"
    index = page.proxy.index(0, 1)
    number = page.proxy.index(0, 0).data()
    assert index.data(Qt.ItemDataRole.ToolTipRole) == f"{number} {index.data()}"
