"""A season of three NPA nights, its players registered from the club's members on the
Players page by keyboard, on the Season page: the standings a hand calculation from the
three nights' standings gives, moved by an amendment in night 2 (docs/rules.md,
"Seasons")."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services import results, seasons, sheets
from clubdesk.services.changes import Change
from clubdesk.services.command import Desk
from clubdesk.services.members import import_members
from clubdesk.ui.context import UiContext
from clubdesk.ui.players.page import PlayersPage
from clubdesk.ui.seasons.page import NO_SEASON, SeasonPage
from tests import builder
from tests.ui.pictures import picture
from tests.ui.showing import show_active
from tests.ui.test_registering_members import FrontTable

NAMES = ("Ann Smith", "Bob Jones", "Cy Young", "Dee Lee", "Eve Fox", "Flo Ray", "Gus Hill",
         "Hal Moss", "Ida Park", "Jo Marsh", "Kim Wood", "Lou Dale", "Mo Reed",
         "Ned Cole")  # fmt: skip
CLUB = "number,name\n" + "".join(f"{21 + i},{name}\n" for i, name in enumerate(NAMES))
# who plays each night (member numbers: none is the start of another, so the number typed
# offers one member)
NIGHTS = (range(21, 33), [*range(21, 31), 33, 34], range(23, 35))
POINTS = (10, 8, 6, 5, 4, 3, 2, 1)  # the NPA file's [season]: and 1 for playing
SCORES = (
    {1: (420, 310), 2: (280, 350), 3: (400, 200)},
    {1: (300, 500), 2: (410, 200), 3: (250, 260)},
    {1: (510, 240), 2: (330, 330, "a"), 3: (190, 460)},
)


@pytest.fixture
def season(qtbot, db, clock) -> list[str]:
    """The three nights, each one's players registered on its Players page by keys: the
    member number, Down, Enter (the member), Enter (registered)."""
    import_members(Desk(db, None, clock), CLUB)
    nights = []
    for night, (players, scores) in enumerate(zip(NIGHTS, SCORES, strict=True), start=1):
        event_id = builder.event(db, clock, "npa-club-pinochle", name=f"Night {night}",
                                 date=dt.date(2024, 2, 7 * night),
                                 settings={"season": "2027 spring"})  # fmt: skip
        page = PlayersPage(UiContext(db, clock, event_id))
        qtbot.addWidget(page)
        page.resize(1280, 820)
        show_active(page)
        keys = FrontTable(qtbot)
        for member in players:
            keys.type(str(member))
            keys.press(Qt.Key.Key_Down)
            keys.press(Qt.Key.Key_Return)
            keys.press(Qt.Key.Key_Return)
        assert keys.keys == 5 * len(players)  # two digits, Down, Enter, Enter
        assert sorted(builder.members_of(db, event_id).values()) == list(players)
        page.close()
        builder.draw(db, event_id, clock, seed=night)
        builder.publish(db, event_id, 1, clock)
        builder.scores(db, event_id, 1, scores, clock)
        nights.append(event_id)
    return nights


def by_hand(db, nights: list[str]) -> list[tuple[int, int, int, str]]:
    """(place, member, points, counted) worked out from each night's standings: POINTS by
    place (0 past 8th), tied players each their shared place's, 1 for playing; every night
    counts (best 10); level members share a place, by member number."""
    scores: dict[int, list[int]] = {}
    for event_id in nights:
        member_of = builder.members_of(db, event_id)
        for row in results.standings(db, event_id).rows:
            by_place = POINTS[row.place - 1] if row.place <= len(POINTS) else 0
            scores.setdefault(member_of[(row.number, 1)], []).append(by_place + 1)
    ordered = sorted(scores, key=lambda member: (-sum(scores[member]), member))
    found = []
    for index, member in enumerate(ordered):
        total = sum(scores[member])
        place = found[-1][0] if found and found[-1][2] == total else index + 1
        counted = " + ".join(map(str, sorted(scores[member], reverse=True)))
        found.append((place, member, total, counted))
    return found


def shown(page: SeasonPage) -> list[tuple[int, int, int, str]]:
    """The Season page's rows as (place, member, points, counted)."""
    model = page.model
    return [
        (int(model.text(row, model.PLACE).rstrip("=")), int(model.text(row, model.NUMBER)),
         int(model.text(row, model.POINTS)), model.text(row, model.COUNTED))
        for row in range(model.rowCount())
    ]  # fmt: skip


def test_three_nights_add_up_to_the_hand_calculation_and_an_amendment_moves_them(
    qtbot, db, clock, season: list[str]
) -> None:
    context = UiContext(db, clock, season[-1])
    page = SeasonPage(context)
    qtbot.addWidget(page)
    page.resize(1280, 820)
    show_active(page)
    page.focus_in()
    assert QApplication.focusWidget() is page.season_combo
    assert page.season_combo.currentText() == "2027 spring"
    assert page.events_label.text() == "3 events: Night 1, Night 2, Night 3 · 14 members"
    expected = by_hand(db, season)
    assert shown(page) == expected
    assert [(r.place, r.member, r.points) for r in seasons.standings(db, "2027 spring").rows] == [
        (place, member, points) for place, member, points, _ in expected
    ]

    # the director amends night 2's table 1 (the other side won): the season follows
    before = shown(page)
    sheets.amend_sheet(
        Desk(db, season[1], clock), 1, 1, score=(520, 500), director="Dee",
        reason="a's meld was left out",
    )  # fmt: skip
    context.changed.emit(Change.SHEETS)
    assert shown(page) == by_hand(db, season) != before


def test_the_points_of_a_member_are_traced_to_their_nights_by_keys(
    qtbot, qtmodeltester, db, clock, season: list[str]
) -> None:
    page = SeasonPage(UiContext(db, clock, season[-1]))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    show_active(page)
    page.focus_in()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is page.table
    first = page.model.row_at(0)
    assert page.member_label.text() == (
        f"Where the points came from: {first.name} (member {first.member}), {first.points} points"
    )
    qtbot.keyClick(page.table, Qt.Key.Key_Down)
    second = page.model.row_at(1)
    assert page.selected_member() == second.member
    scores = page.scores_model
    assert [scores.text(r, scores.EVENT) for r in range(scores.rowCount())] == [
        s.event_name for s in second.scores
    ]
    assert sum(int(scores.text(r, scores.POINTS)) for r in range(scores.rowCount())) == (
        second.points
    )
    qtmodeltester.check(page.model)
    qtmodeltester.check(scores)


def test_ctrl_9_shows_the_season_in_the_window(make_window, db, qtbot, season) -> None:
    window = make_window(db)
    window.resize(1280, 820)
    qtbot.keyClick(window, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "season"
    page = window.page("season")
    assert QApplication.focusWidget() is page.season_combo
    assert page.model.rowCount() == 14
    picture(window, "season_page")


def test_the_print_page_prints_the_seasons_standings(qtbot, db, clock, season) -> None:
    from tests.ui.test_print_page import built, make_page

    page = make_page(qtbot, db, clock, season[-1])
    assert built(qtbot, page, "season") == 1
    assert page.status.text() == "Season standings (Letter): 1 page."


def test_no_season_yet_says_where_one_is_given(qtbot, db, clock) -> None:
    page = SeasonPage(UiContext(db, clock, None))
    qtbot.addWidget(page)
    assert page.message.text() == NO_SEASON and page.model.rowCount() == 0
