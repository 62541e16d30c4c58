"""Warnings in bid whist (RULES.md §6): a warning, or a loss of hand.

How the rule is read:

- The director logs a warning infraction against a team in a round. The
  team's infractions are counted per round (and kept apart from playoff
  rounds): the count starts again in every round.
- ``penalties.warnings_before_loss`` infractions in a round are warnings;
  each one after them is a loss of hand (the club's 1: the first is a
  warning, the second and any later one a loss of hand). An infraction that
  was ruled a loss of hand still counts in the round.
- No warnings in playoffs: there the first infraction is a loss of hand.
- A format whose rules file does not set ``warnings_before_loss`` has no
  warnings at all; logging one is refused.
- The loss of hand itself is scored as a hand with ``infraction`` set to
  the offending side (``whist.score_hand``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

WarningKind = Literal["warning", "loss-of-hand"]


@dataclass(frozen=True)
class LoggedWarning:
    """A warning infraction the director logged, with the ruling it got."""

    round: int
    team: int
    reason: str
    playoff: bool = False
    kind: WarningKind = "warning"


@dataclass(frozen=True)
class WarningRuling:
    """What a new infraction is; ``count_in_round`` counts it with the team's earlier ones."""

    kind: WarningKind
    count_in_round: int

    @property
    def loss_of_hand(self) -> bool:
        return self.kind == "loss-of-hand"


def in_round(
    logged: Sequence[LoggedWarning], round_number: int, team: int, *, playoff: bool = False
) -> list[LoggedWarning]:
    """The team's infractions logged in this round, in the order given."""
    return [
        w for w in logged if w.round == round_number and w.team == team and w.playoff == playoff
    ]


def warnings_allowed(rules: Rules, *, playoff: bool = False) -> int:
    """Warnings a team has in a round before a loss of hand; UserError where there are none."""
    allowed = rules.penalties.warnings_before_loss
    if allowed is None:
        raise UserError(
            f"warning: {rules.title} has no warnings (its rules set no "
            "penalties.warnings_before_loss)"
        )
    if playoff and rules.cut is None:
        raise UserError(f"playoff: {rules.title} has no playoffs")
    return 0 if playoff else allowed


def rule_on_warning(
    logged: Sequence[LoggedWarning],
    rules: Rules,
    *,
    round_number: int,
    team: int,
    playoff: bool = False,
) -> WarningRuling:
    """The ruling on a new infraction by ``team`` in ``round_number``.

    ``logged`` holds what was logged before (the whole event's log, or only
    this team's in this round: other rounds and teams are not counted).
    """
    allowed = warnings_allowed(rules, playoff=playoff)
    earlier = len(in_round(logged, round_number, team, playoff=playoff))
    count = earlier + 1
    if earlier >= allowed:
        return WarningRuling("loss-of-hand", count)
    return WarningRuling("warning", count)
