"""The club's members: added, edited, imported from CSV, listed and searched, each act one
transaction with its audit row, nothing half-taken, nothing deleted."""

from __future__ import annotations

import pytest

from clubdesk.errors import UserError
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.entrants import list_entrants
from clubdesk.services.members import (
    MemberFinder,
    MemberInfo,
    MembersFileError,
    add_member,
    edit_member,
    get_member,
    import_members,
    list_members,
    search_members,
)
from clubdesk.services.registration import RegisterEntrant, register, withdraw
from clubdesk.store.db import Database
from tests import builder

CLUB = "number,name,phone,email\n12,Ann Smith,555-0101,ann@example.org\n40,Bob Jones,,\n"


def listed(db: Database) -> list[tuple[int, str]]:
    return [(member.number, member.name) for member in list_members(db)]


def test_an_import_adds_the_members_with_their_own_columns(db: Database, clock) -> None:
    done = import_members(Desk(db, None, clock), CLUB)
    assert (done.added, done.updated, done.unchanged) == ((12, 40), (), ())
    assert list_members(db) == [
        MemberInfo(12, "Ann Smith", {"phone": "555-0101", "email": "ann@example.org"}, 0),
        MemberInfo(40, "Bob Jones", {"phone": "", "email": ""}, 0),
    ]
    [entry] = list_audit(db)
    assert (entry.action, entry.event_id) == ("member.import", None)
    assert entry.details == {"added": [12, 40], "updated": [], "unchanged": 0}


def test_a_known_number_updates_the_member_never_a_second(db: Database, clock) -> None:
    import_members(Desk(db, None, clock), CLUB)
    done = import_members(
        Desk(db, None, clock), "Name,Number,notes\nAnn Smith-Lee,12,left-handed\nBob Jones,40,\n"
    )
    assert (done.added, done.updated, done.unchanged) == ((), (12, 40), ())
    ann = get_member(db, 12)
    assert ann.name == "Ann Smith-Lee"
    # the columns the file has are taken, the others stay
    assert ann.club_columns == {"phone": "555-0101", "email": "ann@example.org",
                                "notes": "left-handed"}  # fmt: skip
    assert listed(db) == [(12, "Ann Smith-Lee"), (40, "Bob Jones")]
    again = import_members(Desk(db, None, clock), "number,name\n12,Ann Smith-Lee\n")
    assert (again.added, again.updated, again.unchanged) == ((), (), (12,))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "line 1: the file is empty"),
        ("name,phone\nAnn,1\n", "line 1: the first line must be the header, with a number column"),
        ("number,name,name\n1,a,b\n", "line 1: the name column is there twice"),
        ("number,name", "line 1: the file lists no member after its header"),
        ("number,name\n12,Ann\n\nx2,Bob\n", "line 4: number: 'x2' is not a whole number"),
        ("number,name\n,Ann\n", "line 2: number: missing"),
        ("number,name\n0,Ann\n", "line 2: number: must be from 1 to 99999999"),
        ("number,name\n" + "9" * 5000 + ",Ann\n", "line 2: number: must be from 1 to 99999999"),
        ("number,name\n12,\n", "line 2: name: a name is needed"),
        ("number,name\n12,Ann\n13,Bob,extra\n", "line 3: has more values than the header"),
        ("number,name\n12,Ann\n12,Bob\n", "line 3: number: 12 is also on line 2"),
        ("number,name,notes\n12,Ann,\x07\n", "line 2: notes: holds a control character"),
    ],
)
def test_a_bad_row_is_refused_naming_its_line_and_nothing_is_taken(
    db: Database, clock, text: str, problem: str
) -> None:
    import_members(Desk(db, None, clock), "number,name\n5,Carl Diaz\n")
    with pytest.raises(MembersFileError) as refused:
        import_members(
            Desk(db, None, clock), text + "5,Carl Diaz Jr\n" if text.endswith("\n") else text
        )
    assert str(refused.value.problems[0]).startswith(problem), refused.value.problems
    assert listed(db) == [(5, "Carl Diaz")]  # not even the good row (5, Carl Diaz Jr)
    assert len(list_audit(db)) == 1


