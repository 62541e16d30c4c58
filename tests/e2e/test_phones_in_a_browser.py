"""Four phones play an NPA round to the director's board (docs/cli.md, "The tables' pages").

The window serves the tables' pages (View > Tables on phones…, on 127.0.0.1). Headless
Chromium (Debian's ``chromium``, driven by Playwright) opens the four tables' links at once,
each held upright (390 x 844, touch): every hand is typed on its phone, confirmed there by
the opponents, both players sign with their finger (touch events), and the sheet goes in.
The window's board follows, and its standings are those of the same sheets typed in the
window by keys, as a director types the paper. That round is in the slow tier; the quick
run opens one table's link on a phone and types its first hand, which the board follows.
A page opened before the server restarts goes on posting, and a hand typed on it and not yet
sent survives a reload; Enter moves on to the next number; of two phones on one link, a hand
the other typed over is never confirmed unseen. Nothing covers a signature pad, a dot is not
a signature, and Submit is made only on a last look at the whole sheet; the gin sheet shows
its Hollywood columns, and a game's end its winner. An old link gets a page in words, and the
hall page reads on a phone and on a laptop's screen.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright
from PySide6.QtCore import Qt

from clubdesk.domain import games
from clubdesk.services import links, phone_sheet, results, sheets
from clubdesk.services.command import Desk
from clubdesk.services.events import event_rules
from clubdesk.store.db import open_database
from clubdesk.web.app import TablesApp
from clubdesk.web.server import TablesServer
from tests import builder
from tests.e2e.director import Director

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # four phones at once: no page is a background tab whose timers and frames wait
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]  # fmt: skip
# the page has the laptop's answer to Submit: the sheet in, or the refusal shown
ANSWERED = "() => { const p = document.getElementById('submit-problem'); return !p || !p.hidden; }"
# a finger lifted from the pad: Chromium takes a moment before a tap clicks again
SETTLE_MS = 3000
SIGNATURE = [(0.08, 0.65), (0.2, 0.3), (0.33, 0.7), (0.48, 0.32), (0.62, 0.66), (0.8, 0.4)]


def npa_night(db, clock) -> str:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    return event_id


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[BrowserContext]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed (.ci/run installs it)"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            tmp_path / "chromium",  # a fresh --user-data-dir, the test's own
            executable_path=CHROMIUM, args=FLAGS, viewport={"width": 390, "height": 844},
            has_touch=True, is_mobile=True, device_scale_factor=1,
        )  # fmt: skip
        context.set_default_timeout(15_000)
        yield context
        context.close()


@pytest.fixture
def served_night(new_database, tmp_path, clock) -> Iterator[tuple]:
    """``clubdesk serve``'s server over an NPA night whose round 1 is started: the database,
    the event and table 1's link."""
    db = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "b")
    event_id = npa_night(db, clock)
    server = TablesServer(TablesApp(db, event_id, clock), "127.0.0.1", 0)
    server.start()
    token = links.round_links(Desk(db, event_id, clock), 1).tables[0].token
    try:
        yield db, event_id, f"http://127.0.0.1:{server.port}/t/{token}"
    finally:
        server.stop()
        db.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(qtbot, window) -> int:
    """View > Tables on phones…, this laptop alone, a free port typed, Start serving."""
    window.tables_serving.action.trigger()
    dialog = window.tables_serving.dialog
    port = free_port()
    dialog.host.setFocus()
    qtbot.keyClicks(dialog.host, "127.0.0.1")
    dialog.port.setFocus()
    qtbot.keyClick(dialog.port, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.port, str(port))
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert window.tables_serving.running, dialog.status.text()
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    return port


def fill_hand(page: Page, number: int, hand: dict) -> None:
    """The scorekeeper taps the bidder and types the numbers; the other side's trick points
    fill in as the rest."""
    page.bring_to_front()  # this phone in its scorekeeper's hand
    page.wait_for_selector(f"h2:text-is('Hand {number}')")
    page.tap(f"#f-bidder button[data-value={hand['bidder']}]")
    page.fill("#f-bid", str(hand["bid"]))
    page.fill("#f-meld-A", str(hand["meld"]["A"]))
    page.fill("#f-meld-B", str(hand["meld"]["B"]))
    page.fill("#f-tricks-A", str(hand["tricks"]["A"]))
    assert page.input_value("#f-tricks-B") == str(hand["tricks"]["B"])


