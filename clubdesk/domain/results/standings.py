"""Standings: round scores, drops, totals, wins and places (docs/rules.md §1, §3, §5, §6).

Computed from the event's facts every time; nothing here is stored. The
rules passed in are the event's rules with its settings applied
(``event.event_rules``).

How each rule is read:

- An entrant's round score is its side's game score (adjustments, such as
  100 points to the opponents of a late team, are already in it). In the
  individual partnership formats each player scores the pair's score.
- A bye scores by ``seating.bye_score``:
  ``average-winning``: the average of the winning scores of the round, i.e.
  the higher score of every game that has a score and no award (a tie's
  score counts once), rounded to the nearest point, halves up (integer
  arithmetic, also for negative averages: floor(x + 1/2));
  ``average-match`` (gin): the average of all match scores of the round,
  i.e. both players' scores of every match with a score and no award (one
  match is one game), rounded the same way;
  ``none``: 0. A round with no game to average gives the director's award, given at its
  close (``model.needs_award``, docs/rules.md §1). A bye is not a win.
- Awards: ``dq`` against a side: it scores 0, the other side the round's
  average winning score (as for a bye, whatever the bye rule); ``removed``:
  0 and ``penalties.removed_award_points`` (500). The side not against wins.
  An award decides the game: a score recorded beside it is not used. A side removed
  from the table played that game (kind ``removed``); every other award is kind
  ``award``.
- A game won: the higher score, or on equal scores the game's ``winner``
  (a tie without one is won by nobody).
- An entrant not seated in a round (joined late, or withdrawn) scores 0.
- A table whose sheet is missing when the director closes the round (after
  naming it) has no score: both sides score 0 for the round, neither wins,
  and the game is not one "actually played" for a bye's average. The round
  counts as complete once closed; undoing the close takes that back.
- ``standings.drop_lowest`` of the entrant's round scores are not counted.
  Only a game the entrant played can be dropped (seed 000: "their lowest
  score of one of their 11 games which they played"): a bye, an award for
  the opponents' absence, a DQ for lateness against the entrant (it never sat
  down to that game) and a round it sat out always count; a game played whose
  sheet never came in (a 0), and the 0 of a team removed from the table for the
  round (it did play that game), may be dropped. Of equal scores the earliest
  round is dropped. At least one round always counts (after round 1 nothing is
  dropped when one would be).
- Ranking follows ``standings.rank_by``: total (pinochle, gin) or wins then
  total (bid whist). Tie-breaks recorded in the rounds counted (sudden death,
  play-off hand; see ``event.py``) then act: in gin the winner gets
  ``gin.sudden_death_bonus`` (+1) on its total (not on a round score); and
  among entrants still level, one that won more recorded tie-breaks against
  the others in that group ranks ahead.
- Entrants still level share a place (1, 2, 2, 4), are flagged ``tied`` and
  are listed in entrant-number order.
- Who is listed: every active entrant; a withdrawn entrant, or one the
  director removed from the tournament (bid whist: ejected), once it has
  taken part in a counted round (a game or a bye), marked with its status.
- Who is placed (an entrant withdrawn, removed or ejected before the last
  round is listed, marked, and not placed for prizes; places and prizes pass
  to the next): every active entrant, and a withdrawn one that was seated in the
  format's last round (``schedule.rounds``: it withdrew once its event was
  played). An entrant removed from the tournament is never placed (seed 000:
  removed from the tournament, all fees forfeited; seed 004: ejected). The
  entrants not placed are listed after the placed ones, ranked among
  themselves, without a place (``place`` None); the placed ones take the
  places 1, 2, 3, ... as if the others were not there.
- ``after_round`` N counts rounds 1..N; each must be complete (every game has a score or
  an award, or the round is closed; one with no game played, its award). Left out, it is
  the last round of the unbroken run of complete rounds from round 1 (0 before any). The
  standings count the format's rounds (``schedule.rounds``) only: bid whist's playoff
  rounds after them are a bracket (``playoffs.py``), not standings rounds.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from clubdesk.domain.event.model import Event, Round, Tiebreak, awaiting_award
from clubdesk.domain.rules import Rules
from clubdesk.domain.rulings.penalties import status_word
from clubdesk.errors import UserError

ResultKind = Literal["game", "bye", "award", "removed", "absent", "pending", "no-sheet"]


@dataclass(frozen=True)
class RoundResult:
    """What one entrant scored in one round, and how."""

    score: int
    won: bool
    kind: ResultKind


@dataclass(frozen=True)
class StandingRow:
    place: int | None  # None: listed, not placed (module docstring)
    number: int
    name: str
    total: int
    rounds: tuple[int, ...]
    dropped: tuple[int, ...]
    wins: int
    tied: bool
    players: tuple[str, ...] = ()
    bonus: int = 0
    byes: tuple[int, ...] = ()
    absent: tuple[int, ...] = ()
    status: str = "active"  # as the format names it: withdrawn, removed, ejected

    @property
    def placed(self) -> bool:
        """Does the entrant hold a place (one withdrawn early or removed does not)?"""
        return self.place is not None

    def to_json(self) -> dict[str, Any]:
        written = {
            "place": self.place,
            "number": self.number,
            "name": self.name,
            "total": self.total,
            "rounds": list(self.rounds),
            "dropped": list(self.dropped),
            "wins": self.wins,
            "tied": self.tied,
        }
        if self.status != "active":
            written["status"] = self.status
        return written


@dataclass(frozen=True)
class Standings:
    event: str
    event_name: str
    rules: str
    unit: Literal["team", "individual"]
    after_round: int
    rows: tuple[StandingRow, ...]
    everyone_ranked: bool = False  # every listed entrant placed by rank (for the cut)

    def row(self, number: int) -> StandingRow:
        for row in self.rows:
            if row.number == number:
                return row
        raise UserError(f"entrant {number} is not in the standings")

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "rules": self.rules,
            "after_round": self.after_round,
            "rows": [row.to_json() for row in self.rows],
        }


def tied_groups(rows: Sequence[StandingRow]) -> list[list[StandingRow]]:
    """Rows in standings order, grouped by place: rows sharing a place (a tie) share a group."""
    groups: list[list[StandingRow]] = []
    for row in rows:
        if groups and groups[-1][0].place == row.place:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


# --- round results ------------------------------------------------------------------------


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to the nearest whole number, halves up: floor(x + 1/2)."""
    if denominator <= 0:
        raise ValueError("denominator must be positive")
    return (2 * numerator + denominator) // (2 * denominator)


