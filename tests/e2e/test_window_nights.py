"""Every format's whole night in the window, as a director plays it: from an empty database
to the printed award sheet, through real keys and clicks on the visible widgets
(``director.py``). The services are only read, at the end, to compare the standings the
window shows with the engine's on the exported event file."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt

from clubdesk.domain.event.model import event_rules
from clubdesk.domain.eventfile.eventfile import parse_event
from clubdesk.domain.games.samples import sample_game
from clubdesk.domain.results.standings import compute_standings
from clubdesk.printing.text import total_text
from clubdesk.services import draw as draw_service
from clubdesk.services import events, results
from clubdesk.services.eventfile import export_event
from clubdesk.store.db import open_database
from tests.e2e.director import Director
from tests.formats import lookup

DRAW_SEED = 20240309


@pytest.fixture
def director(
    qtbot, make_window, db_path, new_database, clock, message_boxes, monkeypatch, windows_shown
) -> Director:
    """The window on an empty database, and a director at it (the windows that come on
    screen watched from before it is made: ``windows_shown``). The draw the director makes
    is random as at the hall, but from a seed fixed here, so that every run plays the same
    seating (the scores typed are chosen to leave no tie at the cut for this seating)."""
    monkeypatch.setattr(draw_service.random, "SystemRandom", lambda: _FixedSeed())
    window = make_window(open_database(new_database(db_path)))
    return Director(qtbot, window, clock, monkeypatch, windows_shown)


class _FixedSeed:
    """Stands in for the system's random source where the draw picks its seed."""

    def randrange(self, start: int, stop: int) -> int:
        return DRAW_SEED


def the_engines_standings(director: Director, event_id: str):
    db = director.window.database
    exported = parse_event(export_event(db, event_id), lookup)
    return compute_standings(exported, event_rules(exported, lookup))


def shown_standings(director: Director) -> list[tuple[str, str, str]]:
    """The Standings page's rows as shown: place, number, total."""
    director.go("standings")
    model = director.window.standings_page.model
    columns = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    place, number, total = (columns.index(h) for h in ("Place", "No.", "Total"))
    return [
        tuple(str(model.index(r, c).data()) for c in (place, number, total))
        for r in range(model.rowCount())
    ]


def test_a_grand_prix_warm_up_in_the_window(director: Director, tmp_path: Path) -> None:
    """Five teams (a bye station), four rounds on the clock: round 1's first table typed
    hand by hand and signed on the pads, the rest paper sheets typed in."""
    event_id = director.new_event("grand-prix-warmup", "Friday Warm-up")
    director.register([(f"North{n} Smith", f"South{n} Jones") for n in range(1, 6)])
    director.make_draw()
    rules = events.event_rules(director.window.database, event_id)
    rng = random.Random(5)
    for number in range(1, 5):
        assert director.start_round() == number
        for index, (table, _, _) in enumerate(director.tables()):
            director.clock.advance(minutes=7)
            if number == 1 and index == 0:
                dialog = director.hand_sheet(table, sample_game(rules, rng))
                director.done_with(dialog)
            else:
                director.paper_sheet(table, 300 + 10 * table + number, 180 + number)
        director.clock.advance(minutes=20)
        director.close_round()
    assert director.sheet_keys == [92]  # 7 hands typed, Ctrl+Return to submit
    check_the_night(director, event_id, tmp_path, rounds=4)


def check_the_night(director: Director, event_id: str, tmp_path: Path, *, rounds: int) -> None:
    """The Standings page shows the engine's standings on the exported event file, the
    award sheet printed from the Print page names the winners in their places, and no window
    came on screen all night but the director's, the dialogs it opened and their popups."""
    shown = shown_standings(director)
    engine = the_engines_standings(director, event_id)
    assert engine.after_round == rounds
    assert shown == [
        (f"{r.place}{'=' if r.tied else ''}" if r.placed else "—", str(r.number), total_text(r))
        for r in engine.rows
    ]
    pdf = director.print_to("awards", tmp_path / "awards.pdf")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    event = events.get_event(director.window.database, event_id)
    assert text.splitlines()[1] == event.name
    paid = results.payouts(director.window.database, event_id)
    first = paid.prizes[0]
    assert f"1st place · No. {first.number} " in text
    strays = director.windows_shown.strays
    assert not strays, sorted(set(strays))


