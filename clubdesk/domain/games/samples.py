"""Plausible made-up hands, for the demo event and for benchmarks.

Deterministic for a given ``random.Random``; every hand is one the
format's own scoring accepts.
"""

from __future__ import annotations

import random
from typing import Any

from clubdesk.domain import games
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.games.pinochle_hand import ladder
from clubdesk.domain.rules import Rules


def sample_pinochle_hand(rules: Rules, rng: random.Random) -> dict[str, Any]:
    """One pinochle hand as docs/cli.md writes it: mostly made bids, some sets."""
    pin = rules.pinochle
    if pin is None:
        raise ValueError(f"{rules.id} is not a pinochle format")
    top = pin.min_bid + (pin.trick_points * 3) // 5
    bids = [b for b in ladder(rules, top) if b <= top]
    while True:
        bidder = rng.choice("AB")
        dropped = rng.random() < 0.05
        bid = pin.min_bid if dropped else rng.choice(bids)
        meld = {side: _meld(pin.trick_points, rng) for side in "AB"}
        share = rng.randint(pin.trick_points // 5, pin.trick_points * 4 // 5)
        tricks = {bidder: share, ("B" if bidder == "A" else "A"): pin.trick_points - share}
        hand: dict[str, Any] = {
            "bidder": bidder,
            "bid": bid,
            "dropped": dropped,
            "marriage": rng.random() > 0.03 or pin.no_marriage == "off",
            "meld": meld,
            "tricks": tricks,
        }
        if not hand["marriage"] or (pin.short_meld_loses_bid and meld[bidder] < pin.meld_minimum):
            hand["tricks"] = None
        try:
            games.score_hand(hand, rules)
        except HandError:
            continue  # e.g. an unplayable bid in a format that has them: draw again
        return hand


def sample_game(rules: Rules, rng: random.Random) -> list[dict[str, Any]]:
    """The hands of one pinochle game, played until the format says it ends."""
    hands: list[dict[str, Any]] = []
    for _ in range(100):
        hands.append(sample_pinochle_hand(rules, rng))
        if games.score_game(hands, rules).ended_by is not None:
            return hands
    return hands


def _meld(trick_points: int, rng: random.Random) -> int:
    # most sides meld a little, a few a lot; scaled to the deck
    scale = trick_points / 50
    return int(rng.choice((0, 4, 10, 16, 20, 24, 28, 32, 38, 44, 52, 64, 90)) * scale)