def _played(round_: Round) -> list[tuple[int, int]]:
    return [(game.score.a, game.score.b) for game in round_.played if game.score is not None]


def _average(scores: list[int], round_: Round) -> int:
    """Halves up; no game played: the director's award (0 before one is given)."""
    if scores:
        return round_half_up(sum(scores), len(scores))
    return round_.award.points if round_.award is not None else 0


def average_winning_score(round_: Round) -> int:
    """The average of the higher score of every game played (no award), ``_average``."""
    return _average([max(pair) for pair in _played(round_)], round_)


def average_match_score(round_: Round) -> int:
    """The average of both sides' scores of every game played (no award), ``_average``."""
    return _average([score for pair in _played(round_) for score in pair], round_)


def bye_score(round_: Round, rules: Rules) -> int:
    """What a bye scores in this round under ``seating.bye_score``."""
    kind = rules.seating.bye_score
    if kind == "average-winning":
        return average_winning_score(round_)
    if kind == "average-match":
        return average_match_score(round_)
    return 0


def round_results(event: Event, rules: Rules, number: int) -> dict[int, RoundResult]:
    """Every seated entrant's result in round ``number`` (games, awards and byes)."""
    round_ = event.round(number)
    average_winning = average_winning_score(round_)
    results: dict[int, RoundResult] = {}
    for game in round_.games:
        winner = game.won_by()
        for side in ("a", "b"):
            if game.award is not None:
                kind: ResultKind = "award"
                if side == game.award.against:
                    score = 0
                    if game.award.kind == "removed":  # it sat down to the game: it played
                        kind = "removed"
                elif game.award.kind == "dq":
                    score = average_winning
                else:
                    score = rules.penalties.removed_award_points
                result = RoundResult(score, side == winner, kind)
            elif game.score is not None:
                result = RoundResult(game.score.of(side), side == winner, "game")
            elif round_.closed:  # closed without this table's sheet: no score
                result = RoundResult(0, False, "no-sheet")
            else:
                result = RoundResult(0, False, "pending")
            for entrant in game.side(side):
                results[entrant] = result
    scored = bye_score(round_, rules)
    for entrant in round_.byes:
        results[entrant] = RoundResult(scored, False, "bye")
    return results


