"""People's names as typed at the front table, and how two of them are compared.

A name is stored as typed, with its spaces tidied (``clean_name``). Two names
are *the same name* when they match ignoring case, spacing and accents
(``name_key``): "Ann  Smith", "ann smith" and "Änn Smith" are one name. Two
real people can share a name, so a match is a question for the director,
never a refusal the director cannot overrule.

Searching the list of entrants uses the same folding, so "smi" finds
"Smith / Jones" and "jose" finds "José Díaz".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

TEAM_JOIN = " / "


def clean_name(name: str) -> str:
    """The name as it is stored: surrounding spaces removed, inner runs of spaces made one."""
    return " ".join(name.split())


def fold(text: str) -> str:
    """``text`` without case, accents or extra spaces, for comparing and searching."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())


def name_key(name: str) -> str:
    """What two names must share to count as the same name."""
    return fold(name)


def signer_key(name: str) -> str:
    """How a signer's name is found among the players at the table: whatever its case and
    spacing (``submit`` and the event file alike)."""
    return clean_name(name).casefold()


def entrant_name(players: Sequence[str]) -> str:
    """An entrant's name from its players: ``"Ann Smith / Bob Jones"`` for a team."""
    return TEAM_JOIN.join(clean_name(p) for p in players)


def repeated(names: Sequence[str]) -> list[tuple[int, int]]:
    """Pairs ``(earlier, later)`` of positions in ``names`` that hold the same name.

    Each later position is listed once, with the first position it repeats;
    empty names are skipped.
    """
    first: dict[str, int] = {}
    pairs = []
    for position, name in enumerate(names):
        key = name_key(name)
        if not key:
            continue
        if key in first:
            pairs.append((first[key], position))
        else:
            first[key] = position
    return pairs


def search_text(number: int, names: Iterable[str]) -> str:
    """The folded text a search looks through for one entrant: its number and names."""
    return " | ".join([str(number), *(fold(name) for name in names)])


def matches(query: str, haystack: str) -> bool:
    """Does a typed search match an entrant's ``search_text``?

    Case, accents and spacing are ignored: every word typed must appear in
    the entrant's number or names ("smi jo" finds "Smith / Jones"). A leading
    ``#`` is allowed before a number. An empty search matches everyone.
    """
    return all(word.lstrip("#") in haystack for word in fold(query).split())


def shared_names(entrants: Iterable[tuple[int, Sequence[str]]]) -> list[tuple[str, list[int]]]:
    """Each name more than one player holds, as first written, with the numbers of the
    entrants holding it (a number twice when both of one team's players have it).

    ``entrants`` gives each entrant's number and players. Such a name is allowed, as at
    the front table, where the director is asked: two real people can share a name.
    """
    holders: dict[str, tuple[str, list[int]]] = {}
    for number, players in entrants:
        for player in players:
            key = name_key(player)
            if key:
                holders.setdefault(key, (clean_name(player), []))[1].append(number)
    return [(name, numbers) for name, numbers in holders.values() if len(numbers) > 1]