# slow: eleven rounds; the warm-up above plays a pinochle night on the clock in the quick run,
# and tests/ui plays a late entry, an amendment and a refunded withdrawal in the window
@pytest.mark.slow
def test_a_grand_prix_in_the_window(director: Director, tmp_path: Path) -> None:
    """Five teams, eleven rounds on the clock: a late entry takes the bye station's card, a
    sheet is amended, a team withdraws after round 4 with part of its fee refunded (its
    later opponents sit out)."""
    event_id = director.new_event("grand-prix-pinochle", "Spring Grand Prix")
    director.register([(f"North{n} Smith", f"South{n} Jones") for n in range(1, 6)])
    director.make_draw()
    db = director.window.database
    rules = events.event_rules(db, event_id)
    rng = random.Random(8)
    for number in range(1, 12):
        assert director.start_round() == number
        if number == 1:
            director.register([("Late Comer", "Just Intime")])
            said = director.window.players_page.entry.message_text()
            assert said.startswith("✓ Entrant 6: Late Comer / Just Intime"), said
        seated = director.tables()
        if number == 2:
            assert any(6 in a + b for _, a, b in seated)  # the late team plays from round 2
        for index, (table, _, _) in enumerate(seated):
            director.clock.advance(minutes=9)
            if index == 0 and number in (1, 2):
                dialog = director.hand_sheet(table, sample_game(rules, rng))
                if number == 2:  # the recorder added a hand's meld twice: the director amends
                    counted = results_of(db, event_id, number, table)
                    director.amend(dialog, counted[0] - 20, counted[1], "meld added twice",
                                   "Dee Rector")  # fmt: skip
                director.done_with(dialog)
            else:
                director.paper_sheet(table, 280 + 17 * table + number, 190 + 3 * number)
        director.clock.advance(minutes=30)
        director.close_round()
        if number == 4:
            said = director.withdraw(3, "family emergency", refund="25")
            assert said.startswith("✓ Withdrew 3 North3 Smith / South3 Jones"), said
            assert "refunded $25.00" in said
    assert director.window.players_page.summary_text().startswith("5 entrants · 5 paid")
    assert director.sheet_keys == [101, 98]  # 8 hands, then 7
    check_the_night(director, event_id, tmp_path, rounds=11)
    standings = results.standings(db, event_id)
    withdrawn = next(r for r in standings.rows if r.number == 3)
    assert withdrawn.rounds[4:] == (0,) * 7  # no games after it withdrew
    # withdrawn before the last round: listed (marked), not placed for prizes
    assert (withdrawn.place, withdrawn.status, standings.rows[-1]) == (None, "withdrawn",
                                                                       withdrawn)  # fmt: skip
    assert 3 not in [p.number for p in results.payouts(db, event_id).prizes]


def results_of(db, event_id: str, number: int, table: int) -> tuple[int, int]:
    from clubdesk.services import sheets

    score = sheets.table_sheet(db, event_id, number, table).game.score
    assert score is not None
    return score.a, score.b


def level(rules, hands) -> bool:
    from clubdesk.domain.games import score_game

    total = score_game(hands, rules).total
    return total["A"] == total["B"]


