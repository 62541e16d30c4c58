"""The window's pages by key: their titles in the page list's order, and each built when
first needed, its module imported only then (docs/architecture.md, "The window").

The Event page is built with the window (it opens the event); ``make_page`` builds the
others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from clubdesk.ui.clock.watch import ClockWatch
    from clubdesk.ui.context import UiContext

# key (remembered in the settings; stays the same when titles change), title; Ctrl+1 ... in
# this order
PAGES = (
    ("event", "Event"),
    ("players", "Players"),
    ("draw", "Draw"),
    ("rounds", "Rounds"),
    ("standings", "Standings"),
    ("money", "Money"),
    ("print", "Print"),
    ("members", "Members"),
    ("season", "Season"),
)


def make_page(key: str, context: UiContext, clock_watch: ClockWatch) -> QWidget:
    """The page ``key`` (not the Event page), built on ``context``."""
    if key == "players":
        from clubdesk.ui.players.page import PlayersPage

        return PlayersPage(context)
    if key == "draw":
        from clubdesk.ui.draw.page import DrawPage

        return DrawPage(context)
    if key == "rounds":
        from clubdesk.ui.rounds.page import RoundsPage

        return RoundsPage(context, clock_watch)
    if key == "standings":
        from clubdesk.ui.standings.page import StandingsPage

        return StandingsPage(context)
    if key == "money":
        from clubdesk.ui.money.page import MoneyPage

        return MoneyPage(context)
    if key == "print":
        from clubdesk.ui.print.page import PrintPage  # printing and reportlab with it

        return PrintPage(context)
    if key == "members":
        from clubdesk.ui.members.page import MembersPage

        return MembersPage(context)
    if key == "season":
        from clubdesk.ui.seasons.page import SeasonPage

        return SeasonPage(context)
    raise KeyError(key)
