"""A full room's phones (docs/architecture.md, "The tables' pages"): the pages' reads are
answered beside the writes, never behind them. A write holds the server's turn, one at a
time, and SQLite's write lock while it commits; a phone loading its sheet, checking a hand
as typed, or the hall page, waits for neither. And a connection kept open is answered at
once."""

import http.client
import socket
import sqlite3
import threading
import time

from clubdesk.services import drafts

HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip
WAIT_S = 5.0  # what the test gives a thread it waits for; a read answers in milliseconds


def reads(served, token, csrf):
    """A phone's reads of ``token``'s table, and the hall page's: each answer's status."""
    return [
        served.call("GET", f"/t/{token}").status,
        served.call("GET", f"/t/{token}/state").status,
        served.call("GET", f"/t/{token}/sheet").status,
        served.post(token, "check", {"number": 1, "hand": HAND}, csrf).status,
        served.call("GET", "/api/hall").status,
    ]


def test_reads_are_answered_while_a_write_holds_the_turn(served) -> None:
    app, token = served.server.app, served.tokens[0]
    csrf = served.csrf(token)
    entered: list[int] = []
    writing = threading.Thread(
        target=lambda: entered.append(
            served.post(token, "hand", {"number": 1, "hand": HAND}, csrf).status
        )  # fmt: skip
    )
    with app.turn:  # as a write under way holds it (or the window, reading what one changed)
        writing.start()
        deadline = time.monotonic() + WAIT_S
        while app.one_at_a_time.borrowed_tokens == 0 and time.monotonic() < deadline:
            time.sleep(0.005)  # the hand is taken up, and waits for its turn
        assert app.one_at_a_time.borrowed_tokens == 1
        assert reads(served, token, csrf) == [200] * 5
        assert drafts.table_draft(served.db, served.event_id, 1, 1) is None and not entered
    writing.join(WAIT_S)
    assert entered == [200]  # the write went in once the turn was free
    assert len(drafts.table_draft(served.db, served.event_id, 1, 1).hands) == 1


def test_reads_do_not_wait_for_sqlites_write_lock(served) -> None:
    token = served.tokens[1]
    csrf = served.csrf(token)
    writer = sqlite3.connect(served.db.path, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another writer's commit under way
        began = time.monotonic()
        assert reads(served, token, csrf) == [200] * 5
        assert time.monotonic() - began < 2.0  # not SQLite's busy wait (5 s) and a 503
    finally:
        writer.rollback()
        writer.close()


def test_a_kept_connection_is_answered_at_once(served) -> None:
    # A browser keeps its connection for the page's script, style and sheet: the server's end
    # sends each answer at once (TCP_NODELAY), not its body after the phone's delayed
    # acknowledgement of its head (Nagle's algorithm: 40 ms a request).
    conn = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=10)
    try:
        for path in ("/static/phone.js", "/static/phone.css"):
            conn.request("GET", path)
            assert conn.getresponse().read()
        (connection,) = served.server._server.server_state.connections
        sock = connection.transport.get_extra_info("socket")
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        conn.close()
