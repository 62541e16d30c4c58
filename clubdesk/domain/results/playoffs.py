"""Single-elimination playoffs (bid whist, RULES.md §6).

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clubdesk.errors import UserError


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
