"""The four movements as values, one registry of them: what each needs (a field the draw
fixes, the round before's results, a winner at every table) and how it seats a round from
the draw. The services and the score sheet ask a movement these, never its name."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.draw import Draw
from clubdesk.domain.seating.first_round import first_round, starting_pairs
from clubdesk.domain.seating.stationary import stationary_rotating
from clubdesk.domain.seating.values import RoundSeating

FromDraw = Callable[[Draw, int, Collection[int]], RoundSeating | None]


@dataclass(frozen=True)
class Movement:
    """What a movement needs and does (docs/rules.md; ``seating/__init__.py`` has each)."""

    name: str
    fixed_field: bool  # the round-1 draw fixes the field (its stations, its pairs)
    from_draw: FromDraw  # round N from the draw alone (None: from the results before it)
    winner_moves: str = ""  # what a table's winner does for the next round ("": nothing)
    pairs_after_cut: bool = False  # the players past a cut are drawn into new pairs

    @property
    def from_results(self) -> bool:
        """Each round after the first is seated from who won each table the round before: every
        table needs a winner (a level game's tie decided) while a round follows."""
        return bool(self.winner_moves)


def _stations(draw: Draw, number: int, active: Collection[int]) -> RoundSeating:
    return stationary_rotating(draw, number, active)


def _pairs(draw: Draw, number: int, active: Collection[int]) -> RoundSeating:
    return first_round(draw, active) if number == 1 else starting_pairs(draw, number, active)


def _first_only(draw: Draw, number: int, active: Collection[int]) -> RoundSeating | None:
    return first_round(draw, active) if number == 1 else None


MOVEMENTS: dict[str, Movement] = {
    m.name: m
    for m in (
        Movement("stationary-rotating", fixed_field=True, from_draw=_stations),
        Movement("random-pairs", fixed_field=True, from_draw=_pairs, pairs_after_cut=True),
        Movement("winners-stay", fixed_field=False, from_draw=_first_only,
                 winner_moves="the winning pair stays at the table"),
        Movement("winners-down", fixed_field=False, from_draw=_first_only,
                 winner_moves="the winning pair moves down a table"),
    )
}  # fmt: skip


def movement_of(rules: Rules) -> Movement:
    """The movement ``rules`` seat their rounds by."""
    return MOVEMENTS[rules.seating.movement]
