"""Help > Help (F1): the night's steps for the format in use, and every shortcut.

The shortcuts are read from the window itself when Help opens: every ``QAction`` with a
shortcut (the menus', the pages' Ctrl+1, Ctrl+2, ..., each page's own), every ``QShortcut``
(by its ``whatsThis``) and every button's Alt+letter, page by page, so the list cannot drift
from the keys the window answers. The steps follow the event's rules (how many rounds, a
clock or not, the draw, a cut) and name each page with the key that shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QMenu,
    QMenuBar,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.rules import Rules
from clubdesk.ui.pages import PAGES

if TYPE_CHECKING:
    from clubdesk.store.db import Database
    from clubdesk.ui.context import UiContext

SIZE = (760, 640)
DRAWN_WITH = {"cards": "the cards each drew", "chits": "the chits each drew"}


@dataclass(frozen=True)
class Shortcut:
    keys: str  # "Ctrl+L", in the desktop's own words
    does: str  # "Late…"


class HelpHost(Protocol):
    """What Help reads of the window (a ``QMainWindow``): its actions (Ctrl+1, Ctrl+2, ...
    show the pages), its menu bar, its pages (built when asked for) and the open event."""

    context: UiContext

    @property
    def database(self) -> Database: ...

    def actions(self) -> list[QAction]: ...

    def menuBar(self) -> QMenuBar: ...  # noqa: N802 (Qt's name)

    def page(self, key: str) -> QWidget: ...


def _words(text: str) -> str:
    """A caption as said: no ``&``, no shortcut after it ("Late…  (Ctrl+L)": "Late…")."""
    plain = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return plain.split("  (")[0].strip()


def _shortcut(action: QAction) -> Shortcut | None:
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return Shortcut(keys, _words(action.text())) if keys and action.text() else None


def menu_shortcuts(menu: QMenu) -> list[Shortcut]:
    """The shortcuts of ``menu``'s actions and its submenus'."""
    found: list[Shortcut] = []
    for action in menu.actions():
        if action.menu() is not None:
            found += menu_shortcuts(action.menu())
        elif (shortcut := _shortcut(action)) is not None:
            found.append(shortcut)
    return found


def widget_shortcuts(widget: QWidget) -> list[Shortcut]:
    """The shortcuts of the actions ``widget`` and its children answer, of its ``QShortcut``s
    (each saying what it does in its ``whatsThis``), and its buttons'."""
    found = [
        shortcut
        for holder in (widget, *widget.findChildren(QWidget))
        for action in QWidget.actions(holder)  # a page may name something else "actions"
        if not isinstance(holder, QMenu) and (shortcut := _shortcut(action)) is not None
    ]
    for key in widget.findChildren(QShortcut):
        keys = key.key().toString(QKeySequence.SequenceFormat.NativeText)
        if keys and key.whatsThis():
            found.append(Shortcut(keys, key.whatsThis()))
    for button in widget.findChildren(QAbstractButton):
        keys = button.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if keys and button.text():
            found.append(Shortcut(keys, _words(button.text())))
    return list(dict.fromkeys(found))  # once each, in the order met


def night_steps(rules: Rules, page: dict[str, str]) -> list[str]:
    """The night's steps in this format; ``page`` names each page with its key
    ("Players (Ctrl+2)")."""
    schedule, unit = rules.schedule, rules.unit
    who = "team" if unit == "team" else "player"
    names = "the two players' names" if unit == "team" else "the player's name"
    drawn = DRAWN_WITH.get(rules.seating.draw)
    draw = f"type in {drawn}, as printed on them" if drawn else "clubdesk draws the seats at random"
    warning = schedule.warning_minutes
    clock = (
        "the rounds have no clock: each ends when its sheets are in"
        if not schedule.round_minutes
        else f"each round has {schedule.round_minutes} minutes on the clock"
        + (f", a warning {warning} minutes before the end" if warning else "")
    )
    steps = [
        f"{page['event']}: open the event, or make one in {rules.title} (File > New event).",
        f"{page['players']}: register each {who} as they arrive: {names}, what they paid "
        "and how; Enter registers.",
        f"{page['draw']}: make the draw ({draw}); print the table cards and the seating "
        f"from {page['print']}.",
        f"{page['rounds']}: {schedule.rounds} rounds; {clock}. Start a round, open a table's "
        "sheet with Enter, type its hands, both sides sign, and Submit; close the round when "
        "every sheet is in.",
    ]
    if rules.cut is not None:
        playoffs = rules.cut.after_round >= schedule.rounds  # the playoff rounds follow it
        after = "the playoff rounds are" if playoffs else "the next round is"
        steps.append(
            f"{page['standings']}: after round {rules.cut.after_round} the cut; a tie at the "
            f"line is settled and recorded (Record tie-break…) before {after} seated."
        )
    steps += [
        f"{page['standings']}: the standings after every round, for the projector and on paper.",
        f"{page['money']}: check the prizes, finalize the payouts, and mark each prize paid.",
        f"{page['print']}: the standings and the award sheet.",
    ]
    return steps


def help_html(
    title: str,
    steps: Sequence[str],
    shortcuts: Sequence[tuple[str, Sequence[Shortcut]]],
) -> str:
    """The Help window's text: the steps, then each group's shortcuts."""
    parts = [f"<h2>{escape(title)}</h2>"]
    if steps:
        parts.append("<h3>The night, step by step</h3><ol>")
        parts += [f"<li>{escape(step)}</li>" for step in steps]
        parts.append("</ol>")
    parts.append("<h3>Keys</h3>")
    for group, found in shortcuts:
        if not found:
            continue
        parts.append(f"<h4>{escape(group)}</h4><table cellpadding='3'>")
        parts += [
            f"<tr><td><b>{escape(shortcut.keys)}</b></td><td>{escape(shortcut.does)}</td></tr>"
            for shortcut in found
        ]
        parts.append("</table>")
    return "".join(parts)


class HelpWindow(QDialog):
    """The Help window (not modal: the director reads it beside the night)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("clubdesk help")
        self.resize(*SIZE)
        self.text = QTextBrowser()
        self.text.setAccessibleName("Help")
        self.text.setOpenLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)

    def show_for(self, window: HelpHost) -> None:
        """Fill in the steps for the open event's format and the shortcuts of the window
        (its own, its menus') and of each page, as they are now; show it."""
        from clubdesk.services.events import event_rules

        event_id = window.context.event_id
        rules = event_rules(window.database, event_id) if event_id is not None else None
        own = [found for action in window.actions() if (found := _shortcut(action)) is not None]
        shows = {shortcut.does: shortcut.keys for shortcut in own}  # "Players": "Ctrl+2"
        named = {page.key: f"{page.title} ({shows[page.title]})" for page in PAGES}
        steps = night_steps(rules, named) if rules is not None else []
        menus = [
            (_words(action.text()), menu_shortcuts(action.menu()))
            for action in window.menuBar().actions()
            if action.menu() is not None
        ]
        groups = [
            ("Pages", own),
            *menus,
            *((f"{page.title} page", widget_shortcuts(window.page(page.key))) for page in PAGES),
        ]
        title = f"Help: {rules.title}" if rules is not None else "Help"
        self.text.setHtml(help_html(title, steps, groups))
        self.show()
        self.raise_()
        self.activateWindow()
