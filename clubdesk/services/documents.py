"""The plain rows each printed document is built from, gathered through the services that
already compute them (standings, payouts, seating, sheets, the schedule).

The printing modules lay these rows out and never read the database; a
document's refusals (no such round, a format without a timetable) are
raised here, before any file is written. ``write_document`` writes any document of the
registry, ``services/printouts.py``; ``services/gathering.py`` hands each its rows.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import replace

from clubdesk.domain.games.sheets import SheetLayout, describe_sheet
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.draw import card_deck
from clubdesk.domain.seating.values import RoundSeating, side_labels
from clubdesk.errors import UserError
from clubdesk.printing.rows import (
    Chit,
    Heading,
    Paper,
    PayoutRows,
    PlayerShare,
    PlayoffLine,
    PoolTerm,
    PrizeLine,
    RoundTables,
    ScheduleLine,
    ScoreSheet,
    SeasonLine,
    SeasonRows,
    SeatLine,
    Side,
    StandingLine,
    StandingsRows,
    TableRow,
    UndecidedLine,
)
from clubdesk.printing.text import name_with_status, pause_text, payouts_text
from clubdesk.services import entrants as entrants_service
from clubdesk.services import events, final_payouts, links, playoffs, results, seasons, sheets
from clubdesk.services import roundclock as clock_service
from clubdesk.services import seating as seating_service
from clubdesk.services.common import aware
from clubdesk.services.filled_sheets import filled_sheet
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource


def paper_for(db: Database, event_id: str, given: str | None = None) -> Paper:
    """The paper asked for, else the club's setting (``[printing] paper``), else Letter."""
    if given is None:
        return events.event_rules(db, event_id).printing.paper
    if given not in ("letter", "a4"):
        raise UserError(f"--paper: {given!r} is not letter or a4")
    return "letter" if given == "letter" else "a4"


def current_round(db: Database, event_id: str) -> tuple[int, int]:
    """The round a director prints for by default (the last one seated, else 1) and the
    event's number of rounds."""
    rules = events.event_rules(db, event_id)
    with db.reading() as session:
        published = seat_store.published_rounds(session, event_id)
    return (max(published) if published else 1), max(rules.schedule.rounds, 1)


def heading(db: Database, event_id: str, clock: TimeSource) -> Heading:
    """What every page of the event's documents says at its top and foot."""
    info = events.get_event(db, event_id)
    rules = events.event_rules(db, event_id)
    return Heading(info.venue or rules.title, info.name, info.date, aware(clock.now()))


def _names(db: Database, event_id: str) -> dict[int, str]:
    return {e.number: e.name for e in entrants_service.list_entrants(db, event_id)}


def standings_rows(db: Database, event_id: str) -> StandingsRows:
    """The standings after the last complete round, with the cut line under the last place
    that advances once the cut is made, the tie-breaks due, and bid whist's final order from
    its playoffs once its final is played."""
    board = results.standings_board(db, event_id)
    table = board.standings
    rules = events.event_rules(db, event_id)
    cut = board.cut if board.cut is not None and board.cut.made else None
    playoff = tuple(
        PlayoffLine(p.place, p.tied, p.number, p.name, p.seed, p.result)
        for p in board.playoff_order
    )
    lines = tuple(
        StandingLine(
            row.place,
            row.tied,
            row.number,
            name_with_status(row),
            row.total,
            row.rounds,
            row.dropped,
            row.byes,
            row.wins,
            row.bonus,
            row.absent,
        )
        for row in table.rows
    )
    show_wins = "wins" in rules.standings.rank_by
    return StandingsRows(
        table.after_round, table.unit, show_wins, lines,
        cut_size=cut.above if cut is not None else None,
        advance=len(cut.advancing) if cut is not None and not cut.tied else None,
        ties=tuple(tie.describe(table.unit) for tie in board.ties),
        playoff=playoff, warnings=board.warnings,
    )  # fmt: skip


