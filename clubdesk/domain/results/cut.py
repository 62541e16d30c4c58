"""Who advances after the preliminary rounds (docs/rules.md §5 gin, §6 bid whist).

The rules file's ``[cut]`` says after which round, and how many advance:

- ``percent`` (gin): that share of the field, rounded to the nearest player,
  halves up (15 players at 60% -> 9; 5 at 50% -> 3);
- ``sizes`` (bid whist): the first row whose ``min_entrants`` the field
  reaches (17-63 teams -> 16, 64-127 -> 32, 128+ -> 64, 9-16 -> 8, up to
  8 -> 4), never more than the field;
- ``always_advance_wins``: entrants with at least that many wins advance
  even past the cut size.

The field, whose size sets the cut's, is the entrants that played the
preliminaries: everyone seated (at a table or on a bye) in the cut round
``cut.after_round``, whatever became of them since, and every active entrant
(docs/rules.md §6: "the cut size is set by the teams that played the
preliminaries"; with 17 teams 16 advance, also when one withdraws after the
preliminaries). Entrants are taken in standings order, every one listed
ranked, placed for prizes or not (``rank_everyone``). One gone before the
playoffs (withdrawn, removed or ejected, and not seated in the round after the
cut) takes no place: it is passed over and the next entrant advances in its
place; one gone that finished below the line is out, as its results say.
Everyone seated in the round after the cut is in: once that round is seated
the cut stands as it was made, also when one of them withdraws later.

A group sharing a place that straddles the line cannot be split by the
standings: it is reported as a tie needing a sudden-death match (gin) or a
one-hand play-off (bid whist), listing the tied entrants and how many of them
advance, until the director records the tie-break in the cut round
(``event.py``), which the standings then apply.
Entrants of a straddling group who qualify by wins advance anyway and take
places first. Playoff seeding is the order of finish: seed 1 is the best
placed entrant that advances.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clubdesk.domain.event.model import Event
from clubdesk.domain.results.standings import (
    Standings,
    compute_standings,
    tied_groups,
)
from clubdesk.domain.rules import Cut, Rules
from clubdesk.errors import UserError


def cut_size(field: int, cut: Cut) -> int:
    """How many of a field of ``field`` entrants advance (``always_advance_wins`` aside)."""
    if field <= 0:
        return 0
    if cut.percent is not None:
        size = (2 * field * cut.percent + 100) // 200  # nearest, halves up
    else:
        rows = sorted(cut.sizes, key=lambda row: row.min_entrants, reverse=True)
        size = next((row.advance for row in rows if field >= row.min_entrants), 0)
    return min(size, field)


@dataclass(frozen=True)
class TieAtLine:
    """Entrants sharing a place across the cut line; ``places`` of them advance."""

    entrants: tuple[int, ...]
    places: int
    kind: str

    def describe(self, rules: Rules) -> str:
        who = "players" if rules.unit == "individual" else "teams"
        names = ", ".join(str(n) for n in self.entrants[:-1]) + f" and {self.entrants[-1]}"
        spots = "the last place" if self.places == 1 else f"the last {self.places} places"
        one = len(self.entrants) == 2
        if self.kind == "sudden-death":
            target = f" to {rules.gin.sudden_death_target}" if rules.gin is not None else ""
            match = "a sudden-death match" if one else "sudden-death matches"
            how = f"play {match}{target} and record the winner{'' if one else 's'}"
        else:
            hand = "a one-hand play-off" if one else "one-hand play-offs"
            how = f"play {hand} and record the winner{'' if one else 's'}"
        return f"{who} {names} are tied for {spots} that advance: {how}"


@dataclass(frozen=True)
class CutResult:
    after_round: int
    field: int
    size: int
    advancing: tuple[int, ...]
    out: tuple[int, ...]
    ties: tuple[TieAtLine, ...]
    past_size: tuple[int, ...]
    passed_over: tuple[int, ...] = ()  # gone before the playoffs, not out by their results

    @property
    def resolved(self) -> bool:
        return not self.ties

    def seeds(self) -> tuple[tuple[int, int], ...]:
        """(seed, entrant number) for the playoffs: the order of finish."""
        if self.ties:
            raise UserError("the cut is not settled yet: " + "; ".join(
                f"entrants {', '.join(map(str, tie.entrants))} are tied at the line"
                for tie in self.ties
            ))  # fmt: skip
        return tuple(enumerate(self.advancing, start=1))

    def to_json(self) -> dict[str, Any]:
        return {
            "after_round": self.after_round,
            "field": self.field,
            "size": self.size,
            "advancing": list(self.advancing),
            "past_size": list(self.past_size),
            "ties": [{"entrants": list(t.entrants), "places": t.places} for t in self.ties],
            "out": list(self.out),
            "passed_over": list(self.passed_over),
        }


def compute_cut(event: Event, rules: Rules, standings: Standings | None = None) -> CutResult:
    """Who advances, who is out and which ties at the line still need a tie-break."""
    cut = rules.cut
    if cut is None:
        raise UserError(f"{rules.id} has no cut: every entrant plays every round")
    if standings is not None and standings.after_round != cut.after_round:
        raise UserError(
            f"the cut is made after round {cut.after_round}, "
            f"not on standings after round {standings.after_round}"
        )
    if standings is None or not standings.everyone_ranked:
        standings = compute_standings(event, rules, after_round=cut.after_round, rank_everyone=True)
    still_in = {e.number for e in event.entrants if e.status == "active"}
    still_in |= _seated_in(event, cut.after_round + 1)  # the cut as it was made
    played = still_in | _seated_in(event, cut.after_round)
    field = [row for row in standings.rows if row.number in played]
    size = cut_size(len(field), cut)
    wins_needed = cut.always_advance_wins
    advancing: list[int] = []
    out: list[int] = []
    ties: list[TieAtLine] = []
    past: list[int] = []
    passed: list[int] = []
    places_left = size
    for whole in tied_groups(field):
        gone = [row.number for row in whole if row.number not in still_in]
        (passed if places_left else out).extend(gone)
        group = [row for row in whole if row.number in still_in]
        qualified = [r for r in group if wins_needed is not None and r.wins >= wins_needed]
        others = [r for r in group if r not in qualified]
        for row in qualified:
            advancing.append(row.number)
            if places_left:
                places_left -= 1
            else:
                past.append(row.number)
        if len(others) <= places_left:
            advancing.extend(row.number for row in others)
            places_left -= len(others)
        elif places_left == 0:
            out.extend(row.number for row in others)
        else:
            ties.append(TieAtLine(tuple(r.number for r in others), places_left, cut.tie))
            places_left = 0
    return CutResult(
        after_round=cut.after_round,
        field=len(field),
        size=size,
        advancing=tuple(advancing),
        out=tuple(out),
        ties=tuple(ties),
        past_size=tuple(past),
        passed_over=tuple(passed),
    )


def _seated_in(event: Event, number: int) -> set[int]:
    """Everyone seated (or on a bye) in round ``number``. In the round after the cut: the
    cut was made with them, so one who withdraws later stays in it (the rounds seated from
    it stand); in the cut round: the entrants that played the preliminaries."""
    found: set[int] = set()
    for round_ in event.rounds:
        if round_.number == number:
            found.update(round_.byes)
            found.update(n for game in round_.games for n in game.entrants)
    return found
