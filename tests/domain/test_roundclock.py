"""The round clock over stored facts (domain/roundclock/; docs/cli.md "The round clock and the
schedule"; docs/rules.md §1 "Clock and schedule": 60-minute rounds, the warning at 10 minutes left,
15-minute breaks, 90-minute meals after rounds 2 and 5, rounds 9-11 the next morning at 9:30).

The app is played here by ``Day``: it keeps nothing but the stored facts, aims at the next
announcement due and gives what is due, as the window does with its single-shot timer.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from clubdesk.domain.formats import load_rules
from clubdesk.domain.roundclock import actions as clock_actions
from clubdesk.domain.roundclock import state as clock_state
from clubdesk.domain.roundclock.state import ClockFact, Reading
from clubdesk.domain.schedule import timetable
from clubdesk.errors import UserError
from clubdesk.timesource import FakeTime
from tests.properties import examples

CLUB = dt.timezone(dt.timedelta(hours=-7))
SATURDAY = dt.date(2026, 12, 5)
GP = load_rules("grand-prix-pinochle")
ROWS = timetable(GP, SATURDAY, tz=CLUB)
UPTIME = 6 * 3600.0  # the laptop has been on since early morning


def at(hhmm: str, day: int = 5) -> dt.datetime:
    return dt.datetime.combine(dt.date(2026, 12, day), dt.time.fromisoformat(hhmm), tzinfo=CLUB)


class Day:
    """The front table's laptop: stored facts, a fake time source, the announcements given."""

    def __init__(self, start: dt.datetime | None = None):
        self.clock = FakeTime(start or at("09:00"), monotonic=UPTIME)
        self.facts: list[ClockFact] = []
        self.given: list[tuple[int, str, dt.datetime, float]] = []  # round, what, due, mono
        self.open = True

    def now(self) -> Reading:
        return Reading(self.clock.now(), self.clock.monotonic())

    def start(self, number: int) -> None:
        self.facts.append(clock_actions.start(self.facts, len(ROWS), number, self.now()))

    def do(self, action, *args) -> None:
        self.facts.append(action(self.facts, ROWS, *args, self.now()))
        self.fire()

    def status(self) -> clock_state.ClockStatus:
        return clock_state.status(self.facts, ROWS, self.now())

    def fire(self) -> list[clock_state.Due]:
        if not self.open:
            return []
        due = clock_state.due_now(self.facts, ROWS, self.now())
        for item in due:
            self.facts.append(clock_state.announced(item, self.now()))
            self.given.append((item.round, item.announcement, item.at, self.clock.monotonic()))
        return due

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass on the monotonic source, giving announcements as they fall
        due (the timer is aimed at the next one)."""
        target = self.clock.monotonic() + seconds
        self.fire()
        while True:
            upcoming = clock_state.next_due(self.facts, ROWS, self.now()) if self.open else None
            if upcoming is None:
                break
            step = (upcoming.at - self.clock.now()).total_seconds()
            if self.clock.monotonic() + step > target:
                break
            self.clock.advance(seconds=step)
            assert self.fire(), "the timer went off and nothing was due"
        self.clock.advance(seconds=target - self.clock.monotonic())
        self.fire()

    def wait_until(self, when: dt.datetime) -> None:
        self.wait((when - self.clock.now()).total_seconds())


def test_a_whole_grand_prix_weekend_gives_every_announcement_once_on_time() -> None:
    day = Day()
    assert day.status() == clock_state.ClockStatus(None, "not_started", None, None, None, None,
                                          clock_state.NextRound(1, at("10:15")))  # fmt: skip
    expected = []
    for number in range(1, 12):
        due = day.status().next
        assert due is not None and due.round == number
        day.wait_until(due.at)
        day.start(number)
        started = day.clock.now()
        extra = dt.timedelta(0)
        if number == 3:  # a 5-minute pause after 20 minutes
            day.wait(20 * 60)
            day.do(clock_actions.pause)
            day.wait(5 * 60)
            day.do(clock_actions.resume)
            extra = dt.timedelta(minutes=5)
        if number == 4:  # 3 minutes added after the warning was given
            day.wait(52 * 60)
            day.do(clock_actions.adjust, 3)
            extra = dt.timedelta(minutes=3)
        if number == 7:  # 2 minutes taken off early on
            day.wait(60)
            day.do(clock_actions.adjust, -2)
            extra = -dt.timedelta(minutes=2)
        ends = started + dt.timedelta(hours=1) + extra
        warning = ends - dt.timedelta(minutes=10) - (extra if number == 4 else dt.timedelta(0))
        expected += [(number, "warning", warning), (number, "time", ends)]
        day.wait_until(ends + dt.timedelta(minutes=1))  # the hand in play is finished
        assert day.status().phase == "time"
        day.do(clock_actions.end)
    assert [(r, what, due) for r, what, due, _ in day.given] == expected
    for *_, due, mono in day.given:  # given at the very instant it fell due
        assert mono == pytest.approx(UPTIME + (due - at("09:00")).total_seconds())
    assert day.status() == clock_state.ClockStatus(
        11, "finished", None, at("12:02", 6), at("13:03", 6), None, None
    )


def test_breaks_meals_and_the_overnight_gap_between_rounds() -> None:
    day = Day(at("10:15"))
    phases = {}
    for number in range(1, 12):
        if number > 1:
            day.clock.set(day.status().next.at)
        day.start(number)
        day.clock.advance(minutes=60)
        day.do(clock_actions.end)
        phases[number] = (day.status().phase, day.status().next)
    assert phases[1] == ("break", clock_state.NextRound(2, at("11:30")))
    assert phases[2] == ("meal", clock_state.NextRound(3, at("14:00")))
    assert phases[5] == ("meal", clock_state.NextRound(6, at("19:00")))
    assert phases[8] == ("overnight", clock_state.NextRound(9, at("09:30", 6)))
    assert phases[11] == ("finished", None)


def test_a_meal_between_rounds_carries_the_name_the_rules_give_it() -> None:
    day = Day(at("10:15"))
    names = {}
    for number in range(1, 6):
        if number > 1:
            day.clock.set(day.status().next.at)
        day.start(number)
        day.clock.advance(minutes=60)
        day.do(clock_actions.end)
        names[number] = (day.status().phase, day.status().pause_name)
    assert names[1] == ("break", "")
    assert names[2] == ("meal", "Lunch")
    assert names[5] == ("meal", "Dinner")


def test_pauses_and_minutes_added_or_taken_off_add_up() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(10 * 60)
    day.do(clock_actions.pause)  # 10:25
    day.wait(5 * 60)
    paused = day.status()
    assert (paused.phase, paused.remaining_s) == ("paused", 50 * 60)
    day.do(clock_actions.resume)  # 10:30
    day.wait(5 * 60)
    day.do(clock_actions.adjust, 3)
    day.wait(5 * 60)
    day.do(clock_actions.adjust, -1)
    day.wait(5 * 60)  # 10:45: 25 minutes run of 62
    now = day.status()
    assert (now.round, now.phase, now.remaining_s) == (1, "running", 37 * 60)
    assert now.started_at == at("10:15")
    assert now.ends_at == at("10:15") + dt.timedelta(minutes=60 + 5 + 3 - 1) == at("11:22")
    assert now.warning_at == at("11:12")
    assert now.next == clock_state.NextRound(2, at("11:37"))


def test_time_left_is_frozen_while_paused_and_the_end_moves() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(51 * 60)
    assert (day.status().phase, day.status().remaining_s) == ("warning", 9 * 60)
    day.do(clock_actions.pause)
    before = day.status()
    day.wait(7 * 60)
    after = day.status()
    assert after.remaining_s == before.remaining_s == 9 * 60
    assert after.ends_at - before.ends_at == dt.timedelta(minutes=7)
    assert (
        clock_state.next_due(day.facts, ROWS, day.now()) is None
    )  # nothing falls due while paused


def test_time_is_up_until_the_round_is_ended_then_the_break() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(62 * 60 + 30)
    up = day.status()
    assert (up.phase, up.remaining_s, up.ends_at) == ("time", 0, at("11:15"))
    day.do(clock_actions.end)  # 11:17:30
    between = day.status()
    assert (between.phase, between.remaining_s, between.warning_at) == ("break", None, None)
    assert between.ends_at == at("11:17:30")
    assert between.next == clock_state.NextRound(2, at("11:32:30"))


def test_the_warning_is_at_ten_minutes_left_and_remaining_counts_whole_seconds() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(50 * 60 - 0.5)
    assert (day.status().phase, day.status().remaining_s) == ("running", 601)
    day.wait(0.5)
    assert (day.status().phase, day.status().remaining_s) == ("warning", 600)
    assert [g[:3] for g in day.given] == [(1, "warning", at("11:05"))]


def test_an_announcement_due_while_the_app_was_closed_is_given_once_on_reopening() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.open = False
    day.wait(65 * 60)  # closed from 10:15 to 11:20
    day.open = True
    given = day.fire()
    assert [(d.announcement, d.at) for d in given] == [("warning", at("11:05")),
                                                        ("time", at("11:15"))]  # fmt: skip
    assert day.fire() == [] and clock_state.next_due(day.facts, ROWS, day.now()) is None
    day.wait(60)
    assert len(day.given) == 2


def test_minutes_added_before_a_due_warning_was_given_put_it_off() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.open = False
    day.wait(52 * 60)  # the warning fell due at 11:05, nobody gave it
    day.facts.append(clock_actions.adjust(day.facts, ROWS, 5, day.now()))  # 13 minutes left
    day.open = True
    assert day.fire() == []
    upcoming = clock_state.next_due(day.facts, ROWS, day.now())
    assert (upcoming.announcement, upcoming.at) == ("warning", at("11:10"))


def test_taking_off_minutes_past_the_warning_makes_it_due_at_once() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(45 * 60)  # 11:00, 15 left
    day.do(clock_actions.adjust, -7)  # 8 left: the warning is due now
    assert [g[:3] for g in day.given] == [(1, "warning", at("11:00"))]


def test_a_round_ended_early_has_nothing_left_to_announce() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(40 * 60)
    day.do(clock_actions.end)
    day.wait(60 * 60)
    assert day.given == [] and clock_state.next_due(day.facts, ROWS, day.now()) is None


@pytest.mark.parametrize("jump_minutes", [-60, -5, 7, 90])
def test_a_wall_clock_jump_changes_neither_time_left_nor_announcements(jump_minutes) -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(20 * 60)
    day.clock.set(day.clock.now() + dt.timedelta(minutes=jump_minutes))
    assert (day.status().phase, day.status().remaining_s) == ("running", 40 * 60)
    day.do(clock_actions.pause)  # a wall clock put back does not bar the director
    day.do(clock_actions.resume)
    day.wait(40 * 60 + 5)
    assert [(r, what) for r, what, _, _ in day.given] == [(1, "warning"), (1, "time")]
    assert [mono - UPTIME for *_, mono in day.given] == [50 * 60, 60 * 60]


def test_a_time_typed_after_the_fact_counts_from_then() -> None:
    day = Day(at("10:40"))
    monotonic = day.clock.monotonic() - 20 * 60  # "it started at 10:20"
    day.facts.append(clock_actions.start(day.facts, len(ROWS), 1, Reading(at("10:20"), monotonic)))
    assert day.status().remaining_s == 40 * 60


def test_older_facts_without_a_monotonic_reading_are_measured_on_the_wall_clock() -> None:
    facts = [ClockFact(1, "start", Reading(at("10:15")))]
    now = Reading(at("10:45"), 12.0)
    assert clock_state.status(facts, ROWS, now).remaining_s == 30 * 60


def test_after_a_restart_of_the_computer_the_wall_clock_measures() -> None:
    facts = [ClockFact(1, "start", Reading(at("10:15"), 600.0))]  # up since 10:05
    assert (
        clock_state.stretch_s(facts[0].reading, Reading(at("10:45"), 300.0)) == 30 * 60
    )  # went back
    restarted = Reading(at("10:45"), 1000.0)  # restarted at 10:28:20, later than 10:15
    assert clock_state.status(facts, ROWS, restarted).remaining_s == 30 * 60


# --- the director's refusals -----------------------------------------------------------------


def test_refusals_name_the_field() -> None:
    day = Day(at("10:15"))
    with pytest.raises(UserError, match="clock: no round has started"):
        clock_actions.pause(day.facts, ROWS, day.now())
    with pytest.raises(UserError, match=r"round: round 1 has not started; start and end it"):
        clock_actions.start(day.facts, 11, 2, day.now())
    with pytest.raises(UserError, match="round: the event has rounds 1 to 11, not 12"):
        clock_actions.start(day.facts, 11, 12, day.now())
    day.start(1)
    with pytest.raises(UserError, match="round: round 1 has already started"):
        clock_actions.start(day.facts, 11, 1, day.now())
    with pytest.raises(UserError, match="round: round 1's clock is still running; end round 1"):
        clock_actions.start(day.facts, 11, 2, day.now())
    with pytest.raises(UserError, match="clock: round 1 is not paused"):
        clock_actions.resume(day.facts, ROWS, day.now())
    day.wait(60)
    day.do(clock_actions.pause)
    with pytest.raises(UserError, match="clock: round 1 is already paused"):
        clock_actions.pause(day.facts, ROWS, day.now())
    with pytest.raises(UserError, match="minutes: give a whole number of minutes other than 0"):
        clock_actions.adjust(day.facts, ROWS, 0, day.now())
    with pytest.raises(UserError, match="minutes: round 1 would last less than a minute"):
        clock_actions.adjust(day.facts, ROWS, -60, day.now())
    earlier = Reading(at("10:15:30"), None)
    with pytest.raises(UserError, match=r"at: 10:15:30 AM is before the clock's "
                       r"last recorded change \(10:16 AM\)"):  # fmt: skip
        clock_actions.resume(day.facts, ROWS, earlier)
    day.do(clock_actions.resume)
    day.wait(70 * 60)
    with pytest.raises(UserError, match="clock: round 1's time is up; there is nothing to pause"):
        clock_actions.pause(day.facts, ROWS, day.now())
    day.do(clock_actions.end)
    with pytest.raises(UserError, match="clock: round 1 has ended; no round is running"):
        clock_actions.end(day.facts, ROWS, day.now())
    with pytest.raises(UserError) as caught:
        clock_actions.adjust(day.facts, ROWS, 2, day.now())
    assert caught.value.field == "clock"


def test_the_next_round_may_start_before_the_last_ones_sheets_are_in() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(60 * 60)
    day.do(clock_actions.end)
    day.wait(15 * 60)
    day.start(2)  # the clock knows nothing of sheets
    assert day.status().round == 2 and day.status().phase == "running"


# --- the timetable as it now stands ----------------------------------------------------------


def test_rows_to_come_follow_the_real_times() -> None:
    day = Day(at("10:15"))
    assert clock_state.projected(day.facts, ROWS, day.now()) == ROWS
    day.start(1)
    day.wait(76 * 60)
    day.do(clock_actions.end)  # 11:31
    rows = clock_state.projected(day.facts, ROWS, day.now())
    assert (rows[0].starts, rows[0].ends) == (at("10:15"), at("11:31"))
    assert rows[0].warning_at == at("11:05")  # a round played shows when its warning fell due
    assert (rows[1].starts, rows[1].ends, rows[1].warning_at) == (at("11:46"), at("12:46"),
                                                                  at("12:36"))  # fmt: skip
    assert rows[2].starts == at("14:16")  # after lunch
    assert [r.starts for r in rows[8:]] == [at("09:30", 6), at("10:45", 6), at("12:00", 6)]


def test_a_round_ended_before_its_warning_shows_none() -> None:
    day = Day(at("10:15"))
    day.start(1)
    day.wait(40 * 60)
    day.do(clock_actions.end)  # every table in by 10:55
    rows = clock_state.projected(day.facts, ROWS, day.now())
    assert (rows[0].ends, rows[0].warning_at, rows[1].starts) == (at("10:55"), None, at("11:10"))


def test_a_running_round_moves_the_rows_after_it() -> None:
    day = Day(at("10:20"))
    day.start(1)
    day.wait(10 * 60)
    day.do(clock_actions.pause)
    day.wait(4 * 60)  # 10:34, paused 4 minutes so far
    rows = clock_state.projected(day.facts, ROWS, day.now())
    assert (rows[0].starts, rows[0].ends) == (at("10:20"), at("11:24"))
    assert rows[1].starts == at("11:39")


# --- restarts and wall-clock jumps, anywhere -------------------------------------------------

HAPPENINGS = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=3 * 75 * 60),  # seconds into the morning
        st.sampled_from(["closed", "jump"]),
        st.integers(min_value=-120 * 60, max_value=120 * 60),  # how long, or how far
    ),
    max_size=6,
)


@settings(max_examples=examples(80), deadline=None)
@given(HAPPENINGS)
@example([(3000, "closed", 1)])  # the app closes the instant the warning falls due
@example([(2000, "closed", 1000), (3000, "closed", 5)])  # and opens the instant it closes
def test_restarts_and_jumps_never_skip_or_repeat_an_announcement(happenings) -> None:
    """Three rounds (10:15, 11:30, 12:45, each ended a minute after time); meanwhile the app is
    closed for a while (then rebuilt from the stored facts alone) or the wall clock jumps."""
    day = Day(at("10:15"))
    origin = day.clock.monotonic()
    starts = [0, 75 * 60, 150 * 60]
    closed = [(t, t + abs(n)) for t, kind, n in happenings if kind == "closed"]
    jumps = {t: n for t, kind, n in happenings if kind == "jump"}
    points = {*starts, *(s + 3660 for s in starts), *jumps, *(b for w in closed for b in w)}

    def is_open(t: float) -> bool:
        return not any(a <= t < b for a, b in closed)

    def can_give(t: float) -> bool:
        # open at ``t``, or up to it: an app closing the instant one falls due gives it first
        return is_open(t) or not any(a < t <= b for a, b in closed)

    for t in sorted(points):
        day.wait(t - (day.clock.monotonic() - origin))
        day.open = is_open(t)
        day.fire()
        if t in jumps:
            day.clock.set(day.clock.now() + dt.timedelta(seconds=jumps[t]))
        if t in starts:
            day.start(starts.index(t) + 1)
        if t - 3660 in starts:
            day.do(clock_actions.end)
        status = day.status()
        if status.round is not None and status.phase not in ("break", "meal", "finished"):
            ran = t - starts[status.round - 1]  # time left follows the monotonic source
            assert status.remaining_s == max(0, 3600 - ran)
    day.wait(3600)
    expected = {}
    for r, start in enumerate(starts, start=1):
        for what, due in (("warning", start + 3000), ("time", start + 3600)):
            shown = min(t for t in {due, *(b for _, b in closed)} if t >= due and can_give(t))
            if shown <= start + 3660:  # a round ended meanwhile has nothing left to announce
                expected[(r, what)] = shown
    given = {(r, what): mono - origin for r, what, _, mono in day.given}
    assert len(given) == len(day.given)  # never twice
    assert given == pytest.approx(expected)  # on time, or as soon as the app is open again


def test_a_wall_clock_put_forward_further_than_the_computer_was_up_reads_as_a_restart() -> None:
    started = Reading(at("10:15"), 1800.0)  # up since 9:45
    assert (
        clock_state.stretch_s(started, Reading(at("11:00"), 3000.0)) == 20 * 60
    )  # put 25 min forward
    assert clock_state.stretch_s(started, Reading(at("12:45"), 3000.0)) == 150 * 60  # 2 hours: wall


def test_a_clock_of_a_round_the_event_no_longer_has_is_named() -> None:
    facts = [ClockFact(5, "start", Reading(at("10:15")))]
    with pytest.raises(UserError, match="round: round 5 has a clock, but the event now has 4"):
        clock_state.status(facts, ROWS[:4], Reading(at("10:20")))


def test_a_round_closed_without_its_clock_lets_the_next_one_start() -> None:
    # a night run without the clock: the director closed round 1 once its sheets were in
    now = Reading(at("11:20"))
    with pytest.raises(UserError, match="round 1 has not started"):
        clock_actions.start([], len(ROWS), 2, now)
    assert clock_actions.start([], len(ROWS), 2, now, previous_closed=True) == ClockFact(
        2, "start", now
    )


def test_what_the_director_may_do_in_each_phase_is_what_the_actions_accept() -> None:
    """The status says what may be done (the Rounds page greys its buttons by it); each
    says so exactly where the action is accepted."""

    def accepted(day: Day, action, *args) -> bool:
        try:
            action(day.facts, ROWS, *args, day.now())
        except UserError:
            return False
        return True

    day = Day(at("10:15"))
    seen = {}

    def look() -> None:
        status = day.status()
        may = (status.can_pause, status.can_resume, status.can_adjust, status.can_end)
        assert may == (
            accepted(day, clock_actions.pause),
            accepted(day, clock_actions.resume),
            accepted(day, clock_actions.adjust, 1),
            accepted(day, clock_actions.end),
        ), status.phase
        seen[status.phase] = may

    look()  # not started
    day.start(1)
    look()  # running
    day.wait(51 * 60)
    look()  # the warning
    day.do(clock_actions.pause)
    look()
    day.do(clock_actions.resume)
    day.wait(10 * 60)
    look()  # time
    day.do(clock_actions.end)
    look()  # the break
    assert seen == {
        "not_started": (False, False, False, False),
        "running": (True, False, True, True),
        "warning": (True, False, True, True),
        "paused": (False, True, True, True),
        "time": (False, False, True, True),
        "break": (False, False, False, False),
    }
