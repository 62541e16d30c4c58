"""The games clubdesk scores, behind one interface: pinochle, gin and bid whist.

The rules file's ``game`` picks the game; each game module offers
``parse_hand``, ``score_hand`` and ``score_game`` (the ``Game`` protocol;
see ``hands`` for the values they share).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from clubdesk.domain.games import gin, pinochle, whist
from clubdesk.domain.games.hands import GameResult, HandError, HandResult
from clubdesk.domain.limits import hands_problem
from clubdesk.domain.rules import Rules


class Game(Protocol):
    """What every game module offers."""

    def parse_hand(self, data: dict, rules: Rules) -> Any: ...

    def score_hand(self, hand: Any, rules: Rules) -> HandResult: ...

    def score_game(
        self, hands: Sequence[dict], rules: Rules, *, final: bool = False
    ) -> GameResult: ...


_GAMES: dict[str, Game] = {"pinochle": pinochle, "gin": gin, "bid-whist": whist}


def game_of(rules: Rules) -> Game:
    """The game this format plays."""
    return _GAMES[rules.game]


def score_hand(data: Any, rules: Rules) -> HandResult:
    """Score one hand written as docs/cli.md's JSON."""
    if not isinstance(data, dict):
        raise HandError("hand", "must be a JSON object with the hand's fields")
    game = game_of(rules)
    return game.score_hand(game.parse_hand(data, rules), rules)


def score_game(
    hands: Any, rules: Rules, *, final: bool = False, start: dict[str, int] | None = None
) -> GameResult:
    """Score a game from its hands in order; a hand after the game ended is an error.

    ``start``: pinochle only, each side's points before the first hand (``pinochle``)."""
    if not isinstance(hands, Sequence) or isinstance(hands, str | bytes | dict):
        raise HandError("hands", "must be a JSON list of hands")
    too_many = hands_problem(len(hands))
    if too_many:
        raise HandError("hands", too_many.lstrip())
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise HandError("hand", "must be a JSON object with the hand's fields", number)
    if start is not None and rules.game == "pinochle":
        return pinochle.score_game(list(hands), rules, final=final, start=start)
    return game_of(rules).score_game(list(hands), rules, final=final)


def another_hand_follows(result: GameResult, rules: Rules) -> bool:
    """May a hand follow the hands scored so far: the game has not ended (bid whist's
    regular hands level: the fifth hand decides)."""
    return result.ended_by is None


def level_after_its_hands(result: GameResult, rules: Rules) -> bool:
    """Are bid whist's regular hands in and level, with the fifth hand to decide? The game
    may go on (``ended_by`` None), and a sheet may say who won the tie instead."""
    return rules.game == "bid-whist" and whist.tiebreak_hand_due(result, rules)


def hands_end_it(result: GameResult, rules: Rules) -> bool:
    """Do the hands end the game as far as a sheet goes: it ended, or it is level after its
    regular hands (``level_after_its_hands``: the fifth hand, or the winner the sheet
    names, decides it)?"""
    return result.ended_by is not None or level_after_its_hands(result, rules)
