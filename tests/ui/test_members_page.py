"""The Members page, driven by keyboard: find a member, add one, edit one, a refusal beside
its field."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services.command import Desk
from clubdesk.services.members import get_member, import_members, list_members
from clubdesk.ui.context import UiContext
from clubdesk.ui.members.page import MembersPage
from tests.ui.pictures import picture
from tests.ui.showing import show_active

CLUB = (
    "number,name,phone,email\n12,Ann Smith,555-0101,ann@example.org\n40,Bob Jones,,\n"
    "112,José Smithers,555-0112,\n"
)


@pytest.fixture
def page(qtbot, db, clock) -> MembersPage:
    import_members(Desk(db, None, clock), CLUB)
    page = MembersPage(UiContext(db, clock))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    show_active(page)
    page.focus_in()
    return page


def test_a_search_finds_any_part_of_the_name_or_the_number(page, keyboard) -> None:
    assert keyboard.focused() is page.search_edit
    assert page.visible_numbers() == [12, 40, 112]
    assert page.count_label.text() == "3 members"
    keyboard.type("smi")
    assert page.visible_numbers() == [12, 112]
    assert page.shown_label.text() == "2 of 3 shown"
    keyboard.press(Qt.Key.Key_Escape)
    keyboard.type("jose")
    assert page.visible_numbers() == [112]
    keyboard.press(Qt.Key.Key_Escape)
    keyboard.type("40")
    assert page.visible_numbers() == [40]
    keyboard.press(Qt.Key.Key_Escape)
    keyboard.type("12")
    assert page.visible_numbers() == [12, 112]


def test_add_a_member_by_keyboard(page, db, keyboard, qtbot) -> None:
    keyboard.press(Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    assert keyboard.focused() is page.form.name_edit
    assert page.form.title.text() == "New member"
    keyboard.type("Carl Diaz")
    keyboard.tab()
    assert keyboard.focused() is page.form.column_edits["phone"]
    keyboard.type("555-0199")
    keyboard.press(Qt.Key.Key_Return)
    carl = get_member(db, 113)  # the next number after the highest
    assert (carl.name, dict(carl.club_columns)) == (
        "Carl Diaz", {"phone": "555-0199", "email": ""},
    )  # fmt: skip
    assert page.message.text() == "✓ Added member 113: Carl Diaz"
    assert page.selected_member().number == 113
    assert keyboard.focused() is page.table

    # a number typed is the member's
    keyboard.press(Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    keyboard.press(Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    assert keyboard.focused() is page.form.number_edit
    keyboard.type("7")
    keyboard.tab()
    keyboard.type("Dee Ray")
    keyboard.press(Qt.Key.Key_Return)
    assert [m.number for m in list_members(db)] == [7, 12, 40, 112, 113]


def test_a_refusal_is_shown_beside_its_field_and_nothing_is_added(page, db, keyboard) -> None:
    keyboard.press(Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    keyboard.press(Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    keyboard.type("12")
    keyboard.tab()
    keyboard.type("Ann Two")
    keyboard.press(Qt.Key.Key_Return)
    assert page.form.error_text() == "12 is already a member (Ann Smith)."
    label = page.form.form.itemAt(1, page.form.form.ItemRole.FieldRole).widget()
    assert label.text() == page.form.error_text() and label.isVisible()  # just under the number
    assert keyboard.focused() is page.form.number_edit
    keyboard.type("x")  # the number selected: typing replaces it
    keyboard.press(Qt.Key.Key_Return)
    assert page.form.error_text() == "'x' is not a whole number."
    page.form.number_edit.setText("9" * 5000)  # pasted: refused in words, never read whole
    keyboard.press(Qt.Key.Key_Return)
    assert page.form.error_text() == "Must be from 1 to 99999999."
    page.form.number_edit.selectAll()
    keyboard.type("13")
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.press(Qt.Key.Key_Delete)
    keyboard.press(Qt.Key.Key_Return)
    assert page.form.error_text() == "A name is needed."
    assert keyboard.focused() is page.form.name_edit
    assert [m.number for m in list_members(db)] == [12, 40, 112]


def test_edit_a_member_found_by_search(page, db, keyboard) -> None:
    keyboard.type("bob")
    keyboard.press(Qt.Key.Key_Return)  # to the list, Bob chosen
    assert keyboard.focused() is page.table
    keyboard.press(Qt.Key.Key_Return)  # edits him
    assert page.form.title.text() == "Member 40"
    assert keyboard.focused() is page.form.name_edit
    keyboard.type("Robert Jones")  # his name selected: typing replaces it
    keyboard.tab(2)
    keyboard.type("bob@example.org")
    keyboard.press(Qt.Key.Key_Return)
    bob = get_member(db, 40)
    assert (bob.name, bob.club_columns["email"]) == ("Robert Jones", "bob@example.org")
    assert page.message.text() == "✓ Saved member 40: Robert Jones"

    keyboard.press(Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    keyboard.press(Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    keyboard.type("41")
    keyboard.press(Qt.Key.Key_Escape)  # given up: nothing changes
    assert keyboard.focused() is page.table
    assert get_member(db, 40).name == "Robert Jones"
    keyboard.press(Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    keyboard.press(Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    keyboard.type("12")
    keyboard.press(Qt.Key.Key_Return)
    assert page.form.error_text() == "12 is already a member (Ann Smith)."
    keyboard.type("41")
    keyboard.press(Qt.Key.Key_Return)
    assert [m.number for m in list_members(db)] == [12, 41, 112]


def test_the_page_at_the_windows_size(page) -> None:
    page.edit_selected()
    picture(page, "members_page")


def test_ctrl_8_shows_the_members_in_the_window(make_window, db, clock, qtbot) -> None:
    import_members(Desk(db, None, clock), CLUB)
    window = make_window(db)
    qtbot.keyClick(window, Qt.Key.Key_8, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "members"
    page = window.page("members")
    assert QApplication.focusWidget() is page.search_edit
    assert page.visible_numbers() == [12, 40, 112]
