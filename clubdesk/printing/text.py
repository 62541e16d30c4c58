"""Plain-text renderings for the command line and for pinning up.

Each takes the plain values the domain computes (standings, the cut,
payouts, a round's seating, the schedule), as the printed documents do. Times
are written as a director reads them: ``Sat 5 Dec 10:15 AM``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from clubdesk.domain.limits import is_control
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.credit import Credit
from clubdesk.domain.money.payouts import Payouts, Undecided, paid_in_text
from clubdesk.domain.results.cut import CutResult
from clubdesk.domain.results.standings import StandingRow, Standings
from clubdesk.domain.rules import Rules
from clubdesk.domain.schedule import ScheduledRound
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.printing.text_table import text_table, titled

# A spreadsheet runs a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A CSV cell a spreadsheet shows as written: text it would run as a formula gets a
    leading apostrophe (the spreadsheets' own "this is text"), and its control characters
    are ``plain``'s "?" (a CSV is read on the terminal too); numbers stay numbers."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    return plain(value)


class _SafeWriter:
    """``csv.writer`` whose every text cell is ``spreadsheet_safe``."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: list[object]) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])


def plain(text: str) -> str:
    """A stored name as the terminal may show it: control characters (line breaks, escape
    sequences, the direction overrides) become "?", so a name cannot move the cursor,
    recolour the screen or break a table's lines."""
    return "".join("?" if is_control(ch) else ch for ch in text)


def standings_csv(standings: Standings) -> str:
    """One line per entrant: place, number, name, total, wins, tied, dropped, round 1..N; an
    entrant listed without a place has its status in the place column (``withdrawn``,
    ``removed``, ``ejected``)."""
    out = io.StringIO()
    writer = _SafeWriter(out)
    rounds = [f"round {n}" for n in range(1, standings.after_round + 1)]
    writer.writerow(["place", "number", "name", "total", "wins", "tied", "dropped", *rounds])
    for row in standings.rows:
        writer.writerow(
            [
                row.place if row.placed else row.status,
                row.number,
                row.name,
                row.total,
                row.wins,
                "yes" if row.tied else "no",
                " ".join(str(n) for n in row.dropped),
                *row.rounds,
            ]
        )
    return out.getvalue()


class MarkedRow(Protocol):
    """What the standings' cells and legend read of a row: its scores and the marks they may
    carry (the domain's ``StandingRow``, the paper's ``StandingLine``)."""

    @property
    def total(self) -> int: ...
    @property
    def rounds(self) -> tuple[int, ...]: ...
    @property
    def tied(self) -> bool: ...
    @property
    def dropped(self) -> tuple[int, ...]: ...
    @property
    def byes(self) -> tuple[int, ...]: ...
    @property
    def bonus(self) -> int: ...
    @property
    def absent(self) -> tuple[int, ...]: ...


def round_text(row: MarkedRow, number: int) -> str:
    """Round ``number``'s cell as every view of the standings shows it (the window, the
    paper, the command line's text): ``-`` for a round the entrant was not seated in (no
    score, not a 0), else the score, ``b`` after a bye's, in brackets when not counted."""
    if number in row.absent:
        return "-"
    text = str(row.rounds[number - 1]) + ("b" if number in row.byes else "")
    return f"({text})" if number in row.dropped else text


def total_text(row: MarkedRow) -> str:
    """The total as every view shows it: ``469``, or ``469*`` when it includes a tie-break
    bonus (gin's sudden-death +1)."""
    return f"{row.total}*" if row.bonus else str(row.total)


def standings_legend(rows: Iterable[MarkedRow]) -> list[str]:
    """The standings' legend, one entry per mark the rows carry (shared place, a round
    not counted, a bye, a tie-break bonus, a round not seated in), in the words every view
    uses."""
    rows = list(rows)
    marks = (
        (any(row.tied for row in rows), "= shares the place (tied)"),
        (any(row.dropped for row in rows), "(n) not counted"),
        (any(row.byes for row in rows), "b bye"),
        (any(row.bonus for row in rows), "* includes a tie-break bonus"),
        (any(row.absent for row in rows), "- not seated (not in the round)"),
    )
    return [words for shown, words in marks if shown]


def warnings_note(warned: Iterable[tuple[int, int]], unit: str) -> str | None:
    """The standings' note of the warnings logged (``warnings: team 3 (2), team 7 (1)``),
    as the window and the paper both give it; None when there are none."""
    who = "team" if unit == "team" else "player"
    listed = ", ".join(f"{who} {number} ({count})" for number, count in warned)
    return f"warnings: {listed}" if listed else None


