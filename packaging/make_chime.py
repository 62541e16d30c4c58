"""Synthesise clubdesk's round-clock chime: ``resources/sounds/chime.wav``.

Three descending bell strikes (G5, E5, C5), each a sum of slightly inharmonic
partials that die away at their own rates, the way a struck bell does.
44.1 kHz, 16-bit, mono, about 1.5 s. Only the standard library is used, and
the output is the same on every run.

Usage::

    python packaging/make_chime.py [OUTPUT.wav]
"""

from __future__ import annotations

import math
import sys
import wave
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "resources" / "sounds" / "chime.wav"

RATE = 44_100
DURATION = 1.5  # seconds
PEAK = 0.89  # about -1 dBFS

# (start time in s, fundamental in Hz, loudness)
STRIKES = (
    (0.00, 783.99, 1.00),  # G5
    (0.30, 659.25, 0.95),  # E5
    (0.60, 523.25, 1.00),  # C5
)

# (frequency ratio to the fundamental, relative amplitude, decay time constant in s)
PARTIALS = (
    (0.50, 0.18, 0.90),  # hum
    (1.00, 1.00, 0.75),  # strike tone
    (2.00, 0.42, 0.45),
    (2.76, 0.20, 0.25),
    (4.07, 0.10, 0.15),
    (5.40, 0.05, 0.10),
)

ATTACK = 0.004  # s: a short ramp so the strike does not click
FADE_OUT = 0.25  # s: the tail is brought smoothly to silence at the end


def strike(t: float, fundamental: float) -> float:
    """One bell strike ``t`` seconds after it was struck (0 before)."""
    if t < 0.0:
        return 0.0
    value = 0.0
    for ratio, amplitude, decay in PARTIALS:
        value += (
            amplitude * math.exp(-t / decay) * math.sin(2.0 * math.pi * fundamental * ratio * t)
        )
    if t < ATTACK:
        value *= t / ATTACK
    return value


def synthesise() -> list[float]:
    count = int(RATE * DURATION)
    fade_start = count - int(RATE * FADE_OUT)
    samples = []
    for i in range(count):
        t = i / RATE
        value = sum(loudness * strike(t - start, f) for start, f, loudness in STRIKES)
        if i >= fade_start:
            value *= 0.5 * (1.0 + math.cos(math.pi * (i - fade_start) / (count - fade_start)))
        samples.append(value)
    peak = max(abs(v) for v in samples)
    return [v * PEAK / peak for v in samples]


def write_wav(path: Path, samples: list[float]) -> None:
    pcm = array("h", (round(v * 32767) for v in samples))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV data is little-endian
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else OUTPUT
    samples = synthesise()
    write_wav(path, samples)
    print(f"{path}  {len(samples) / RATE:.2f} s  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
