"""The window's pages, a row each: the registry the window's page list, its shortcuts and
Help read (docs/architecture.md, "The window" and "Adding a page"). Each page is built
when first needed, its module imported only then.

The Event page is built with the window (it opens the event); the others when they are
first shown or asked for. Both through ``make_page``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from clubdesk.ui.clock.watch import ClockWatch
    from clubdesk.ui.context import UiContext


@dataclass(frozen=True)
class PageRow:
    key: str  # remembered in the settings; stays the same when titles change
    title: str  # in the page list
    shortcut: str  # the key that shows it
    builds: str  # "module:class" of the page's widget, built from the window's UiContext
    with_clock: bool = False  # built with the round clock's watch too

    @property
    def folder(self) -> str:
        """The page's folder under ``clubdesk/ui/`` (``players`` for the Players page)."""
        return self.builds.removeprefix("clubdesk.ui.").split(".")[0]


# in the page list's order
PAGES = (
    PageRow("event", "Event", "Ctrl+1", "clubdesk.ui.event.page:EventPage"),
    PageRow("players", "Players", "Ctrl+2", "clubdesk.ui.players.page:PlayersPage"),
    PageRow("draw", "Draw", "Ctrl+3", "clubdesk.ui.draw.page:DrawPage"),
    PageRow("rounds", "Rounds", "Ctrl+4", "clubdesk.ui.rounds.page:RoundsPage", with_clock=True),
    PageRow("standings", "Standings", "Ctrl+5", "clubdesk.ui.standings.page:StandingsPage"),
    PageRow("money", "Money", "Ctrl+6", "clubdesk.ui.money.page:MoneyPage"),
    PageRow("print", "Print", "Ctrl+7", "clubdesk.ui.print.page:PrintPage"),  # and reportlab
    PageRow("members", "Members", "Ctrl+8", "clubdesk.ui.members.page:MembersPage"),
    PageRow("season", "Season", "Ctrl+9", "clubdesk.ui.seasons.page:SeasonPage"),
)


def make_page(key: str, context: UiContext, clock_watch: ClockWatch) -> QWidget:
    """The page ``key``, built on ``context``, its module imported now."""
    row = next((row for row in PAGES if row.key == key), None)
    if row is None:
        raise KeyError(key)
    module, _, name = row.builds.partition(":")
    page = getattr(importlib.import_module(module), name)
    return page(context, clock_watch) if row.with_clock else page(context)
