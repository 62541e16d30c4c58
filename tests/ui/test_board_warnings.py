"""Warnings (bid whist, docs/rules.md §6) and removal from the tournament (§1; bid whist's
ejection) from the Rounds board, the dialogs answered by keys as a director does; the
Players and Standings pages mark the entrant."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services import registration, results, warnings
from clubdesk.services import rounds as rounds_service
from clubdesk.services import seating as seating_service
from clubdesk.services.command import Desk
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.players.page import PlayersPage
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.rounds.ruling_dialogs import ExpulsionDialog, WarningDialog
from clubdesk.ui.standings.page import StandingsPage
from tests import builder
from tests.printing.test_standings_ties_printed import printed
from tests.services.test_playoff_rounds import preliminaries

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def rounds_page(qtbot, db, clock, event_id: str) -> RoundsPage:
    context = UiContext(db, clock, event_id)
    shown = RoundsPage(context, ClockWatch(context, Ticker(clock, FakeTimer, context), context))
    qtbot.addWidget(shown)
    shown.resize(1280, 820)
    shown.show()
    shown.asked = []  # type: ignore[attr-defined]

    def confirm(title: str, question: str) -> bool:
        shown.asked.append((title, question))  # type: ignore[attr-defined]
        return True

    shown.confirm = confirm
    return shown


@pytest.fixture
def whist(qtbot, db, clock) -> RoundsPage:
    """Eight bid whist teams, round 1 running, the Rounds page shown."""
    event_id = builder.event(db, clock, "bid-whist", entrants=8,
                             entrant_name=lambda n: f"Team {n}")  # fmt: skip
    builder.draw(db, event_id, clock, seed=11)
    builder.publish(db, event_id, 1, clock)
    builder.start(db, event_id, 1, clock)
    return rounds_page(qtbot, db, clock, event_id)


def answer(qtbot, monkeypatch, dialog_class: type, typed: Callable[[Any], None]) -> list[Any]:
    """When the page asks with ``dialog_class``, the dialog is shown and ``typed`` answers it
    by keys; the dialogs shown."""
    shown: list[Any] = []

    def exec_(dialog) -> int:
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        shown.append(dialog)
        typed(dialog)
        return dialog.result()

    monkeypatch.setattr(dialog_class, "exec", exec_)
    return shown


def back(qtbot, page: RoundsPage) -> None:
    """The page's window is active again once a dialog closes, as a desktop's window
    manager makes it (the offscreen platform has none)."""
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow)


def click_row(qtbot, page: RoundsPage, row: int) -> None:
    rect = page.table_view.visualRect(page.model.index(row, 1))
    qtbot.mouseClick(page.table_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def type_into(qtbot, text: str) -> None:
    qtbot.keyClicks(QApplication.focusWidget(), text)


def press(qtbot, key: Qt.Key) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key)


def test_the_page_built_for_a_bid_whist_event_opens_no_window_of_its_own(
    windows_shown, whist
) -> None:
    # Warning… was shown before its row was in the page's layout: a window of its own
    assert whist.rulings.warning_button.isVisible()
    assert windows_shown.strays == ["RoundsPage"]  # the page alone, shown as a window here


def test_a_teams_first_infraction_is_a_warning_the_next_proposes_a_loss_of_hand(
    qtbot, monkeypatch, whist
) -> None:
    # seed 004: "the team causing the infraction will be given a warning. Any further
    # infractions may result in the loss of the hand."
    page = whist
    click_row(qtbot, page, 0)
    team = page.model.table_at(0).a[0].number
    seen: list[tuple[str, str]] = []

    def infraction(words: str) -> Callable[[Any], None]:
        def typed(dialog: WarningDialog) -> None:
            assert QApplication.focusWidget() is dialog.reason
            seen.append((dialog.so_far.text(), dialog.outcome.text()))
            type_into(qtbot, words)
            press(qtbot, Qt.Key.Key_Return)

        return typed

    answer(qtbot, monkeypatch, WarningDialog, infraction("talking across the table"))
    qtbot.keyClick(page.table_view, Qt.Key.Key_I, CTRL_SHIFT)
    assert seen[-1] == ("No infraction so far.", "Warning 1")
    assert page.error_label.text() == f"Team {team}: warning logged (infraction 1 of the event)."
    assert page.model.index(0, 4).data() == f"Warning: team {team} (talking across the table)"
    assert page.model.index(0, 1).data().endswith("(warnings: 1)")

    back(qtbot, page)
    answer(qtbot, monkeypatch, WarningDialog, infraction("bid out of turn"))
    qtbot.keyClick(page.table_view, Qt.Key.Key_I, CTRL_SHIFT)
    assert seen[-1] == ("Round 1: warning (talking across the table)",
                        "Loss of hand proposed: confirm?")  # fmt: skip
    assert page.error_label.text() == (
        f"Team {team} loses the hand: on table 1's sheet, enter the hand with its infraction "
        "against side A (side B scores the bid)."
    )
    assert page.model.index(0, 4).data().endswith(f"Loss of hand: team {team} (bid out of turn)")
    event = page.open_event()
    assert event is not None
    kinds = [w.kind for w in warnings.warnings_logged(*event, team=team)]
    assert kinds == ["warning", "loss-of-hand"]


def test_the_director_may_give_another_warning_instead(qtbot, monkeypatch, whist) -> None:
    page = whist
    click_row(qtbot, page, 1)
    team = page.model.table_at(1).b[0].number
    event = page.open_event()
    assert event is not None
    warnings.log_warning(Desk(*event, page.context.clock), 1, team, "talking")

    def typed(dialog: WarningDialog) -> None:
        assert dialog.outcome.text() == "Warning 1" and not dialog.confirm.isVisible()
        dialog.sides.buttons()[1].setFocus()
        press(qtbot, Qt.Key.Key_Space)  # side B: the team that was warned
        assert dialog.outcome.text() == "Loss of hand proposed: confirm?"
        assert dialog.confirm.isVisible() and dialog.confirm.isChecked()
        dialog.reason.setFocus()
        type_into(qtbot, "cards face down early")
        dialog.another.setFocus()
        press(qtbot, Qt.Key.Key_Space)
        press(qtbot, Qt.Key.Key_Return)

    answer(qtbot, monkeypatch, WarningDialog, typed)
    qtbot.mouseClick(page.rulings.warning_button, Qt.MouseButton.LeftButton)
    assert page.error_label.text() == f"Team {team}: warning logged (infraction 2 of the event)."
    assert [w.kind for w in warnings.warnings_logged(*event, team=team)] == ["warning"] * 2


def test_a_team_is_ejected_from_the_board_asked_first(qtbot, monkeypatch, db, whist) -> None:
    # seed 004: "the team causing the infraction will be ejected from the tournament"
    page = whist
    click_row(qtbot, page, 2)
    team = page.model.table_at(2).a[0].number
    assert page.rulings.expel_button.text() == "Eject…  (Ctrl+Shift+E)"

    def typed(dialog: ExpulsionDialog) -> None:
        assert dialog.windowTitle() == "Eject from the tournament"
        assert QApplication.focusWidget() is dialog.director
        type_into(qtbot, "Lee Official")
        press(qtbot, Qt.Key.Key_Tab)
        type_into(qtbot, "argumentative behaviour")
        press(qtbot, Qt.Key.Key_Return)

    answer(qtbot, monkeypatch, ExpulsionDialog, typed)
    qtbot.keyClick(page.table_view, Qt.Key.Key_E, CTRL_SHIFT)
    [(title, question)] = page.asked  # type: ignore[attr-defined]
    assert title == "Eject"
    assert question.startswith(
        f"Eject team {team} (Team {team}) from the tournament, by Lee Official, for "
        "argumentative behaviour? It plays no further rounds"
    )
    assert page.error_label.text() == (
        f"Team {team} is ejected from the tournament; its fee stays in the prize fund."
    )
    assert page.model.index(2, 1).data() == f"{team}  Team {team}  (ejected)"
    assert page.byes_label.text().startswith(
        f"Gone since this round was seated: {team}  Team {team}  (ejected)"
    )
    event = page.open_event()
    assert event is not None
    info = builder.entrant(*event, team)
    assert (info.status, info.status_text) == ("removed", "ejected")
    assert info.history == ("Ejected by Lee Official: argumentative behaviour",)

    players = PlayersPage(page.context)
    qtbot.addWidget(players)
    players.resize(1280, 820)
    players.show()
    listing = players.list
    row = listing.model.row_of(team)
    assert row is not None
    index = listing.proxy.mapFromSource(listing.model.index(row, 0))
    status = listing.proxy.index(index.row(), listing.model.STATUS)
    assert status.data() == "Ejected"
    qtbot.mouseClick(listing.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=listing.table.visualRect(index).center())  # fmt: skip
    assert listing.history_label.text() == (
        f"{team} Team {team}: Ejected by Lee Official: argumentative behaviour"
    )
    assert not listing.status_button.isEnabled()  # never reinstated


def test_the_menu_holds_the_rulings_and_a_declined_ejection_changes_nothing(
    qtbot, monkeypatch, whist
) -> None:
    page = whist
    view = page.table_view
    point = view.visualRect(page.model.index(0, 1)).center()
    view.customContextMenuRequested.emit(point)
    menu = page.rulings.menu
    assert menu is not None
    texts = [a.text() for a in menu.actions() if a.isVisible()]
    assert texts == ["Late…", "Remove from table…", "Withdraw from the event…", "Warning…",
                     "Eject…"]  # fmt: skip
    menu.close()
    page.confirm = lambda title, question: False

    def typed(dialog: ExpulsionDialog) -> None:
        type_into(qtbot, "Lee")
        press(qtbot, Qt.Key.Key_Tab)
        type_into(qtbot, "argumentative")
        press(qtbot, Qt.Key.Key_Return)

    shown = answer(qtbot, monkeypatch, ExpulsionDialog, typed)
    back(qtbot, page)
    qtbot.keyClick(view, Qt.Key.Key_E, CTRL_SHIFT)
    assert len(shown) == 1
    event = page.open_event()
    assert event is not None
    team = page.model.table_at(0).a[0].number
    assert builder.entrant(*event, team).status == "active"


def test_a_grand_prix_team_gets_warnings_for_conduct_that_never_cost_the_hand(
    qtbot, monkeypatch, db, clock
) -> None:
    # seed 000: "Any discussion between team members regarding the renege is considered
    # 'Table Talk' and will result in the opponents receiving a warning for conduct."
    event_id = builder.event(db, clock, entrants=7)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    builder.start(db, event_id, 1, clock)
    page = rounds_page(qtbot, db, clock, event_id)
    click_row(qtbot, page, 0)
    team = page.model.table_at(0).a[0].number
    assert page.rulings.warning_button.isVisible() and page.rulings.warning_button.isEnabled()
    assert page.rulings.expel_button.text() == "Remove from the tournament…  (Ctrl+Shift+E)"
    assert page.rulings.expel_button.isEnabled()
    seen: list[tuple[str, bool]] = []

    def typed(dialog: WarningDialog) -> None:
        seen.append((dialog.outcome.text(), dialog.confirm.isVisible()))
        type_into(qtbot, "table talk over a renege")
        press(qtbot, Qt.Key.Key_Return)

    answer(qtbot, monkeypatch, WarningDialog, typed)
    for count in (1, 2):
        back(qtbot, page)
        qtbot.mouseClick(page.rulings.warning_button, Qt.MouseButton.LeftButton)
        assert page.error_label.text() == (
            f"Team {team}: warning logged (infraction {count} of the event)."
        )
    assert seen == [("Warning 1", False), ("Warning 2", False)]  # never a loss of hand
    event = page.open_event()
    assert event is not None
    assert [w.kind for w in warnings.warnings_logged(*event, team=team)] == ["warning"] * 2
    info = builder.entrant(*event, team)
    assert info.history == ("Round 1: warning (table talk over a renege)",) * 2
    standings = StandingsPage(page.context)  # the standings' notes say so, as the paper does
    qtbot.addWidget(standings)
    standings.show()
    qtbot.waitUntil(lambda: standings.board is not None)
    assert f"warnings: team {team} (2)" in standings.message.text()
    assert f"warnings: team {team} (2)" in printed(db, event_id, clock).text


def test_the_standings_mark_an_entrant_withdrawn_before_the_last_round(qtbot, db, clock) -> None:
    # an entrant withdrawn before the last round is listed (marked) and not placed; places
    # pass to the next
    event_id = builder.event(db, clock, "grand-prix-warmup", entrants=6,
                             entrant_name=lambda n: f"Team {n}")  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    seats = builder.publish(db, event_id, 1, clock)
    builder.scores(db, event_id, 1, {t.table: (500, 300) for t in seats.tables}, clock)
    leader = seats.tables[0].a[0]
    registration.withdraw(Desk(db, event_id, clock), leader, "went home")
    page = StandingsPage(UiContext(db, clock, event_id))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    page.show()
    model = page.model
    last = model.rowCount() - 1
    assert model.index(last, 1).data() == str(leader)
    assert model.index(last, 0).data() == "—"
    assert model.index(last, 2).data().endswith("(withdrawn)")
    assert [model.index(r, 0).data() for r in range(last)][:1] == ["1="]


def test_a_team_ejected_once_the_bracket_is_seated_makes_way_for_the_next(
    qtbot, monkeypatch, db, clock
) -> None:
    # docs/rules.md §6: "a team withdrawn or ejected before the playoffs is passed over and the
    # next team in the standings advances in its place"
    event_id = preliminaries(db, clock)
    rounds_service.close_round(Desk(db, event_id, clock), 3)
    order = [row.number for row in results.standings(db, event_id).rows]
    top, seventeenth = order[0], order[16]
    page = rounds_page(qtbot, db, clock, event_id)
    board = page.board()
    assert board is not None and (board.round_number, board.status) == (3, "closed")
    tables = [page.model.table_at(r) for r in range(page.model.rowCount())]
    [row] = [r for r, t in enumerate(tables) if top in {s.number for s in (*t.a, *t.b)}]
    click_row(qtbot, page, row)

    def typed(dialog: ExpulsionDialog) -> None:
        type_into(qtbot, "Lee Official")
        press(qtbot, Qt.Key.Key_Tab)
        type_into(qtbot, "argumentative behaviour")
        press(qtbot, Qt.Key.Key_Return)

    answer(qtbot, monkeypatch, ExpulsionDialog, typed)
    qtbot.mouseClick(page.rulings.expel_button, Qt.MouseButton.LeftButton)
    assert page.error_label.text() == (
        f"Team {top} is ejected from the tournament; its fee stays in the prize fund. The "
        "rounds not played yet are seated again."
    )
    fourth = seating_service.seating(db, event_id, 4)
    assert top not in fourth.entrants and seventeenth in fourth.entrants
    assert seventeenth in fourth.tables[0].entrants  # the new first seed's opponent
