"""View > Tables on phones…: the window serves the tables' pages from its own database on a
thread of its own; the address and its QR code shown, the round's links listed, and what a
phone does reaches the Rounds board ("Being entered (phone)", then "Submitted")."""

from __future__ import annotations

import http.client
import json
import re
import socket

import pytest
from PySide6.QtCore import Qt

from clubdesk.services import links
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from tests import builder

HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip


@pytest.fixture
def npa_window(make_window, db, clock):
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    window = make_window(db)
    yield window, event_id
    window.tables_serving.stop()


def serve(qtbot, window, port: int) -> None:
    """The director starts serving on 127.0.0.1:``port`` and closes the dialog."""
    dialog = window.tables_serving.open_dialog()
    choose(qtbot, dialog, port)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert window.tables_serving.running


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def choose(qtbot, dialog, port: int) -> None:
    """The director picks this laptop alone (127.0.0.1) and types the port."""
    dialog.host.setFocus()
    qtbot.keyClicks(dialog.host, "127.0.0.1")
    dialog.port.setFocus()
    qtbot.keyClick(dialog.port, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.port, str(port))


def call(port: int, method: str, path: str, body: object = None, csrf: str = "") -> tuple:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json", "X-CSRF-Token": csrf} if body else {}
    conn.request(method, path, None if body is None else json.dumps(body), headers)
    answer = conn.getresponse()
    found = answer.status, answer.read().decode()
    conn.close()
    return found


def test_the_window_serves_the_phones_and_its_board_follows(npa_window, qtbot, db, clock):
    window, event_id = npa_window
    window.show_page("rounds")
    window.tables_serving.action.trigger()
    dialog = window.tables_serving.dialog
    assert dialog is not None and dialog.isVisible()
    port = free_port()
    choose(qtbot, dialog, port)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text().startswith(f"Serving at http://127.0.0.1:{port}/")
    assert not dialog.qr.pixmap().isNull()
    shown = dialog.links.toPlainText().splitlines()
    tokens = [t.token for t in links.round_links(Desk(db, event_id, clock), 1).tables]
    assert shown == ["Round 1"] + [
        f"Table {n}   http://127.0.0.1:{port}/t/{token}" for n, token in enumerate(tokens, 1)
    ]
    assert call(port, "GET", "/")[0] == 200

    page = call(port, "GET", f"/t/{tokens[1]}")[1]
    csrf = re.search(r'name="csrf" content="([0-9a-f]+)"', page).group(1)
    status, _ = call(port, "POST", f"/t/{tokens[1]}/hand", {"number": 1, "hand": HAND}, csrf)
    assert status == 200
    model = window.rounds_page.model
    qtbot.waitUntil(lambda: model.state_text(1) == "Being entered (phone)", timeout=5000)

    names = builder.signers(db, event_id, 1, 2)
    sheet = {"hands": [HAND] * 8,
             "signatures": [{"role": r, "name": n, "strokes": [[[0.2, 0.5], [0.8, 0.4]]]}
                            for r, n in names.items()]}  # fmt: skip
    assert call(port, "POST", f"/t/{tokens[1]}/submit", sheet, csrf)[0] == 200
    qtbot.waitUntil(lambda: model.state_text(1) == "Submitted", timeout=5000)

    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert not window.tables_serving.running and dialog.status.text().startswith("Not serving")
    with pytest.raises(OSError):
        call(port, "GET", "/")
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_a_port_in_use_is_refused_saying_why(npa_window, qtbot):
    window, _ = npa_window
    dialog = window.tables_serving.open_dialog()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        choose(qtbot, dialog, port)
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == (
        f"{port} is in use on 127.0.0.1 (another program serves there; pick another)."
    )
    assert not window.tables_serving.running and dialog.start_button.isEnabled()
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)


def test_the_window_that_served_as_it_closed_serves_again_and_says_so(
    npa_window, qtbot, db_path, make_window
):
    window, _ = npa_window
    port = free_port()
    serving = f"Phones: serving at http://127.0.0.1:{port} · 0 phones"
    serve(qtbot, window, port)
    assert window.tables_serving.label.text() == serving
    window.close()
    with pytest.raises(OSError):
        call(port, "GET", "/")

    again = make_window(open_database(db_path))
    label = again.tables_serving.label
    assert label.isVisible() and label.text() == serving
    assert call(port, "GET", "/")[0] == 200
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    dialog = again.tables_serving.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.status.text().startswith(f"Serving at http://127.0.0.1:{port}/")
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert not label.isVisible()  # nothing said when nothing is served
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    again.close()
    last = make_window(open_database(db_path))  # stopped by the director: not again
    assert not last.tables_serving.running and not last.tables_serving.label.isVisible()


def test_a_port_taken_meanwhile_is_said_in_the_status_bar(npa_window, qtbot, db_path, make_window):
    window, _ = npa_window
    port = free_port()
    serve(qtbot, window, port)
    window.close()
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("127.0.0.1", port))
        taken.listen(1)
        again = make_window(open_database(db_path))
    label = again.tables_serving.label
    assert not again.tables_serving.running and label.isVisible()
    assert label.text() == (
        f"Phones: not serving: {port} is in use on 127.0.0.1 "
        "(another program serves there; pick another)."
    )
    assert "View > Tables on phones" in label.tooltip_text()
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)  # what it is, and what to do
    dialog = again.tables_serving.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.status.text().startswith(f"{port} is in use on 127.0.0.1")
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)


def test_the_status_bar_counts_the_phones_of_the_last_minute(npa_window, qtbot, db, clock):
    window, event_id = npa_window
    port = free_port()
    serve(qtbot, window, port)
    label = window.tables_serving.label
    assert label.text().endswith("· 0 phones")
    assert "a phone is counted while it asked for a page in the last minute" in label.toolTip()
    token = links.round_links(Desk(db, event_id, clock), 1).tables[0].token
    assert call(port, "GET", f"/t/{token}")[0] == 200  # a phone opens its table's page
    window.ticker.second_timer.fire()
    assert label.text() == f"Phones: serving at http://127.0.0.1:{port} · 1 phone"
    clock.advance(seconds=61)  # and asks nothing for a minute
    window.ticker.second_timer.fire()
    assert label.text().endswith("· 0 phones")
