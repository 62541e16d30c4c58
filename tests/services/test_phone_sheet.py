"""A table's sheet on a phone (services/phone_sheet.py, services/links.py): the same columns and
checks as the window's, each hand kept as the table's draft at once and confirmed by the
opponents, the links good for their table and round until the round is closed."""

import pytest

from clubdesk.domain.games.sheets import columns_for
from clubdesk.errors import UserError
from clubdesk.services import board, drafts, links, phone_sheet, sheet_json
from clubdesk.services.command import Desk
from clubdesk.services.events import event_rules
from tests import builder

# docs/rules.md (NPA): 8 hands a round; "Position 4 will keep score"
HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip


@pytest.fixture
def npa(db, clock):
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    return event_id


def enter_hand(db, event_id, number, table, hand_number, hand, clock) -> dict:
    """A hand typed on the phone, and the sheet it is then given."""
    phone_sheet.keep_hand(Desk(db, event_id, clock), number, table, hand_number, hand)
    return phone_sheet.phone_sheet(db, event_id, number, table)


def confirm_hand(db, event_id, number, table, hand_number, version, clock) -> dict:
    """A hand confirmed on the phone, and the sheet it is then given."""
    phone_sheet.keep_confirmation(Desk(db, event_id, clock), number, table, hand_number, version)
    return phone_sheet.phone_sheet(db, event_id, number, table)


def test_the_phone_reads_the_windows_columns_and_the_scorekeeper_seat(db, npa) -> None:
    sheet = phone_sheet.phone_sheet(db, npa, 1, 1)
    rules = event_rules(db, npa)
    assert [c["key"] for c in sheet["columns"]] == [c.key for c in columns_for(rules)]
    assert sheet["keeper"] == ["b", 1]  # seat 4: side b's second player
    assert sheet["pair"] == {"key": "tricks", "total": 50}
    assert sheet["state"] == "waiting" and sheet["hands"] == [] and sheet["more"]


def test_a_hand_entered_is_the_tables_draft_at_once_and_waits_for_confirmation(
    db, npa, clock
) -> None:
    sheet = enter_hand(db, npa, 1, 2, 1, HAND, clock)
    kept = drafts.table_draft(db, npa, 1, 2)
    assert kept is not None and kept.source == "phone" and len(kept.hands) == 1
    assert sheet["confirmed"] == 0 and sheet["rows"][0]["total"] == {"A": 60, "B": 40}
    shown = board.board(db, npa, 1).tables[1]
    assert (shown.draft, shown.draft_source) == (1, "phone")
    with pytest.raises(UserError, match="hand 1 waits|the hand to type is hand 1"):
        enter_hand(db, npa, 1, 2, 2, HAND, clock)
    sheet = confirm_hand(db, npa, 1, 2, 1, sheet["versions"][0], clock)
    assert sheet["confirmed"] == 1
    with pytest.raises(UserError, match="no hand waits"):
        confirm_hand(db, npa, 1, 2, 2, sheet["versions"][0], clock)


def test_a_hand_typed_over_since_it_was_shown_is_not_confirmed(db, npa, clock) -> None:
    shown = enter_hand(db, npa, 1, 2, 1, HAND, clock)["versions"][0]
    assert enter_hand(db, npa, 1, 2, 1, HAND, clock)["versions"][0] == shown
    other = enter_hand(db, npa, 1, 2, 1, {**HAND, "bid": 60}, clock)
    assert other["versions"][0] != shown
    with pytest.raises(UserError, match="^version: another phone changed hand 1; look again$"):
        confirm_hand(db, npa, 1, 2, 1, shown, clock)
    assert drafts.table_draft(db, npa, 1, 2).confirmed == 0
    sheet = confirm_hand(db, npa, 1, 2, 1, other["versions"][0], clock)
    assert sheet["confirmed"] == 1 and sheet["hands"][0]["bid"] == 60


def test_a_wrong_hand_is_refused_at_its_field_and_not_kept(db, npa, clock) -> None:
    wrong = {**HAND, "tricks": {"A": 30, "B": None}}
    checked = phone_sheet.check_hand(db, npa, 1, 3, 1, wrong)
    assert checked["error"]["field"] == "tricks.B"
    assert "type both sides' trick points" in checked["error"]["text"]
    with pytest.raises(UserError) as refused:
        enter_hand(db, npa, 1, 3, 1, wrong, clock)
    assert refused.value.field == "hand.tricks.B"
    assert drafts.table_draft(db, npa, 1, 3) is None