# slow: the bid whist night below plays rounds without a clock, each close seating the next,
# in the quick run; tests/e2e's test_movements_through_services moves Sun City West's field,
# tests/ui/test_clock_texts.py words the status bar's last round
@pytest.mark.slow
def test_a_sun_city_west_night_in_the_window(director: Director, tmp_path: Path) -> None:
    """Eight players, six rounds without a clock, winners down a table and partners split:
    each round started with F5 and closed, which seats the next."""
    event_id = director.new_event("sun-city-west-pinochle", "Sun City West Monday")
    director.register([(f"Player{n} Smith",) for n in range(1, 9)])
    director.make_draw()
    db = director.window.database
    rules = events.event_rules(db, event_id)
    rng = random.Random(3)
    for number in range(1, 7):
        assert director.start_round() == number
        assert director.rounds.clock_panel.round_label.text().startswith(
            f"Round {number} of 6 · in play since "
        )
        for index, (table, _, _) in enumerate(director.tables()):
            director.clock.advance(minutes=25)
            if index == 0 and number <= 2:
                hands = sample_game(rules, rng)
                dialog = director.hand_sheet(table, hands, winner="a" if level(rules, hands)
                                             else None)  # fmt: skip
                director.done_with(dialog)
            else:
                director.paper_sheet(table, 60 + 7 * table + number, 40 + number)
        assert director.window.status_clock.text() == f"Round {number} · 2 of 2 sheets in"
        director.close_round()
        if number < 6:
            assert director.rounds.start_button.text() == f"Start round {number + 1}  (F5)"
    assert director.window.status_clock.text() == "Round 6 · Every round is played"
    assert director.sheet_keys == [90, 90]  # six deals each (no marriage asked)
    check_the_night(director, event_id, tmp_path, rounds=6)


def gin_match(winner: str) -> list[dict]:
    """A Hollywood match won hand by hand: seven gins of 25 fill all three games to 120."""
    loser = "B" if winner == "A" else "A"
    return [{"knocker": winner, "gin": True, "deadwood": {winner: 0, loser: 25}}] * 7


def test_a_house_gin_night_in_the_window(director: Director, tmp_path: Path) -> None:
    """Six players: two matches a pair, a tie across the cut settled by sudden death from
    the Standings page, the final to 150, store-credit prizes."""
    event_id = director.new_event("house-gin", "Gin Saturday")
    director.register([(f"Player{n} Smith",) for n in range(1, 7)])
    director.make_draw()
    pairs = None
    # the pairs' two match scores: table 1's first match typed hand by hand (525 to 0),
    # then totals 925, 100; 700, 300; 500, 300: the 4th and 5th level at 300 across the cut
    # (60% of 6: 4 advance)
    scores = {1: [(0, 0), (400, 100)], 2: [(350, 150)] * 2, 3: [(250, 150)] * 2}
    for number in (1, 2):
        assert director.start_round() == number
        seated = director.tables()
        pairs = pairs or seated
        assert seated == pairs  # each pair plays two matches
        for table, _, _ in seated:
            director.clock.advance(minutes=30)
            if number == 1 and table == 1:
                dialog = director.hand_sheet(table, gin_match("A"))
                assert dialog.total_label.text() == "Submitted · counts 525 to 0"
                director.done_with(dialog)
            else:
                director.paper_sheet(table, *scores[table][number - 1])
        director.close_round()
    assert not director.rounds.start_button.isEnabled()  # the final waits for the tie-break
    assert director.rounds.clock_panel.phase_label.text() == "Round 3 cannot be seated yet"
    assert director.rounds.clock_panel.announcement_label.text().startswith(
        "The cut after round 2 is tied between "
    )
    tied = sorted(b[0] for _, _, b in pairs[1:])  # the B players of tables 2 and 3
    page = director.window.standings_page
    director.go("standings")
    assert page.ties_label.text() == (
        f"Sudden death due: players {tied[0]} and {tied[1]} (tied at 300 across the cut)"
    )
    director.record_tiebreak(tied[1], "won the sudden death 60 to 48")
    assert page.ties_row.isHidden()
    assert director.start_round() == 3  # the final, seated from the cut
    final = director.tables()
    assert len(final) == 2
    for table, _, _ in final:
        director.clock.advance(minutes=40)
        director.paper_sheet(table, 180 + table, 90 + 5 * table)
    director.close_round()
    assert director.sheet_keys == [57]  # seven gins: no knock card, no zero deadwood typed
    check_the_night(director, event_id, tmp_path, rounds=3)


