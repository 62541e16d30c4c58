"""Roster import: every problem named with its line, then all rows in one go or none."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sqlmodel import func, select

from clubdesk.errors import UserError
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.entrants import list_entrants
from clubdesk.services.events import NewEvent, create_event
from clubdesk.services.registration import RegisterEntrant, register
from clubdesk.services.roster_csv import (
    RosterPreview,
    RosterRow,
    import_roster,
    preview_roster,
    read_roster_file,
)
from clubdesk.store.db import Database
from clubdesk.store.models import AuditLog, Entrant, LedgerEntry, Player


def make_event(db: Database, clock, rules_id: str) -> str:
    new = NewEvent(name=rules_id, date=dt.date(2024, 3, 9), venue="", rules_id=rules_id)
    return create_event(Desk(db, None, clock), new).id


@pytest.fixture
def teams(db: Database, clock) -> str:
    return make_event(db, clock, "grand-prix-pinochle")


@pytest.fixture
def solo(db: Database, clock) -> str:
    return make_event(db, clock, "npa-club-pinochle")


def count(db: Database, model) -> int:
    with db.session() as session:
        return session.exec(select(func.count()).select_from(model)).one()


GOOD_TEAMS = """\
Name,Partner,Paid
Ann Smith,Bob Jones,50
Carol García,Dave O'Neill,$50.00

