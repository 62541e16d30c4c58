"""The table cards carry each table's private link for the round as a QR code, with the link
under it, once an address is known (docs/cli.md, "The tables' pages")."""

import io

from pypdf import PdfReader

from clubdesk.services import links, printouts
from clubdesk.services.command import Desk
from tests import builder
from tests.printing.reading import Printed


def test_each_card_carries_its_tables_link(db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    before = Printed(printouts.build_document(db, event_id, "tablecards", clock, round_number=1))
    assert "scan to score" not in before.text  # no address yet: no code to print
    found = links.round_links(Desk(db, event_id, clock), 1, base_url="http://192.168.1.20:8765/")
    cards = Printed(printouts.build_document(db, event_id, "tablecards", clock, round_number=1))
    for page, link in zip(cards.pages, found.tables, strict=True):
        assert "Scorekeeper: scan to score on your phone" in page
        assert link.url is not None and link.url.replace(" ", "") in page.replace(" ", "")


def test_a_link_printed_again_is_the_same(db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    first = links.round_links(Desk(db, event_id, clock), 1, base_url="http://10.0.0.5:8765/")
    assert links.printed_links(db, event_id, 1) == {t.table: t.url for t in first.tables}


def test_the_link_under_the_code_keeps_its_token_on_one_line(db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    found = links.round_links(Desk(db, event_id, clock), 1, base_url="http://192.168.100.200:8765/")
    data = printouts.build_document(db, event_id, "tablecards", clock, round_number=1)
    pages = PdfReader(io.BytesIO(data)).pages
    lines = [[line.strip() for line in page.extract_text().splitlines()] for page in pages]
    for page, link in zip(lines, found.tables, strict=True):
        assert link.url is not None
        address, _, token = link.url.rpartition("/")
        assert token in page and f"{address}/" in page  # two whole lines, each as typed
