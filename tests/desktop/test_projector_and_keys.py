"""The director's keys on a real desktop with the projector up (tests/desktop/conftest.py:
Xvfb, openbox, the real program, real key presses).

The projector never takes the keyboard: opened from the View menu or from the command line,
left full screen and back, clicked on, sent to the second monitor and opened there again
after a restart, X's input focus stays in the director's window, and the director's
shortcuts do there what they do: Ctrl+2 and a team typed with Enter register it, Ctrl+4
and F5 start round 1, Ctrl+L asks who is late at the selected table.
"""

from __future__ import annotations

import pytest

from tests.desktop.conftest import MONITORS, Window, wait_for

pytestmark = pytest.mark.desktop


def _register(window: Window, name: str, partner: str) -> None:
    """Ctrl+2 (Players), the team typed in the new entry, Enter: it is in the database."""
    desktop = window.desktop
    desktop.key("ctrl+2")
    desktop.type(name)
    desktop.key("Tab")
    desktop.type(partner)
    desktop.key("Return")
    team = f"{name} / {partner}"
    registered = "SELECT 1 FROM entrant WHERE name = ?"
    wait_for(lambda: window.read(registered, team), f"{team} registered")


def _full_screen_on(window: Window, projector: str, monitor: int) -> bool:
    desktop = window.desktop
    on = desktop.geometry(projector) == MONITORS[monitor - 1]
    return on and desktop.full_screen(projector)


def _bare_corner(shown: tuple[int, ...], above: tuple[int, ...]) -> tuple[int, int]:
    """A point near a corner of the window at ``shown`` (x, y, width, height) that the window
    at ``above`` does not cover, its frame included."""
    x, y, width, height = shown
    ax, ay, awidth, aheight = above
    left, top, right, bottom = ax - 10, ay - 40, ax + awidth + 10, ay + aheight + 10
    corners = [(x + 5, y + 5), (x + width - 5, y + height - 5),
               (x + 5, y + height - 5), (x + width - 5, y + 5)]  # fmt: skip
    bare = [(cx, cy) for cx, cy in corners if not (left <= cx <= right and top <= cy <= bottom)]
    assert bare, (shown, above)
    return bare[0]


def test_the_view_menus_projector_leaves_every_shortcut_with_the_director(
    drawn_event, start_window
) -> None:
    window = start_window(drawn_event)
    desktop = window.desktop
    window.menu("alt+v", "p", "Return")  # View > Projector > Projector on screen 1
    projector = window.projector()
    wait_for(lambda: _full_screen_on(window, projector, 1), "the projector full screen on 1")
    assert window.director_has_keyboard(), desktop.focused()

    _register(window, "Zed Zebra", "Amy Aardvark")
    desktop.key("ctrl+4", "F5")  # the Rounds page; Start round 1
    wait_for(lambda: window.read("SELECT status FROM round WHERE number = 1") == [("running",)],
             "round 1 running")  # fmt: skip
    desktop.key("Down", "ctrl+l")  # table 1 selected on the board; Late…
    wait_for(lambda: desktop.focused().startswith("Late at table 1"), "the Late dialog")
    desktop.key("Escape")  # the dialog closed: the keyboard is back in the director's window
    wait_for(window.director_has_keyboard, "the director's window with the keyboard")
    window.quit()


def test_the_command_lines_projector_leaves_the_keyboard_with_the_director(
    drawn_event, start_window
) -> None:
    window = start_window(drawn_event, "--projector", "1")
    desktop = window.desktop
    projector = window.projector()
    wait_for(lambda: _full_screen_on(window, projector, 1), "the projector full screen on 1")
    assert window.director_has_keyboard(), desktop.focused()

    desktop.key("F11")  # View > Projector full screen: it leaves full screen
    wait_for(lambda: not desktop.full_screen(projector), "the projector in a window")
    assert window.director_has_keyboard(), desktop.focused()
    # a click on the projector's window leaves the keyboard where it was
    corner = _bare_corner(
        desktop.geometry(projector), desktop.geometry(desktop.window("clubdesk — "))
    )
    assert hex(int(projector)) in desktop.click(*corner)  # on the projector's window
    desktop.key("F11")  # and back to full screen, from the director's window
    wait_for(lambda: _full_screen_on(window, projector, 1), "the projector full screen again")
    assert window.director_has_keyboard(), desktop.focused()

    _register(window, "Zed Zebra", "Amy Aardvark")
    window.quit()


def test_the_projector_on_the_second_monitor_opens_there_after_a_restart(
    drawn_event, start_window
) -> None:
    window = start_window(drawn_event, "--projector", "2")
    projector = window.projector()
    wait_for(lambda: _full_screen_on(window, projector, 2), "the projector full screen on 2")
    window.quit()  # with the projector up

    again = start_window(drawn_event)
    projector = again.projector()
    wait_for(lambda: _full_screen_on(again, projector, 2), "the projector back on 2")
    assert again.director_has_keyboard(), again.desktop.focused()
    again.quit()
