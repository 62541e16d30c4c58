"""Each document built from rows written here, read back with pypdf: names, numbers and
totals in the right order, the paper size, page x of y, the shared page design."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.games.sheets import SheetLayout, describe_sheet
from clubdesk.printing.awards import awards_pdf, ordinal
from clubdesk.printing.chits import chits_pdf
from clubdesk.printing.payouts import payouts_pdf
from clubdesk.printing.rows import (
    Chit,
    FilledSheet,
    PayoutRows,
    PlayerShare,
    PoolTerm,
    PrizeLine,
    RoundTables,
    ScheduleLine,
    ScoreSheet,
    SeatLine,
    Side,
    SignatureLine,
    StandingLine,
    StandingsRows,
    TableRow,
    UndecidedLine,
)
from clubdesk.printing.schedule import schedule_pdf
from clubdesk.printing.score_sheets import score_sheets_pdf
from clubdesk.printing.seating import seating_pdf
from clubdesk.printing.standings import standings_pdf
from clubdesk.printing.table_cards import table_cards_pdf
from clubdesk.printing.text import schedule_times, standings_legend
from tests.printing.reading import HEADING, Printed, printed

LETTER, A4 = (612, 792), (595, 842)


def _standings(count: int, cut: int | None = None) -> StandingsRows:
    lines = tuple(
        StandingLine(
            place=n,
            tied=False,
            number=100 + n,
            name=f"Team {n:03d}",
            total=5000 - n,
            rounds=(2000 - n, 1500, 1500),
            dropped=(),
        )
        for n in range(1, count + 1)
    )
    return StandingsRows(3, "team", False, lines, cut)


def test_standings_list_places_numbers_names_and_totals_in_order() -> None:
    lines = (
        StandingLine(1, False, 4, "Grace Wilson / Hank Moore", 1130, (519, 147, 611), (2,)),
        StandingLine(2, True, 13, "Zoë Ødegård / Ярослав Ŝlęzak", 1097, (580, 266, 517), (2,)),
        StandingLine(2, True, 15, "Cy Scott / Di Green", 1097, (325, 332, 440), (1,), byes=(1,)),
    )
    doc = printed(
        lambda out: standings_pdf(out, HEADING, StandingsRows(3, "team", False, lines), "letter")
    )
    assert doc.sizes == [LETTER]
    assert doc.in_order("Standings after round 3", "Place", "No.", "Team", "Total", "R1", "R2")
    assert doc.in_order(
        "1 4 Grace Wilson / Hank Moore 1130 519 (147) 611",
        "=2 13 Zoë Ødegård / Ярослав Ŝlęzak 1097 580 (266) 517",
        "=2 15 Cy Scott / Di Green 1097 (325b) 332 440",
    )
    assert "= shares the place (tied)" in doc.text
    assert "(n) not counted" in doc.text
    assert "b bye" in doc.text


def test_long_standings_repeat_their_header_and_number_their_pages() -> None:
    doc = printed(lambda out: standings_pdf(out, HEADING, _standings(150), "a4"))
    assert len(doc.pages) >= 3
    assert set(doc.sizes) == {A4}
    total = len(doc.pages)
    for number, page in enumerate(doc.pages, start=1):
        assert f"Page {number} of {total}" in page
        assert "Place No. Team Total R1 R2 R3" in page  # the header row on every page
        assert "Printed 2024-03-09 22:45 by clubdesk" in page
        assert "Spring Grand Prix" in page
    assert doc.in_order("Team 001", "Team 002", "Team 150")


def test_the_cut_line_is_explained_under_the_standings() -> None:
    doc = printed(lambda out: standings_pdf(out, HEADING, _standings(10, cut=6), "letter"))
    assert "the heavy line is the cut: the top 6 advance" in doc.text
    plain = printed(lambda out: standings_pdf(out, HEADING, _standings(10), "letter"))
    assert "cut" not in plain.text


def test_the_first_page_names_the_club_the_event_and_its_day() -> None:
    doc = printed(lambda out: standings_pdf(out, HEADING, _standings(3), "letter"))
    assert doc.in_order("Sun City West Card Club · Saturday 9 March 2024", "Spring Grand Prix")


def _shares(first: str, second: str, cents: int, credit: bool) -> tuple[PlayerShare, ...]:
    """A team prize split in two halves, all in store credit or all in cash."""
    half = cents // 2
    return (PlayerShare(first, half, half * credit), PlayerShare(second, half, half * credit))


def _payouts(provisional: str | None = None, prizes_in: str = "cash") -> PayoutRows:
    credit = prizes_in == "store-credit"  # every place paid in the money section's kind
    return PayoutRows(
        terms=(PoolTerm("Entry fees received", 36000), PoolTerm("Fines", 500)),
        pool_cents=36500,
        prizes_in=prizes_in,
        played=True,
        provisional=provisional,
        prizes=(
            PrizeLine(
                1,
                7,
                "Ann Lee / Bo Chen",
                18500,
                _shares("Ann Lee", "Bo Chen", 18500, credit),
                18500 * credit,
            ),
            PrizeLine(
                2,
                3,
                "Cy Ode / Di Fox",
                12000,
                _shares("Cy Ode", "Di Fox", 12000, credit),
                12000 * credit,
            ),
            PrizeLine(
                3,
                9,
                "Ed Ray / Flo Kim",
                6000,
                _shares("Ed Ray", "Flo Kim", 6000, credit),
                6000 * credit,
            ),
        ),  # fmt: skip
        scheme=("Place 1: 50% of the rest", "Place 2: 30% of the rest"),
    )


def test_the_award_sheet_has_a_block_per_winner_with_a_line_to_sign() -> None:
    doc = printed(lambda out: awards_pdf(out, HEADING, _payouts(), "letter"))
    assert doc.in_order(
        "1st place · No. 7 Ann Lee / Bo Chen",
        "$185.00 cash",
        "Ann Lee",
        "$92.50",
        "Received by (signature)",
        "Bo Chen",
        "$92.50",
        "2nd place · No. 3",
        "$120.00 cash",
        "3rd place · No. 9",
        "$60.00",
    )
    assert doc.text.count("Received by (signature)") == 6
    assert "PROVISIONAL" not in doc.text


def test_provisional_payouts_are_marked_so_on_the_award_sheet_and_the_payouts() -> None:
    rows = _payouts("round 3, the last, is not finished")
    for build in (awards_pdf, payouts_pdf):
        doc = printed(lambda out, build=build: build(out, HEADING, rows, "letter"))
        assert doc.in_order("PROVISIONAL", "Round 3, the last, is not finished; these prizes may")


def test_store_credit_prizes_say_so() -> None:
    doc = printed(lambda out: awards_pdf(out, HEADING, _payouts(prizes_in="store-credit"), "a4"))
    assert "$185.00 store credit" in doc.text
    assert "redeemed the day of the tournament" in doc.text


def test_the_payouts_show_every_term_of_the_pool_and_prizes_adding_up_to_it() -> None:
    rows = _payouts()
    rows = PayoutRows(**{**rows.__dict__, "undecided": (UndecidedLine("Places 4 and 5 wait."),)})
    doc = printed(lambda out: payouts_pdf(out, HEADING, rows, "letter"))
    assert doc.in_order("Entry fees received", "$360.00", "Fines", "$5.00", "Prize pool", "$365.00")
    assert doc.in_order("Place 1: 50% of the rest", "Place 2: 30% of the rest")
    assert doc.in_order(
        "1 7 Ann Lee / Bo Chen $185.00",
        "Ann Lee $92.50",
        "2 3 Cy Ode",
        "$120.00",
        "3 9 Ed Ray",
        "$60.00",
        "Paid out $365.00",
    )
    assert "Places 4 and 5 wait." in doc.text


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


def test_the_wall_seating_lists_every_entrant_by_number() -> None:
    lines = (
        SeatLine(1, "Ann Smith / Bob Jones", 1, "E/W"),
        SeatLine(2, "Carol White", 4, "N/S"),
        SeatLine(3, "Dan Brown", None, "bye"),
    )
    doc = printed(lambda out: seating_pdf(out, HEADING, "Round 3 of 3", lines, "letter"))
    assert doc.in_order(
        "Seating, Round 3 of 3",
        "No. Name Table Seat",
        "1 Ann Smith / Bob Jones 1 E/W",
        "2 Carol White 4 N/S",
        "3 Dan Brown bye",
    )


def _tables() -> RoundTables:
    return RoundTables(
        2,
        ("N/S", "E/W"),
        (
            TableRow(
                1, Side((11,), ("Uma Walker / Vic Hall",)), Side((1,), ("Ann Smith / Bob Jones",))
            ),
            TableRow(2, Side((4,), ("Grace Wilson / Hank Moore",)), Side((7,), ("Mae Harris",))),
        ),
    )


def test_table_cards_are_a_page_per_table_turned_sideways() -> None:
    doc = printed(lambda out: table_cards_pdf(out, HEADING, _tables(), "letter"))
    assert doc.sizes == [(792, 612), (792, 612)]
    assert doc.pages[0].count("Table · Round 2") == 1
    first = doc.pages[0]
    assert all(part in first for part in ("N/S", "11 Uma Walker / Vic Hall", "E/W", "1 Ann Smith"))
    assert "4 Grace Wilson / Hank Moore" in doc.pages[1] and "Page 2 of 2" in doc.pages[1]


def test_a_table_of_four_players_shows_each_seat() -> None:
    tables = RoundTables(
        1,
        ("Seats 1 & 3", "Seats 2 & 4"),
        (TableRow(2, Side((3, 7), ("Ann Lee", "Bo Chen")), Side((5, 1), ("Cy Ode", "Di Fox"))),),
    )
    doc = printed(lambda out: table_cards_pdf(out, HEADING, tables, "a4"))
    assert doc.sizes == [(842, 595)]
    assert doc.in_order(
        "Seat 1: 3 Ann Lee", "Seat 2: 5 Cy Ode", "Seat 3: 7 Bo Chen", "Seat 4: 1 Di Fox"
    )


def test_a_gin_table_card_tells_its_two_players_apart() -> None:
    tables = RoundTables(
        3,
        ("Player", "Player"),
        (TableRow(1, Side((7,), ("Ann Lee",)), Side((8,), ("Bo Chen",))),),
        title="Round 3 of 3",
    )
    doc = printed(lambda out: table_cards_pdf(out, HEADING, tables, "letter"))
    assert doc.in_order(
        "Table · Round 3 of 3", "1", "Player A", "7 Ann Lee", "Player B", "8 Bo Chen"
    )


def test_chits_print_every_card_with_its_meaning() -> None:
    chits = (
        Chit("Blue 1", "North/South, table 1", "blue"),
        Chit("Red 1", "East/West, station 1", "red"),
        Chit("Red 2", "East/West, station 2", "red"),
        Chit("Blue 2", "North/South, table 2", "blue"),
    )
    doc = printed(lambda out: chits_pdf(out, HEADING, chits, "letter"))
    assert doc.in_order("Blue 1", "North/South, table 1", "Red 1", "Red 2", "Blue 2")


def _sheet(table: int, filled: FilledSheet | None = None) -> ScoreSheet:
    return ScoreSheet(
        2,
        table,
        ("N/S", "E/W"),
        Side((11,), ("Uma Walker / Vic Hall",)),
        Side((1,), ("Ann Smith / Bob Jones",)),
        filled,
    )


def test_blank_pinochle_sheets_have_a_row_per_hand_for_every_table() -> None:
    layout = SheetLayout("pinochle", 8, point_limit=500)
    doc = printed(
        lambda out: score_sheets_pdf(out, HEADING, layout, [_sheet(1), _sheet(2)], "letter")
    )
    assert len(doc.pages) == 2
    assert doc.in_order(
        "Score sheet · Round 2 · Table 1",
        "N/S (A)",
        "11 Uma Walker / Vic Hall",
        "E/W (B)",
        "1 Ann Smith / Bob Jones",
        "Meld",
        "Tricks",
        "Hand score",
        "Running total",
        "Hand Bidder Bid",
        "1",
        "8",
        "Final",
        "The game ends when a side reaches 500.",
        "Signed for N/S (A)",
    )
    assert "Score sheet · Round 2 · Table 2" in doc.pages[1]


GRAND_PRIX_ENDS = (
    "The game ends when a side reaches 500, after 8 hands, or when time is called, whichever "
    "comes first."
)


@pytest.mark.parametrize(
    ("rules_id", "ends"),
    [
        ("grand-prix-pinochle", GRAND_PRIX_ENDS),
        ("grand-prix-warmup", GRAND_PRIX_ENDS),
        ("npa-club-pinochle", "The game ends after 8 hands."),
        ("sun-city-west-pinochle", "The game ends after 6 deals."),
        ("bid-whist", "The game ends after 4 hands; hand 5 is played only to break a tie."),
    ],
)
def test_a_blank_sheet_says_how_the_formats_game_ends(rules_id: str, ends: str) -> None:
    layout = describe_sheet(load_rules(rules_id, extra_dirs=[])).layout
    doc = printed(lambda out: score_sheets_pdf(out, HEADING, layout, [_sheet(1)], "letter"))
    assert ends in doc.text
    assert doc.in_order("Final" if layout.game == "pinochle" else "Kind", ends, "Signed for")


def test_the_gin_sheet_is_the_hollywood_grid() -> None:
    layout = SheetLayout("gin", 12, columns=3, target=120)
    doc = printed(lambda out: score_sheets_pdf(out, HEADING, layout, [_sheet(1)], "letter"))
    assert doc.in_order(
        "Game 1 (to 120)",
        "Game 2 (to 120)",
        "Game 3 (to 120)",
        "Hand A B A B A B",
        "12",
        "Game",
        "Boxes",
        "Total",
    )


def test_the_bid_whist_sheet_has_four_hands_and_a_fifth_for_a_tie() -> None:
    layout = SheetLayout("bid-whist", 4)
    doc = printed(lambda out: score_sheets_pdf(out, HEADING, layout, [_sheet(1)], "letter"))
    assert doc.in_order(
        "Books",
        "Hand score",
        "Hand Bidder Bid Kind A B A B A B",
        "1",
        "4",
        "5",
        "Hand 5 is played only to break a tie.",
    )


def test_a_sheet_handed_in_prints_its_hands_in_the_grid_with_signers_and_amendments() -> None:
    filled = FilledSheet(
        rows=(
            ("1", "A", "58", "20", "4", "40", "10", "60", "14", "60", "14"),
            ("2", "B", "52 dropped", "12", "30", "", "", "0", "-52", "60", "-38"),
        ),
        closing=(("",) * 8 + ("60", "-38"),),
        score_a=70,
        score_b=-38,
        signatures=(
            SignatureLine("scorekeeper", "Uma Walker"),
            SignatureLine("countersign", "Ann Smith"),
        ),
        notes=("Amended 2024-03-09 14:02 by Pat Director: 60 to -38 became 70 to -38 (misread)",),
    )
    layout = SheetLayout("pinochle", 8)
    doc = printed(lambda out: score_sheets_pdf(out, HEADING, layout, [_sheet(1, filled)], "letter"))
    assert doc.in_order(
        "As handed in",
        "Meld",
        "Tricks",
        "Hand score",
        "Running total",
        "Hand Bidder Bid A B A B A B A B",
        "1 A 58 20 4 40 10 60 14 60 14",
        "2 B 52 dropped 12 30 0 -52 60 -38",
        "3",
        "8",
        "Final 60 -38",
        "Result as it counts: A 70, B -38",
        "scorekeeper: Uma Walker",
        "countersign: Ann Smith",
        "by Pat Director",
        "(misread)",
    )
    assert "Signed for N/S" not in doc.text  # the signatures given, not blank lines


def test_the_schedule_lists_each_round_and_what_follows() -> None:
    zone = dt.timezone(dt.timedelta(hours=-7))
    day = dt.datetime(2024, 3, 9, 10, 0, tzinfo=zone)
    lines = (
        ScheduleLine(
            1, day, day + dt.timedelta(minutes=60), day + dt.timedelta(minutes=55), "break 15 min"
        ),
        ScheduleLine(
            2, day + dt.timedelta(minutes=75), day + dt.timedelta(minutes=135), None, "meal 60 min"
        ),
    )
    doc = printed(lambda out: schedule_pdf(out, HEADING, lines, "letter"))
    assert doc.in_order(
        "Round Starts Warning Ends Then",
        "1 Sat 9 Mar 10:00 AM 10:55 AM 11:00 AM break 15 min",
        "2 Sat 9 Mar 11:15 AM - 12:15 PM meal 60 min",
    )


def test_the_printed_schedule_reads_as_the_cli_text() -> None:
    zone = dt.timezone(dt.timedelta(hours=-7))
    day = dt.datetime(2024, 3, 9, 16, 58, tzinfo=zone)
    late = ScheduleLine(
        8, day, day + dt.timedelta(hours=8), day + dt.timedelta(hours=7, minutes=50), "Overnight"
    )
    doc = printed(lambda out: schedule_pdf(out, HEADING, (late,), "letter"))
    times = " ".join(schedule_times(late.starts, late.warning_at, late.ends))
    assert times == "Sat 9 Mar 4:58 PM Sun 10 Mar 12:48 AM Sun 10 Mar 12:58 AM"
    assert f"8 {times} Overnight" in doc.text


def _award_sheet_and_record(prizes: tuple[PrizeLine, ...]) -> tuple[Printed, Printed]:
    """The award sheet and the payouts record of ``_payouts()`` with these prizes."""
    rows = PayoutRows(**{**_payouts().__dict__, "prizes": prizes})
    awards = printed(lambda out: awards_pdf(out, HEADING, rows, "letter"))
    return awards, printed(lambda out: payouts_pdf(out, HEADING, rows, "letter"))


def test_each_prize_says_how_it_is_paid() -> None:
    mixed = (
        PrizeLine(1, 7, "Ann Lee / Bo Chen", 18500, (), 0),
        PrizeLine(2, 3, "Cy Ode / Di Fox", 12000, (), 12000),
        PrizeLine(3, 9, "Ed Ray / Flo Kim", 6000, (), 1500),
    )
    awards, record = _award_sheet_and_record(mixed)
    assert awards.in_order(
        "Store credit is to be redeemed the day of the tournament.",
        "1st place · No. 7 Ann Lee / Bo Chen",
        "$185.00 cash",
        "2nd place · No. 3 Cy Ode / Di Fox",
        "$120.00 store credit",
        "3rd place · No. 9 Ed Ray / Flo Kim",
        "$60.00 ($45.00 cash + $15.00 store credit)",
    )
    assert record.in_order(
        "Prizes are paid in cash unless the prize says otherwise.",
        "1 7 Ann Lee / Bo Chen $185.00",
        "2 3 Cy Ode / Di Fox $120.00 store credit",
        "3 9 Ed Ray / Flo Kim $60.00 ($45.00 cash + $15.00 store credit)",
    )


def test_a_team_prizes_shares_say_their_own_cash_and_credit() -> None:
    split = (PlayerShare("Ed Ray", 3000, 751), PlayerShare("Flo Kim", 3000, 750))
    awards, record = _award_sheet_and_record(
        (PrizeLine(3, 9, "Ed Ray / Flo Kim", 6000, split, 1501),)
    )
    assert awards.in_order(
        "3rd place · No. 9 Ed Ray / Flo Kim",
        "$60.00 ($44.99 cash + $15.01 store credit)",
        "Ed Ray",
        "$30.00 ($22.49 cash + $7.51 store credit)",
        "Flo Kim",
        "$30.00 ($22.50 cash + $7.50 store credit)",
    )
    assert record.in_order(
        "3 9 Ed Ray / Flo Kim $60.00 ($44.99 cash + $15.01 store credit)",
        "Ed Ray $30.00 ($22.49 cash + $7.51 store credit)",
        "Flo Kim $30.00 ($22.50 cash + $7.50 store credit)",
    )


def test_a_round_not_seated_in_prints_a_dash_not_a_score() -> None:
    # house gin's final (round 3) seats only those past the cut: the rest were not in it
    lines = (
        StandingLine(1, False, 4, "Ann Lee", 900, (400, 350, 150), ()),
        StandingLine(2, False, 9, "Bo Chen", 500, (260, 240, 0), (), absent=(3,)),
    )
    rows = StandingsRows(3, "individual", False, lines)
    doc = printed(lambda out: standings_pdf(out, HEADING, rows, "a4"))
    assert doc.in_order("1 4 Ann Lee 900 400 350 150", "2 9 Bo Chen 500 260 240 -")
    assert "- not seated (not in the round)" in doc.text
    assert standings_legend(lines) == ["- not seated (not in the round)"]


def test_a_round_across_midnight_keeps_its_times_apart() -> None:
    zone = dt.timezone(dt.timedelta(hours=-7))
    day = dt.datetime(2026, 12, 3, 23, 45, tzinfo=zone)
    hour = dt.timedelta(hours=1)
    lines = (
        ScheduleLine(2, day, day + hour, day + hour * 50 / 60, "Late supper break 90 min"),
        ScheduleLine(3, day + hour * 3, day + hour * 4, day + hour * 3.8, ""),
    )
    doc = printed(lambda out: schedule_pdf(out, HEADING, lines, "letter"))
    assert doc.in_order(
        "2 Thu 3 Dec 11:45 PM Fri 4 Dec 12:35 AM Fri 4 Dec 12:45 AM Late supper break 90 min",
        "3 Fri 4 Dec 2:45 AM 3:33 AM 3:45 AM",
    )
    for piece in doc.placed:  # nothing runs into what is beside it, nor past the margin
        beside = [p for p in doc.placed if p.baseline == piece.baseline and p.left > piece.left]
        assert all(piece.right < p.left for p in beside), f"{piece.text!r} runs into the next"
        assert piece.right <= LETTER[0] - 42


def test_three_team_prizes_fit_on_one_award_page() -> None:
    rows = _payouts("round 3, the last, is not finished", prizes_in="store-credit")
    for paper in ("letter", "a4"):
        doc = printed(lambda out, paper=paper: awards_pdf(out, HEADING, rows, paper))
        assert len(doc.pages) == 1, paper
        assert doc.in_order("PROVISIONAL", "1st place", "2nd place", "3rd place", "Flo Kim")
        assert doc.text.count("Received by (signature)") == 6
