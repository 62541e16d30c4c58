"""The printed season standings (`clubdesk print season`): the season of the event printed
from, one page per 40 members, the club's name at the top (docs/cli.md), read back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from clubdesk.errors import UserError
from clubdesk.services import printouts, seasons
from clubdesk.services.command import Desk
from clubdesk.services.members import import_members
from tests import builder
from tests.cli.helpers import ok
from tests.printing.reading import Printed


def test_a_season_of_43_members_prints_on_two_pages(db, clock, tmp_path: Path) -> None:
    import_members(Desk(db, None, clock), builder.club_of(43))
    scores = {table: (300 + 10 * table, 250) for table in range(1, 12)}
    night = builder.season_night(db, clock, 2, scores, players=44)
    out = io.BytesIO()
    printouts.write_document(db, night, "season", out, clock, paper="letter")
    doc = Printed(out.getvalue())
    assert len(doc.pages) == 2
    rows = seasons.standings(db, "2027 spring").rows
    first, last = rows[0], rows[-1]
    assert doc.pages[0].startswith("NPA Club Pinochle 2027 spring season")  # the club, the season
    assert doc.in_order(
        "Season standings: 2027 spring",
        "1 event: Night 2 (2024-02-02)",
        "Place No. Member Events Points Counted",
        f"{first.member} {first.name} 1 {first.points} {first.points}",
    )
    assert f"{rows[39].member} {rows[39].name}" in doc.pages[0]
    assert f"{rows[40].member} {rows[40].name}" not in doc.pages[0]
    assert "Place No. Member Events Points Counted" in doc.pages[1]
    assert f"{last.member} {last.name} 1 {last.points}" in doc.pages[1]
    assert "Page 2 of 2" in doc.pages[1]

    db.close()
    path = tmp_path / "season.pdf"
    assert ok("print", "season", "--db", db.path, "--event", night, "-o", path) == (
        f"wrote {path}\n"
    )
    assert len(Printed(path.read_bytes()).pages) == 2


def test_an_event_of_no_season_prints_none(db, clock) -> None:
    night = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    with pytest.raises(UserError, match="^season: this event belongs to no season"):
        printouts.write_document(db, night, "season", io.BytesIO(), clock)
