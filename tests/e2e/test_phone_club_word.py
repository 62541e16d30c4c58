"""A table's phone names a hand in the club's own word, from its rules file: Sun City West's
phone types and confirms deals (headless Chromium, as ``test_phones_in_a_browser.py``)."""

from __future__ import annotations

from clubdesk.services import links
from clubdesk.services.command import Desk
from clubdesk.web.app import TablesApp
from clubdesk.web.guard import RateLimit
from clubdesk.web.server import TablesServer
from tests import builder
from tests.e2e.test_phones_in_a_browser import phones  # noqa: F401 (the browser's fixture)


def test_sun_city_wests_phone_types_deals(phones, db, clock) -> None:  # noqa: F811
    event_id = builder.event(db, clock, "sun-city-west-pinochle", entrants=8,
                             players=lambda n: [f"Player{n} Name"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    app = TablesApp(db, event_id, clock, rate=RateLimit(clock, burst=100_000))
    server = TablesServer(app, "127.0.0.1", 0)
    server.start()
    try:
        base = f"http://127.0.0.1:{server.port}/"
        link = links.round_links(Desk(db, event_id, clock), 1, base_url=base).tables[0]
        assert link.url is not None
        page = phones.new_page()
        page.goto(link.url)
        page.wait_for_selector("h2:text-is('Deal 1')")
        assert page.inner_text("thead th >> nth=0") == "Deal"
        assert page.is_visible("text=No deals yet.")
        page.tap("#f-bidder button[data-value=A]")
        page.fill("#f-bid", "5")  # below Sun City West's 15
        page.wait_for_selector("text=Deal 1, Bid: 5 is below the minimum bid of 15.")
        page.fill("#f-bid", "20")
        page.fill("#f-meld-A", "12")
        page.fill("#f-meld-B", "6")
        page.fill("#f-tricks-A", "15")
        page.wait_for_selector("text=This deal: A")
        page.tap("text=Enter deal 1")
        page.wait_for_selector("h2:text-is('Deal 1: for the opponents to check')")
        assert "they confirm the deal" in page.inner_text("main")
    finally:
        server.stop()