def type_hand(page: Page, number: int, hand: dict) -> None:
    """The hand typed and entered: it waits for the opponents' check (or the page says why
    not, and the test fails with its words)."""
    fill_hand(page, number, hand)
    page.tap(f"text=Enter hand {number}")
    page.wait_for_selector("h2:has-text('for the opponents to check'), #form-problem")
    problem = page.locator("#form-problem")
    assert not problem.count(), problem.inner_text()
    assert page.locator(f"h2:text-is('Hand {number}: for the opponents to check')").count()


def touch(page: Page, points: list[dict]) -> None:
    """One finger on the glass: down at the first point, along the others, lifted."""
    session = page.context.new_cdp_session(page)
    for n, point in enumerate(points):
        kind = "touchStart" if n == 0 else "touchMove"
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [point]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def sign(page: Page, role: str) -> None:
    """A finger's signature on the pad, as touch events."""
    pad = page.locator(f"canvas[data-role={role}]")
    pad.evaluate("pad => pad.scrollIntoView({block: 'center'})")
    box = pad.bounding_box()
    assert box is not None
    touch(page, [{"x": box["x"] + x * box["width"], "y": box["y"] + y * box["height"]}
                 for x, y in SIGNATURE])  # fmt: skip


@contextmanager
def serving(new_database, tmp_path, clock, rules_id: str, entrants: int) -> Iterator[tuple]:
    """``clubdesk serve``'s server over a night of ``rules_id`` whose round 1 is started: the
    database, the event and table 1's link."""
    db = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "b")
    size = 1 if rules_id == "house-gin" else 2

    def names(n: int) -> list[str]:
        return [f"Ann{n} Smith", f"Bob{n} Jones"][:size]

    event_id = builder.event(db, clock, rules_id, entrants=entrants, players=names)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    server = TablesServer(TablesApp(db, event_id, clock), "127.0.0.1", 0)
    server.start()
    token = links.round_links(Desk(db, event_id, clock), 1).tables[0].token
    try:
        yield db, event_id, f"http://127.0.0.1:{server.port}/t/{token}"
    finally:
        server.stop()
        db.close()


def entered(db, event_id: str, table: int, hands: list[dict], clock) -> None:
    """``hands`` typed and confirmed on table ``table``'s phone, as its page posts them."""
    entered_after(db, event_id, table, hands, 0, clock)


def entered_after(db, event_id: str, table: int, hands: list[dict], done: int, clock) -> None:
    """``hands`` after the first ``done`` typed and confirmed on table ``table``'s phone."""
    for number, hand in enumerate(hands[done:], start=done + 1):
        phone_sheet.keep_hand(Desk(db, event_id, clock), 1, table, number, hand)
        version = phone_sheet.phone_sheet(db, event_id, 1, table)["versions"][-1]
        phone_sheet.keep_confirmation(Desk(db, event_id, clock), 1, table, number, version)


# what the finger meets at a point of the screen: the element there, or what covers it
COVERED = """([x, y]) => {
  const e = document.elementFromPoint(x, y);
  return e ? e.tagName + (e.dataset.role ? "." + e.dataset.role : "") : "";
}"""


def test_nothing_covers_a_pad_and_a_dot_is_not_a_signature(phones, served_night, clock,
                                                          tmp_path) -> None:  # fmt: skip
    """The sheet's eight hands in, both pads shown: the countersign pad's lower edge, at the
    screen's bottom, is the pad's (no bar over it), and a tap there is a dot, refused in
    words beside the pad; a dot is not a signature, and nothing is submitted."""
    db, event_id, url = served_night
    entered(db, event_id, 1, builder.npa_sheet(1), clock)
    page = phones.new_page()
    page.goto(url)
    page.wait_for_selector("h2:text-is('Sign the sheet')")
    sign(page, "scorekeeper")
    pad = page.locator("canvas[data-role=countersign]")
    pad.evaluate("pad => pad.scrollIntoView({block: 'end'})")
    box = pad.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 845  # the pad's bottom on screen
    low = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] - 6}
    assert page.evaluate(COVERED, [low["x"], low["y"]]) == "CANVAS.countersign"
    touch(page, [low])  # a dot, low in the pad
    page.wait_for_selector("#pad-problem-countersign:not([hidden])")
    assert page.inner_text("#pad-problem-countersign") == (
        "A dot is not a signature; sign your name across the pad"
    )
    assert page.locator("#pad-problem-scorekeeper").is_hidden()
    assert page.is_disabled("#look-over")
    page.screenshot(path=tmp_path / "dot-390.png", full_page=True)
    assert sheets.table_sheet(db, event_id, 1, 1).state == "waiting"
    page.locator(".pad", has=page.locator("canvas[data-role=countersign]")).locator(
        "text=Clear").click()  # fmt: skip
    sign(page, "countersign")
    page.wait_for_selector("#look-over:enabled")
    assert page.locator("#pad-problem-countersign").is_hidden()


