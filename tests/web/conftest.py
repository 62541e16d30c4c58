"""A real server of the tables' pages on 127.0.0.1 for the tests beside this file, over an NPA
event whose round 1 is started (four tables), and a plain HTTP client for it."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from clubdesk.services import links
from clubdesk.services.command import Desk
from clubdesk.store.db import Database, open_database
from clubdesk.web.app import TablesApp
from clubdesk.web.guard import RateLimit
from clubdesk.web.server import TablesServer
from tests import builder


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Served:
    """The server, its event and each table's token for round 1."""

    server: TablesServer
    db: Database
    event_id: str
    tokens: list[str]

    def call(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        headers: dict[str, str] | None = None,
        source: str = "127.0.0.1",
    ) -> Answer:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10,
                                          source_address=(source, 0))  # fmt: skip
        try:
            conn.request(method, path, body=body, headers=headers or {})
            answer = conn.getresponse()
            headers = {name.lower(): value for name, value in answer.getheaders()}
            return Answer(answer.status, answer.read(), headers)
        finally:
            conn.close()

    def csrf(self, token: str) -> str:
        page = self.call("GET", f"/t/{token}").body.decode()
        found = re.search(r'name="csrf" content="([0-9a-f]+)"', page)
        assert found is not None
        return found.group(1)

    def post(self, token: str, action: str, value: Any, csrf: str | None = None) -> Answer:
        headers = {"Content-Type": "application/json",
                   "X-CSRF-Token": csrf if csrf is not None else self.csrf(token)}  # fmt: skip
        return self.call("POST", f"/t/{token}/{action}", json.dumps(value), headers)


@pytest.fixture
def npa_db(tmp_path: Path, new_database, clock) -> Iterator[tuple[Database, str]]:
    db = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "backups")
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    yield db, event_id
    db.close()


@pytest.fixture
def served(npa_db, clock) -> Iterator[Served]:
    db, event_id = npa_db
    tokens = [t.token for t in links.round_links(Desk(db, event_id, clock), 1).tables]
    app = TablesApp(db, event_id, clock, rate=RateLimit(clock, burst=100_000))
    server = TablesServer(app, "127.0.0.1", 0)
    server.start()
    yield Served(server, db, event_id, tokens)
    server.stop()
