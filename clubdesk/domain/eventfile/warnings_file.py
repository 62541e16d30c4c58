"""The event file's log of warning infractions (bid whist, docs/rules.md §6), read and checked.

``"warnings": [{"round": 1, "team": 3, "reason": "talking", "ruling": "warning", "at":
ISO time}, ...]`` at the top level, after ``ledger``, in the order logged (left out when
there are none). A file is refused where the window would have refused the infraction,
naming the row: a format without warnings, a round the file does not list, a team not
seated at a table in that round, and a ruling the director could not have given (a
team's first infraction as a loss of hand, a warning in the playoffs:
``rulings.warnings.check_log``). A playoff infraction is one in a round after the
format's rounds, where it has a playoff bracket.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from clubdesk.domain.event.model import Round
from clubdesk.domain.eventfile import schema
from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.rulings.warnings import LoggedWarning, check_log, has_warnings


class Reader(Protocol):
    """What reading a part needs from the file's reader (``eventfile._Reader``)."""

    rules: Rules | None
    problems: list[str]

    def listing(self, value: Any, name: str) -> list[Any]: ...

    def validate(self, model: type[BaseModel], data: Any, where: str) -> Any: ...


def read_warnings(reader: Reader, value: Any, rounds: Sequence[Round]) -> tuple[LoggedWarning, ...]:
    """The file's warnings, each checked; problems go to ``reader.problems``."""
    items = reader.listing(value, "warnings")
    rules = reader.rules
    if items and rules is not None and not has_warnings(rules):
        reader.problems.append(
            f"warnings: {rules.title} has no warnings (its rules set neither "
            "penalties.warnings_before_loss nor penalties.conduct_warnings)"
        )
        return ()
    by_number = {r.number: r for r in rounds}
    parsed: list[LoggedWarning] = []
    where_of: list[str] = []
    for index, item in enumerate(items):
        where = f"warnings[{index}]"
        found = reader.validate(schema.WarningIn, item, where)
        if found is None:
            continue
        seated = _seated(by_number, found.round, found.team)
        if seated is not None:
            reader.problems.append(f"{where}: {seated}")
            continue
        playoff = rules is not None and has_playoffs(rules) and found.round > rules.schedule.rounds
        parsed.append(LoggedWarning(found.round, found.team, found.reason, playoff,
                                    found.ruling, found.at))  # fmt: skip
        where_of.append(where)
    if rules is not None:
        for index, message in check_log(parsed, rules):
            reader.problems.append(f"{where_of[index]}: ruling: {message}")
    return tuple(parsed)


def _seated(rounds: dict[int, Round], number: int, team: int) -> str | None:
    """Why ``team`` cannot have an infraction in round ``number``; None where it can."""
    found = rounds.get(number)
    if found is None:
        return f"round: the file lists no round {number}"
    if any(team in game.entrants for game in found.games):
        return None
    where = "has a bye" if team in found.byes else "is not seated"
    return f"team: team {team} {where} in round {number}"
