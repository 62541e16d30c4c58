"""Registering the club's members on the Players page by keyboard: a member number or the
first letters of a name, Down, Enter."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from clubdesk.services.command import Desk
from clubdesk.services.entrants import list_entrants
from clubdesk.services.members import import_members, list_members
from clubdesk.ui.context import UiContext
from clubdesk.ui.players.page import PlayersPage
from tests import builder
from tests.ui.showing import show_active

CLUB = "number,name\n12,Ann Smith\n40,Bob Jones\n112,José Smithers\n120,Annie Hall\n"


@pytest.fixture
def make_page(qtbot, db, clock):
    def make(event_id: str) -> PlayersPage:
        page = PlayersPage(UiContext(db, clock, event_id))
        qtbot.addWidget(page)
        page.resize(1280, 820)
        show_active(page)
        return page

    return make


class FrontTable:
    """Keys as the director presses them: to the list of suggestions while it is open (Qt
    gives a popup every key), else to the field with the cursor; each key counted."""

    def __init__(self, qtbot) -> None:
        self._qtbot = qtbot
        self.keys = 0

    def _target(self) -> QWidget:
        return QApplication.activePopupWidget() or QApplication.focusWidget()

    def type(self, text: str) -> None:
        for ch in text:
            self._qtbot.keyClicks(self._target(), ch)
            self.keys += 1

    def press(self, key: Qt.Key) -> None:
        self._qtbot.keyClick(self._target(), key)
        self.keys += 1


@pytest.fixture
def keys(qtbot) -> FrontTable:
    return FrontTable(qtbot)


@pytest.fixture
def night(db, clock) -> str:
    import_members(Desk(db, None, clock), CLUB)
    return builder.event(db, clock, "npa-club-pinochle", name="Night 1")


def test_a_member_number_down_enter_registers_the_member(make_page, db, night, keys) -> None:
    page = make_page(night)
    name = page.entry.name_edit
    keys.type("12")
    assert page.member_picker.suggestions(name) == ["12 · Ann Smith", "120 · Annie Hall"]
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Return)  # takes Ann Smith, member 12
    assert name.text() == "Ann Smith"
    assert page.entry.message.text() == "Member 12: Ann Smith"
    keys.press(Qt.Key.Key_Return)  # registers her
    assert keys.keys == 5
    assert [e.name for e in list_entrants(db, night)] == ["Ann Smith"]
    assert builder.members_of(db, night) == {(1, 1): 12}
    assert [(m.number, m.events) for m in list_members(db)][:1] == [(12, 1)]
    assert QApplication.focusWidget() is name and name.text() == ""

    keys.type("smi")  # the first letters of a name
    assert page.member_picker.suggestions(name) == ["12 · Ann Smith", "112 · José Smithers"]
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Return)
    keys.press(Qt.Key.Key_Return)
    assert builder.members_of(db, night) == {(1, 1): 12, (2, 1): 112}
    assert [e.name for e in list_entrants(db, night)] == ["Ann Smith", "José Smithers"]


def test_a_name_typed_is_registered_as_before(make_page, db, night, keys) -> None:
    make_page(night)
    keys.type("Ann Smith")  # the member's name typed whole, never taken from the list
    keys.press(Qt.Key.Key_Escape)
    keys.press(Qt.Key.Key_Return)
    assert [e.name for e in list_entrants(db, night)] == ["Ann Smith"]
    assert builder.members_of(db, night) == {}
    keys.type("1")
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Return)  # Ann Smith, member 12 ...
    keys.type("e")  # ... then changed by hand: "Ann Smithe" is no member
    keys.press(Qt.Key.Key_Escape)
    keys.press(Qt.Key.Key_Return)
    assert builder.members_of(db, night) == {}


def test_a_member_already_entered_tonight_is_refused_by_number(make_page, db, night, keys) -> None:
    page = make_page(night)
    for _ in range(2):
        keys.type("40")
        keys.press(Qt.Key.Key_Down)
        keys.press(Qt.Key.Key_Return)
        keys.press(Qt.Key.Key_Return)
    assert page.entry.message_text() == (
        "Name: member 40 (Bob Jones) is already registered (entrant 1)."
    )
    assert [e.name for e in list_entrants(db, night)] == ["Bob Jones"]
    assert QApplication.focusWidget() is page.entry.name_edit


def test_a_team_of_two_members_in_a_few_keys(make_page, db, clock, keys) -> None:
    import_members(Desk(db, None, clock), CLUB)
    grand_prix = builder.event(db, clock, "grand-prix-pinochle", name="Grand Prix")
    page = make_page(grand_prix)
    keys.type("ann")
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Return)
    keys.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is page.entry.partner_edit
    keys.type("40")
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Return)
    keys.press(Qt.Key.Key_Return)
    assert keys.keys == 11
    [team] = list_entrants(db, grand_prix)
    assert team.players == ("Ann Smith", "Bob Jones")
    assert builder.members_of(db, grand_prix) == {(1, 1): 12, (1, 2): 40}


def test_a_member_added_on_the_members_page_is_offered_at_once(
    make_window, db, night, keys, clock
) -> None:
    from clubdesk.services.members import add_member
    from clubdesk.ui.operations import run_command

    window = make_window(db)
    page = window.players_page
    run_command(window.context, lambda: add_member(Desk(db, None, clock), "Zed Novak", number=77),
                parent=window, title="Members")  # fmt: skip
    window.show_page("players")
    keys.type("nov")
    assert page.member_picker.suggestions(page.entry.name_edit) == ["77 · Zed Novak"]


def test_enter_with_no_member_chosen_registers_the_name_as_typed(
    make_page, db, night, keys
) -> None:
    make_page(night)
    keys.type("Ann")  # Ann Smith and Annie Hall are offered; none chosen
    assert QApplication.activePopupWidget() is not None
    keys.press(Qt.Key.Key_Return)
    assert QApplication.activePopupWidget() is None
    assert [e.name for e in list_entrants(db, night)] == ["Ann"]
    assert builder.members_of(db, night) == {}