def test_submit_opens_a_last_look_at_the_whole_sheet(phones, served_night, clock,
                                                    tmp_path) -> None:  # fmt: skip
    """Both signed, Look over the sheet shows it whole (the eight hands with their fields,
    the totals, the result, both signers and their signatures as drawn); nothing goes in
    until Submit there; Back returns to the pads as they were signed."""
    db, event_id, url = served_night
    hands = builder.npa_sheet(1)
    entered(db, event_id, 1, hands, clock)
    page = phones.new_page()
    page.goto(url)
    page.wait_for_selector("h2:text-is('Sign the sheet')")
    sign(page, "scorekeeper")
    sign(page, "countersign")
    names = [page.input_value(f"#signer-{role}") for role in ("scorekeeper", "countersign")]
    page.click("#look-over")
    page.wait_for_selector("h2:text-is('Last look before it goes in')")
    page.screenshot(path=tmp_path / "last-look-390.png", full_page=True)
    assert sheets.table_sheet(db, event_id, 1, 1).state == "waiting"
    words = page.locator("tr.words td").all_inner_texts()
    assert len(words) == 8 and f"Bid: {hands[0]['bid']}" in words[0]
    state = phone_sheet.phone_sheet(db, event_id, 1, 1)
    assert page.inner_text("#look-score") == (
        f"Score: A {state['score']['a']}, B {state['score']['b']}"
    )
    signed_by = page.locator("p.signer").all_inner_texts()
    assert signed_by == [f"Scorekeeper: {names[0]}", f"Countersigned by: {names[1]}"]
    inked = "c => c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some(v => v)"
    for role in ("scorekeeper", "countersign"):
        assert page.locator(f"canvas.signed[data-role={role}]").evaluate(inked)
    assert page.locator(".actions button").all_inner_texts() == [
        "Change something", "Submit sheet"]  # fmt: skip
    page.click("text=Change something")
    page.wait_for_selector("h2:text-is('Sign the sheet')")
    assert page.locator("canvas[data-role=countersign]").evaluate(inked)
    page.click("#look-over")
    page.click("text=Submit sheet")
    page.wait_for_selector("text=Sheet submitted")
    score = sheets.table_sheet(db, event_id, 1, 1)
    assert score.submitted and all(len(s.strokes) == 1 for s in score.game.signatures)


def gin(winner: str, knocker_points: int) -> dict:
    return {"knocker": winner, "gin": True,
            "deadwood": {winner: 0, "B" if winner == "A" else "A": knocker_points}}  # fmt: skip


# a Hollywood match: A's gins fill the three columns past 120, B knocks once between
GIN_HANDS = [gin("A", 45), {"knocker": "B", "gin": False, "deadwood": {"A": 30, "B": 5},
             "knock_card": 10}, gin("A", 45), gin("A", 45), gin("A", 45), gin("A", 45)]  # fmt: skip
HOLLYWOOD = """() => [...document.querySelectorAll("#hollywood tr")]
  .map((row) => [...row.cells].map((cell) => cell.innerText))"""


