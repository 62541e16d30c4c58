"""The Standings page: the engine's standings, live, with the cut line and the leaders' chart."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView

from clubdesk.services import results, sheets
from clubdesk.services.changes import changes_of
from clubdesk.services.command import Desk
from clubdesk.services.draw import make_draw
from clubdesk.services.eventfile import import_event
from clubdesk.services.seating import publish_seating, seating
from clubdesk.ui.context import UiContext
from clubdesk.ui.standings.chart import LEADERS
from clubdesk.ui.standings.model import CUT_COLOUR, DROPPED_ROLE, TIED_ROLE, StandingsModel
from clubdesk.ui.standings.page import StandingsPage
from tests import builder
from tests.ui.showing import exposed, read_in

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"


def make_page(qtbot, db, clock, event_id: str) -> StandingsPage:
    page = StandingsPage(UiContext(db, clock, event_id))
    qtbot.addWidget(page)
    page.resize(1100, 760)
    page.show()
    return page


def shown(model: StandingsModel, row: int, column: int) -> str:
    return model.data(model.index(row, column))


def test_the_page_shows_the_engines_standings_for_the_demo(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    engine = results.standings(db, event_id)
    model = page.model
    assert engine.after_round == 3
    assert page.after_label.text() == "After round 3 of 11"
    assert model.columns() == ["Place", "No.", "Name", "R1", "R2", "R3", "Total"]  # no wins
    assert model.rowCount() == len(engine.rows) == 16
    for index, row in enumerate(engine.rows):
        place = f"{row.place}=" if row.tied else str(row.place)
        assert shown(model, index, 0) == place
        assert shown(model, index, 1) == str(row.number)
        assert shown(model, index, 2) == row.name
        for round_number, score in enumerate(row.rounds, start=1):
            dropped = round_number in row.dropped  # in brackets, as on paper
            text = f"({score})" if dropped else str(score)
            assert shown(model, index, model.round_column(round_number)) == text
        assert shown(model, index, 6) == str(row.total)
        assert model.data(model.index(index, 0), TIED_ROLE) is row.tied
    assert page.cut_label.isHidden()  # the Grand Prix has no cut
    assert page.table.horizontalScrollBar().maximum() == 0


def test_a_dropped_game_is_struck_through(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    model = page.model
    engine = results.standings(db, event_id)
    assert any(row.dropped for row in engine.rows)  # the Grand Prix drops the lowest round
    for index, row in enumerate(engine.rows):
        for round_number in (1, 2, 3):
            cell = model.index(index, model.round_column(round_number))
            dropped = round_number in row.dropped
            assert model.data(cell, DROPPED_ROLE) is dropped
            assert model.data(cell, Qt.ItemDataRole.FontRole).strikeOut() is dropped
            if dropped:
                assert "dropped" in model.data(cell, Qt.ItemDataRole.ToolTipRole)
        counted = sum(s for n, s in enumerate(row.rounds, start=1) if n not in row.dropped)
        assert counted + row.bonus == row.total


def test_a_removal_from_the_table_is_the_game_struck_through(qtbot, db, clock):
    """Seed 000: "A TEAM WILL BE ALLOWED TO "throw out" THEIR LOWEST SCORE OF ONE OF THEIR
    11 GAMES WHICH THEY PLAYED". Team 1: 450, 480 and a removal's 0 shows 930, as
    `clubdesk standings` gives it from the same file."""
    data = DATA / "event_grand_prix_removed_from_table.json"
    import_event(Desk(db, None, clock), json.loads(data.read_text(encoding="utf-8")))
    page = make_page(qtbot, db, clock, "gp-drop")
    model = page.model
    assert [shown(model, 0, column) for column in range(7)] == [
        "1", "1", "Smith / Jones  (Ann Smith / Bob Jones)", "450", "480", "(0)", "930",
    ]  # fmt: skip
    removal = model.index(0, model.round_column(3))
    assert model.data(removal, DROPPED_ROLE) is True
    assert model.data(removal, Qt.ItemDataRole.FontRole).strikeOut()
    assert model.data(removal, Qt.ItemDataRole.ToolTipRole) == (
        "Round 3: dropped, not counted in the total"
    )
    assert page.table.isVisible() and page.table.model() is model


def test_submitting_the_last_sheet_refreshes_the_page(qtbot, db, clock):
    event_id = builder.event(db, clock, entrants=7)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    page = make_page(qtbot, db, clock, event_id)
    assert page.after_label.text() == "No round complete yet (the event plays 11)"
    assert page.model.rowCount() == 7 and page.chart.series() == []
    builder.scores(db, event_id, 1, {1: (520, 300), 2: (410, 450)}, clock)
    page.refresh()
    assert page.after_label.text().startswith("No round complete yet")

    done = sheets.submit_sheet(
        Desk(db, event_id, clock), 1, 3, final_score=(610, 200),
        signatures=builder.signers(db, event_id, 1, 3),
    )  # fmt: skip
    page.context.publish(changes_of(done))  # as the sheet dialog does
    # read off the window's thread: shown as it was until the read is in
    assert page.after_label.text().startswith("No round complete yet")
    read_in(page.reads)

    engine = results.standings(db, event_id)
    assert engine.after_round == 1
    assert page.after_label.text() == "After round 1 of 11"
    total = page.model.total_column()
    assert shown(page.model, 0, total) == str(engine.rows[0].total) == "610"
    assert [shown(page.model, r, 1) for r in range(7)] == [str(r.number) for r in engine.rows]


def test_an_amendment_moves_the_standings_in_the_window(make_window, db, clock):
    event_id = builder.event(db, clock, entrants=7)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    builder.scores(db, event_id, 1, {1: (520, 300), 2: (410, 450), 3: (610, 200)}, clock)
    window = make_window(db)
    window.context.open_event(event_id)
    window.show_page("standings")  # a page reads what changed while it is on show
    page = window.standings_page
    leader = page.model.row_at(0)
    assert leader.total == 610 and page.after_label.text() == "After round 1 of 11"

    done = sheets.amend_sheet(
        Desk(db, event_id, clock), 1, 3, score=(410, 200), director="Director Dee",
        reason="added up twice",
    )  # fmt: skip
    window.context.publish(changes_of(done))
    read_in(page.reads)
    assert page.model.row_at(0).number != leader.number
    moved = [page.model.row_at(r) for r in range(page.model.rowCount())]
    assert next(r for r in moved if r.number == leader.number).total == 410
    assert moved == list(results.standings(db, event_id).rows)


def test_the_chart_has_a_line_per_leader(qtbot, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    rows = results.standings(db, event_id).rows
    lines = page.chart.series()
    assert len(lines) == LEADERS == 8
    for line, row in zip(lines, rows, strict=False):
        assert f"#{row.number} " in line.name()
        totals = [results.standings(db, event_id, n).row(row.number).total for n in (1, 2, 3)]
        assert [(p.x(), p.y()) for p in line.points()] == [(1, totals[0]), (2, totals[1]),
                                                           (3, totals[2])]  # fmt: skip


def test_the_charts_first_and_last_points_are_drawn_whole_inside_it(qtbot, db, demo_event, clock):
    page = make_page(qtbot, db, clock, demo_event.id)
    chart = page.chart.chart_
    qtbot.waitUntil(lambda: chart.plotArea().width() > 0)
    area = chart.plotArea()
    for line in page.chart.series():
        radius = line.markerSize()  # as drawn (half its size is the least it could be)
        for point in line.points():
            at = chart.mapToPosition(point, line)
            assert area.left() + radius <= at.x() <= area.right() - radius, (line.name(), point)


def gin_event(db, clock) -> str:
    """Nine gin players (four tables and a bye a round) through round 1."""
    event_id = builder.event(db, clock, "house-gin", entrants=9)
    make_draw(Desk(db, event_id, clock), 21)
    first = publish_seating(Desk(db, event_id, clock), 1).seating
    scores = [(400, 100), (380, 120), (300, 140), (250, 160)]
    builder.scores(
        db, event_id, 1, dict(zip((t.table for t in first.tables), scores, strict=True)), clock
    )
    return event_id


def test_the_cut_line_sits_where_the_cut_says(qtbot, db, clock):
    event_id = gin_event(db, clock)
    page = make_page(qtbot, db, clock, event_id)
    assert page.model.cut_above == 5  # 60% of 9, before the cut round is over
    assert "the top 5 advance" in page.cut_label.text()

    second = publish_seating(Desk(db, event_id, clock), 2).seating
    scores = [(90, 10), (80, 20), (70, 30), (60, 40)]
    tables = [t.table for t in second.tables]
    builder.scores(db, event_id, 2, dict(zip(tables[:-1], scores[:-1], strict=True)), clock)
    assert page.model.cut_above == 5 and "the top 5" in page.cut_label.text()
    done = sheets.submit_sheet(
        Desk(db, event_id, clock), 2, tables[-1], final_score=scores[-1],
        signatures=builder.signers(db, event_id, 2, tables[-1]),
    )  # fmt: skip
    page.context.publish(changes_of(done))
    read_in(page.reads)

    final = seating(db, event_id, 3)  # the final round seats those who made the cut
    advancing = set(final.entrants) | set(final.byes)
    above = page.model.cut_above
    assert above == len(advancing) == 5
    assert {page.model.row_at(r).number for r in range(above)} == advancing
    assert page.cut_label.text().startswith("Cut made after round 2: 5 advance")

    page.table.viewport().repaint()
    image = page.table.viewport().grab().toImage()
    line_y = page.table.visualRect(page.model.index(above - 1, 2)).bottom()
    assert image.pixelColor(40, line_y) == QColor(CUT_COLOUR)
    assert image.pixelColor(40, line_y - 6) != QColor(CUT_COLOUR)


def test_bid_whist_shows_wins_and_names_a_group_level_across_the_line(qtbot, db, clock):
    event_id = builder.event(db, clock, "bid-whist", entrants=17)
    make_draw(Desk(db, event_id, clock), 5)
    seats = publish_seating(Desk(db, event_id, clock), 1).seating
    # table 8's losers score 0, as the team with the bye does: the two share place 16
    scores = {t.table: (7, 0 if t.table == 8 else 3 + t.table % 3) for t in seats.tables}
    builder.scores(db, event_id, 1, scores, clock)
    page = make_page(qtbot, db, clock, event_id)
    model = page.model
    engine = results.standings(db, event_id)
    assert model.columns()[-1] == "Wins"
    wins = [model.data(model.index(r, model.columnCount() - 1)) for r in range(model.rowCount())]
    assert wins == [str(row.wins) for row in engine.rows]
    assert model.cut_above == 16  # 17 teams: 16 advance
    level = [row.number for row in engine.rows if row.place == 16]
    assert len(level) == 2 and [shown(model, r, 0) for r in (15, 16)] == ["16=", "16="]
    assert page.cut_label.text() == (
        "Cut after round 3: the top 16 advance (the red line shows where it falls today); "
        f"level across the line today: {level[0]}, {level[1]}"
    )
    assert page.message.text() == "= shares the place (tied); b bye."  # the paper's legend


def test_the_item_model_passes_the_model_tester(qtbot, qtmodeltester, db, demo_event, clock):
    event_id = demo_event.id
    page = make_page(qtbot, db, clock, event_id)
    qtmodeltester.check(page.model)


def test_without_an_event_the_page_says_so(qtbot, db, clock):
    page = make_page(qtbot, db, clock, None)
    assert page.model.rowCount() == 0
    assert page.message.text() == "Open or create an event on the Event page first."


def test_the_columns_fit_every_row_sized_once_not_on_every_showing(
    qtbot, monkeypatch, db, demo_event, clock
):
    """A column sized to its contents measures every row of a 512-team field each time the
    page is laid out or shown; the page sizes its columns once a refresh, as wide as the
    widest cell of every row and the title, the name taking what is left."""
    asked: list[int] = []  # the roles the view asks the model for
    data = StandingsModel.data

    def counted(model, index, role=Qt.ItemDataRole.DisplayRole):
        asked.append(role)
        return data(model, index, role)

    monkeypatch.setattr(StandingsModel, "data", counted)
    page = make_page(qtbot, db, clock, demo_event.id)
    header = page.table.horizontalHeader()
    for column in range(page.model.columnCount()):
        mode = header.sectionResizeMode(column)
        assert mode != QHeaderView.ResizeMode.ResizeToContents
        if column == 2:
            assert mode == QHeaderView.ResizeMode.Stretch
            continue
        every_row = page.table.sizeHintForColumn(column)  # measures them all
        assert header.sectionSize(column) >= max(every_row, header.sectionSizeHint(column))

    page.hide()
    asked.clear()
    page.show()
    exposed(page)  # painted on screen
    page.table.viewport().grab()  # and painted again
    cells = page.model.rowCount() * page.model.columnCount()  # the demo's 16 rows all in view
    assert 0 < asked.count(Qt.ItemDataRole.DisplayRole) <= 2 * cells  # painted, not measured


def test_a_sheet_that_leaves_the_standings_as_they_are_leaves_the_page_alone(qtbot, db, clock):
    """A sheet of a round not complete yet changes nothing the page shows: the standings
    are read, found the same, and the table is not reset (nor measured, nor its chart
    drawn again)."""
    event_id = builder.event(db, clock, entrants=7)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    builder.scores(db, event_id, 1, {1: (520, 300), 2: (410, 450), 3: (610, 200)}, clock)
    builder.publish(db, event_id, 2, clock)
    page = make_page(qtbot, db, clock, event_id)
    assert page.after_label.text() == "After round 1 of 11"
    resets: list[bool] = []
    page.model.modelReset.connect(lambda: resets.append(True))
    done = sheets.submit_sheet(
        Desk(db, event_id, clock), 2, 1, final_score=(500, 300),
        signatures=builder.signers(db, event_id, 2, 1),
    )  # fmt: skip
    page.context.publish(changes_of(done))
    read_in(page.reads)
    assert resets == [] and page.after_label.text() == "After round 1 of 11"

    builder.scores(db, event_id, 2, {2: (420, 400), 3: (300, 610)}, clock)  # round 2 complete
    page.context.publish(changes_of(done))
    read_in(page.reads)
    assert resets == [True] and page.after_label.text() == "After round 2 of 11"