def test_every_bad_row_is_named(db: Database, clock) -> None:
    with pytest.raises(MembersFileError) as refused:
        import_members(Desk(db, None, clock), "number,name\nx,Ann\n2,Bob\n3,\n")
    assert [p.line for p in refused.value.problems] == [2, 4]
    assert str(refused.value).startswith("members: nothing was imported; line 2: number:")


def test_a_member_is_added_with_the_next_number_and_edited(db: Database, clock) -> None:
    import_members(Desk(db, None, clock), CLUB)
    added = add_member(Desk(db, None, clock), "  Carl   Diaz ", club_columns={"phone": "555-0199"})
    assert (added.number, added.name) == (41, "Carl Diaz")
    assert add_member(Desk(db, None, clock), "Dee Ray", number=7).number == 7
    edited = edit_member(Desk(db, None, clock), 41, name="Carl Díaz", new_number=3)
    assert (edited.number, edited.name, dict(edited.club_columns)) == (
        3, "Carl Díaz", {"phone": "555-0199"},
    )  # fmt: skip
    assert listed(db) == [(3, "Carl Díaz"), (7, "Dee Ray"), (12, "Ann Smith"), (40, "Bob Jones")]
    actions = [(e.action, e.event_id) for e in list_audit(db)]
    assert actions[1:] == [("member.add", None), ("member.add", None), ("member.edit", None)]
    assert list_audit(db)[-1].details["before"]["number"] == 41


@pytest.mark.parametrize(
    ("act", "field", "message"),
    [
        (lambda desk: add_member(desk, "Ann Two", number=12), "number",
         "number: 12 is already a member (Ann Smith)"),
        (lambda desk: add_member(desk, " "), "name", "name: a name is needed"),
        (lambda desk: add_member(desk, "x" * 81), "name", "name: is longer than 80 characters"),
        (lambda desk: edit_member(desk, 40, new_number=12), "new_number",
         "new_number: 12 is already a member (Ann Smith)"),
        (lambda desk: edit_member(desk, 99, name="Nobody"), "number",
         "number: no member is numbered 99"),
        (lambda desk: edit_member(desk, 40, name=""), "name", "name: a name is needed"),
    ],
)  # fmt: skip
def test_a_bad_add_or_edit_names_its_field_and_changes_nothing(
    db: Database, clock, act, field: str, message: str
) -> None:
    import_members(Desk(db, None, clock), CLUB)
    with pytest.raises(UserError) as refused:
        act(Desk(db, None, clock))
    assert (refused.value.field, str(refused.value)) == (field, message)
    assert listed(db) == [(12, "Ann Smith"), (40, "Bob Jones")]
    assert len(list_audit(db)) == 1


def test_a_search_finds_any_part_of_the_name_or_the_number(db: Database, clock) -> None:
    import_members(
        Desk(db, None, clock), "number,name\n12,Ann Smith\n40,Bob Jones\n112,José Smithers\n"
    )

    def found(text: str) -> list[int]:
        return [member.number for member in search_members(db, text)]

    assert found("smi") == [12, 112]
    assert found("jose") == [112]
    assert found("ITH") == [12, 112]
    assert found("12") == [12, 112]
    assert found("40") == [40]
    assert found("ann smi") == [12]
    assert found("") == [12, 40, 112]
    assert found("zed") == []


def test_a_spreadsheets_empty_column_is_not_kept(db: Database, clock) -> None:
    import_members(Desk(db, None, clock), "number,name,,phone,\r\n12,Ann Smith,,555,\r\n")
    assert get_member(db, 12).club_columns == {"phone": "555"}


# --- registering members ---------------------------------------------------------------------