def last_complete_round(event: Event) -> int:
    """The last round of the unbroken run of complete rounds from round 1 (0 if none)."""
    last = 0
    for round_ in event.rounds:
        if not round_.complete:
            break
        last = round_.number
    return last


def _check_after_round(event: Event, rules: Rules, after_round: int | None) -> int:
    rounds = rules.schedule.rounds
    if after_round is None:
        upto = min(last_complete_round(event), rounds)
        waiting = awaiting_award(event.rounds[:upto], rules)  # no silent 0 before its award
        return upto if waiting is None else waiting.number - 1
    if after_round < 0:
        raise UserError(f"after round {after_round}: a round number is 1 or more")
    if after_round > len(event.rounds):
        raise UserError(
            f"after round {after_round}: round {after_round} has not been played "
            f"(the event has {len(event.rounds)} so far)"
        )
    if after_round > rounds:
        raise UserError(
            f"after round {after_round}: round {after_round} is a playoff round; "
            f"the standings end with round {rounds}"
        )
    for round_ in event.rounds[:after_round]:
        if not round_.complete:
            missing = round_.undecided_tables()
            if missing:
                tables = ", ".join(str(t) for t in missing)
                raise UserError(
                    f"after round {after_round}: round {round_.number} is not finished "
                    f"(no result yet at table{'s' if len(missing) > 1 else ''} {tables})"
                )
            raise UserError(f"after round {after_round}: round {round_.number} seats nobody")
    waiting = awaiting_award(event.rounds[:after_round], rules)
    if waiting is not None:
        raise UserError(f"after round {after_round}: round {waiting.number} had no game "
                        "played; its award is given when the director closes it")  # fmt: skip
    return after_round


# --- standings ----------------------------------------------------------------------------


# what an entrant's round was, where it is one it played (a game it can throw out)
PLAYED: frozenset[ResultKind] = frozenset({"game", "removed", "no-sheet"})
_ABSENT = RoundResult(0, False, "absent")  # an entrant not seated in a round


def dropped_rounds(
    scores: tuple[int, ...], drop: int, played: tuple[bool, ...] | None = None
) -> tuple[int, ...]:
    """The round numbers (1-based) of the ``drop`` lowest scores; of equals, the earliest.

    ``played`` says per round whether it was a game the entrant played (None: every
    round); only those can be dropped. At least one round is always kept.
    """
    count = min(drop, max(len(scores) - 1, 0))
    rounds = [i for i in range(len(scores)) if played is None or played[i]]
    lowest = sorted(rounds, key=lambda i: (scores[i], i))[:count]
    return tuple(sorted(i + 1 for i in lowest))


