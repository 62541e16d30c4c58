"""The tables' pages over HTTP, as docs/cli.md ("The tables' pages") has them: the paths
served and no others, the sheet JSON of ``clubdesk sheet`` and ``submit``, 403 for a token not
good now and nothing about the event, CSRF on every POST, the body cap and the rate limit."""

import html
import http.client
import json
import re
import socket
import time

import pytest

from clubdesk.errors import UserError
from clubdesk.services import results, sheets
from clubdesk.services.sheet_json import sheet_json
from clubdesk.web.app import TablesApp
from clubdesk.web.guard import BODY_MAX, RateLimit
from clubdesk.web.server import TablesServer, bound_socket
from tests import builder

# NPA: "8 hands per round"
HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip


def signed(db, event_id, table):
    names = builder.signers(db, event_id, 1, table)
    return {"hands": [HAND] * 8,
            "signatures": [{"role": role, "name": name, "strokes": [[[0.1, 0.5], [0.9, 0.5]]]}
                           for role, name in names.items()]}  # fmt: skip


def test_the_sheet_is_clubdesk_sheets_json(served) -> None:
    answer = served.call("GET", f"/t/{served.tokens[1]}/sheet")
    assert answer.status == 200 and answer.headers["content-type"].startswith("application/json")
    expected = sheet_json(sheets.table_sheet(served.db, served.event_id, 1, 2))
    assert answer.json() == json.loads(json.dumps(expected))


def test_a_signed_sheet_goes_in_once_with_its_strokes(served) -> None:
    token = served.tokens[0]
    answer = served.post(token, "submit", signed(served.db, served.event_id, 1))
    assert answer.status == 200
    sheet = answer.json()
    assert sheet["state"] == "submitted" and sheet["table"] == 1
    assert [s["strokes"] for s in sheet["signatures"]] == [[[[0.1, 0.5], [0.9, 0.5]]]] * 2
    again = served.post(token, "submit", signed(served.db, served.event_id, 1))
    assert again.status == 400 and "already submitted" in again.json()["error"]


def test_a_refusal_is_400_naming_the_field(served) -> None:
    body = signed(served.db, served.event_id, 3)
    body["signatures"][1]["name"] = "Nobody Here"
    answer = served.post(served.tokens[2], "submit", body)
    assert answer.status == 400
    assert answer.json()["error"].startswith("signatures.countersign: Nobody Here does not play")


def test_a_dot_posted_as_a_signature_is_refused_at_it(served) -> None:
    """Whatever a client posts: a one-point signature is refused by the laptop, at its field."""
    body = signed(served.db, served.event_id, 3)
    body["signatures"][0]["strokes"] = [[[0.4, 0.8]]]
    answer = served.post(served.tokens[2], "submit", body)
    assert answer.status == 400
    assert answer.json() == {
        "error": "signatures.scorekeeper.strokes: a dot is not a signature; "
        "sign your name across the pad",
        "field": "signatures.scorekeeper.strokes",
    }
    assert not sheets.table_sheet(served.db, served.event_id, 1, 3).submitted


def test_a_token_not_good_now_gets_403_and_nothing_about_the_event(served, clock) -> None:
    made_up = "A" * 20
    for path in (f"/t/{made_up}", f"/t/{made_up}/sheet", "/t/x", "/t/../../etc/passwd"):
        answer = served.call("GET", path)
        assert answer.status in (403, 404), path
        assert b"npa" not in answer.body.lower() and b"Player" not in answer.body
    for table in range(1, 5):
        assert served.post(served.tokens[table - 1], "submit",
                           signed(served.db, served.event_id, table)).status == 200  # fmt: skip
    builder.close(served.db, served.event_id, 1, clock)
    closed = served.call("GET", f"/t/{served.tokens[0]}/sheet")
    assert closed.status == 403 and closed.json() == {
        "error": "token: this link is not good now (ask the director for your table's link)"
    }


BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def refused_words(answer) -> str:
    assert answer.status == 403 and answer.headers["content-type"].startswith("text/html")
    page = html.unescape(answer.body.decode())
    found = re.search(r'<h2 id="why">(.*)</h2>', page)
    assert found is not None and "Ask the director for your table's link" in page
    assert "npa" not in page.lower() and "Player" not in page and "{{" not in page
    return found.group(1)


def test_a_link_not_good_opened_by_a_browser_says_why_in_words(served, clock) -> None:
    made_up = "A" * 20
    assert refused_words(served.call("GET", f"/t/{made_up}", headers=BROWSER)).startswith(
        "This is not a link of tonight's"
    )
    assert served.call("GET", f"/t/{made_up}").json()["error"].startswith("token:")
    assert served.call("GET", f"/t/{made_up}/sheet", headers={"Accept": "application/json"}
                       ).headers["content-type"].startswith("application/json")  # fmt: skip
    builder.scores(served.db, served.event_id, 1, {t: (300, 200) for t in range(1, 5)}, clock)
    builder.close(served.db, served.event_id, 1, clock)  # round 2 seated from its results
    assert refused_words(served.call("GET", f"/t/{served.tokens[0]}", headers=BROWSER)) == (
        "This is an earlier round's table card: that round is over."
    )


def test_only_the_pages_are_served(served) -> None:
    assert served.call("GET", "/").status == 200
    standings = served.call("GET", "/api/standings")
    assert standings.json() == results.standings(served.db, served.event_id).to_json()
    for path in ("/static/", "/static/../app.py", "/etc/passwd", "/api", "/t/", "/index.html",
                 "/static/phone.html", f"/t/{served.tokens[0]}/other"):  # fmt: skip
        assert served.call("GET", path).status == 404, path
    assert served.call("POST", "/", "{}").status == 405
    assert served.call("DELETE", f"/t/{served.tokens[0]}/sheet").status == 405
    headers = served.call("GET", "/").headers
    assert headers["referrer-policy"] == "no-referrer" and headers["cache-control"] == "no-store"


def test_every_post_needs_the_pages_csrf_token_as_json(served) -> None:
    token = served.tokens[0]
    hand = {"number": 1, "hand": HAND}
    good = served.csrf(token)
    cases = [
        ({"Content-Type": "application/json"}, "csrf"),
        ({"Content-Type": "application/json", "X-CSRF-Token": "0" * 32}, "csrf"),
        ({"Content-Type": "text/plain", "X-CSRF-Token": good}, "content-type"),
        (
            {
                "Content-Type": "application/json",
                "X-CSRF-Token": good,
                "Origin": "http://evil.example",
            },
            "origin",
        ),  # fmt: skip
        (
            {"Content-Type": "application/json", "X-CSRF-Token": served.csrf(served.tokens[1])},
            "csrf",
        ),  # another table's page
    ]
    for headers, field in cases:
        answer = served.call("POST", f"/t/{token}/hand", json.dumps(hand), headers)
        assert answer.status == 403 and answer.json()["error"].startswith(field)
    assert served.post(token, "hand", hand, good).status == 200


def test_a_server_that_stops_before_it_serves_is_said_at_once(npa_db, clock, monkeypatch):
    # uvicorn gives up on a start that fails (its own settings, the app) by stopping there
    async def gives_up(self, sockets=None) -> None:
        self.should_exit = True

    monkeypatch.setattr("uvicorn.Server.startup", gives_up)
    db, event_id = npa_db
    server = TablesServer(TablesApp(db, event_id, clock), "127.0.0.1", 0)
    began = time.monotonic()
    with pytest.raises(UserError, match=r"--port: the server on 127\.0\.0\.1:\d+ did not start"):
        server.start()
    assert time.monotonic() - began < 2  # not the ten seconds a start may take
    assert not server.running


def test_a_body_over_the_cap_is_refused(served) -> None:
    token = served.tokens[0]
    answer = served.post(token, "submit", {"hands": ["x" * (BODY_MAX + 1)]})
    assert answer.status == 413


