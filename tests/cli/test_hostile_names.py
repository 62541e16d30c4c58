"""Names as a hostile entry could hold them: a spreadsheet opening the standings CSV runs no
formula, and the terminal shows no control character."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from clubdesk.printing.text import plain, spreadsheet_safe
from tests.cli.helpers import SMALL, copy_database, import_once, ok, stored_by_an_older_clubdesk

NAMES = {
    1: '=HYPERLINK("http://evil.example","Smith")',
    2: "+1+1",
    3: "-2+3",
    4: "@SUM(A1:A9)",
    5: "\tTab / Start",
    6: "\rReturn / Start",
    7: "Lee\x1b[2J\x1b[31m / Park\x07",
}


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def db_file(tmp_path: Path, small_grand_prix: Path) -> Path:
    """The small Grand Prix with these names (written before any draw, as a roster could)."""
    path = copy_database(small_grand_prix, tmp_path)
    stored_by_an_older_clubdesk(
        path,
        *(("UPDATE entrant SET name = ? WHERE number = ?", (name, n)) for n, name in NAMES.items()),
    )
    return path


def test_standings_csv_cells_never_run_as_formulas(db_file: Path) -> None:
    rows = list(csv.reader(io.StringIO(ok("standings", "--db", db_file, "--format", "csv"))))
    header, body = rows[0], rows[1:]
    names = {int(row[1]): row[2] for row in body}
    assert names == {
        1: '\'=HYPERLINK("http://evil.example","Smith")',
        2: "'+1+1",
        3: "'-2+3",
        4: "'@SUM(A1:A9)",
        5: "'?Tab / Start",
        6: "'?Return / Start",
        7: "Lee?[2J?[31m / Park?",
    }
    for row in body:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")) or cell == ""
    assert header[:4] == ["place", "number", "name", "total"]


def test_negative_numbers_stay_numbers() -> None:
    assert spreadsheet_safe(-120) == -120
    assert spreadsheet_safe("-120") == "'-120"  # text that starts like a formula
    assert spreadsheet_safe("Smith / Jones") == "Smith / Jones"
    assert spreadsheet_safe("\tx") == "'?x"


@pytest.mark.parametrize("kind", ["text"])
def test_standings_text_shows_no_control_characters(db_file: Path, kind: str) -> None:
    out = ok("standings", "--db", db_file, "--format", kind)
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert "Lee?[2J?[31m / Park?" in out
    assert all(not ch.isspace() or ch in " \n" for ch in out)  # no tab, no stray line break


def test_payouts_text_shows_no_control_characters(db_file: Path) -> None:
    out = ok("payouts", "--db", db_file, "--format", "text")
    assert "\x1b" not in out and "\x07" not in out and "\t" not in out and "\r" not in out


def test_plain_keeps_ordinary_names() -> None:
    assert plain("Zoë Ortiz / Núñez 🂡") == "Zoë Ortiz / Núñez 🂡"
    assert plain("A\u202eB\nC") == "A?B?C"
