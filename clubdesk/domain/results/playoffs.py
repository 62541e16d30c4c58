"""Single-elimination playoffs (bid whist, docs/rules.md §6).

The bracket is the standard seeded bracket: seed 1 plays the lowest seed,
seed 2 the next lowest, ..., and the matches are listed in bracket order so
that the winners of matches 1 and 2 meet next, then those of 3 and 4, and so
on; seeds 1 and 2 are in different halves and can only meet in the final
(for 8 teams: 1 v 8, 4 v 5, 2 v 7, 3 v 6).

A field that is not a power of two is filled up to the next power of two
with byes, which go to the top seeds (12 teams: seeds 1-4 have a bye, 5 v
12, 6 v 11, 7 v 10, 8 v 9 play). A bye is a match with no side B, won by its
side A without play.

Within a match, side A is the better (lower-numbered) seed.

The playoff rounds are the event's rounds after the cut round
(``playoff_rounds``): the first is the bracket, each later one the winners
of the one before, up to the final. A round is named by the matches it has:
final, semi-final, quarter-final, round of 16, ... (``stage_name``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clubdesk.domain.event.model import Round
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError


def has_playoffs(rules: Rules) -> bool:
    """Does the format play a playoff bracket after its rounds (bid whist: the cut comes
    after the last preliminary round)? Its playoff rounds are numbered on from there."""
    return rules.cut is not None and rules.cut.after_round >= rules.schedule.rounds


@dataclass(frozen=True)
class Match:
    """One playoff match: ``number`` is its place in bracket order, 1-based."""

    number: int
    a: int
    b: int | None
    seed_a: int
    seed_b: int | None

    @property
    def bye(self) -> bool:
        return self.b is None

    def __str__(self) -> str:
        if self.b is None:
            return f"match {self.number}: team {self.a} (seed {self.seed_a}) has a bye"
        return (
            f"match {self.number}: team {self.a} (seed {self.seed_a}) "
            f"v team {self.b} (seed {self.seed_b})"
        )


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket order for a power-of-two ``size`` (8: 1 8 4 5 2 7 3 6)."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        width = 2 * len(order)
        order = [s for seed in order for s in (seed, width + 1 - seed)]
    return order


def playoff_bracket(seeds: Sequence[int]) -> list[Match]:
    """First-round matches for teams listed in seed order (``seeds[0]`` is seed 1)."""
    teams = list(seeds)
    if len(teams) < 2:
        raise UserError(f"a playoff needs at least 2 teams; {len(teams)} qualified")
    seen: set[int] = set()
    for team in teams:
        if team in seen:
            raise UserError(f"team {team} is seeded twice in the playoff")
        seen.add(team)
    size = 1
    while size < len(teams):
        size *= 2
    order = bracket_order(size)
    matches = []
    for i in range(0, size, 2):
        high, low = sorted(order[i : i + 2])
        b = teams[low - 1] if low <= len(teams) else None
        matches.append(Match(i // 2 + 1, teams[high - 1], b, high, low if b is not None else None))
    return matches


def next_playoff_round(matches: Sequence[Match], winners: Mapping[int, int]) -> list[Match]:
    """The next round: winners of matches 1 and 2 meet, then 3 and 4, ...

    ``winners`` maps a match number to the team that won it; a bye needs no
    entry. UserError names matches without a result, or a winner who was not
    in the match.
    """
    if len(matches) < 2:
        raise UserError("the final is the last playoff round")
    if len(matches) % 2:
        raise UserError(f"a playoff round has an even number of matches, not {len(matches)}")
    unknown = sorted(set(winners) - {m.number for m in matches})
    if unknown:
        raise UserError(f"there is no playoff match {unknown[0]} in this round")
    missing = [m.number for m in matches if not m.bye and m.number not in winners]
    if missing:
        which = "match" if len(missing) == 1 else "matches"
        listed = ", ".join(str(n) for n in missing)
        raise UserError(
            f"the next playoff round cannot be drawn yet: no result for {which} {listed}"
        )
    advancing: list[tuple[int, int]] = []  # (seed, team) in bracket order
    for m in sorted(matches, key=lambda m: m.number):
        team = winners.get(m.number, m.a)
        if team == m.a:
            advancing.append((m.seed_a, m.a))
        elif team == m.b and m.seed_b is not None:
            advancing.append((m.seed_b, m.b))
        else:
            raise UserError(f"match {m.number}: team {team} did not play in it")
    following = []
    for i in range(0, len(advancing), 2):
        (seed_a, a), (seed_b, b) = sorted(advancing[i : i + 2])
        following.append(Match(i // 2 + 1, a, b, seed_a, seed_b))
    return following


def stage_name(matches: int) -> str:
    """What a playoff round of ``matches`` matches (byes included) is called: "final",
    "semi-final", "quarter-final", else "round of 16", "round of 32", ..."""
    names = {1: "final", 2: "semi-final", 4: "quarter-final"}
    return names.get(matches, f"round of {2 * matches}")


def round_title(number: int, rounds: int, stage: str = "") -> str:
    """How a round is named on screen: "Round 2 of 3"; a playoff round (after the
    format's ``rounds``) by its ``stage``: "Playoffs: semi-final"."""
    if number > rounds:
        return f"Playoffs: {stage}" if stage else f"Playoffs: round {number}"
    return f"Round {number} of {rounds}"


@dataclass(frozen=True)
class PlayoffRound:
    """One playoff round: the event's round ``number``, its ``stage`` (1 for the first
    playoff round), its matches in bracket order and the winners known so far (match
    number -> team; a bye needs none)."""

    number: int
    stage: int
    matches: tuple[Match, ...]
    winners: Mapping[int, int]

    @property
    def name(self) -> str:
        return stage_name(len(self.matches))

    @property
    def final(self) -> bool:
        return len(self.matches) == 1

    @property
    def complete(self) -> bool:
        """Does every match that is played have a result?"""
        return all(m.bye or m.number in self.winners for m in self.matches)

    @property
    def champion(self) -> int | None:
        """The team that won the final (None before it has a result)."""
        if not self.final or not self.complete:
            return None
        match = self.matches[0]
        return self.winners.get(match.number, match.a)

    def advancing(self) -> list[int]:
        """The teams that go on once the round is complete (bye teams and winners), in
        bracket order."""
        return [self.winners.get(m.number, m.a) for m in self.matches]


def playoff_rounds(
    seeds: Sequence[int], cut_round: int, rounds: Sequence[Round]
) -> list[PlayoffRound]:
    """The playoff rounds so far, from the teams that advance (in seed order) and the
    event's rounds: round ``cut_round`` + 1 is the bracket from the cut; each later round
    the winners of the one before. Lists every playoff round the event has, then the next
    one to play once the last is complete (none after the final).

    UserError when a game is not a match of its playoff round, or a round is listed after
    a playoff round not finished or after the final.
    """
    by_number = {r.number: r for r in rounds if r.number > cut_round}
    matches = playoff_bracket(seeds)
    found: list[PlayoffRound] = []
    number = cut_round + 1
    while True:
        round_ = by_number.get(number)
        stage = len(found) + 1
        winners = {} if round_ is None else match_winners(round_, matches, stage)
        current = PlayoffRound(number, stage, tuple(matches), winners)
        found.append(current)
        if not current.complete or current.final:
            break
        matches = next_playoff_round(matches, winners)
        number += 1
    later = sorted(n for n in by_number if n > number)
    if later:
        last = found[-1]
        why = (
            f"the playoffs end with the final in round {number}"
            if last.complete
            else f"playoff round {last.stage} (round {number}) is not finished"
        )
        raise UserError(f"round {later[0]}: there is no such playoff round: {why}")
    return found


def match_winners(round_: Round, matches: Sequence[Match], stage: int) -> dict[int, int]:
    """Match number -> winning team, for the matches of playoff round ``stage`` (the
    event's round ``round_``) with a result; a game found by its two teams."""
    by_teams = {frozenset((m.a, m.b)): m for m in matches if m.b is not None}
    winners: dict[int, int] = {}
    for game in round_.games:
        match = by_teams.get(frozenset((*game.a, *game.b)))
        if match is None:
            teams = " and ".join(str(n) for n in (*game.a, *game.b))
            raise UserError(
                f"round {round_.number}, table {game.table}: teams {teams} do not meet "
                f"in playoff round {stage}"
            )
        side = game.won_by()
        if side is not None:
            winners[match.number] = game.side(side)[0]
    return winners