def test_no_marriage_skips_the_trick_points_as_the_window_does(db, npa) -> None:
    checked = phone_sheet.check_hand(db, npa, 1, 1, 1, {**HAND, "marriage": False})
    assert "tricks.A" in checked["skipped"] and "tricks.B" in checked["skipped"]


def test_bad_values_are_refused_naming_the_field(db, npa) -> None:
    for given, field in (
        ({"bid": "55"}, "hand.bid"),
        ({"bidder": "C"}, "hand.bidder"),
        ({"marriage": 1}, "hand.marriage"),
        ({"bogus": 1}, "hand"),
        ([], "hand"),
    ):
        with pytest.raises(UserError) as refused:
            phone_sheet.check_hand(db, npa, 1, 1, 1, given)
        assert refused.value.field == field


def test_links_are_good_for_their_table_and_round_until_it_closes(db, npa, clock) -> None:
    found = links.round_links(Desk(db, npa, clock), 1, base_url="http://192.168.1.20:8765")
    assert found.base_url == "http://192.168.1.20:8765/"
    assert found.tables[0].url == f"http://192.168.1.20:8765/t/{found.tables[0].token}"
    again = links.round_links(Desk(db, npa, clock), 1)
    assert again.tables == found.tables  # printed again: the same links
    tokens = [t.token for t in found.tables]
    assert len(set(tokens)) == len(tokens) == 4
    at = links.find_table(db, npa, tokens[2])
    assert at is not None and (at.round_number, at.table) == (1, 3)
    wrong = tokens[2][:-1] + ("y" if tokens[2].endswith("x") else "x")  # one character off
    assert links.find_table(db, npa, wrong) is None
    assert links.find_table(db, npa, "../../etc/passwd") is None
    for table in range(1, 5):
        hands = [HAND] * 8
        sheet_json.submit_json(Desk(db, npa, clock), 1, table, {"hands": hands,
                               "signatures": _signers(db, npa, table)})  # fmt: skip
    builder.close(db, npa, 1, clock)
    assert links.find_table(db, npa, tokens[2]) is None


def test_a_link_not_good_says_why(db, clock) -> None:
    # grand prix: stationary, so round 2 is seated only as it starts
    event_id = builder.event(db, clock, entrants=16)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    token = links.round_links(Desk(db, event_id, clock), 1).tables[0].token
    assert links.why_not_good(db, event_id, "A" * 20) == "unknown"
    assert links.why_not_good(db, event_id, "../../etc/passwd") == "unknown"
    builder.scores(db, event_id, 1, {t: (300, 200) for t in range(1, 9)}, clock)
    builder.close(db, event_id, 1, clock)
    assert links.why_not_good(db, event_id, token) == "closed"  # no round after it seated
    builder.start(db, event_id, 2, clock)
    assert links.why_not_good(db, event_id, token) == "old"  # last round's card


def test_a_base_address_that_is_not_one_is_refused(db, npa, clock) -> None:
    for wrong in ("ftp://x/", "http://", "http://host/path", "javascript:alert(1)"):
        with pytest.raises(UserError) as refused:
            links.round_links(Desk(db, npa, clock), 1, base_url=wrong)
        assert refused.value.field == "base"


def _signers(db, event_id, table):
    names = builder.signers(db, event_id, 1, table)
    return [{"role": role, "name": name} for role, name in names.items()]


def test_sun_city_west_on_a_phone_asks_for_no_marriage(db, clock) -> None:
    # seed 002 has no no-marriage rule: its rules file's no_marriage = "off"
    event_id = builder.event(db, clock, "sun-city-west-pinochle", entrants=8)
    builder.draw(db, event_id, clock, seed=3)
    builder.start(db, event_id, 1, clock)
    keys = [column["key"] for column in phone_sheet.phone_sheet(db, event_id, 1, 1)["columns"]]
    assert "marriage" not in keys and "meld.A" in keys
    hand = {"bidder": "A", "bid": 20, "meld": {"A": 6, "B": 4}, "tricks": {"A": 15, "B": 10}}
    assert phone_sheet.check_hand(db, event_id, 1, 1, 1, hand)["skipped"] == []
    with pytest.raises(UserError) as refused:
        phone_sheet.check_hand(db, event_id, 1, 1, 1, {**hand, "marriage": False})
    assert "hand.marriage: not a field of a Sun City West Pinochle hand" in str(refused.value)