def place_text(row: StandingRow) -> str:
    """``3``, ``=3`` when shared, ``-`` for an entrant listed without a place."""
    return f"{'=' if row.tied else ''}{row.place}" if row.placed else "-"


def name_with_status(row: StandingRow) -> str:
    """The name, and the status of an entrant no longer playing: ``Team 4 (withdrawn)``."""
    return plain(row.name) + ("" if row.status == "active" else f" ({row.status})")


def standings_text(standings: Standings) -> str:
    """A fixed-width table a director can read and pin up."""
    after = standings.after_round
    title = f"{plain(standings.event_name)}: standings after round {after}"
    who = "Team" if standings.unit == "team" else "Player"
    show_wins = any(row.wins for row in standings.rows)
    header = ["Place", "No.", who, "Total"] + (["Wins"] if show_wins else [])
    header += [f"R{n}" for n in range(1, after + 1)]
    rows = []
    for row in standings.rows:
        cells = [place_text(row), str(row.number), name_with_status(row), total_text(row)]
        cells += [str(row.wins)] if show_wins else []
        cells += [round_text(row, n) for n in range(1, after + 1)]
        rows.append(cells)
    lines = titled(title) + text_table(header, rows, left={2})
    if not standings.rows:
        lines.append("(nobody to rank yet)")
    notes = standings_legend(standings.rows)
    if notes:
        lines += ["", "; ".join(notes)]
    return "\n".join(lines) + "\n"


def cut_text(result: CutResult, standings: Standings, rules: Rules) -> str:
    """The cut as a director reads it out."""
    names = {row.number: plain(row.name) for row in standings.rows}
    who = "teams" if rules.unit == "team" else "players"
    lines = [f"Cut after round {result.after_round}: {result.size} of {result.field} {who} advance"]
    if result.past_size:
        extra = ", ".join(str(n) for n in result.past_size)
        lines.append(f"  and, by wins, also {extra}")
    lines.append("")
    for seed, number in enumerate(result.advancing, start=1):
        label = f"{seed:>3}." if not result.ties else "   -"
        lines.append(f"{label} {number:>4}  {names[number]}")
    for tie in result.ties:
        lines += ["", tie.describe(rules)]
    return "\n".join(lines) + "\n"


def credits_text(credits: Sequence[Credit], today: dt.date) -> str:
    """Each store credit redeemed, still to redeem, or lapsed ("" when there are none)."""
    if not credits:
        return ""
    lines = ["", "Store credit (redeemed the day of the tournament):"]
    lines += [f"  {plain(credit.text(today))}" for credit in credits]
    return "\n".join(lines) + "\n"


def payouts_text(payouts: Payouts, title: str = "", rules: Rules | None = None) -> str:
    """The pool and the prizes, as the treasurer reads them out (``rules`` names players
    or teams and the sudden-death target where places are undecided)."""
    pool = payouts.pool
    title = plain(title)
    lines = [title, "=" * len(title), ""] if title else []
    received = pool.fees_cents - pool.refunds_cents
    lines.append(f"{'Entry fees received':<21} {format_money(received):>12}")
    if pool.return_percent != 100:
        returned = f"  returned ({pool.return_percent}%)"
        lines.append(f"{returned:<21} {format_money(pool.returned_cents):>12}")
    for label, cents, sign in (
        ("Added money", pool.added_cents, ""),
        ("Fines", pool.fines_cents, ""),
        ("Expenses", pool.expenses_cents, "-"),
    ):
        if cents:
            lines.append(f"{label:<21} {sign + format_money(cents):>12}")
    lines.append(f"{'Prize pool':<21} {format_money(pool.pool_cents):>12}")
    if payouts.prizes_in != "cash":
        lines.append(f"Prizes are paid in {payouts.prizes_in.replace('-', ' ')}.")
    if not payouts.played:
        lines += ["", "No round has been played yet: there are no prizes to show."]
        return "\n".join(lines) + "\n"
    if payouts.provisional:
        lines.append(f"Provisional: {payouts.why}; these prizes may still change.")
    if payouts.final:
        lines.append(f"Final: {payouts.final}.")
    lines.append("")
    if not payouts.prizes and not payouts.undecided:
        lines.append("(no prizes)")
    for prize in payouts.prizes:
        kind = paid_in_text(prize.amount_cents, prize.credit_cents)
        lines.append(
            f"{prize.place:>3}.  {prize.number:>4}  {plain(prize.name):<30} "
            f"{format_money(prize.amount_cents):>12}"
            + (f"  {kind}" if kind != payouts.prizes_in.replace("-", " ") else "")
        )
        if len(prize.players) > 1:
            for share in prize.players:
                amount = format_money(share.amount_cents)
                part = paid_in_text(share.amount_cents, share.credit_cents)
                lines.append(
                    f"{'':13}{plain(share.player):<29} {amount:>12}"
                    + (f"  {part}" if part != payouts.prizes_in.replace("-", " ") else "")
                )
    for item in payouts.undecided:
        lines += ["", _undecided_text(item, rules)]
    return "\n".join(lines) + "\n"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def _undecided_text(item: Undecided, rules: Rules | None) -> str:
    """Who plays for the undecided places, and for how much."""
    unit = rules.unit if rules is not None else "team"
    target = rules.gin.sudden_death_target if rules is not None and rules.gin else None
    first, last = item.places[0], item.places[-1]
    joined = "and" if last == first + 1 else "to"
    places = f"Place {first}" if first == last else f"Places {first} {joined} {last}"
    money = format_money(item.amount_cents)
    who = "players" if unit == "individual" else "teams"
    entrants = _listed(
        [f"{n} {plain(name)}" for n, name in zip(item.entrants, item.names, strict=True)]
    )
    if item.settled_by == "playoffs":
        return f"{places} ({money}) are decided by the playoffs; {who} still in: {entrants}."
    one = len(item.entrants) == 2
    match = "a sudden-death match" if one else "sudden-death matches"
    to = f" to {target}" if target else ""
    return (
        f"{places} ({money}) not decided: {who} {entrants} are tied and must play "
        f"{match}{to}; record the winner{'' if one else 's'} to pay them."
    )