def payout_rows(db: Database, event_id: str, today: dt.date | None = None) -> PayoutRows:
    """The pool's terms, the scheme and the prizes (marked provisional when they are);
    once final, each store credit redeemed, to redeem or lapsed on ``today``."""
    found = results.payouts(db, event_id)
    credits = final_payouts.store_credits(db, event_id)
    rules = events.event_rules(db, event_id)
    pool = found.pool
    terms = [PoolTerm("Entry fees received", pool.fees_cents)]
    if pool.refunds_cents:
        terms.append(PoolTerm("Refunds", -pool.refunds_cents))
    if pool.return_percent != 100:
        kept = pool.fees_cents - pool.refunds_cents - pool.returned_cents
        terms.append(PoolTerm(f"Kept by the club ({100 - pool.return_percent}%)", -kept))
    for label, cents in (
        ("Added money", pool.added_cents),
        ("Fines", pool.fines_cents),
        ("Expenses", -pool.expenses_cents),
    ):
        if cents:
            terms.append(PoolTerm(label, cents))
    prizes = tuple(
        PrizeLine(
            p.place,
            p.number,
            p.name,
            p.amount_cents,
            tuple(PlayerShare(s.player, s.amount_cents, s.credit_cents) for s in p.players)
            if len(p.players) > 1
            else (),
            p.credit_cents,
        )
        for p in found.prizes
    )
    # the undecided places in the treasurer's words, as `clubdesk payouts` says them
    text = payouts_text(found, rules=rules)
    undecided = tuple(
        UndecidedLine(line) for line in text.splitlines() if line.startswith(("Place", "Places"))
    )
    return PayoutRows(
        terms=tuple(terms),
        pool_cents=pool.pool_cents,
        prizes_in=found.prizes_in,
        played=found.played,
        provisional=(found.why or "not final yet") if found.provisional else None,
        prizes=prizes,
        undecided=undecided,
        scheme=_scheme(rules),
        final=found.final,
        credits=tuple(c.text(today) for c in credits) if today is not None else (),
    )


def _scheme(rules: Rules) -> tuple[str, ...]:
    money = rules.money
    places = sorted(money.payout, key=lambda p: p.place)
    own = (None, money.prizes_in)  # a place paid as the money section says says nothing more
    lines = [
        f"Place {p.place}: "
        + (
            format_money(p.fixed_cents)
            if p.fixed_cents is not None
            else f"{p.percent}% of the rest"
        )
        + (f", in {(p.paid_in or '').replace('-', ' ')}" if p.paid_in not in own else "")
        for p in places
    ]
    if any(p.percent is not None for p in places):
        lines.append(
            f"Percent prizes rounded down to {format_money(money.rounding_cents)}; "
            "what rounding leaves goes to 1st place"
        )
    return tuple(lines)


def _side(numbers: tuple[int, ...], names: Mapping[int, str]) -> Side:
    return Side(numbers, tuple(names.get(n, "") for n in numbers))


def round_tables(db: Database, event_id: str, round_number: int) -> RoundTables:
    """Who sits where in round ``round_number``, with names."""
    seating = seating_service.seating(db, event_id, round_number)
    names = _names(db, event_id)
    labels = side_labels(events.event_rules(db, event_id))
    title = playoffs.round_title(db, event_id, round_number)
    found = _tables(seating, names, labels, title)
    printed = links.printed_links(db, event_id, round_number)
    if not printed:
        return found
    tables = tuple(replace(row, link=printed.get(row.table)) for row in found.tables)
    return replace(found, tables=tables)


def _tables(
    seating: RoundSeating, names: Mapping[int, str], labels: tuple[str, str], title: str
) -> RoundTables:
    tables = tuple(TableRow(t.table, _side(t.a, names), _side(t.b, names)) for t in seating.tables)
    byes = tuple(_side((n,), names) for n in seating.byes)
    return RoundTables(seating.round, labels, tables, byes, title)


def seated_rounds(db: Database, event_id: str) -> tuple[tuple[int, str], ...]:
    """Every round seated so far, each with its title ("Round 2 of 3", "Playoffs:
    semi-final"), first round first: the rounds there is something to print for."""
    with db.reading() as session:
        seated = seat_store.published_rounds(session, event_id)
    return tuple((n, playoffs.round_title(db, event_id, n)) for n in sorted(seated))


def seat_lines(db: Database, event_id: str, round_number: int) -> tuple[SeatLine, ...]:
    """Every entrant of round ``round_number`` by number: table and seat (or a bye)."""
    seating = seating_service.seating(db, event_id, round_number)
    names = _names(db, event_id)
    rules = events.event_rules(db, event_id)
    lines = []
    for number in seating.entrants:
        table = seating.table_of(number)
        if table is None:
            lines.append(SeatLine(number, names.get(number, ""), None, "bye"))
            continue
        seat = table.seat_of(number)
        if seat is not None:
            where = f"Seat {seat}"
        elif rules.unit == "team":
            where = "N/S" if table.side_of(number) == "a" else "E/W"
        else:
            where = "A" if table.side_of(number) == "a" else "B"
        lines.append(SeatLine(number, names.get(number, ""), table.table, where))
    return tuple(lines)


