"""A director at the window, for the nights played end to end (``test_window_nights.py``).

Every step is what a director does: keys typed on the widget that has the keyboard, a
click on a visible button, a signature drawn on a pad with the mouse. Modal questions are
answered by the stand-ins the UI tests use (``message_boxes``, each page's ``confirm``).
Nothing here calls a service to change the event: the services are only read, to check
what the window did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from clubdesk.services.printouts import TITLES
from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.sheet.dialog import SheetDialog
from clubdesk.ui.sheet.rows import HandRow
from tests.sheet_typing import type_hand
from tests.ui.showing import WindowsShown, exposed

PAGES = {"event": 1, "players": 2, "draw": 3, "rounds": 4, "standings": 5, "money": 6,
         "print": 7}  # fmt: skip


class Director:
    """Drives ``window`` as a director does (``qtbot`` sends the keys and clicks)."""

    def __init__(
        self,
        qtbot,
        window: MainWindow,
        clock,
        monkeypatch,
        windows_shown: WindowsShown | None = None,
    ) -> None:
        self.qtbot = qtbot
        self.window = window
        self.clock = clock
        self.monkeypatch = monkeypatch
        self.windows_shown = windows_shown  # watching since before the window was made
        self.asked: list[str] = []  # the questions the window asked, answered yes
        self.keys = 0  # every key pressed, a letter or digit typed counting one
        self.sheet_keys: list[int] = []  # the keys each sheet typed hand by hand took
        window.rounds_page.confirm = self._yes

    def _yes(self, title: str, question: str) -> bool:
        self.asked.append(question)
        return True

    # keys ---------------------------------------------------------------------------------

    def focused(self) -> QWidget:
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the keyboard"
        return widget

    def type(self, text: str) -> None:
        self.keys += len(text)
        self.qtbot.keyClicks(self.focused(), text)

    def press(self, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        self.keys += 1
        self.qtbot.keyClick(self.focused(), key, modifier)

    def tab(self, times: int = 1) -> None:
        for _ in range(times):
            self.press(Qt.Key.Key_Tab)

    def go(self, page: str) -> None:
        """Ctrl+1 … Ctrl+7."""
        number = PAGES[page]
        self.qtbot.keyClick(self.window, Qt.Key(Qt.Key.Key_0 + number),
                            Qt.KeyboardModifier.ControlModifier)  # fmt: skip
        assert self.window.current_page() == page

    def click(self, button: QWidget) -> None:
        assert button.isVisible() and button.isEnabled(), (
            button.text(),
            button.isVisible(),
            button.isEnabled(),
        )
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    # the event ----------------------------------------------------------------------------

    def new_event(self, rules_id: str, name: str, *, rounds: int | None = None) -> str:
        """The new event form (an empty database opens on it): the format chosen with the
        arrow keys, the name typed, the rounds set; Return creates it. The event's id."""
        form = self.window.event_page.form
        assert self.window.event_page.showing_form()
        self.go("event")
        assert self.focused() is form.format_combo
        self.press(Qt.Key.Key_Home)
        for _ in range(form.format_combo.count()):
            if form.format_combo.currentData() == rules_id:
                break
            self.press(Qt.Key.Key_Down)
        assert form.format_combo.currentData() == rules_id
        self.tab()
        self.type(name)
        if rounds is not None:
            form.rounds_spin.setFocus(Qt.FocusReason.TabFocusReason)
            self.qtbot.keyClick(form.rounds_spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            self.type(str(rounds))
        self.press(Qt.Key.Key_Return)
        assert not self.window.event_page.showing_form(), form.error_text("general")
        event_id = self.window.context.event_id
        assert event_id is not None
        return event_id

    def register(self, entrants: Sequence[Sequence[str]], *, paid: str | None = None) -> None:
        """Each entrant's player (and partner) typed on the Players page, Return after each;
        ``paid``: the amount typed instead of the fee."""
        self.go("players")
        entry = self.window.players_page.entry
        for players in entrants:
            assert self.focused() is entry.name_edit
            self.type(players[0])
            if len(players) > 1:
                self.tab()
                assert self.focused() is entry.partner_edit
                self.type(players[1])
            if paid is not None:
                entry.paid_edit.setFocus(Qt.FocusReason.TabFocusReason)
                entry.paid_edit.selectAll()
                self.type(paid)
            self.press(Qt.Key.Key_Return)
            assert entry.message_text().startswith("✓"), entry.message_text()

    def click_entrant(self, number: int) -> None:
        """A click on entrant ``number``'s row of the Players page's list."""
        self.go("players")
        listing = self.window.players_page.list
        row = listing.model.row_of(number)
        assert row is not None, number
        index = listing.proxy.mapFromSource(listing.model.index(row, 0))
        rect = listing.table.visualRect(index)
        self.qtbot.mouseClick(listing.table.viewport(), Qt.MouseButton.LeftButton,
                              pos=rect.center())  # fmt: skip
        assert self.window.players_page.selected_entrant().number == number

    def withdraw(self, number: int, reason: str, *, refund: str | None = None) -> str:
        """Withdraw… on the Players page for entrant ``number``: the reason typed, and where
        ``refund`` is given "Refund the fee?" ticked with that amount and a reason. What the
        page then says."""
        from clubdesk.ui.players.dialogs import WithdrawDialog

        def answer(dialog: WithdrawDialog) -> None:
            assert self.focused() is dialog.reason_edit
            self.type(reason)
            if refund is not None:
                fields = dialog.refund_fields
                self.tab()
                assert self.focused() is fields.ask
                self.press(Qt.Key.Key_Space)
                assert self.focused() is fields.amount
                self.type(refund)
                self.tab(2)
                assert self.focused() is fields.reason
                self.type(reason)
            self.press(Qt.Key.Key_Return)
            assert not dialog.isVisible(), dialog.refund_fields.error.text()

        self.click_entrant(number)
        self.answer(WithdrawDialog, answer)
        self.click(self.window.players_page.status_button)
        self.back_to_window()
        return self.window.players_page.entry.message_text()

    def answer(self, dialog_class: type, answer: Callable[[Any], None]) -> None:
        """When the window asks with ``dialog_class`` (a modal ``exec``), the dialog is shown
        and ``answer`` types into it, as the director would."""

        def exec_(dialog) -> int:
            dialog.show()
            dialog.activateWindow()
            self.qtbot.waitUntil(dialog.isActiveWindow)
            answer(dialog)
            return dialog.result()

        self.monkeypatch.setattr(dialog_class, "exec", exec_)

    def make_draw(self) -> None:
        """The Draw page's Make the draw (its question answered OK by ``message_boxes``)."""
        self.go("draw")
        page = self.window.draw_page
        assert self.focused() is page.make_button
        self.press(Qt.Key.Key_Space)
        assert not page.make_button.isEnabled(), page.status_label.text()

    # rounds -------------------------------------------------------------------------------

    @property
    def rounds(self) -> RoundsPage:
        return self.window.rounds_page

    def start_round(self) -> int:
        """F5 on the Rounds page; the round started."""
        self.go("rounds")
        page = self.rounds
        assert page.start_button.isEnabled(), page.error_label.text()
        text = page.start_button.text()
        self.press(Qt.Key.Key_F5)
        assert page.error_label.isHidden() or not page.error_label.text(), page.error_label.text()
        number = int(text.split()[2])
        assert page.board().round_number == number
        return number

    def end_clock(self) -> None:
        """F9: time called on the round's clock (asked first with time left)."""
        self.go("rounds")
        self.press(Qt.Key.Key_F9)

    def close_round(self) -> None:
        """Ctrl+F9: the round closed (asked first with a sheet missing)."""
        self.go("rounds")
        number = self.rounds.board().round_number
        self.press(Qt.Key.Key_F9, Qt.KeyboardModifier.ControlModifier)
        assert self.rounds.board().round_number == number
        assert self.rounds.board().status == "closed", self.rounds.error_label.text()

    def tables(self) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """The board's tables: number and both sides' entrant numbers."""
        board = self.rounds.board()
        assert board is not None
        return [(t.table, tuple(s.number for s in t.a), tuple(s.number for s in t.b))
                for t in board.tables]  # fmt: skip

    def open_sheet(self, table: int) -> SheetDialog:
        """The table's number typed on the board, then Return."""
        self.go("rounds")
        page = self.rounds
        assert self.focused() is page.table_view
        self.press(Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)  # the first table
        self.type(str(table))
        self.press(Qt.Key.Key_Return)
        board = page.board()
        dialog = page.sheets_open[(board.round_number, table)]
        exposed(dialog)
        self.qtbot.waitUntil(lambda: QApplication.focusWidget() in dialog.rows[0].widgets.values())
        dialog.confirm = self._yes
        return dialog

    def paper_sheet(self, table: int, a: int, b: int, *, winner: str | None = None) -> None:
        """A signed paper sheet typed in: Alt+F, both scores, the tie's winner when level,
        Alt+P (the paper attested), Return submits, Escape back to the board."""
        dialog = self.open_sheet(table)
        self.press(Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
        assert dialog.final_only.isChecked()  # ticked as the key is read
        assert self.focused() is dialog.score_a
        self.type(str(a))
        self.tab()
        self.type(str(b))
        if winner is not None:
            self.tab()
            assert self.focused() is dialog.tie_winner
            self.type(winner.upper())  # "B won the tie"
            assert dialog.tie_winner.currentData() == winner
        self.press(Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
        assert dialog.paper.isChecked()
        self.press(Qt.Key.Key_Return)
        self._submitted(dialog)

    def hand_sheet(
        self,
        table: int,
        hands: Sequence[dict[str, Any]],
        *,
        winner: str | None = None,
        sign: bool = True,
    ) -> SheetDialog:
        """A sheet typed hand by hand as the paper has it (``_type_hand``, Return after each
        hand), the tie's winner typed where a level game asks for it, then signed on both
        pads with the mouse (or the paper attested) and submitted with Ctrl+Return. The
        dialog, left open on the submitted sheet; the keys it took in ``sheet_keys``."""
        dialog = self.open_sheet(table)
        keys = self.keys
        for number, hand in enumerate(hands):
            row = dialog.rows[number]
            self.qtbot.waitUntil(lambda r=row: QApplication.focusWidget() is r.first())
            self._type_hand(row, hand)
            self.press(Qt.Key.Key_Return)
            assert dialog.error is None, dialog.problem.text()
        if winner is not None:
            assert dialog.tie_box.isVisible()
            assert self.focused() is dialog.tie_winner  # Return on the last hand went there
            self.type(winner.upper())
            assert dialog.tie_winner.currentData() == winner
        if sign:
            for pad in dialog.signers.pads.values():
                draw_on(self.qtbot, pad, (0.1, 0.6), (0.25, 0.3), (0.4, 0.65), (0.6, 0.4))
        else:
            self.press(Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
        self.press(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert dialog.submitted, dialog.problem.text()
        self.sheet_keys.append(self.keys - keys)
        return dialog

    def amend(self, dialog: SheetDialog, a: int, b: int, reason: str, director: str) -> None:
        """Amend… on a submitted sheet: the new score, the reason and the director's name
        typed, the director's signature drawn, Amend clicked."""
        from clubdesk.ui.sheet.amend_dialog import AmendDialog

        self.click(dialog.amend_button)
        amend = dialog.findChild(AmendDialog)
        assert amend is not None and amend.isVisible()
        self.activate(amend)
        for edit, value in ((amend.score_a, str(a)), (amend.score_b, str(b)),
                            (amend.reason, reason), (amend.director, director)):  # fmt: skip
            edit.setFocus(Qt.FocusReason.TabFocusReason)
            edit.selectAll()
            self.type(value)
        draw_on(self.qtbot, amend.pad, (0.1, 0.6), (0.3, 0.2), (0.5, 0.6))
        self.click(amend.amend_button)
        assert not amend.isVisible(), amend.problem.text()
        self.activate(dialog)
        score = dialog.total_label.text()
        assert score == f"Submitted · counts {a} to {b}", score

    def _type_hand(self, row: HandRow, hand: dict[str, Any]) -> None:
        """The hand's fields from the keyboard in sheet order, as a director types a paper
        sheet (``tests/sheet_typing.py``: only what differs from what the row shows, Tab to
        the next field the hand asks for, done once every field left says what the paper
        says)."""
        type_hand(self, row, hand)

    def _submitted(self, dialog: SheetDialog) -> None:
        assert dialog.submitted, dialog.problem.text()
        self.press(Qt.Key.Key_Escape)
        self.qtbot.waitUntil(lambda: not dialog.isVisible())
        self.back_to_window()

    def activate(self, window: QWidget) -> None:
        """A window just opened takes the keyboard, as a window manager gives it."""
        window.activateWindow()
        self.qtbot.waitUntil(window.isActiveWindow)

    def back_to_window(self) -> None:
        """The window is active again once a dialog closes, as a desktop's window manager
        makes it (the offscreen platform has none)."""
        self.window.activateWindow()
        self.qtbot.waitUntil(self.window.isActiveWindow)

    def done_with(self, dialog: SheetDialog) -> None:
        """Escape from a submitted sheet back to the board."""
        dialog.setFocus(Qt.FocusReason.OtherFocusReason)
        self._submitted(dialog)

    def record_tiebreak(self, winner: int, reason: str) -> None:
        """The Standings page's Record tie-break…: the winner typed by number, the reason,
        Return records it."""
        from clubdesk.ui.standings.tiebreak_dialog import TiebreakDialog

        def answer(dialog: TiebreakDialog) -> None:
            self.qtbot.waitUntil(dialog.winner.hasFocus)
            self.type(str(winner))
            self.tab()
            assert self.focused() is dialog.reason
            self.type(reason)
            self.press(Qt.Key.Key_Return)
            assert not dialog.isVisible()

        self.go("standings")
        page = self.window.standings_page
        self.answer(TiebreakDialog, answer)
        self.click(page.tiebreak_button)
        self.back_to_window()

    # paper --------------------------------------------------------------------------------

    def print_to(self, kind: str, path: Path) -> bytes:
        """The Print page: the document picked from the list by the keyboard, built, and
        saved as PDF to ``path`` (the file dialog's answer). The PDF's bytes."""
        self.go("print")
        page = self.window.print_page
        assert self.focused() is page.kind_list
        self.press(Qt.Key.Key_Home)
        for _ in range(page.kind_list.count()):
            if page.chosen()[0] == kind:
                break
            self.press(Qt.Key.Key_Down)
        assert page.chosen()[0] == kind
        built = f"{TITLES[kind]} ("  # "Award sheet (Letter): 1 page."

        def ready() -> bool:
            return page.status.text().startswith(built) and page.built_for == page.chosen()

        self.qtbot.waitUntil(ready, timeout=20_000)
        assert page.save_button.isEnabled(), page.status.text()
        page.ask_file = lambda parent, suggested: str(path)
        self.click(page.save_button)
        assert path.is_file(), page.status.text()
        return path.read_bytes()


def draw_on(qtbot, pad, *points: tuple[float, float]) -> None:
    """One stroke through ``points`` (fractions of the pad), drawn with the mouse."""
    area = pad.canvas.area()

    def at(point: tuple[float, float]) -> QPoint:
        return QPoint(round(area.left() + point[0] * area.width()),
                      round(area.top() + point[1] * area.height()))  # fmt: skip

    left = Qt.MouseButton.LeftButton
    qtbot.mousePress(pad.canvas, left, pos=at(points[0]))
    for point in points[1:]:
        qtbot.mouseMove(pad.canvas, at(point))
    qtbot.mouseRelease(pad.canvas, left, pos=at(points[-1]))


Names = Callable[[int], Sequence[str]]