def test_the_gin_sheet_shows_the_hollywood_columns_and_names_the_winner(
    phones, new_database, tmp_path, clock
) -> None:
    """House gin on the phone: under the hands, the three Hollywood games and the boxes as
    the window shows them (from the same engine), while the match is played and at its
    end, which names the winner."""
    with serving(new_database, tmp_path, clock, "house-gin", 4) as (db, event_id, url):
        rules = event_rules(db, event_id)
        entered(db, event_id, 1, GIN_HANDS[:2], clock)
        page = phones.new_page()
        page.goto(url)
        page.wait_for_selector("h2:text-is('Hand 3')")
        engine = games.score_game(GIN_HANDS[:2], rules).extra
        assert page.evaluate(HOLLYWOOD) == [["", "Game 1", "Game 2", "Game 3", "Boxes"],
            *[[f"Side {s}", *(str(g[s]) for g in engine["games"]), str(engine["boxes"][s])]
              for s in "AB"]]  # fmt: skip
        assert page.evaluate(BROKEN) == [] and page.evaluate(SIDEWAYS) <= 0
        page.screenshot(path=tmp_path / "gin-390.png", full_page=True)
        entered_after(db, event_id, 1, GIN_HANDS, 2, clock)
        page.reload()
        page.wait_for_selector("h2:text-is('Sign the sheet')")
        engine = games.score_game(GIN_HANDS, rules)
        assert engine.ended_by == "limit" and engine.total["A"] > engine.total["B"]
        assert page.evaluate(HOLLYWOOD)[1] == [
            "Side A", *(str(g["A"]) for g in engine.extra["games"]), str(engine.extra["boxes"]["A"])
        ]  # fmt: skip
        assert page.inner_text("p.done") == "Game over · Won by side A"
        page.screenshot(path=tmp_path / "gin-end-390.png", full_page=True)


def whist_hands(rules) -> list[dict]:
    kind = rules.whist.kinds[0]
    made = {"A": {"A": 10, "B": 3}, "B": {"A": 3, "B": 10}}
    return [{"bidder": s, "bid": 4, "kind": kind, "books": made[s]} for s in "ABAA"]


def test_the_end_of_a_bid_whist_and_a_pinochle_sheet_names_the_winner(
    phones, new_database, tmp_path, clock, served_night
) -> None:
    """Bid whist's four hands and NPA pinochle's eight: the phone's sheet says who won."""
    db, event_id, url = served_night
    entered(db, event_id, 1, builder.npa_sheet(1), clock)
    page = phones.new_page()
    page.goto(url)
    page.wait_for_selector("h2:text-is('Sign the sheet')")
    score = phone_sheet.phone_sheet(db, event_id, 1, 1)["score"]
    ahead = "A" if score["a"] > score["b"] else "B"
    assert page.inner_text("p.done") == f"Game over: all 8 hands played · Won by side {ahead}"
    assert not page.locator("#hollywood").count()
    with serving(new_database, tmp_path / "whist", clock, "bid-whist", 8) as (db, event_id, url):
        hands = whist_hands(event_rules(db, event_id))
        entered(db, event_id, 1, hands, clock)
        page.goto(url)
        page.wait_for_selector("h2:text-is('Sign the sheet')")
        page.screenshot(path=tmp_path / "whist-end-390.png", full_page=True)
        assert page.inner_text("p.done") == "Game over: all 4 hands played · Won by side A"


def test_a_page_opened_before_a_restart_goes_on_posting(
    phones, new_database, tmp_path, clock
) -> None:
    """``clubdesk serve`` stopped and started again on the same database and port, as after
    the laptop restarts: the page a phone opened before goes on posting its hands, with the
    CSRF token it carries."""
    path = new_database(tmp_path / "club.sqlite")
    db = open_database(path, backups=tmp_path / "b")
    event_id = npa_night(db, clock)
    link = links.round_links(Desk(db, event_id, clock), 1).tables[0]
    server = TablesServer(TablesApp(db, event_id, clock), "127.0.0.1", 0)
    server.start()
    port = server.port
    page = phones.new_page()
    page.goto(f"http://127.0.0.1:{port}/t/{link.token}")
    page.wait_for_selector("h2:text-is('Hand 1')")
    server.stop()
    db.close()
    db = open_database(path, backups=tmp_path / "b")
    server = TablesServer(TablesApp(db, event_id, clock), "127.0.0.1", port)
    server.start()
    try:
        type_hand(page, 1, builder.npa_sheet(1)[0])
        assert len(phone_sheet.phone_sheet(db, event_id, 1, 1)["hands"]) == 1
    finally:
        server.stop()
        db.close()


