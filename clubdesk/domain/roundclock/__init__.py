"""The round clock: what the stored facts of each round say, given ``now``. A round's clock is
never a running counter: the facts are stored (started, paused, resumed, minutes added, ended,
an announcement given), and the phase and the time left are worked out from them each time
they are asked for (docs/architecture.md, "The round clock", says how time is read)."""
