"""Handwriting-like signatures for the demo: a name written as a joined-up scrawl on the pad.

Each word is one joined-up stroke, a shape per letter (loops for capitals and
ascenders, humps for m and n, rounds for a and o, a loop under the line for
descenders), slanted, with the wobble of a hurried hand; an i's dot and a t's
cross come after. The same name and seed always give the same strokes. Points are fractions of the
pad (``domain.limits``), as the window's pad gives them.
"""

from __future__ import annotations

import math
import random

from clubdesk.domain.limits import Strokes

BASELINE = 0.7  # where the writing sits: just above the pad's printed baseline
ASCENDERS = set("bdfhklt")
DESCENDERS = set("gjpqy")
HUMPS = {"m": 2, "n": 1, "r": 1, "u": 1, "v": 1, "w": 2, "h": 1}
ROUND = set("aocsd")
STEPS = 8  # points per letter


def _letter(letter: str, first: bool, height: float, t: float) -> tuple[float, float]:
    """Where the pen is a fraction ``t`` through a letter: (x across the letter's width from
    its start, y up from the baseline as a fraction of the pad's height)."""
    lower = letter.lower()
    if first or letter.isupper() or (lower in ASCENDERS and lower not in HUMPS):
        return t + 0.35 * math.sin(2 * math.pi * t), height * math.sin(math.pi * t)  # a loop
    if lower in HUMPS:
        humps = HUMPS[lower]
        return t, height * abs(math.sin(math.pi * humps * t))
    if lower in ROUND:  # round the letter anticlockwise, then on
        angle = 2 * math.pi * t
        return 0.5 + 0.45 * math.sin(-angle + math.pi / 2) * (1 - t), height * (
            0.5 - 0.5 * math.cos(angle)
        )
    if lower in DESCENDERS:  # up, then down under the line and back up in a loop
        if t < 0.4:
            return t, height * math.sin(math.pi * t / 0.4)
        u = (t - 0.4) / 0.6
        return 0.4 + 0.3 * math.sin(math.pi * u), -0.2 * math.sin(math.pi * u)
    return t + 0.3 * math.sin(2 * math.pi * t), height * math.sin(math.pi * t)


def signature_strokes(name: str, seed: int = 0) -> Strokes:
    """``name`` signed on the pad: one stroke per word, and the dots and crosses after it."""
    rng = random.Random(f"{seed}:{name}")
    words = name.split() or ["x"]
    letters = sum(len(word) for word in words) + len(words) - 1
    width = min(0.05, 0.8 / max(letters, 1)) * rng.uniform(0.85, 1.0)
    slant = rng.uniform(0.15, 0.35)
    x = rng.uniform(0.05, 0.12)
    strokes: list[tuple[tuple[float, float], ...]] = []
    marks: list[tuple[tuple[float, float], ...]] = []  # an i's dot, a t's cross
    for n, word in enumerate(words):
        if n:
            x += width * rng.uniform(0.6, 1.0)
        points: list[tuple[float, float]] = []
        for index, letter in enumerate(word if n == 0 else word[:7]):  # a long surname trails off
            tall = index == 0 or letter.isupper() or letter.lower() in ASCENDERS
            height = (0.5 if tall else 0.22) * rng.uniform(0.8, 1.15)
            for k in range(STEPS):
                across, up = _letter(letter, index == 0, height, k / STEPS)
                y = BASELINE - up
                px = x + width * across + slant * up * 0.3
                points.append(_on_pad(px, y + rng.uniform(-0.01, 0.01)))
            if letter == "i":
                marks.append((_on_pad(x + width * 0.6, BASELINE - 0.36),) * 2)
            if letter == "t":
                marks.append(
                    (_on_pad(x, BASELINE - 0.3), _on_pad(x + width * 1.1, BASELINE - 0.32))
                )
            x += width
        points.append(_on_pad(x + width * 0.4, BASELINE - 0.05))  # the tail of the word
        strokes.append(tuple(points))
    return tuple(strokes + marks)


def _on_pad(x: float, y: float) -> tuple[float, float]:
    return (round(min(max(x, 0.0), 1.0), 4), round(min(max(y, 0.0), 1.0), 4))