def chits(db: Database, event_id: str) -> tuple[Chit, ...]:
    """The slips of the round-1 draw to cut apart: a blue or red card per team (card
    draw), a table-and-seat chit per player (chit draw), a lot per player (gin's random
    order). What is printed big, with the chit's seat, is what the director types back
    when the draw is recorded (``domain/seating/physical.py``): ``Blue 3``, ``Table 2`` /
    ``Seat 3``, ``Lot 5``."""
    rules = events.event_rules(db, event_id)
    active = [e for e in entrants_service.list_entrants(db, event_id) if e.status == "active"]
    kind = rules.seating.draw
    if kind == "cards":
        if len(active) < 2:
            raise UserError("chits: a card draw needs at least 2 teams registered")
        return tuple(
            Chit(
                f"{c.colour.capitalize()} {c.number}",
                f"{'North/South' if c.colour == 'blue' else 'East/West'}, "
                f"{'table' if c.colour == 'blue' else 'station'} {c.number}",
                c.colour,
            )
            for c in card_deck(len(active))
        )
    if kind == "chits":
        tables = -(-len(active) // 4)
        if not tables:
            raise UserError("chits: nobody is registered yet")
        return tuple(
            Chit(f"Table {t}", f"Seat {s}" + (" (deals first)" if s == 1 else ""))
            for t in range(1, tables + 1)
            for s in range(1, 5)
        )
    if not active:
        raise UserError("chits: nobody is registered yet")
    return tuple(Chit(f"Lot {n}", _lot_meaning(n, len(active))) for n in range(1, len(active) + 1))


def _lot_meaning(lot: int, lots: int) -> str:
    """Who a lot plays in round 1: 1 plays 2, 3 plays 4, ...; the odd lot out has a bye."""
    if lot % 2:
        return f"plays lot {lot + 1}" if lot < lots else "bye in round 1"
    return f"plays lot {lot - 1}"


Progress = Callable[[int, int], None]  # (steps done, steps in all) of a document being built


def score_sheets(
    db: Database, event_id: str, round_number: int, progress: Progress | None = None
) -> tuple[SheetLayout, tuple[ScoreSheet, ...]]:
    """Every table's sheet of round ``round_number``: blank but for the sides, or filled
    where the sheet has been handed in. ``progress`` hears of each table read, as the first
    half of the steps (laying the pages out is the second)."""
    rules = events.event_rules(db, event_id)
    layout = describe_sheet(rules).layout
    tables = round_tables(db, event_id, round_number)
    out = []
    steps = 2 * len(tables.tables)
    for index, row in enumerate(tables.tables):
        if progress is not None:
            progress(index, steps)
        filled = None
        try:
            found = sheets.table_sheet(db, event_id, round_number, row.table)
        except UserError:
            found = None  # a round seated but not yet published has no stored games
        if found is not None and found.submitted:
            filled = filled_sheet(found.game, rules, round_number, layout)
        out.append(
            ScoreSheet(round_number, row.table, tables.labels, row.a, row.b, filled, tables.title)
        )
    return layout, tuple(out)


def schedule_lines(db: Database, event_id: str, clock: TimeSource) -> tuple[ScheduleLine, ...]:
    """The day's timetable as it now stands."""
    found = clock_service.schedule(db, event_id, clock)
    return tuple(
        ScheduleLine(
            row.number,
            row.starts,
            row.ends,
            row.warning_at,
            pause_text(row),
        )
        for row in found.rounds
    )


def season_of(db: Database, event_id: str) -> str:
    """The season the event belongs to (UserError where it belongs to none)."""
    scoring = events.event_rules(db, event_id).season
    if scoring is None or scoring.season is None:
        raise UserError(
            "season: this event belongs to no season (the Event page's Season, its setting season)",
            field="season",
        )
    return scoring.season


def season_rows(db: Database, season: str) -> SeasonRows:
    """The season's standings, each event named with its day."""
    found = seasons.standings(db, season)
    days = {e.id: e.date for e in events.list_events(db)}
    titles = tuple(
        f"{name} ({days[event_id].isoformat()})"
        for event_id, name in zip(found.events, found.event_names, strict=True)
    )
    places = [row.place for row in found.rows]
    lines = tuple(
        SeasonLine(row.place, places.count(row.place) > 1, row.member, row.name, row.events,
                   row.points, row.counted)
        for row in found.rows
    )  # fmt: skip
    return SeasonRows(found.season, titles, lines)
