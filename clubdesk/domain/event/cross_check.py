"""Both sides' paper sheets of one game, compared hand by hand.

Where each side's scorekeeper writes every hand (seed 000: "One person from each team will
keep score ... each team's score sheet will be compared and verbally verified"), an event
may have the director type the second sheet too (``rules.sheets.cross_check``), as a
Bridgemate verifies a result on paper. The two are compared hand by hand, field by field
(``disagreements``); a sheet goes in only when they agree, or when the director accepts one
of the two with the reason why (``cross_check_problem``), which is logged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from clubdesk.errors import UserError

__all__ = ["Accepted", "Disagreement", "cross_check_problem", "disagreements", "fields_of"]

Accepted = Literal["first", "second"]


@dataclass(frozen=True)
class Disagreement:
    """A hand the two sheets write differently: its number, each sheet's values of the
    fields that differ (None: the field, or the whole hand, is not on that sheet)."""

    number: int
    fields: tuple[str, ...]
    first: tuple[Any, ...]
    second: tuple[Any, ...]


def fields_of(hand: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's values by field path (``"meld.A"``), as the sheet's columns name them."""
    found: dict[str, Any] = {}
    for key, value in hand.items():
        if isinstance(value, Mapping) and key != "took_trick":
            for side, inner in value.items():
                found[f"{key}.{side}"] = inner
        else:
            found[key] = value
    return found


def disagreements(
    first: Sequence[Mapping[str, Any]], second: Sequence[Mapping[str, Any]]
) -> tuple[Disagreement, ...]:
    """Every hand the two sheets do not write alike, in hand order (a hand only one sheet
    has disagrees in every field it holds)."""
    found = []
    for index in range(max(len(first), len(second))):
        one = fields_of(first[index]) if index < len(first) else {}
        two = fields_of(second[index]) if index < len(second) else {}
        keys = [k for k in dict.fromkeys([*one, *two]) if one.get(k) != two.get(k)]
        if keys:
            found.append(
                Disagreement(
                    index + 1,
                    tuple(keys),
                    tuple(one.get(k) for k in keys),
                    tuple(two.get(k) for k in keys),
                )
            )
    return tuple(found)


def cross_check_problem(
    first: Sequence[Mapping[str, Any]],
    second: Sequence[Mapping[str, Any]],
    accepted: str | None,
    reason: str,
) -> UserError | None:
    """What keeps a sheet checked against the other side's from going in, or None: the
    second sheet not typed, the two disagreeing with neither accepted, or no reason given
    for the one accepted."""
    if first and not second:
        return UserError(
            "second_sheet: this event compares both sides' sheets: type the other side's sheet too",
            field="second_sheet",
        )
    differ = disagreements(first, second)
    if not differ:
        return None
    hands = _listed([str(d.number) for d in differ])
    which = "hand" if len(differ) == 1 else "hands"
    if accepted not in ("first", "second"):
        return UserError(
            f"accepted: the two sheets disagree on {which} {hands}: accept one of them, "
            "and say why",
            field="accepted",
        )
    if not reason.strip():
        return UserError(
            f"reason: say why the {accepted} sheet is accepted over the other", field="reason"
        )
    return None


def _listed(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