@dataclass
class _Line:
    """One entrant's standing while it is worked out."""

    number: int
    rounds: list[int]
    played: list[bool] = field(default_factory=list)  # per round: a game it may throw out
    wins: int = 0
    byes: list[int] = field(default_factory=list)
    absent: list[int] = field(default_factory=list)
    took_part: bool = False
    bonus: int = 0
    dropped: tuple[int, ...] = ()
    total: int = 0

    def rank_value(self, name: str) -> int:
        return self.wins if name == "wins" else self.total


def compute_standings(
    event: Event, rules: Rules, after_round: int | None = None, *, rank_everyone: bool = False
) -> Standings:
    """The standings after round ``after_round`` (default: the last complete round).

    ``rank_everyone``: every entrant listed takes a place by its results, also one not
    placed for prizes (the cut ranks them so, to pass over those gone)."""
    upto = _check_after_round(event, rules, after_round)
    lines, finished = _lines(event, rules, upto)
    return _ranked(event, rules, upto, lines, finished, rank_everyone=rank_everyone)


def standings_with_running(
    event: Event, rules: Rules
) -> tuple[Standings, dict[int, tuple[int, ...]]]:
    """The standings after the last complete round, and every entrant's total after round
    1, 2, ... up to it, each as the standings after that round give it (0 after a round
    where the entrant is not listed yet). The rounds are read once for all of it, not once
    for each round's standings."""
    upto = _check_after_round(event, rules, None)
    lines, finished = _lines(event, rules, upto)
    running = _running(event, rules, upto, lines)
    return _ranked(event, rules, upto, lines, finished, rank_everyone=False), running


def _ranked(
    event: Event,
    rules: Rules,
    upto: int,
    lines: dict[int, _Line],
    finished: set[int],
    *,
    rank_everyone: bool,
) -> Standings:
    """The standings from every entrant's rounds: bonus, drops, totals, places."""
    tiebreaks = [t for r in event.rounds[:upto] for t in r.tiebreaks]
    bonus = rules.gin.sudden_death_bonus if rules.gin is not None else 0
    for tiebreak in tiebreaks:
        if tiebreak.winner_number in lines:
            lines[tiebreak.winner_number].bonus += bonus
    for line in lines.values():
        line.dropped, line.total = _counted(line.rounds, line.played, rules, line.bonus)
    entrants = {e.number: e for e in event.entrants}
    status = {number: entrant.status for number, entrant in entrants.items()}
    listed = [line for line in lines.values() if status[line.number] == "active" or line.took_part]
    placed = [
        line
        for line in listed
        if rank_everyone or _placed(status[line.number], line.number in finished)
    ]
    placed_numbers = {line.number for line in placed}
    not_placed = [line for line in listed if line.number not in placed_numbers]
    ranked = _place(placed, rules.standings.rank_by, tiebreaks)
    after = _place(not_placed, rules.standings.rank_by, [])
    ranked += [(None, False, line) for _, _, line in after]
    rows = []
    for place, tied, line in ranked:
        entrant = entrants[line.number]
        rows.append(
            StandingRow(
                place=place,
                number=line.number,
                name=entrant.name,
                total=line.total,
                rounds=tuple(line.rounds),
                dropped=line.dropped,
                wins=line.wins,
                tied=tied,
                players=entrant.players,
                bonus=line.bonus,
                byes=tuple(line.byes),
                absent=tuple(line.absent),
                status=status_word(rules, entrant.status),
            )
        )
    return Standings(event.id, event.name, rules.id, rules.unit, upto, tuple(rows), rank_everyone)


