"""The director's rulings on lateness (docs/rules.md §1), from the rules file's numbers.

"More than 5 minutes late" means over the threshold: 5 minutes late is on
time, 6 is late. Late past ``late_minutes``: ``late_points`` to the
opponents, as an adjustment line on the sheet. Late past ``dq_minutes``: the
late side scores 0 for the round and the opponents the round's average
winning score (a ``dq`` award; the standings compute it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError


@dataclass(frozen=True)
class LateRuling:
    kind: Literal["on-time", "points", "disqualified"]
    points: int  # to the opponents, for "points"
    text: str


def late_ruling(minutes_late: int, rules: Rules) -> LateRuling:
    """What being ``minutes_late`` minutes late costs a side under these rules."""
    if isinstance(minutes_late, bool) or not isinstance(minutes_late, int) or minutes_late < 0:
        raise UserError(f"minutes: must be a whole number of minutes, not {minutes_late!r}")
    penalties = rules.penalties
    if penalties.dq_minutes is not None and minutes_late > penalties.dq_minutes:
        return LateRuling(
            "disqualified",
            0,
            f"more than {penalties.dq_minutes} minutes late: scores 0 for the round; "
            "the opponents score the round's average winning score",
        )
    if penalties.late_minutes is not None and minutes_late > penalties.late_minutes:
        return LateRuling(
            "points",
            penalties.late_points,
            f"more than {penalties.late_minutes} minutes late: "
            f"{penalties.late_points} points to the opponents",
        )
    if penalties.late_minutes is None and penalties.dq_minutes is None:
        return LateRuling("on-time", 0, f"{rules.title} has no penalty for lateness")
    return LateRuling("on-time", 0, "on time: no penalty")


# --- removal from the tournament (docs/rules.md §1, §6) ---------------------------------------


def removal_word(rules: Rules) -> str:
    """What the format calls an entrant the director removed from the tournament: bid
    whist's ejection infractions eject a team (seed 004), the others remove it (seed 000:
    "removed from the tournament")."""
    return "ejected" if rules.game == "bid-whist" else "removed"


def status_word(rules: Rules, status: str) -> str:
    """An entrant's status as the format names it: ``active``, ``withdrawn``, and for one
    removed from the tournament ``removed`` or ``ejected``."""
    return removal_word(rules) if status == "removed" else status