def test_a_client_over_its_rate_waits(npa_db, clock) -> None:
    db, event_id = npa_db
    server = TablesServer(TablesApp(db, event_id, clock, rate=RateLimit(clock, burst=5)),
                          "127.0.0.1", 0)  # fmt: skip
    server.start()
    try:
        from tests.web.conftest import Served

        client = Served(server, db, event_id, [])
        assert [client.call("GET", "/").status for _ in range(6)] == [200] * 5 + [429]
        assert client.call("GET", "/", source="127.0.0.2").status == 200  # another client
        clock.advance(seconds=1)
        assert client.call("GET", "/").status == 200
    finally:
        server.stop()


def test_the_clients_of_the_last_minute_are_counted(served, clock) -> None:
    rate = served.server.app.rate
    assert rate.clients_within(60) == 0
    served.call("GET", f"/t/{served.tokens[0]}")
    served.call("GET", f"/t/{served.tokens[0]}/state")  # the same phone again
    clock.advance(seconds=30)
    served.call("GET", f"/t/{served.tokens[1]}", source="127.0.0.2")
    assert rate.clients_within(60) == 2
    clock.advance(seconds=31)  # the first phone asked nothing for a minute
    assert rate.clients_within(60) == 1
    served.call("GET", "/")
    assert rate.clients_within(60) == 2


def test_a_refusal_to_bind_says_why(served) -> None:
    with pytest.raises(UserError, match=f"--port: {served.server.port} is in use on 127.0.0.1"):
        bound_socket("127.0.0.1", served.server.port)
    with pytest.raises(UserError, match="--host: 'example.org' is not an address"):
        bound_socket("example.org", 0)
    with pytest.raises(UserError, match="--host: 192.0.2.1 is not an address of this computer"):
        bound_socket("192.0.2.1", 0)


def test_it_listens_only_where_the_director_chose(served) -> None:
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.2", served.server.port), timeout=2).close()


def test_stopping_is_at_once_and_closes_the_port(served) -> None:
    # The window waits for the server when the director stops serving or closes it: uvicorn
    # alone looked every tenth of a second whether to stop, then waited another tenth.
    port = served.server.port
    began = time.perf_counter()
    served.server.stop()
    assert time.perf_counter() - began < 0.1
    assert not served.server.running
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_a_phone_still_connected_is_let_go_when_serving_stops(served) -> None:
    phone = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=10)
    phone.request("GET", f"/t/{served.tokens[0]}")
    answer = phone.getresponse()
    assert (answer.status, answer.getheader("connection")) == (200, None)  # kept open
    answer.read()
    served.server.stop()
    assert not served.server.running
    with pytest.raises((OSError, http.client.HTTPException)):
        phone.request("GET", f"/t/{served.tokens[0]}")
        phone.getresponse()
    phone.close()


def test_a_phone_is_told_when_another_phone_types_at_its_table(served, clock) -> None:
    """Each page sends its own id (X-Phone): a post from one marks it typing at its table for
    two minutes, and the sheet given to any other phone there says so (not to itself, not at
    another table); a client without an id is told of any phone typing."""
    token = served.tokens[0]
    first, second = "0123456789abcdef", "fedcba9876543210"

    def told(phone: str | None, at: str = token) -> bool:
        headers = {} if phone is None else {"X-Phone": phone}
        return served.call("GET", f"/t/{at}/state", headers=headers).json()["others_typing"]

    assert not told(first) and not told(second)
    body = json.dumps({"number": 1, "hand": HAND})
    headers = {"Content-Type": "application/json", "X-CSRF-Token": served.csrf(token),
               "X-Phone": first}  # fmt: skip
    entered = served.call("POST", f"/t/{token}/hand", body, headers).json()
    assert entered["others_typing"] is False and entered["hands"][0]["bid"] == HAND["bid"]
    assert told(second) and told(None) and not told(first)
    assert not told(second, served.tokens[1])
    headers["X-Phone"] = second
    body = json.dumps({"number": 1, "version": entered["versions"][0]})
    assert served.call("POST", f"/t/{token}/confirm", body, headers).json()["others_typing"]
    assert told(first)  # the second phone took over: the first is told too
    clock.advance(seconds=121)
    assert not told(first) and not told(second)
