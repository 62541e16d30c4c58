"""The event file's problems in words: one line each, naming where.

``schema`` validates a part of the file with pydantic; ``worded`` turns its
errors into the lines ``EventError`` lists, e.g.
``rounds[0].games[1] (round 1, table 2): score a = 'x' is not a number``.
A field is named by its path in the part (``score a``, ``award kind``,
``adjustments[0].reason``); an unknown key is named in the object it is in,
before that object's other problems.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Loc = tuple[str | int, ...]


def field_name(loc: Loc) -> str:
    """A field's path as messages name it: ``score a``, ``adjustments[0].side``."""
    name = ""
    for index, part in enumerate(loc):
        if isinstance(part, int):
            name += f"[{part}]"
        elif index == 0:
            name = part
        else:
            name += f".{part}" if isinstance(loc[index - 1], int) else f" {part}"
    return name


def _within(where: str, loc: Loc) -> str:
    inner = field_name(loc)
    return f"{where} {inner}".strip() if inner else where


def _line(where: str, message: str) -> str:
    return f"{where}: {message}" if where else message


def word(error: dict[str, Any], where: str, *, keys_where: str | None = None) -> str:
    """One pydantic error as a line. ``keys_where`` names the part for its own unknown keys
    (e.g. a game's, before its table is known)."""
    loc: Loc = tuple(error["loc"])
    kind = error["type"]
    if kind == "extra_forbidden":
        parent = loc[:-1]
        base = keys_where if keys_where is not None and not parent else where
        return _line(_within(base, parent), f"unknown key {loc[-1]!r} (a typo?)")
    if kind == "clubdesk_object":
        return _line(_within(where, loc), error["ctx"]["tail"])
    name = field_name(loc)
    if kind == "clubdesk":
        return _line(where, name + error["ctx"]["tail"])
    if kind == "missing":
        gap = " is missing" if len(loc) > 1 and loc[-2] == "score" else ": missing"
        return _line(where, name + gap)
    return _line(where, f"{name}: {error['msg'].lower()}")


def ordered(errors: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The errors with each object's unknown keys first, as a reader meets them."""
    found: list[dict[str, Any]] = []
    for error in errors:
        if error["type"] == "extra_forbidden":
            parent = tuple(error["loc"][:-1])
            at = next(
                (i for i, e in enumerate(found) if tuple(e["loc"][: len(parent)]) == parent),
                len(found),
            )
            found.insert(at, error)
        else:
            found.append(error)
    return found


def worded(errors: Sequence[dict[str, Any]], where: str, **options: Any) -> list[str]:
    """Every error as a line, in reading order."""
    return [word(error, where, **options) for error in ordered(errors)]


def own_key(error: dict[str, Any]) -> bool:
    """Is it an unknown key of the part itself (not of an object inside it)?"""
    return error["type"] == "extra_forbidden" and len(error["loc"]) == 1


def first_per_score(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A score's unknown keys and its first other problem: its sides are read in order, and
    the first that cannot be read stops it."""
    kept, seen = [], set()
    for error in errors:
        loc = tuple(error["loc"])
        if len(loc) >= 2 and loc[-2] == "score" and error["type"] != "extra_forbidden":
            if loc[:-1] in seen:
                continue
            seen.add(loc[:-1])
        kept.append(error)
    return kept
