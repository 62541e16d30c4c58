"""One entry point for scoring a hand or a game of any format.

The rules file's ``game`` picks the game module; each module offers
``parse_hand``, ``score_hand`` and ``score_game`` (see ``hands``).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from clubdesk.domain.hands import GameResult, HandError, HandResult
from clubdesk.domain.rules import Rules

_MODULES = {"pinochle": "pinochle", "gin": "gin", "bid-whist": "whist"}


def game_module(rules: Rules) -> ModuleType:
    """The module that scores this format's game."""
    return import_module(f"clubdesk.domain.{_MODULES[rules.game]}")


def score_hand(data: Any, rules: Rules) -> HandResult:
    """Score one hand written as INTERFACE.md's JSON."""
    if not isinstance(data, dict):
        raise HandError("hand", "must be a JSON object with the hand's fields")
    module = game_module(rules)
    return module.score_hand(module.parse_hand(data, rules), rules)


def score_game(hands: Any, rules: Rules, *, final: bool = False) -> GameResult:
    """Score a game from its hands in order; a hand after the game ended is an error."""
    if not isinstance(hands, Sequence) or isinstance(hands, str | bytes | dict):
        raise HandError("hands", "must be a JSON list of hands")
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise HandError("hand", "must be a JSON object with the hand's fields", number)
    return game_module(rules).score_game(list(hands), rules, final=final)