def _running(
    event: Event, rules: Rules, upto: int, lines: dict[int, _Line]
) -> dict[int, tuple[int, ...]]:
    """Each entrant's total after round 1, 2, ... ``upto`` from its rounds: the lowest
    rounds played kept in order as the rounds are added, ``dropped_rounds``' rule taken
    from them, the tie-break bonus as won round by round."""
    bonus = rules.gin.sudden_death_bonus if rules.gin is not None else 0
    won: dict[int, list[int]] = defaultdict(lambda: [0] * upto)  # entrant -> bonus by round
    for index, round_ in enumerate(event.rounds[:upto]):
        for tiebreak in round_.tiebreaks:
            if tiebreak.winner_number in lines:
                won[tiebreak.winner_number][index] += bonus
    active = {e.number for e in event.entrants if e.status == "active"}
    drop = rules.standings.drop_lowest
    found: dict[int, tuple[int, ...]] = {}
    for number, line in lines.items():
        totals: list[int] = []
        lowest: list[tuple[int, int]] = []  # (score, round index) of the rounds played
        absent = set(line.absent)
        earned = whole = 0
        listed = number in active  # or, from its first round seated on
        for index in range(upto):
            whole += line.rounds[index]
            earned += won[number][index] if number in won else 0
            if line.played[index]:
                bisect.insort(lowest, (line.rounds[index], index))
            listed |= index + 1 not in absent
            dropped = lowest[: min(drop, index)]  # at least one round always counts
            totals.append(whole - sum(score for score, _ in dropped) + earned if listed else 0)
        found[number] = tuple(totals)
    return found


def _lines(event: Event, rules: Rules, upto: int) -> tuple[dict[int, _Line], set[int]]:
    """Every entrant's rounds 1..``upto`` (without tie-break bonus, drops or total), and the
    entrants seated in the format's last round."""
    lines = {e.number: _Line(e.number, [], played=[], byes=[], absent=[]) for e in event.entrants}
    finished: set[int] = set()  # seated in the format's last round
    for number in range(1, upto + 1):
        results = round_results(event, rules, number)
        for line in lines.values():
            result = results.get(line.number, _ABSENT)
            line.rounds.append(result.score)
            line.played.append(result.kind in PLAYED)
            line.wins += result.won
            line.took_part |= result.kind != "absent"
            if number == rules.schedule.rounds and result.kind != "absent":
                finished.add(line.number)
            if result.kind == "bye":
                line.byes.append(number)
            elif result.kind == "absent":
                line.absent.append(number)
    return lines, finished


def _counted(
    rounds: list[int], played: list[bool], rules: Rules, bonus: int
) -> tuple[tuple[int, ...], int]:
    """The rounds dropped and the total: the rounds kept, and the tie-break bonus."""
    dropped = dropped_rounds(tuple(rounds), rules.standings.drop_lowest, tuple(played))
    kept = (s for i, s in enumerate(rounds, start=1) if i not in dropped)
    return dropped, sum(kept) + bonus


def _placed(status: str, finished: bool) -> bool:
    """Is an entrant of this status placed: active, or withdrawn after playing the format's
    last round (never one removed from the tournament)?"""
    return status == "active" or (status == "withdrawn" and finished)


def _place(
    lines: list[_Line], rank_by: tuple[str, ...], tiebreaks: list[Tiebreak]
) -> list[tuple[int | None, bool, _Line]]:
    """Order by ``rank_by``; among equals, by tie-breaks won against each other; else shared."""
    groups: dict[tuple[int, ...], list[_Line]] = defaultdict(list)
    for line in lines:
        groups[tuple(line.rank_value(name) for name in rank_by)].append(line)
    placed: list[tuple[int | None, bool, _Line]] = []
    for group_key in sorted(groups, reverse=True):
        group = groups[group_key]
        members = {line.number for line in group}
        beaten: dict[int, int] = defaultdict(int)
        for tiebreak in tiebreaks:
            if tiebreak.winner_number in members and tiebreak.loser_number in members:
                beaten[tiebreak.winner_number] += 1
        levels: dict[int, list[_Line]] = defaultdict(list)
        for line in group:
            levels[beaten[line.number]].append(line)
        for level in sorted(levels, reverse=True):
            level_lines = sorted(levels[level], key=lambda line: line.number)
            place = len(placed) + 1
            placed.extend((place, len(level_lines) > 1, line) for line in level_lines)
    return placed
