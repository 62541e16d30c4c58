"""A round not seated in and a tie-break bonus are shown one way in every view of the
standings (``printing.text.round_text``, ``total_text``, ``standings_legend``): the
window's Standings page, the printed standings and the command line's text all write
``-`` for the round (never a 0) and ``301*`` for gin's sudden-death +1, under one legend."""

from __future__ import annotations

import re

from clubdesk.domain.results.standings import StandingRow
from clubdesk.printing.text import standings_text
from clubdesk.services import printouts, results
from tests.printing.reading import Printed
from tests.tie_nights import gin_final_tie
from tests.ui.test_standings_tiebreaks import make_page

BONUS = "* includes a tie-break bonus"
NOT_SEATED = "- not seated (not in the round)"


def expected(row: StandingRow) -> list[str]:
    """R1, R2, R3 and the total as this night's rows are to be shown (no byes, no drops)."""
    rounds = ["-" if n in row.absent else str(s) for n, s in enumerate(row.rounds, start=1)]
    return [*rounds, f"{row.total}*" if row.bonus else str(row.total)]


def test_the_window_the_paper_and_the_text_mark_the_same_cells(qtbot, db, clock) -> None:
    event = gin_final_tie(db, clock)  # 4 won the sudden death (+1); four missed the final
    engine = results.standings(db, event)
    assert [row.number for row in engine.rows if row.bonus] == [4]
    assert len([row for row in engine.rows if 3 in row.absent]) == 4
    assert not any(row.byes or row.dropped for row in engine.rows)

    page = make_page(qtbot, db, clock, event)
    model = page.model
    columns = [model.round_column(n) for n in (1, 2, 3)] + [model.total_column()]
    for index, row in enumerate(engine.rows):
        assert [model.data(model.index(index, c)) for c in columns] == expected(row), row
    assert page.message.isVisible()
    assert BONUS in page.message.text() and NOT_SEATED in page.message.text()

    text = " ".join(standings_text(engine).split())
    paper = Printed(printouts.build_document(db, event, "standings", clock))
    for row in engine.rows:  # number, name, total, the wins where shown, R1 to R3
        *rounds, total = expected(row)
        cells = rf"{row.number} {row.name} {re.escape(total)}( \d+)? {' '.join(rounds)}(?!\S)"
        assert re.search(cells, text) and re.search(cells, paper.text), cells
    for shown in (text, paper.text):
        assert BONUS in shown and NOT_SEATED in shown
