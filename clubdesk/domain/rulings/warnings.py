"""Warnings: in bid whist (docs/rules.md §6) a warning, or a loss of hand the director confirms;
in the Grand Prix (§1) a warning for conduct, which never costs the hand.

How the rule is read (seed 004: "the team causing the infraction will be
given a warning. Any further infractions may result in the loss of the hand.
There will be no warnings allowed during the Playoff Rounds"):

- The director logs a warning infraction against a team seated at a table
  in a round. A team's infractions are counted over the whole event, every
  round together: the count never starts again.
- A team's first ``penalties.warnings_before_loss`` infractions are warnings
  (the club's 1: the first). Each one after them, in any later round too,
  *proposes* a loss of hand: the director decides ("may result in"), and
  the infraction is logged as the loss of hand confirmed, or as a further
  warning. An infraction ruled either way counts for the next one.
- No warnings in playoffs: there every infraction is a loss of hand, the
  first too; nothing to decide.
- A format whose rules file sets ``penalties.conduct_warnings`` logs
  warnings for conduct (seed 000: "will result in the opponents receiving a
  warning for conduct"): counted per team over the event like bid whist's,
  every one a warning, never a loss of hand.
- A format whose rules file sets neither has no warnings at all; logging
  one is refused.
- The loss of hand itself is scored as a hand on the table's sheet with
  ``infraction`` set to the offending side (``whist.score_hand``): the other
  side scores the bid.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

WarningKind = Literal["warning", "loss-of-hand"]
WARNING_KINDS: tuple[str, ...] = ("warning", "loss-of-hand")


@dataclass(frozen=True)
class LoggedWarning:
    """A warning infraction the director logged, with the ruling it got."""

    round: int
    team: int
    reason: str
    playoff: bool = False
    kind: WarningKind = "warning"
    at: dt.datetime | None = None

    @property
    def text(self) -> str:
        """``Round 2: warning (talking across the table)``."""
        what = "loss of hand" if self.kind == "loss-of-hand" else "warning"
        return f"Round {self.round}: {what} ({self.reason})"


@dataclass(frozen=True)
class WarningRuling:
    """What a new infraction is: a ``warning``, or a ``loss-of-hand`` (proposed to the
    director in the preliminaries, certain in the playoffs). ``count`` numbers it among
    the team's infractions over the event; ``earlier`` holds those logged before it."""

    kind: WarningKind
    count: int
    playoff: bool = False
    earlier: tuple[LoggedWarning, ...] = ()
    conduct: bool = False  # a warning for conduct: never a loss of hand

    @property
    def loss_of_hand(self) -> bool:
        return self.kind == "loss-of-hand"

    @property
    def to_decide(self) -> bool:
        """Is a loss of hand only proposed, for the director to confirm?"""
        return self.loss_of_hand and not self.playoff

    @property
    def text(self) -> str:
        """``Warning 1``; ``Loss of hand proposed: confirm?``; in the playoffs ``Loss of
        hand (no warnings in the playoffs)``."""
        if not self.loss_of_hand:
            warned = sum(1 for w in self.earlier if w.kind == "warning") + 1
            return f"Warning {warned}"
        if self.playoff:
            return "Loss of hand (no warnings in the playoffs)"
        return "Loss of hand proposed: confirm?"


def of_team(logged: Sequence[LoggedWarning], team: int) -> list[LoggedWarning]:
    """The team's infractions over the whole event, in the order given."""
    return [w for w in logged if w.team == team]


def has_warnings(rules: Rules) -> bool:
    """Does the format log warnings (bid whist's, or warnings for conduct)?"""
    penalties = rules.penalties
    return penalties.conduct_warnings or penalties.warnings_before_loss is not None


def warnings_allowed(rules: Rules, *, playoff: bool = False) -> int | None:
    """Warnings a team has over the event before a loss of hand is proposed (None: every
    infraction is a warning, for conduct); UserError where the format has none."""
    if not has_warnings(rules):
        raise UserError(
            f"warning: {rules.title} has no warnings (its rules set neither "
            "penalties.warnings_before_loss nor penalties.conduct_warnings)"
        )
    if playoff and rules.cut is None:
        raise UserError(f"playoff: {rules.title} has no playoffs")
    if rules.penalties.conduct_warnings:
        return None
    return 0 if playoff else rules.penalties.warnings_before_loss


def rule_on_warning(
    logged: Sequence[LoggedWarning], rules: Rules, *, team: int, playoff: bool = False
) -> WarningRuling:
    """What a new infraction by ``team`` is, given what was logged before it (the whole
    event's log, or only this team's: other teams are not counted)."""
    allowed = warnings_allowed(rules, playoff=playoff)
    earlier = tuple(of_team(logged, team))
    lost = allowed is not None and len(earlier) >= allowed
    kind: WarningKind = "loss-of-hand" if lost else "warning"
    return WarningRuling(kind, len(earlier) + 1, playoff, earlier, conduct=allowed is None)


def decided(ruling: WarningRuling, loss_of_hand: bool | None, team: int) -> WarningKind:
    """The ruling logged: the director's answer to a proposed loss of hand (True: confirmed,
    False: a further warning). None is the ruling as it stands, where nothing is proposed;
    a first infraction is a warning, and the playoffs give no warning."""
    if ruling.to_decide:
        if loss_of_hand is None:
            raise UserError(
                f"loss_of_hand: team {team} has had its warning; a loss of hand is proposed: "
                "say whether the director confirms it",
                field="loss_of_hand",
            )
        return "loss-of-hand" if loss_of_hand else "warning"
    if loss_of_hand is True and ruling.conduct:
        raise UserError(
            f"loss_of_hand: team {team}'s infraction is a warning for conduct, which never "
            "costs the hand",
            field="loss_of_hand",
        )
    if loss_of_hand is True and not ruling.loss_of_hand:
        raise UserError(
            f"loss_of_hand: team {team}'s first infraction is a warning, not a loss of hand",
            field="loss_of_hand",
        )
    if loss_of_hand is False and ruling.playoff:
        raise UserError(
            "loss_of_hand: there are no warnings in the playoffs: an infraction there "
            "is a loss of hand",
            field="loss_of_hand",
        )
    return ruling.kind


def check_log(logged: Sequence[LoggedWarning], rules: Rules) -> list[tuple[int, str]]:
    """Each warning of a log (an event file's) the director could not have logged so, as
    (its index, the problem in words): a first infraction ruled a loss of hand, a warning in
    the playoffs. A further infraction may be either (the director's decision)."""
    found = []
    for index, warning in enumerate(logged):
        try:
            ruling = rule_on_warning(logged[:index], rules, team=warning.team,
                                     playoff=warning.playoff)  # fmt: skip
            decided(ruling, warning.kind == "loss-of-hand", warning.team)
        except UserError as exc:
            found.append((index, str(exc).removeprefix("loss_of_hand: ")))
    return found