def test_a_player_registered_as_a_member_is_linked_and_counts_an_event(db: Database, clock) -> None:
    import_members(Desk(db, None, clock), CLUB)
    night = builder.event(db, clock, "npa-club-pinochle", name="Night 1")
    other = builder.event(db, clock, "grand-prix-pinochle", name="Grand Prix")
    register(Desk(db, night, clock), RegisterEntrant(["Ann Smith"], members=[12]))
    register(Desk(db, night, clock), RegisterEntrant(["Carl Diaz"]))  # no member: as before
    register(Desk(db, other, clock), RegisterEntrant(["Ann Smith", "Bob Jones"], members=[12, 40]))
    assert [(m.number, m.events) for m in list_members(db)] == [(12, 2), (40, 1)]
    assert list_audit(db, night)[-2].details["members"] == [12]
    assert builder.members_of(db, other) == {(1, 1): 12, (1, 2): 40}


@pytest.mark.parametrize(
    ("players", "numbers", "message"),
    [
        (["Annie Smith"], [12], "players[0]: member 12 (Ann Smith) is already registered "
         "(entrant 1)"),
        (["Someone"], [99], "players[0]: no member is numbered 99"),
        (["A", "B"], [40], "players: an individual event registers 1 player, not 2"),
        (["Bob Jones"], [40, 12], "members: 2 given for 1 players"),
    ],
)  # fmt: skip
def test_a_member_already_in_the_event_is_refused_by_number(
    db: Database, clock, players: list[str], numbers: list[int], message: str
) -> None:
    import_members(Desk(db, None, clock), CLUB)
    night = builder.event(db, clock, "npa-club-pinochle", name="Night 1")
    register(Desk(db, night, clock), RegisterEntrant(["Ann Smith"], members=[12]))
    with pytest.raises(UserError) as refused:
        register(
            Desk(db, night, clock),
            RegisterEntrant(players, members=numbers, allow_duplicate_name=True),
        )
    assert str(refused.value) == message
    assert [e.number for e in list_entrants(db, night)] == [1]


def test_a_withdrawn_member_is_still_entered_and_one_member_is_one_player(
    db: Database, clock
) -> None:
    import_members(Desk(db, None, clock), CLUB)
    night = builder.event(db, clock, "grand-prix-pinochle", name="Grand Prix")
    register(Desk(db, night, clock), RegisterEntrant(["Ann Smith", "Dee Ray"], members=[12, None]))
    withdraw(Desk(db, night, clock), 1, "went home")
    with pytest.raises(UserError, match=r"players\[1\]: member 12 \(Ann Smith\) is already "
                       r"registered \(entrant 1, withdrawn\)"):  # fmt: skip
        register(Desk(db, night, clock), RegisterEntrant(["Bob Jones", "Ann"], members=[40, 12]))
    with pytest.raises(UserError, match=r"players\[1\]: member 40 \(Bob Jones\) is named twice"):
        register(Desk(db, night, clock), RegisterEntrant(["Bob Jones", "Bobby"], members=[40, 40]))


def test_a_few_keys_suggest_the_members(db: Database, clock) -> None:
    import_members(Desk(db, None, clock), "number,name\n12,Ann Smith\n40,Bob Jones\n"
                   "112,José Smithers\n120,Annie Hall\n")  # fmt: skip
    finder = MemberFinder(list_members(db))

    def suggested(text: str, limit: int = 10) -> list[int]:
        return [member.number for member in finder.suggest(text, limit)]

    assert suggested("12") == [12, 120]  # numbers that start with what is typed
    assert suggested("1") == [12, 112, 120]
    assert suggested("1", limit=2) == [12, 112]
    assert suggested("ann") == [12, 120]  # by name: Ann Smith, Annie Hall
    assert suggested("smi") == [12, 112]
    assert suggested("a smi") == [12]
    assert suggested("JOSE") == [112]
    assert suggested("") == suggested("  ") == []
    assert suggested("zed") == []