def test_a_hand_typed_and_not_sent_survives_a_reload(phones, served_night) -> None:
    """The page reloaded (the phone's browser dropped it, or the laptop was out of reach) with
    a hand typed and not entered: it is typed there again, kept in the phone's own storage
    until the laptop has it."""
    db, event_id, url = served_night
    hand = builder.npa_sheet(1)[0]
    page = phones.new_page()
    page.goto(url)
    fill_hand(page, 1, hand)
    page.reload()
    page.wait_for_selector("h2:text-is('Hand 1')")
    assert page.get_attribute(f"#f-bidder button[data-value={hand['bidder']}]",
                              "aria-pressed") == "true"  # fmt: skip
    shown = [page.input_value(f"#f-{key}") for key in ("bid", "meld-A", "meld-B", "tricks-A",
                                                       "tricks-B")]  # fmt: skip
    assert shown == [str(n) for n in (hand["bid"], *hand["meld"].values(),
                                      *hand["tricks"].values())]  # fmt: skip
    page.tap("text=Enter hand 1")
    page.wait_for_selector("text=Hand 1: for the opponents to check")
    assert phone_sheet.phone_sheet(db, event_id, 1, 1)["hands"][0]["bid"] == hand["bid"]
    assert page.evaluate("Object.keys(localStorage)") == []  # the laptop has it
    page.tap("text=Opponents confirm")
    page.wait_for_selector("h2:text-is('Hand 2')")
    page.reload()
    page.wait_for_selector("h2:text-is('Hand 2')")
    assert page.input_value("#f-bid") == ""


def test_drawn_signatures_survive_a_reload_until_the_sheet_is_in(
    phones, served_night, clock
) -> None:
    """Both signed and the countersigner picked, the page reloaded: the pads show what was
    drawn, the picks are kept, and the sheet goes in with them; then nothing is kept."""
    db, event_id, url = served_night
    entered(db, event_id, 1, builder.npa_sheet(1), clock)
    page = phones.new_page()
    page.goto(url)
    page.wait_for_selector("h2:text-is('Sign the sheet')")
    sign(page, "scorekeeper")
    sign(page, "countersign")
    picked = page.locator("#signer-countersign option").all_inner_texts()[-1]
    page.select_option("#signer-countersign", label=picked)
    page.reload()
    page.wait_for_selector("h2:text-is('Sign the sheet')")
    inked = "c => c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some(v => v)"
    page.wait_for_function(f"() => [...document.querySelectorAll('canvas')].every({inked})")
    shown = "document.querySelector('#signer-countersign').selectedOptions[0].textContent"
    assert page.evaluate(shown) == picked
    page.click("#look-over")
    page.click("text=Submit sheet")
    page.wait_for_selector("text=Sheet submitted")
    signatures = sheets.table_sheet(db, event_id, 1, 1).game.signatures
    assert [len(s.strokes) for s in signatures] == [1, 1]
    assert picked.startswith(signatures[1].name)
    assert page.evaluate("Object.keys(localStorage)") == []


def test_enter_moves_to_the_next_number_and_enters_the_hand(phones, served_night) -> None:
    """The phone's keyboard: the bidder tapped, then each number typed and Enter (the
    keyboard's Next) to the next one; Enter in the last enters the hand."""
    db, event_id, url = served_night
    hand = builder.npa_sheet(1)[0]
    page = phones.new_page()
    page.goto(url)
    page.wait_for_selector("h2:text-is('Hand 1')")
    page.tap(f"#f-bidder button[data-value={hand['bidder']}]")
    page.focus("#f-bid")
    for value, then in (
        (hand["bid"], "f-meld-A"),
        (hand["meld"]["A"], "f-meld-B"),
        (hand["meld"]["B"], "f-tricks-A"),
        (hand["tricks"]["A"], "f-tricks-B"),
    ):
        page.keyboard.type(str(value))
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == then
    assert page.input_value("#f-tricks-B") == str(hand["tricks"]["B"])
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Hand 1: for the opponents to check")
    assert phone_sheet.phone_sheet(db, event_id, 1, 1)["hands"][0]["bid"] == hand["bid"]


