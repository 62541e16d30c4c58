"""The round clock: what the stored facts of each round say, given ``now``.

A round's clock is never a running counter. What is recorded are facts: the
round started, was paused, resumed, had minutes added or taken off, was
ended, and an announcement (the warning, time) was given. Everything else,
the phase, the seconds left, when the warning falls due, is computed from
those facts and a reading of the time every time it is asked for.

How time is read. Every fact carries the wall instant it happened at (for
the record and the schedule) and the monotonic reading taken at the same
moment (``Reading``). The time a round has run is the sum of its running
stretches (start or resume up to pause, end or now); each stretch is
measured between two readings:

- on the monotonic source, when it and the wall clock disagree (by more than
  ``AGREE_S``) and the monotonic source is plainly the same run of it: it
  did not go back, and it had already started by the earlier reading (the
  wall instant at which it read zero is not after that reading). So a wall
  clock that jumps while a round runs (a manual fix, a wrong time zone put
  right) changes neither the time run nor the time left, and an announcement
  is neither skipped nor given twice;
- on the wall clock otherwise: when both agree (a time typed after the fact,
  "it started at 10:20", is exact to the second), when a reading has no
  monotonic value (facts of older files), and when the computer was
  restarted in between (the monotonic source starts again from zero), so
  that a closed app or a restarted laptop resumes where real time says.

One case cannot be told apart from a restart: a wall clock put forward by
more than the computer had been up at the earlier reading. It is read as a
restart (the wall clock measures that stretch). And a laptop asleep is only
counted if the monotonic source counts sleep (on Linux, CLOCK_MONOTONIC,
which ``time.monotonic`` reads, does not; CLOCK_BOOTTIME does).

A change recorded at a time before the clock's last recorded change is
refused (a director may type "it started at 10:20" afterwards, but not
rewrite what was recorded); "before" is judged as a stretch too, so a wall
clock put back does not bar the director.

Facts are taken in recorded order, round by round. The wall instants written
out (when a round ends, when an announcement fell due) are now plus the time
left, or the instant that started a stretch plus the seconds into it.

Announcements (the warning, time) are due when the time run reaches the
round's length (plus minutes added) less the warning minutes, or all of it.
Each is given once per round: giving it is a stored fact, so a restart never
gives it again, and one that fell due while the app was closed is still due
(once) when it is opened, with the instant it fell due. Minutes added after
an announcement fell due but before it was given put it off again. A round
whose clock was ended has nothing left to announce.
"""
