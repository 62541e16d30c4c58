"""Fines per set and per renege (docs/rules.md §3): who owes what for one game's hands.

How the rule is read:

- The amounts are club settings, ``money.fine_set_cents`` and
  ``money.fine_renege_cents`` (default 0). A fine of 0 is not a fine: it is
  not listed.
- A set fine is due for every hand whose result says the bidding side lost
  its bid (``detail["set"]``: in pinochle also a no-marriage, unplayable,
  short-meld or renege set; in bid whist a hand played and not made). It is
  charged to the player who bid. A renege fine is due for every renege
  upheld (``detail["renege"]``), charged to the player who reneged. A
  bidder who reneges owes both: the set and the renege.
- In team events the entrant is the team, so a side's fine is charged to
  its team. In individual formats a side is two partners: the hand names
  the player (``bid_by`` / ``renege_by``, entrant numbers). When it does
  not, or names someone who did not sit on that side, the fine is charged
  to the side: both partners are listed as ``candidates`` and the fine is
  flagged for the director to say who pays.
- A fine is identified by round, table, hand and reason; its ``reference``
  (``round 2 table 3 hand 5: set``) is the note of the ``fine`` ledger row
  that records it collected, so a collected fine is matched exactly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from clubdesk.domain.event.sheet import played_hands
from clubdesk.domain.games.hands import HAND_SIDES, HandError, HandSide
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

FineReason = Literal["set", "renege"]
FINE_REASONS: tuple[FineReason, ...] = ("set", "renege")

# the hand key that names the player charged, per reason
PLAYER_KEYS: dict[FineReason, str] = {"set": "bid_by", "renege": "renege_by"}

_REFERENCE = re.compile(
    r"^\s*round\s+(\d+)\s+table\s+(\d+)\s+hand\s+(\d+)\s*:\s*(set|renege)\s*$", re.IGNORECASE
)
_LOOKS_LIKE_REFERENCE = re.compile(r"^\s*round\s+\d+\s+table\s+\d+\s+hand\s+\d+", re.IGNORECASE)


@dataclass(frozen=True)
class FineDue:
    """One fine a game's hands make due.

    ``entrant`` is who pays, or None when the director must say which of the
    ``candidates`` (the side's entrants) pays; ``problem`` then says why.
    """

    entrant: int | None
    cents: int
    reason: FineReason
    hand_number: int
    side: HandSide
    candidates: tuple[int, ...]
    problem: str = ""

    @property
    def flagged(self) -> bool:
        return self.entrant is None


@dataclass(frozen=True, order=True)
class FineKey:
    """What identifies one fine in an event: round, table, hand and reason."""

    round: int
    table: int
    hand: int
    reason: FineReason

    @property
    def reference(self) -> str:
        return fine_reference(self.round, self.table, self.hand, self.reason)


def fines_name_a_player(rules: Rules) -> bool:
    """Does a hand name the player a fine is charged to (``bid_by`` / ``renege_by``): an
    individual format that fines a set or a renege."""
    money = rules.money
    return rules.unit == "individual" and bool(money.fine_set_cents or money.fine_renege_cents)


def fine_reference(round_number: int, table: int, hand_number: int, reason: str) -> str:
    """The ledger note that records a fine collected: ``round 2 table 3 hand 5: set``."""
    return f"round {round_number} table {table} hand {hand_number}: {reason}"


def parse_fine_reference(note: str) -> FineKey | None:
    """The fine a ledger note refers to, or None for a note that is not a fine reference.

    Case and spacing do not matter. A note that starts like a reference but
    is not exactly one (``round 2 table 3 hand 5: set, paid late``) is a
    UserError: it would leave the fine listed as due.
    """
    found = _REFERENCE.match(note)
    if found is None:
        if _LOOKS_LIKE_REFERENCE.match(note):
            raise UserError(
                f"note: {note!r} is not a fine's reference; write it exactly as listed, "
                f"e.g. {fine_reference(2, 3, 5, 'set')!r}"
            )
        return None
    round_number, table, hand_number = (int(found.group(i)) for i in (1, 2, 3))
    reason: FineReason = "set" if found.group(4).lower() == "set" else "renege"
    return FineKey(round_number, table, hand_number, reason)


def fines_due(
    game_hands: Sequence[dict[str, Any]],
    sides: Mapping[str, Sequence[int]],
    rules: Rules,
    *,
    round_number: int = 1,
) -> list[FineDue]:
    """Every fine one game's hands make due, in hand order (the set before the renege).

    ``sides`` maps ``"A"`` and ``"B"`` to the entrant numbers on that side. The hands
    are scored as played in round ``round_number`` (``sheet.played_hands``, the one
    place that decides what a round after the cut plays to).
    HandError when a hand cannot be scored.
    """
    amounts: dict[FineReason, int] = {
        "set": rules.money.fine_set_cents,
        "renege": rules.money.fine_renege_cents,
    }
    if not any(amounts.values()):
        return []
    seated = _checked_sides(sides)
    result = played_hands(rules, round_number, game_hands)
    due: list[FineDue] = []
    for number, hand in enumerate(result.hands, start=1):
        charged: list[tuple[FineReason, HandSide | None]] = [
            ("set", hand.detail.get("bidder") if hand.detail.get("set") else None),
            ("renege", hand.detail.get("renege")),
        ]
        for reason, side in charged:
            if side not in HAND_SIDES or not amounts[reason]:
                continue
            named = hand.detail.get(PLAYER_KEYS[reason])
            due.append(_charge(reason, amounts[reason], number, side, seated[side], named))
    return due


def check_players(
    game_hands: Sequence[dict[str, Any]], sides: Mapping[str, Sequence[int]], rules: Rules
) -> None:
    """Refuse a hand that names a player who did not sit on the side it charges.

    ``bid_by`` must sit on the bidding side and ``renege_by`` on the side
    that reneged; HandError names the hand and the key. For a score sheet
    being submitted, where the seating is known.
    """
    seated = _checked_sides(sides)
    for number, data in enumerate(game_hands, start=1):
        if not isinstance(data, dict):
            continue  # the game's scoring says what is wrong with it
        for reason, key in PLAYER_KEYS.items():
            named = data.get(key)
            if named is None:
                continue
            side = data.get("bidder") if reason == "set" else data.get("renege")
            if side not in HAND_SIDES:
                continue  # the game's scoring says what is wrong with it
            if named not in seated[side]:
                raise HandError(key, _not_on_side(named, side, seated[side]), number)


def _charge(
    reason: FineReason,
    cents: int,
    number: int,
    side: HandSide,
    seated: tuple[int, ...],
    named: Any,
) -> FineDue:
    who = "who bid" if reason == "set" else "who reneged"
    if named is not None and named in seated:
        return FineDue(named, cents, reason, number, side, (named,))
    if named is None and len(seated) == 1:
        return FineDue(seated[0], cents, reason, number, side, seated)
    if named is None:
        problem = f"the sheet does not say {who} on side {side}"
    else:
        problem = f"{PLAYER_KEYS[reason]}: {_not_on_side(named, side, seated)}"
    return FineDue(None, cents, reason, number, side, seated, problem)


def _not_on_side(named: Any, side: str, seated: tuple[int, ...]) -> str:
    word = "entrants" if len(seated) > 1 else "entrant"
    where = " and ".join(str(n) for n in seated)
    return f"entrant {named} did not sit on side {side} ({word} {where})"


def _checked_sides(sides: Mapping[str, Sequence[int]]) -> dict[str, tuple[int, ...]]:
    if not isinstance(sides, Mapping) or set(sides) != set(HAND_SIDES):
        raise UserError(f'sides: must give the entrants of side "A" and side "B", not {sides!r}')
    seated = {side: tuple(sides[side]) for side in HAND_SIDES}
    for side, numbers in seated.items():
        if not numbers or any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
            raise UserError(f"sides.{side}: must list entrant numbers, not {sides[side]!r}")
    if set(seated["A"]) & set(seated["B"]):
        raise UserError(f"sides: an entrant cannot sit on both sides ({sides!r})")
    return seated
