"""Ties the rules settle at the table, who must play them, and how a result is filed
(docs/rules.md §5 gin, §6 bid whist).

Two kinds of tie are not shared but played off:

- **At the cut line** (gin after its starting round, bid whist after the
  preliminaries): entrants level across the line (``cut.py``: a group sharing a
  place that the cut would split) play gin's sudden-death match to 60 or bid
  whist's one-hand play-off. Due once the cut round is complete; the result is
  filed in the cut round.
- **For a prize in gin's final order** (a format whose cut comes before its
  last round and whose ties go to sudden death): seed 003, "In the event of a
  tie, a sudden death match, as stipulated above, will be played between the
  tied players." Due once the last round is complete, for active entrants who
  share a place that carries a prize (a place of the payout scheme); ties below
  the prizes share their place. Filed in the last round, where the standings
  count it (+1 for the winner) and the payouts follow it.

Recording one (``tiebreak_rows``): ``between`` names two or more entrants of
one tie that is due, ``winner`` one of them. The winner beats each of the
others: the result is filed as one pairwise tie-break per other entrant, the
winner on side a or b as the numbers fall (lower number on side a). In gin
each carries the sudden-death bonus, so a winner over two others gains +2, as
one who won two sudden-death matches would. The others are not ranked among
themselves by it: where they still straddle the line (or share a paid place)
the tie is due again, between them alone, and the page still says who must
play. Naming fewer entrants than the whole tie (two matches played at once in a
four-way tie, say) records just those results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from clubdesk.domain.event.model import Event, Tiebreak
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.results.standings import (
    StandingRow,
    Standings,
    compute_standings,
    last_complete_round,
    tied_groups,
)
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

Where = Literal["cut", "final"]


@dataclass(frozen=True)
class TieDue:
    """Entrants who must play a tie-break before the standings can say who goes on (or
    who takes a prize); ``round_number`` is the round it is filed in."""

    entrants: tuple[int, ...]
    kind: str  # "sudden-death" or "play-off-hand" (the format's cut.tie)
    where: Where
    round_number: int
    total: int  # the total they are level on
    wins: int | None  # the wins they are level on, where the format ranks by wins
    advance: int = 0  # at the cut: how many of them go on
    place: int = 0  # in the final order: the place they share

    def describe(self, unit: str) -> str:
        """One line: "Sudden death due: players 4 and 9 (tied at 412 across the cut)"."""
        what = "Sudden death" if self.kind == "sudden-death" else "One-hand play-off"
        who = "players" if unit == "individual" else "teams"
        level = f"{self.total}"
        if self.wins is not None:
            level = f"{self.wins} win{'' if self.wins == 1 else 's'} and {self.total} points"
        if self.where == "cut":
            at = f"tied at {level} across the cut"
            if len(self.entrants) > 2 or self.advance != 1:
                goes = "advances" if self.advance == 1 else "advance"
                at += f"; {self.advance} of them {goes}"
        else:
            at = f"tied at {level} for {ordinal(self.place)} place"
        return f"{what} due: {who} {listed(self.entrants)} ({at})"


def listed(numbers: Sequence[int]) -> str:
    """``4 and 9``; ``4, 7 and 9``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def prize_places(rules: Rules) -> int:
    """How many places of the final order carry a prize."""
    return max((p.place for p in rules.money.payout), default=1)


def final_ties_by_sudden_death(rules: Rules) -> bool:
    """Does a tie in the final order go to sudden death (gin), rather than share (no cut)
    or follow a playoff bracket (bid whist)?"""
    cut = rules.cut
    return cut is not None and cut.tie == "sudden-death" and not has_playoffs(rules)


def ties_due(event: Event, rules: Rules) -> tuple[TieDue, ...]:
    """Every tie-break the standings call for now (module docstring), the cut's first."""
    cut = rules.cut
    if cut is None:
        return ()
    done = last_complete_round(event)
    found: list[TieDue] = []
    if done >= cut.after_round:
        at_cut = compute_standings(event, rules, after_round=cut.after_round, rank_everyone=True)
        for tie in compute_cut(event, rules, at_cut).ties:
            row = at_cut.row(tie.entrants[0])
            found.append(
                TieDue(
                    tie.entrants,
                    cut.tie,
                    "cut",
                    cut.after_round,
                    row.total,
                    _wins(row, rules),
                    advance=tie.places,
                )  # fmt: skip
            )
    last = rules.schedule.rounds
    if final_ties_by_sudden_death(rules) and done >= last and last > cut.after_round:
        found += final_ties(event, rules, compute_standings(event, rules, after_round=last))
    return tuple(found)


def final_ties(event: Event, rules: Rules, standings: Standings) -> list[TieDue]:
    """The ties for a prize in the final order ``standings`` (after the last round)."""
    if not final_ties_by_sudden_death(rules) or standings.after_round < rules.schedule.rounds:
        return []
    assert rules.cut is not None
    active = {e.number for e in event.entrants if e.status == "active"}
    paid = prize_places(rules)
    found = []
    for group in tied_groups([row for row in standings.rows if row.placed]):
        playing = [row for row in group if row.number in active]
        if len(group) > 1 and len(playing) > 1 and (group[0].place or 0) <= paid:
            first = playing[0]
            found.append(
                TieDue(
                    tuple(r.number for r in playing),
                    rules.cut.tie,
                    "final",
                    standings.after_round,
                    first.total,
                    _wins(first, rules),
                    place=first.place,
                )  # fmt: skip
            )
    return found


def _wins(row: StandingRow, rules: Rules) -> int | None:
    return row.wins if "wins" in rules.standings.rank_by else None


def tiebreak_rows(
    event: Event, rules: Rules, between: Sequence[int], winner: int
) -> tuple[int, tuple[Tiebreak, ...]]:
    """The round to file in and the pairwise tie-breaks that record ``winner`` beating each
    of the others ``between`` names; UserError naming ``between`` or ``winner`` when the
    standings hold no such tie (module docstring)."""
    cut = rules.cut
    who = "players" if rules.unit == "individual" else "teams"
    if cut is None:
        raise UserError(
            f"between: {rules.title} breaks no ties at the table: entrants level share "
            "their place", field="between",
        )  # fmt: skip
    names = list(between)
    if len(names) < 2:
        raise UserError(f"between: name at least two tied {who}, e.g. 4,9", field="between")
    seen: set[int] = set()
    numbers = {e.number for e in event.entrants}
    for number in names:
        if number in seen:
            raise UserError(f"between: {number} is named twice", field="between")
        if number not in numbers:
            raise UserError(f"between: there is no entrant {number} in this event",
                            field="between")  # fmt: skip
        seen.add(number)
    if winner not in seen:
        raise UserError(f"winner: {winner} is not one of {listed(names)}", field="winner")
    due = ties_due(event, rules)
    tie = next((t for t in due if seen <= set(t.entrants)), None)
    if tie is None:
        what = "sudden-death match" if cut.tie == "sudden-death" else "one-hand play-off"
        text = f"between: the standings hold no tie between {listed(sorted(seen))} for a {what}"
        if due:
            text += "; due: " + "; ".join(listed(t.entrants) for t in due)
        raise UserError(text, field="between")
    rows = []
    for other in names:
        if other != winner:
            a, b = sorted((winner, other))
            rows.append(Tiebreak(a, b, "a" if winner == a else "b"))
    return tie.round_number, tuple(rows)