def test_a_hand_another_phone_typed_over_is_not_confirmed_unseen(phones, served_night) -> None:
    """Two phones on one table's link: phone 1 hands its hand 1 to the opponents, phone 2
    (which follows the sheet) sends it back and types a different hand 1 over it; the
    opponents' Confirm on phone 1, tapped before phone 1 followed, is refused in words there,
    phone 1 then shows phone 2's hand, and that is the one they confirm."""
    db, event_id, url = served_night
    shown, other = builder.npa_sheet(1)[0], builder.npa_sheet(2)[0]
    assert shown != other
    first, second = phones.new_page(), phones.new_page()
    first.goto(url)
    second.goto(url)
    type_hand(first, 1, shown)
    held = [True]  # the first phone has not followed the sheet yet when Confirm is tapped
    first.route("**/state", lambda route: route.abort() if held[0] else route.continue_())
    first.route("**/confirm", lambda route: (held.clear(), held.append(False), route.continue_()))
    second.bring_to_front()  # the second phone follows, sends the hand back and types it over
    second.wait_for_selector("text=Hand 1: for the opponents to check")
    second.tap("text=Not right: fix it")
    second.tap(f"#f-bidder button[data-value={other['bidder']}]")
    for key, value in (("bid", other["bid"]), ("meld-A", other["meld"]["A"]),
                       ("meld-B", other["meld"]["B"]), ("tricks-A", other["tricks"]["A"]),
                       ("tricks-B", other["tricks"]["B"])):  # fmt: skip
        second.fill(f"#f-{key}", str(value))
    second.tap("text=Enter hand 1")
    second.wait_for_selector("text=Hand 1: for the opponents to check")
    assert f"Bid: {other['bid']}" in second.inner_text("ul.hand-words")
    first.bring_to_front()
    first.tap("text=Opponents confirm")
    first.wait_for_selector("#notice, h2:text-is('Hand 2')")
    assert first.locator("#notice").count(), "confirmed a hand the opponents never saw"
    assert first.inner_text("#notice") == "Another phone changed hand 1; look again"
    assert phone_sheet.phone_sheet(db, event_id, 1, 1)["confirmed"] == 0
    first.wait_for_selector("text=Hand 1: for the opponents to check")
    assert f"Bid: {other['bid']}" in first.inner_text("ul.hand-words")
    first.tap("text=Opponents confirm")
    first.wait_for_selector("h2:text-is('Hand 2')")
    sheet = phone_sheet.phone_sheet(db, event_id, 1, 1)
    assert sheet["confirmed"] == 1 and sheet["hands"][0]["bid"] == other["bid"]


FOLLOWS_MS = 2000  # both phones on one link show the same sheet within this


def test_both_phones_on_one_link_show_the_same_sheet_and_say_who_types(
    phones, served_night
) -> None:
    """Two phones on one table's link, neither reloaded: a hand entered on the first shows on
    the second within 2 s, and the opponents' confirmation there shows on the first; the
    second says another phone is typing once the first types, and the first says so too once
    the second takes over; what is typed on a phone while the sheet does not change
    stays as typed."""
    db, event_id, url = served_night
    hand = builder.npa_sheet(1)[0]
    first, second = phones.new_page(), phones.new_page()
    first.goto(url)
    second.goto(url)
    second.wait_for_selector("h2:text-is('Hand 1')")
    assert not second.is_visible("#typing")  # a page shown is not a phone typing
    fill_hand(first, 1, hand)  # the first phone types
    second.wait_for_selector("#typing:not([hidden])", timeout=FOLLOWS_MS)
    assert second.inner_text("#typing").startswith("Another phone is entering this table's sheet")
    assert not first.is_visible("#typing")
    first.tap("text=Enter hand 1")
    first.wait_for_selector("text=Hand 1: for the opponents to check")
    second.wait_for_selector("text=Hand 1: for the opponents to check", timeout=FOLLOWS_MS)
    assert f"Bid: {hand['bid']}" in second.inner_text("ul.hand-words")
    second.tap("text=Opponents confirm")  # the second phone takes over
    second.wait_for_selector("h2:text-is('Hand 2')")
    first.wait_for_selector("h2:text-is('Hand 2')", timeout=FOLLOWS_MS)
    first.wait_for_selector("#typing:not([hidden])", timeout=FOLLOWS_MS)
    assert second.is_visible("#typing")  # both say so
    assert phone_sheet.phone_sheet(db, event_id, 1, 1)["confirmed"] == 1
    first.fill("#f-bid", "55")  # typed, not entered: the sheet followed leaves it as it is
    for _ in range(2):
        with first.expect_response(lambda answer: answer.url.endswith("/state")):
            pass
    assert first.input_value("#f-bid") == "55"
    assert first.evaluate("document.activeElement.id") == "f-bid"


