"""Is a sheet's game over (docs/rules.md, "A finished game")?

A sheet entered hand by hand is handed in once its game is over, and only then:

- pinochle: a side's running total (adjustment lines included) reaches the
  point limit, or the round's hands are played (NPA: the club's hands per
  round; Sun City West: 6 deals; the Grand Prix: 500 or 8 hands);
- bid whist: the round's 4 hands are played (a level game then needs its fifth
  hand or a recorded winner: ``sheet.check_decided``);
- gin: all three Hollywood games have reached the target (120; 150 in the
  final).

Where the round clock ends a game (the Grand Prix: ``clock_calls_time``) time
called ends it too: the clock's end of the round, or the director's "time was
called" on the sheet. A format without a round clock has no time to call. A
final score typed in from a signed paper sheet is taken as the paper says, so
none of this applies to it.

``not_over`` words what is missing ("3 of 8 hands played", Sun City West's "3 of 6
deals"); ``check_over`` raises it as a ``NotOverError``. Every door that takes a sheet
asks them: the window (before Submit: ``held_back``, with a level game's missing winner),
``submit``, and the event file's import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clubdesk.domain.event.model import Adjustment, Score, plays_final
from clubdesk.domain.event.sheet import (
    UndecidedError,
    WinnerError,
    check_decided,
    played_hands,
    sheet_result,
)
from clubdesk.domain.games import hands_end_it
from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.rules import Rules
from clubdesk.domain.sides import Side
from clubdesk.errors import UserError

__all__ = ["NotOverError", "check_over", "clock_calls_time", "held_back", "not_over"]


class NotOverError(UserError):
    """A sheet of hands handed in before its game is over; the message says what is missing."""

    def __init__(self, missing: str):
        self.missing = missing
        super().__init__(f"hands: {missing}", field="hands")


def clock_calls_time(rules: Rules) -> bool:
    """Does time called end a game: rounds have a clock, and the format's clock ends games?"""
    return rules.schedule.calls_time


def not_over(
    rules: Rules, round_number: int, played: GameResult, *, time_called: bool = False
) -> str | None:
    """What keeps the game of ``played`` (``sheet.played_hands``, adjustment lines in it)
    from being over, in words, or None when it is over (``time_called``: the clock's end or
    the director's "time was called", where ``clock_calls_time``)."""
    if hands_end_it(played, rules):
        return None
    if time_called and clock_calls_time(rules):
        return None
    if rules.game == "gin":
        return _match_not_over(rules, round_number, played)
    limit, most = rules.game_end.point_limit, rules.game_end.max_hands
    if limit and max(played.total.values(), default=0) >= limit:
        return None  # the sheet's own lines reached the limit before any hand
    missing = []
    if most:
        missing.append(f"{len(played.hands)} of {most} {rules.game_end.hand_word}s played")
    if limit:
        missing.append(f"no side has reached {limit}")
    if not missing:
        return None  # nothing in the format ends a game but the players
    if clock_calls_time(rules):
        missing.append("time was not called")
    return "the game is not over: " + _joined(missing)


def _match_not_over(rules: Rules, round_number: int, played: GameResult) -> str | None:
    gin = rules.gin
    if gin is None:
        return None
    target = gin.final_target if plays_final(rules, round_number) else gin.target
    columns: list[dict[str, int]] = played.extra.get("games", [])
    short = [
        f"game {number} at {max(column.values(), default=0)} of {target}"
        for number, column in enumerate(columns, start=1)
        if max(column.values(), default=0) < target
    ]
    if not short:
        return None
    return "the match is not over: " + _joined(short)


def check_over(
    rules: Rules,
    round_number: int,
    hands: Sequence[dict[str, Any]],
    adjustments: Sequence[Adjustment] = (),
    *,
    time_called: bool = False,
) -> None:
    """NotOverError unless the game of these hands is over (HandError for a wrong hand)."""
    if not hands:
        return  # a final score typed in is taken as the paper says
    missing = not_over(
        rules,
        round_number,
        played_hands(rules, round_number, hands, adjustments),
        time_called=time_called,
    )
    if missing is not None:
        raise NotOverError(missing)


def _joined(parts: Sequence[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def held_back(
    rules: Rules,
    round_number: int,
    *,
    hands: Sequence[dict[str, Any]] = (),
    typed: Score | None = None,
    adjustments: Sequence[Adjustment] = (),
    winner: Side | None = None,
    time_called: bool = False,
) -> UserError | None:
    """What keeps a sheet being filled in from being handed in, of what ``submit`` refuses
    once the hands are right: its game is not over (``NotOverError``), or a level game has
    no winner where the round needs one (``UndecidedError``). None when neither (a wrong
    hand or a winner that cannot stand is the sheet's own problem, named at its field)."""
    try:
        if hands:
            check_over(rules, round_number, hands, adjustments, time_called=time_called)
        elif typed is None:
            return None
        result = sheet_result(rules, round_number, hands=hands, typed=typed,
                              adjustments=adjustments, winner=winner)  # fmt: skip
        check_decided(rules, result, round_number)
    except (NotOverError, UndecidedError) as exc:
        return exc
    except (HandError, WinnerError):
        return None
    return None
