"""``clubdesk serve`` against clients on the club's network that mean it harm, in a real
process on 127.0.0.1: connections that send nothing or send slowly are closed after a few
seconds, one address holds only its share of connections, and what a client does never
puts a traceback or a word about packages on the director's terminal."""

from __future__ import annotations

import http.client
import json
import logging
import re
import select
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest

from clubdesk.services import links
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.web.app import TablesApp
from clubdesk.web.server import HEAD_S, PER_CLIENT_MAX, REQUEST_S
from tests import builder
from tests.cli.helpers import COMMAND

ATTACKER, PHONE = "127.0.0.1", "127.0.0.2"  # the loopback network's other addresses reach it
IDLE = 64
MARGIN_S = 3.0  # on a busy machine a timer fires late


@dataclass
class Serving:
    process: subprocess.Popen[bytes]
    port: int
    tokens: list[str]

    def call(self, path: str, source: str = PHONE) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10,
                                          source_address=(source, 0))  # fmt: skip
        try:
            conn.request("GET", path)
            answer = conn.getresponse()
            answer.read()
            return answer.status
        finally:
            conn.close()

    def connect(self, source: str = ATTACKER) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10,
                                        source_address=(source, 0))  # fmt: skip
        sock.setblocking(False)
        return sock

    def csrf(self, token: str) -> str:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10,
                                          source_address=(PHONE, 0))  # fmt: skip
        try:
            conn.request("GET", f"/t/{token}")
            page = conn.getresponse().read().decode()
        finally:
            conn.close()
        found = re.search(r'name="csrf" content="([0-9a-f]+)"', page)
        assert found is not None
        return found.group(1)

    def stopped(self) -> str:
        """Ctrl+C: it stops at once (130, as the shell has it); what it wrote on stderr."""
        self.process.send_signal(signal.SIGINT)
        _, err = self.process.communicate(timeout=10)
        assert self.process.returncode == 130, err
        return err.decode("utf-8", "replace")