# the words and numbers of the page's table cells that break over two lines
BROKEN = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll("td, th")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s-]+/g)) {  // a name may break at its hyphen
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"
SURNAMES = ["Fitzgerald", "Montgomery", "Vanderbilt", "Abernathy", "Kowalczyk", "Oyelaran"]
FIRST = ["Margaret", "Bartholomew", "Christopher", "Evangeline"]


def long_names(number: int) -> list[str]:
    """Two long names of entrant ``number``'s (1 to 23), no two alike."""
    surname, first = SURNAMES[number % 6], FIRST[number // 6]
    return [f"{first} {surname}", f"{first} {surname}-Whitaker"]


def test_the_hall_page_reads_on_a_phone_and_a_laptop(phones, new_database, tmp_path, clock):
    """The hall page held upright on a phone (390 px) and on a laptop's screen (1280 px): no
    number or word broken over two lines, nothing to scroll sideways; between rounds it
    shows the laptop's time now, and a next round whose time has gone by starts shortly."""
    db = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "b")
    event_id = builder.event(db, clock, entrants=16, players=long_names)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    clock.advance(minutes=30)
    builder.scores(db, event_id, 1, {t: (1110, 520 + t) for t in range(1, 9)}, clock)
    builder.close(db, event_id, 1, clock)  # a break of 15 minutes: round 2 at 10:15 AM
    clock.advance(minutes=25)
    server = TablesServer(TablesApp(db, event_id, clock), "127.0.0.1", 0)
    server.start()
    try:
        page = phones.new_page()
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"http://127.0.0.1:{server.port}/")
            page.wait_for_selector("#standings td")
            page.screenshot(path=tmp_path / f"hall-{width}.png", full_page=True)
            assert page.evaluate(BROKEN) == [], width
            assert page.evaluate(SIDEWAYS) <= 0, width
            assert page.inner_text("#now") == "10:25 AM"
            assert page.inner_text("#phase").endswith("round 2 starting shortly")
            assert page.locator("#standings td.num", has_text="1110").count() == 8
    finally:
        server.stop()
        db.close()


def test_an_old_link_opened_on_a_phone_says_why_in_words(
    phones, served_night, clock, tmp_path
) -> None:
    """Last round's table card scanned: a page in words at the phone's width, saying why the
    link is not good and what to do, and nothing about the event."""
    db, event_id, url = served_night
    builder.scores(db, event_id, 1, {t: (300, 200) for t in range(1, 5)}, clock)
    builder.close(db, event_id, 1, clock)  # round 2 seated from round 1's results
    page = phones.new_page()
    answer = page.goto(url)
    assert answer is not None and answer.status == 403
    page.screenshot(path=tmp_path / "refused-390.png", full_page=True)
    assert page.inner_text("h1") == "This link is not good now"
    assert page.inner_text("#why") == "This is an earlier round's table card: that round is over."
    assert "Ask the director" in page.inner_text("main")
    assert page.evaluate(SIDEWAYS) <= 0
    assert (
        page.evaluate("parseFloat(getComputedStyle(document.getElementById('why')).fontSize)") >= 15
    )
    assert "npa" not in page.content().lower()


def standings_shown(window) -> list[tuple]:
    model = window.standings_page.model
    rows = [model.row_at(n) for n in range(model.rowCount())]
    return [(r.place, r.number, r.total) for r in rows]