def whist_made(books: int = 11) -> dict:
    return {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": books, "B": 13 - books}}


def test_a_bid_whist_night_in_the_window(director: Director, tmp_path: Path) -> None:
    """Six teams, three preliminary rounds without a clock, the cut to four, the semi-finals
    and the final seated by each close; the Standings page gives the final order from the
    playoffs above the preliminaries."""
    event_id = director.new_event("bid-whist", "Bid Whist Classic")
    director.register([(f"Ann{n} Smith", f"Bob{n} Jones") for n in range(1, 7)])
    director.make_draw()
    for number in (1, 2, 3):
        assert director.start_round() == number
        for table, _, b in director.tables():
            director.clock.advance(minutes=20)
            if number == 1 and table == 1:
                dialog = director.hand_sheet(table, [whist_made()] * 4)
                assert dialog.total_label.text() == "Submitted · counts 20 to 0"
                director.done_with(dialog)
            else:  # the N/S team wins; each E/W team's points differ, so no tie at the cut
                director.paper_sheet(table, 12, b[0])
        director.close_round()
    assert director.rounds.clock_panel.phase_label.text() == (
        "Playoffs: semi-final next: start it with F5"
    )
    champion = None
    for number, title in ((4, "Playoffs: semi-final"), (5, "Playoffs: final")):
        assert director.start_round() == number
        assert director.rounds.board_heading.text() == f"{title} · round {number}'s tables"
        for table, a, _ in director.tables():
            director.clock.advance(minutes=20)
            director.paper_sheet(table, 10 + table, 4)  # side A wins
            champion = a[0]
        director.close_round()
    assert director.rounds.error_label.text() == f"The playoffs are over: team {champion} won."
    director.go("standings")
    page = director.window.standings_page
    assert page.final_table.isVisible() and page.preliminary_heading.isVisible()
    model = page.final_model
    assert [model.data(model.index(0, c)) for c in (0, 1, 4)] == ["1", str(champion), "Champion"]
    assert director.sheet_keys == [29]  # four hands: the other side's books filled in
    check_the_night(director, event_id, tmp_path, rounds=3)


# slow: the bid whist night above plays rounds without a clock, each close seating the next,
# in the quick run; tests/ui asks who won a level NPA game, tests/e2e's
# test_movements_through_services moves the NPA field
@pytest.mark.slow
def test_an_npa_night_in_the_window(director: Director, tmp_path: Path) -> None:
    """Twelve players, six rounds without a clock, winners stay and losers move up: a level
    table's winner named on its sheet, each round closed, which seats the next."""
    event_id = director.new_event("npa-club-pinochle", "NPA Tuesday")
    director.register([(f"Player{n} Smith",) for n in range(1, 13)])
    director.make_draw()
    db = director.window.database
    rules = events.event_rules(db, event_id)
    rng = random.Random(4)
    for number in range(1, 7):
        assert director.start_round() == number
        for index, (table, _, _) in enumerate(director.tables()):
            director.clock.advance(minutes=15)
            if number == 1 and index == 0:  # level: who won is asked, and said
                director.paper_sheet(table, 250, 250, winner="b")
            elif number == 2 and index == 0:
                hands = sample_game(rules, rng)
                dialog = director.hand_sheet(table, hands, winner="a" if level(rules, hands)
                                             else None)  # fmt: skip
                director.done_with(dialog)
            else:
                director.paper_sheet(table, 200 + 11 * table + number, 150 - number)
        director.close_round()
    assert director.sheet_keys == [124]  # 8 hands (typing every field took about 160)
    check_the_night(director, event_id, tmp_path, rounds=6)
