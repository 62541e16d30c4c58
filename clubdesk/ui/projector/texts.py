"""What the projector says, in words, from the same ``ClockView`` the status bar reads.

Nothing here decides a rule: the phase, the seconds left and what comes next
all come from ``services.roundclock.status`` (through ``ClockWatch``); this only
puts them in the words a hall reads from the back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clubdesk.domain.roundclock.state import ClockStatus
from clubdesk.ui.clock.watch import ClockView, clock_time, time_left, until_text


@dataclass(frozen=True)
class ProjectorText:
    """The lines the projector shows, and the look (``mood``) they are shown in.

    ``mood`` is one of ``calm``, ``warning``, ``time``, ``paused`` or ``between``.
    """

    title: str  # the event's name
    round_line: str  # "Round 4 of 11"
    digits: str  # the time left, or to the next round ("" when there is none)
    banner: str  # "10 MINUTES LEFT IN ROUND 4", "TIME: finish the hand in play", "PAUSED"
    next_line: str  # "Break until 11:46 AM"
    mood: str
    seating_round: int | None = None  # the round whose seating the slides show, if any


def coming_next(status: ClockStatus, now: dt.datetime) -> str:
    """``Break until 11:46 AM``, ``Lunch: back at 2:10 PM``, ``Round 9 starts tomorrow at
    9:30 AM`` (the status bar's words, ``until_text``); ``Every round is played`` at the
    end; empty when nothing comes next."""
    if status.next is None and status.finished:
        return "Every round is played"
    return until_text(status, now)


def warning_minutes(status: ClockStatus) -> int:
    """The warning's minutes (the time from the warning to the round's end)."""
    if status.ends_at is None or status.warning_at is None:
        return 0
    return round((status.ends_at - status.warning_at).total_seconds() / 60)


def projector_text(view: ClockView, rounds: int | None) -> ProjectorText:
    """The projector's lines for ``view``; ``rounds`` is how many rounds the event has."""
    status = view.status
    title = view.board.event_name if view.board is not None else ""
    if status is None:
        return _untimed(view, title)
    of = f" of {rounds}" if rounds else ""

    def titled(number: int) -> str:  # "Round 4 of 11", or a playoff round's name
        board = view.board
        return board.round_title(number) if board is not None else f"Round {number}{of}"

    number = status.round
    round_line = titled(number) if number is not None else ""
    remaining = time_left(status.remaining_s or 0)
    if status.warned:
        minutes = warning_minutes(status)
        words = f"{minutes} MINUTES LEFT IN ROUND {number}" if minutes else f"ROUND {number}"
        return ProjectorText(title, round_line, remaining, words, "", "warning")
    if status.counting:
        return ProjectorText(title, round_line, remaining, "", "", "calm")
    if status.paused:
        return ProjectorText(title, round_line, remaining, "PAUSED", "", "paused")
    if status.time_up:
        return ProjectorText(title, round_line, "0:00", "TIME: finish the hand in play", "", "time")
    following = status.next
    next_line = coming_next(status, view.now)
    digits = ""
    coming = following.round if following is not None else None
    if following is not None and view.now < following.at and following.at.date() == view.now.date():
        digits = time_left(int((following.at - view.now).total_seconds()))
    elif following is not None and following.at <= view.now:
        next_line = "Starting shortly"  # the break is over: never "until" a time gone by
    if following is not None:
        round_line = f"{titled(following.round)} next"
    return ProjectorText(title, round_line, digits, "", next_line, "between", coming)


def _untimed(view: ClockView, title: str) -> ProjectorText:
    """Rounds without a clock: the round in play and its seating; between rounds the next
    round's seating and the leaders."""
    rounds = view.rounds
    if rounds is None:
        return ProjectorText(title, "", "", "", "", "calm")
    current, following = rounds.current, rounds.following
    if current is not None and current.state == "started":
        since = f"In play since {clock_time(current.started_at)}" if current.started_at else ""
        return ProjectorText(title, view.title(current.number), "", "", since, "calm",
                             current.number)  # fmt: skip
    if following is None:
        return ProjectorText(title, "", "", "", "Every round is played", "between")
    return ProjectorText(title, f"{view.name(following.number)} next", "", "", "", "between",
                         following.number)  # fmt: skip