@pytest.fixture
def serving(tmp_path: Path, new_database, clock) -> Iterator[Serving]:
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path, backups=tmp_path / "backups") as db:
        event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
        builder.draw(db, event_id, clock, seed=3)
        builder.start(db, event_id, 1, clock)
        tokens = [t.token for t in links.round_links(Desk(db, event_id, clock), 1).tables]
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    process = subprocess.Popen(  # with the test's own user data folder (its environment)
        [*COMMAND, "serve", "--db", str(path), "--port", str(port)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        _listening(port, process)
        yield Serving(process, port, tokens)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def _listening(port: int, process: subprocess.Popen[bytes]) -> None:
    for _ in range(400):  # 20 s at most: the command imports clubdesk first
        assert process.poll() is None, process.communicate()[1]
        try:
            # from an address of its own: the attacker's share is whole
            socket.create_connection(("127.0.0.1", port), 1, ("127.0.0.4", 0)).close()
            return
        except ConnectionRefusedError:
            time.sleep(0.05)
    raise AssertionError("clubdesk serve did not listen")


def _closed_by_server(
    socks: list[socket.socket], within: float, enough: int | None = None
) -> list[socket.socket]:
    """The sockets among ``socks`` the server closes within ``within`` seconds (each read to
    its end), or until ``enough`` of them are."""
    deadline = time.monotonic() + within
    open_, closed = list(socks), []
    wanted = len(socks) if enough is None else enough
    while len(closed) < wanted and (left := deadline - time.monotonic()) > 0:
        readable, _, _ = select.select(open_, [], [], left)
        for sock in readable:
            try:
                ended = sock.recv(65536) == b""
            except ConnectionResetError:
                ended = True
            if ended:
                open_.remove(sock)
                closed.append(sock)
    return closed


def test_idle_and_slow_clients_leave_the_phones_served(serving: Serving) -> None:
    began = time.monotonic()
    idle = [serving.connect() for _ in range(IDLE)]
    slow = serving.connect(source="127.0.0.3")
    try:
        _idle_and_slow(serving, began, idle, slow)
    finally:
        for sock in [*idle, slow]:
            sock.close()
    err = serving.stopped()
    assert "Traceback" not in err and "could not answer" not in err


def _idle_and_slow(
    serving: Serving, began: float, idle: list[socket.socket], slow: socket.socket
) -> None:
    # one address holds its share, no more: the others are closed at once
    refused = _closed_by_server(idle, within=HEAD_S - 2, enough=IDLE - PER_CLIENT_MAX)
    assert len(refused) == IDLE - PER_CLIENT_MAX
    kept = [sock for sock in idle if sock not in refused]
    token = serving.tokens[0]
    head = (f"POST /t/{token}/hand HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\n"
            f"Content-Type: application/json\r\nX-CSRF-Token: {serving.csrf(token)}\r\n"
            "Content-Length: 4000\r\n\r\n{")  # fmt: skip
    slow.sendall(head.encode())
    # another phone is served at once, the whole time
    for path in ("/", "/api/hall", f"/t/{token}", f"/t/{token}/state"):
        assert serving.call(path) == 200
    assert time.monotonic() - began < 10
    # the idle ones are closed after a few seconds without a request ...
    assert len(_closed_by_server(kept, within=HEAD_S + MARGIN_S)) == PER_CLIENT_MAX
    assert serving.call("/", source=ATTACKER) == 200  # ... and their address is served again
    assert time.monotonic() - began < 10
    # the slow body, a byte a second, once its request's time is out
    deadline = began + REQUEST_S + MARGIN_S
    while time.monotonic() < deadline and not _closed_by_server([slow], within=1.0):
        slow.send(b" ")
    assert time.monotonic() < deadline


def test_a_phone_that_drops_mid_body_or_asks_for_a_websocket_is_no_news(serving) -> None:
    token = serving.tokens[0]
    body = json.dumps({"number": 1, "hand": {"bidder": "A", "bid": 55}}).encode()
    dropping = serving.connect(source=PHONE)
    dropping.setblocking(True)
    dropping.sendall(
        (f"POST /t/{token}/hand HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\n"
         f"Content-Type: application/json\r\nX-CSRF-Token: {serving.csrf(token)}\r\n"
         f"Content-Length: {len(body)}\r\n\r\n").encode() + body[:10]
    )  # fmt: skip
    dropping.close()
    upgrade = serving.connect(source=PHONE)
    upgrade.setblocking(True)
    upgrade.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\n"
                    "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n".encode())  # fmt: skip
    assert upgrade.recv(64).startswith(b"HTTP/1.1 200 ")  # the hall page, as ever
    upgrade.close()
    assert serving.call(f"/t/{token}/state") == 200  # the server goes on
    err = serving.stopped()
    assert err.splitlines() == [err.splitlines()[0]], err  # only "serving ... at ..."
    assert err.startswith("serving ")


def test_a_body_cut_short_is_a_quiet_400(npa_db, clock, caplog) -> None:
    db, event_id = npa_db
    token = links.round_links(Desk(db, event_id, clock), 1).tables[0].token
    app = TablesApp(db, event_id, clock)
    found = links.find_table(db, event_id, token)
    assert found is not None
    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
               (b"x-csrf-token", found.csrf.encode())]  # fmt: skip
    scope = {"type": "http", "method": "POST", "path": f"/t/{token}/hand", "headers": headers,
             "query_string": b"", "client": ("127.0.0.1", 5000)}  # fmt: skip
    given = [{"type": "http.request", "body": b'{"num', "more_body": True},
             {"type": "http.disconnect"}]  # fmt: skip
    sent = []

    async def receive():
        return given.pop(0)

    async def send(message):
        sent.append(message)

    caplog.set_level(logging.INFO, logger="clubdesk.web")
    anyio.run(app, scope, receive, send)
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"])["error"].startswith("body: ")
    assert [(r.levelno, r.exc_info) for r in caplog.records] == [(logging.INFO, None)]