def seating_text(
    seating: RoundSeating, names: Mapping[int, str], title: str, labels: tuple[str, str]
) -> str:
    """Who sits where, a line per table, to read out or pin up."""

    def side(numbers: tuple[int, ...]) -> str:
        return " & ".join(f"{n} {plain(names.get(n, ''))}".rstrip() for n in numbers)

    rows = [[str(t.table), side(t.a), side(t.b)] for t in seating.tables]
    lines = titled(plain(title)) + text_table(["Table", *labels], rows, left={1, 2})
    if seating.byes:
        lines += ["", "Bye: " + ", ".join(side((n,)) for n in seating.byes)]
    return "\n".join(lines) + "\n"


def time_of_day(at: dt.datetime) -> str:
    """A time as a director reads it: ``2:10 PM``."""
    hour = at.hour % 12 or 12
    return f"{hour}:{at:%M} {'AM' if at.hour < 12 else 'PM'}"


def day_and_time(at: dt.datetime) -> str:
    """``Sat 5 Dec 10:15 AM``."""
    return f"{at:%a} {at.day} {at:%b} {time_of_day(at)}"


def pause_text(row: ScheduledRound) -> str:
    """What follows a round: ``Break 15 min``, ``Lunch 90 min`` (``Meal`` when the rules
    give it no name), ``Overnight``, or nothing after the last round."""
    if row.pause_after == "overnight":
        return "Overnight"
    if row.pause_after == "meal":
        return f"{row.pause_name or 'Meal'} {row.pause_minutes} min"
    if row.pause_after == "break":
        return f"Break {row.pause_minutes} min"
    return ""


def schedule_times(
    starts: dt.datetime, warning_at: dt.datetime | None, ends: dt.datetime
) -> tuple[str, str, str]:
    """A round's start, warning and end as the schedule gives them (in the CLI's text and
    on paper): ``Sat 9 Mar 10:15 AM``, ``11:05 AM``, ``11:15 AM``; a
    warning or end on another day with its day, no warning ``-``."""

    def same_day(at: dt.datetime | None) -> str:
        if at is None:
            return "-"
        return time_of_day(at) if at.date() == starts.date() else day_and_time(at)

    return day_and_time(starts), same_day(warning_at), same_day(ends)


def schedule_text(title: str, rounds: tuple[ScheduledRound, ...]) -> str:
    """The timetable as it now stands, one line per round: when it starts (with the day),
    its warning and its end (with the day only when it is another), and what follows."""
    rows = [
        [str(row.number), *schedule_times(row.starts, row.warning_at, row.ends), pause_text(row)]
        for row in rounds
    ]
    header = ["Round", "Starts", "Warning", "Ends", "Then"]
    lines = titled(f"{plain(title)}: schedule") + text_table(header, rows, left={4})
    return "\n".join(lines) + "\n"
