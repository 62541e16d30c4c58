"""``clubdesk print KIND``: each document to a file; refusals exit 2 with one line and
leave no file behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import ok, refused

KINDS = ["standings", "awards", "payouts", "chits", "schedule"]
ROUND_KINDS = ["scoresheets", "tablecards", "seating"]


@pytest.fixture
def demo_db(tmp_path: Path, new_demo) -> Path:
    """The demo Grand Prix (round 4 running), this test's own copy."""
    return new_demo(tmp_path / "demo.sqlite")


def _pages(path: Path) -> tuple[int, tuple[int, int]]:
    reader = PdfReader(path)
    box = reader.pages[0].mediabox
    return len(reader.pages), (round(float(box.width)), round(float(box.height)))


@pytest.mark.parametrize("kind", KINDS + ROUND_KINDS)
def test_every_kind_prints_to_a_pdf(tmp_path: Path, demo_db: Path, kind: str) -> None:
    out = tmp_path / f"{kind}.pdf"
    extra = ["--round", "4"] if kind in ROUND_KINDS else []
    assert ok("print", kind, "--db", demo_db, *extra, "-o", out) == f"wrote {out}\n"
    pages, size = _pages(out)
    assert pages >= 1
    assert size in ((612, 792), (792, 612))  # letter unless asked otherwise
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_paper_a4_is_used_when_asked(tmp_path: Path, demo_db: Path) -> None:
    out = tmp_path / "standings.pdf"
    ok("print", "standings", "--db", demo_db, "-o", out, "--paper", "a4")
    assert _pages(out)[1] == (595, 842)


def test_the_clubs_paper_is_the_default_and_paper_overrides_it(
    tmp_path: Path, new_database, clock
) -> None:
    path = new_database(tmp_path / "a4.sqlite")
    with open_database(path, backups=tmp_path / "backups") as db:
        builder.event(db, clock, "npa-club-pinochle", entrants=8, settings={"paper": "a4"})
    ok("print", "chits", "--db", path, "-o", tmp_path / "club.pdf")
    assert _pages(tmp_path / "club.pdf")[1] == (595, 842)
    ok("print", "chits", "--db", path, "-o", tmp_path / "asked.pdf", "--paper", "letter")
    assert _pages(tmp_path / "asked.pdf")[1] == (612, 792)


def test_a_roundless_kind_ignores_a_round(tmp_path: Path, demo_db: Path) -> None:
    ok("print", "payouts", "--db", demo_db, "--round", "2", "-o", tmp_path / "p.pdf")


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_a_round_kind_without_a_round_is_refused(tmp_path: Path, demo_db: Path) -> None:
    before = _files(tmp_path)
    line = refused("print", "seating", "--db", demo_db, "-o", tmp_path / "s.pdf")
    assert line == "--round: seating is printed for one round; give --round N"
    assert _files(tmp_path) == before


def test_a_round_the_event_does_not_have_is_refused(tmp_path: Path, demo_db: Path) -> None:
    before = _files(tmp_path)
    line = refused(
        "print", "scoresheets", "--db", demo_db, "--round", "12", "-o", tmp_path / "s.pdf"
    )
    assert line.startswith("round: the event has rounds 1 to 11, not 12")
    assert _files(tmp_path) == before


def test_a_failed_print_leaves_an_existing_file_as_it_was(tmp_path: Path, demo_db: Path) -> None:
    out = tmp_path / "seating.pdf"
    out.write_bytes(b"yesterday's seating")
    refused("print", "seating", "--db", demo_db, "--round", "0", "-o", out)
    assert out.read_bytes() == b"yesterday's seating"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_an_output_in_no_folder_is_refused(tmp_path: Path, demo_db: Path) -> None:
    out = tmp_path / "nowhere" / "s.pdf"
    line = refused("print", "standings", "--db", demo_db, "-o", out)
    assert line == f"-o: {out} cannot be written (no folder {out.parent})"


def test_an_output_that_is_a_folder_is_refused(tmp_path: Path, demo_db: Path) -> None:
    line = refused("print", "standings", "--db", demo_db, "-o", tmp_path)
    assert line == f"-o: {tmp_path} is a folder; name the PDF file to write"


def test_a_file_that_cannot_be_put_in_place_is_refused_and_cleared(
    tmp_path: Path, demo_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "standings.pdf"
    out.write_bytes(b"the old standings")

    def full_disk(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("clubdesk.cli.printing.os.replace", full_disk)
    line = refused("print", "standings", "--db", demo_db, "-o", out)
    assert line == f"-o: {out} cannot be written (No space left on device)"
    assert out.read_bytes() == b"the old standings"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_an_unknown_kind_and_paper_are_refused(tmp_path: Path, demo_db: Path) -> None:
    assert "invalid choice: 'menu'" in refused(
        "print", "menu", "--db", demo_db, "-o", tmp_path / "m.pdf"
    )
    assert "invalid choice: 'legal'" in refused(
        "print", "standings", "--db", demo_db, "-o", tmp_path / "m.pdf", "--paper", "legal"
    )


def test_the_command_offers_exactly_the_documents_there_are() -> None:
    from clubdesk.cli import printing
    from clubdesk.services import printouts

    assert printing.KINDS == printouts.KINDS
    assert set(ROUND_KINDS) == printouts.ROUND_KINDS
