"""Every endpoint of the tables' pages fuzzed (docs/cli.md, "The tables' pages": never a 5xx
for anything a client sends): malformed and hostile JSON, bytes that are not JSON, huge
bodies, wrong tokens and paths, and a signed sheet replayed; the server answers them all and
goes on serving."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import builder
from tests.properties import examples

ACTIONS = ("check", "hand", "confirm", "submit")
FIELDS = ("number", "version", "hand", "hands", "signatures", "score", "winner", "time_called",
          "bidder", "bid", "meld", "tricks", "marriage", "strokes", "role", "name", "A",
          "B")  # fmt: skip
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False), st.text(max_size=30), st.sampled_from(["A", "B", "a", "b"]),
)  # fmt: skip
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=40,
)
FUZZ = settings(max_examples=examples(60), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip


def _answered(served, answer) -> None:
    assert answer.status < 500, answer.body[:200]
    if answer.body and answer.headers.get("content-type", "").startswith("application/json"):
        json.loads(answer.body)


@FUZZ
@given(action=st.sampled_from(ACTIONS), value=VALUES, table=st.integers(0, 3))
def test_any_json_posted_gets_an_answer_not_a_5xx(served, action, value, table) -> None:
    _answered(served, served.post(served.tokens[table], action, value))


@FUZZ
@given(action=st.sampled_from(ACTIONS), hand=VALUES, number=SCALARS)
def test_any_hand_gets_an_answer_not_a_5xx(served, action, hand, number) -> None:
    body = {"number": number, "hand": hand} if action != "submit" else {"hands": [hand]}
    _answered(served, served.post(served.tokens[0], action, body))


@FUZZ
@given(body=st.binary(max_size=300) | st.sampled_from([
    b"{", b"[" * 5000 + b"]" * 5000, b'{"hands": NaN}', b'{"a": Infinity}', b"1" * 10_000,
    b'{"hands": "\\ud800"}', b"\xff\xfe", b"", b"null", b'{"number": 1e999}',
]))  # fmt: skip
def test_bytes_that_are_not_a_sheet_get_an_answer_not_a_5xx(served, body) -> None:
    token = served.tokens[1]
    headers = {"Content-Type": "application/json", "X-CSRF-Token": served.csrf(token)}
    for action in ACTIONS:
        _answered(served, served.call("POST", f"/t/{token}/{action}", body, headers))


@FUZZ
@given(path=st.text(max_size=60), method=st.sampled_from(["GET", "POST", "PUT", "HEAD"]))
def test_any_path_gets_an_answer_not_a_5xx(served, path, method) -> None:
    target = "/" + "".join(c for c in path if 32 < ord(c) < 127 and c not in "#?%")
    _answered(served, served.call(method, target, b"{}" if method != "GET" else None))


@FUZZ
@given(token=st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
                     min_size=1, max_size=40))  # fmt: skip
def test_a_wrong_token_gets_403_or_404(served, token) -> None:
    answer = served.call("GET", f"/t/{token}/sheet")
    assert answer.status in (403, 404) or token in served.tokens


def test_huge_bodies_and_replayed_submits_get_no_5xx(served) -> None:
    token = served.tokens[2]
    headers = {"Content-Type": "application/json", "X-CSRF-Token": served.csrf(token)}
    huge = b'{"hands": [' + b"{}," * 600_000 + b"{}]}"
    assert served.call("POST", f"/t/{token}/submit", huge, headers).status == 413
    names = builder.signers(served.db, served.event_id, 1, 3)
    sheet = {"hands": [{"bidder": "B", "bid": 50, "marriage": True, "meld": {"A": 10, "B": 20},
                        "tricks": {"A": 20, "B": 30}}] * 8,
             "signatures": [{"role": r, "name": n} for r, n in names.items()]}  # fmt: skip
    answers = [served.post(token, "submit", sheet).status for _ in range(5)]
    assert answers == [200, 400, 400, 400, 400]
    assert served.call("GET", "/api/standings").status == 200  # still serving