def test_a_hand_typed_on_a_phone_shows_on_the_directors_board(
    phones, make_window, new_database, tmp_path, qtbot, clock
) -> None:
    """The quick run's phone in the browser (the whole round below is the slow tier's): table
    1's link opened, its first hand typed and confirmed there, and the window's board shows
    the sheet being entered on the phone."""
    db = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "b")
    event_id = npa_night(db, clock)
    window = make_window(db)
    window.show_page("rounds")
    port = serve(qtbot, window)
    try:
        link = links.round_links(Desk(db, event_id, clock), 1).tables[0]
        assert link.url == f"http://127.0.0.1:{port}/t/{link.token}"
        model = window.rounds_page.model
        assert model.state_text(0) == "Waiting"
        page = phones.new_page()
        page.goto(link.url)
        type_hand(page, 1, builder.npa_sheet(1)[0])
        page.tap("text=Opponents confirm")
        page.wait_for_selector("h2:text-is('Hand 2')")
        qtbot.waitUntil(lambda: model.state_text(0) == "Being entered (phone)")
    finally:
        window.tables_serving.stop()


# slow: four phones, eight hands each, signed and submitted; the test above is the quick run's
@pytest.mark.slow
def test_four_phones_play_an_npa_round_to_the_directors_board(
    phones, make_window, new_database, tmp_path, qtbot, clock, monkeypatch
) -> None:
    # the same sheets typed in the window, by keys, as the director types the paper
    typed_db = open_database(new_database(tmp_path / "typed.sqlite"), backups=tmp_path / "b1")
    typed_event = npa_night(typed_db, clock)
    typed_window = make_window(typed_db)
    director = Director(qtbot, typed_window, clock, monkeypatch)
    for table in range(1, 5):
        dialog = director.hand_sheet(table, builder.npa_sheet(table))
        director.press(Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda d=dialog: not d.isVisible())
        director.back_to_window()
    typed = results.standings(typed_db, typed_event)
    typed_window.close()

    db = open_database(new_database(tmp_path / "club.sqlite"), backups=tmp_path / "b2")
    event_id = npa_night(db, clock)
    window = make_window(db)
    window.show_page("rounds")
    port = serve(qtbot, window)
    try:
        tables = links.round_links(Desk(db, event_id, clock), 1).tables
        pages = []
        for link in tables:
            page = phones.new_page()
            page.goto(link.url or "")
            pages.append(page)
        assert [link.url for link in tables] == [
            f"http://127.0.0.1:{port}/t/{link.token}" for link in tables
        ]
        for number in range(1, 9):  # the four tables play each hand at once
            for table, page in enumerate(pages, start=1):
                type_hand(page, number, builder.npa_sheet(table)[number - 1])
            for page in pages:
                page.bring_to_front()
                page.tap("text=Opponents confirm")
            clock.advance(minutes=4)  # a hand takes a few minutes at the table
        model = window.rounds_page.model
        qtbot.waitUntil(
            lambda: [model.state_text(n) for n in range(4)] == ["Being entered (phone)"] * 4
        )
        for page in pages:
            page.bring_to_front()
            page.wait_for_selector("text=Game over: all 8 hands played")
            sign(page, "scorekeeper")
            sign(page, "countersign")
        pages[0].wait_for_timeout(SETTLE_MS)
        for page in pages:
            page.bring_to_front()
            page.tap("text=Look over the sheet")
            page.tap("text=Submit sheet")
            page.wait_for_function(ANSWERED)
            problem = page.locator("#submit-problem")
            assert not problem.count(), problem.inner_text()
        for page in pages:
            page.wait_for_selector("text=Sheet submitted")
        qtbot.waitUntil(lambda: [model.state_text(n) for n in range(4)] == ["Submitted"] * 4)
        window.show_page("standings")
        expected = [(r.place, r.number, r.total) for r in typed.rows]
        qtbot.waitUntil(lambda: standings_shown(window) == expected)
        assert expected[0][2] > 0
        signatures = [  # signed with a finger: the strokes are kept as drawn
            s for table in range(1, 5) for s in signatures_of(db, event_id, table)
        ]
        assert len(signatures) == 8 and all(len(s.strokes) == 1 for s in signatures)
        assert all(len(s.strokes[0]) >= 4 for s in signatures)
    finally:
        window.tables_serving.stop()
        typed_db.close()


def signatures_of(db, event_id: str, table: int):
    return sheets.table_sheet(db, event_id, 1, table).game.signatures