"Evans, Eve",Frank Kowalski,
Grace Brown,Hank Davis,"$1,000"
"""


def test_a_good_roster_is_imported_in_one_go(db, teams, clock) -> None:
    register(Desk(db, teams, clock), RegisterEntrant(["Early Bird", "Worm Catcher"], number=2))
    preview = preview_roster(db, teams, GOOD_TEAMS)
    assert preview.ok and preview.team
    assert preview.rows == (
        RosterRow(2, ("Ann Smith", "Bob Jones"), 5000),
        RosterRow(3, ("Carol García", "Dave O'Neill"), 5000),
        RosterRow(5, ("Evans, Eve", "Frank Kowalski"), 0),
        RosterRow(6, ("Grace Brown", "Hank Davis"), 100000),
    )
    audits = count(db, AuditLog)
    imported = import_roster(Desk(db, teams, clock), preview)
    assert [(e.number, e.name, e.paid_cents, e.owed_cents) for e in imported] == [
        (1, "Ann Smith / Bob Jones", 5000, 0),
        (3, "Carol García / Dave O'Neill", 5000, 0),
        (4, "Evans, Eve / Frank Kowalski", 0, 5000),
        (5, "Grace Brown / Hank Davis", 100000, 0),
    ]
    assert [e.number for e in list_entrants(db, teams)] == [1, 2, 3, 4, 5]
    assert count(db, Player) == 10
    with db.session() as session:
        fees = session.exec(select(LedgerEntry.cents, LedgerEntry.kind)).all()
    assert sorted(fees) == [(5000, "fee"), (5000, "fee"), (100000, "fee")]
    assert count(db, AuditLog) == audits + 1
    entry = list_audit(db, teams)[-1]
    assert (entry.action, entry.details["count"]) == ("entrant.import", 4)


BAD_TEAMS = """\
name,partner,paid
Ann Smith,Bob Jones,50
Carol García,,50
Dave Lee,Eve Moss,fifty
Frank Kim,Gus Hill,25.5
"""


def test_a_roster_with_two_bad_rows_is_refused_with_their_lines(db, teams, clock) -> None:
    preview = preview_roster(db, teams, BAD_TEAMS)
    assert not preview.ok
    assert [(row.line, row.problems) for row in preview.rows if row.problems] == [
        (3, ("line 3: partner: missing (a team event registers two players)",)),
        (4, ("line 4: paid: 'fifty' is not an amount",)),
    ]
    assert preview.rows[3].paid_cents == 2550
    with pytest.raises(UserError) as refused:
        import_roster(Desk(db, teams, clock), preview)
    assert str(refused.value).startswith("roster: nothing was imported; fix the file first: ")
    assert "line 3: partner: missing" in str(refused.value)
    assert "line 4: paid: 'fifty' is not an amount" in str(refused.value)
    assert count(db, Entrant) == 0
    assert count(db, LedgerEntry) == 0
    assert [e.action for e in list_audit(db, teams)] == ["event.create"]


def test_names_must_be_there(db, teams, solo) -> None:
    preview = preview_roster(db, solo, "name,paid\n  ,10\nAnn Smith,\n")
    assert preview.rows[0].problems == ("line 2: name: missing",)
    assert preview.rows[1].ok
    team_preview = preview_roster(db, teams, "partner,name\nBob Jones,\n")
    assert team_preview.rows[0].problems == ("line 2: name: missing",)


def test_duplicates_in_the_file_and_of_registered_players_are_named(db, teams, clock) -> None:
    for _ in range(3):
        register(Desk(db, teams, clock), RegisterEntrant([f"P{_} A", f"P{_} B"]))
    register(Desk(db, teams, clock), RegisterEntrant(["Ann Smith", "Bob Jones"]))  # entrant 4
    text = "name,partner,paid\nCarl Diaz,ann  SMITH,\nDee Lee,Eve Moss,\nEVE MOSS,Fay Wu,\n"
    preview = preview_roster(db, teams, text)
    assert [row.problems for row in preview.rows] == [
        ("line 2: partner: Ann Smith is already registered (entrant 4)",),
        (),
        ("line 4: name: EVE MOSS is also on line 3",),
    ]
    assert not preview.ok


def test_paid_amounts_as_people_write_them(db, solo) -> None:
    text = 'NAME,PAID\nA,50\nB,50.00\nC,$50\nD,\nE,$ 12.5\nF,"1,250"\nG,-5\nH,12.345\n'
    preview = preview_roster(db, solo, text)
    assert [row.paid_cents for row in preview.rows[:6]] == [5000, 5000, 5000, 0, 1250, 125000]
    assert [row.problems for row in preview.rows[6:]] == [
        ("line 8: paid: '-5' is not an amount",),
        ("line 9: paid: '12.345' is not an amount",),
    ]


def test_the_header_is_required_and_checked(db, teams, solo) -> None:
    def problems(event_id: str, text: str) -> tuple[str, ...]:
        preview = preview_roster(db, event_id, text)
        assert not preview.ok and preview.rows == ()
        return preview.problems

    assert problems(solo, "Ann Smith,50\nBob Jones,50\n") == (
        "line 1: the first line must be the header, with a name column (name, paid)",
    )
    assert problems(solo, "") == (
        "the file is empty: the first line must be the header (name, paid)",
    )
    assert problems(solo, "\n\nname,paid\n\n") == (
        "the file lists nobody after its header (line 3)",
    )
    assert problems(solo, "name,partner\nAnn,Bob\n") == (
        "line 1: partner: an individual event has no partners; remove the partner column",
    )
    assert problems(teams, "name,paid\nAnn,50\n") == (
        "line 1: partner: a team event needs a partner column",
    )
    assert problems(solo, "name,paied\nAnn,50\n") == (
        "line 1: 'paied' is not a column (use name, paid)",
    )
    assert problems(solo, "name,Name\nAnn,Ann\n") == ("line 1: the name column is there twice",)


def test_a_paid_column_is_optional_and_extra_values_are_flagged(db, solo) -> None:
    preview = preview_roster(db, solo, "name\nAnn Smith\nBob Jones,50\n")
    assert preview.rows[0] == RosterRow(2, ("Ann Smith",), 0)
    assert preview.rows[1].problems == ("line 3: has more values than the header has columns",)


def test_semicolons_tabs_and_a_byte_order_mark(db, teams) -> None:
    semicolons = "\ufeffName;Partner;Paid\nAnn Smith;Bob Jones;50,00\n"
    preview = preview_roster(db, teams, semicolons)
    assert preview.rows[0].players == ("Ann Smith", "Bob Jones")
    assert preview.rows[0].problems == ("line 2: paid: '50,00' is not an amount",)
    tabs = "name\tpartner\tpaid\nAnn Smith\tBob Jones\t50\n"
    assert preview_roster(db, teams, tabs).ok


def test_a_stale_preview_is_checked_again_and_saves_nothing(db, teams, clock) -> None:
    preview = preview_roster(db, teams, GOOD_TEAMS)
    assert preview.ok
    register(Desk(db, teams, clock), RegisterEntrant(["Grace Brown", "Someone Else"]))
    with pytest.raises(UserError, match=r"line 6: name: Grace Brown is already registered"):
        import_roster(Desk(db, teams, clock), preview)
    assert count(db, Entrant) == 1


def test_a_preview_with_problems_or_no_rows_is_never_imported(db, teams, clock) -> None:
    with pytest.raises(UserError, match="the file lists nobody"):
        import_roster(Desk(db, teams, clock), RosterPreview(rows=()))
    forged = RosterPreview(rows=(RosterRow(2, ("Ann Smith",), 0),), team=True)
    with pytest.raises(UserError, match="line 2: needs 2 players, not 1"):
        import_roster(Desk(db, teams, clock), forged)
    assert count(db, Entrant) == 0


def test_reading_a_roster_file(tmp_path: Path) -> None:
    utf8 = tmp_path / "roster.csv"
    utf8.write_text("name,paid\nJosé Díaz,50\n", encoding="utf-8-sig")
    assert read_roster_file(utf8) == "name,paid\nJosé Díaz,50\n"
    windows = tmp_path / "excel.csv"
    windows.write_bytes("name,paid\nJosé Díaz,50\n".encode("cp1252"))
    assert read_roster_file(windows) == "name,paid\nJosé Díaz,50\n"
    with pytest.raises(UserError, match=r"missing.csv: no such file$"):
        read_roster_file(tmp_path / "missing.csv")


def test_a_roster_file_that_never_ends_is_refused(tmp_path: Path) -> None:
    endless = Path("/dev/zero")
    if not endless.exists():  # a file just beyond the limit shows the same
        endless = tmp_path / "endless.csv"
        with endless.open("wb") as file:
            file.truncate(2 * 1024 * 1024)
    with pytest.raises(UserError, match=r": too large for a roster \(more than 1 MB\)$"):
        read_roster_file(endless)
