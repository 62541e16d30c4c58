"""A score sheet's result: what its hands give, and a recorded tie-break's winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain import games
from clubdesk.domain.event.model import Score, Side, plays_final
from clubdesk.domain.games import gin
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.rules import Rules


@dataclass(frozen=True)
class HandsScore:
    """What a game's hands give: the score (adjustments not included) and a tie's winner."""

    score: Score
    winner: Side | None


def score_hands(hands: Sequence[dict[str, Any]], rules: Rules, round_number: int) -> HandsScore:
    """Score a game's hands as played in this round; HandError if a hand is wrong."""
    result = games.score_game(list(hands), rules, final=plays_final(rules, round_number))
    winner = result.extra.get("winner")
    return HandsScore(
        Score(result.total["A"], result.total["B"]),
        winner.lower() if isinstance(winner, str) else None,
    )


def score_tiebreak(hands: Sequence[dict[str, Any]], rules: Rules) -> Side | None:
    """The winner of a recorded tie-break from its hands, or None if it is not decided yet."""
    if rules.game == "gin":
        result = gin.score_sudden_death(list(hands), rules)
        winner = result.extra.get("winner")
        return winner.lower() if isinstance(winner, str) else None
    if len(hands) != 1:
        raise HandError("hands", f"a play-off is one hand, not {len(hands)}")
    try:
        hand = games.score_hand(hands[0], rules)
    except HandError as exc:
        raise exc.in_hand(1) from None
    if hand.A == hand.B:
        return None
    return "a" if hand.A > hand.B else "b"
