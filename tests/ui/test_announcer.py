"""The chime and the voice at the warning and at time: the rules' words with the round
filled in, switched off by the director, tested from the menu, silent when the machine
cannot give them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from clubdesk.domain.roundclock.state import Due
from clubdesk.domain.rules import Schedule
from clubdesk.store.db import open_database
from clubdesk.ui.clock.announcer import TEST_WORDS, Announcer, silent_notice, spoken_words
from clubdesk.ui.clock.ticker import FakeTimer
from clubdesk.ui.context import UiContext
from clubdesk.ui.main_window import MainWindow
from tests import builder


class FakeChime:
    """Stands in for the sound effect on a machine with no audio device."""

    def __init__(self) -> None:
        self.plays = 0

    def play(self) -> None:
        self.plays += 1


@pytest.fixture
def demo_window(make_window, db_path, new_demo):
    """The window on the demo: round 4 of the Grand Prix running with 23:41 left."""
    db = open_database(new_demo(db_path))
    window = make_window(db)
    window.announcer.chime = FakeChime()
    return window


def record(announcer: Announcer) -> list[str]:
    said: list[str] = []
    announcer.spoken.connect(said.append)
    return said


def test_the_warning_is_spoken_in_the_rules_words_with_the_round(demo_window, clock):
    window = demo_window
    said = record(window.announcer)
    assert window.announcer.speech.engine() == "mock"
    clock.advance(minutes=13, seconds=41)
    window.ticker.due_timer.fire()
    assert said == ["Ten minutes left in round 4"]  # the Grand Prix rules file's words
    assert window.announcer.chime.plays == 1
    clock.advance(minutes=10)
    window.ticker.due_timer.fire()
    assert said == ["Ten minutes left in round 4", "Time in round 4: finish the hand in play"]
    assert window.announcer.chime.plays == 2


def test_switched_off_nothing_is_said_or_played_and_the_choice_is_kept(
    demo_window, clock, qsettings
):
    window = demo_window
    said = record(window.announcer)
    window.sound_menu.voice_action.trigger()
    window.sound_menu.chime_action.trigger()
    assert not window.announcer.voice_on and not window.announcer.chime_on
    clock.advance(minutes=13, seconds=41)
    window.ticker.due_timer.fire()
    assert window.status_clock.announcement_label.text() == "10 minutes left in round 4"
    assert said == [] and window.announcer.chime.plays == 0
    again = QSettings(qsettings.fileName(), QSettings.Format.IniFormat)
    kept = Announcer(window.context, again)
    assert not kept.voice_on and not kept.chime_on


def test_the_voice_alone_can_be_switched_off(demo_window, clock):
    window = demo_window
    said = record(window.announcer)
    window.sound_menu.voice_action.trigger()
    clock.advance(minutes=13, seconds=41)
    window.ticker.due_timer.fire()
    assert said == [] and window.announcer.chime.plays == 1


def test_the_test_item_chimes_and_speaks_even_when_switched_off(demo_window):
    window = demo_window
    said = record(window.announcer)
    window.sound_menu.voice_action.trigger()
    window.sound_menu.chime_action.trigger()
    window.sound_menu.test_action.trigger()
    assert said == [TEST_WORDS] and window.announcer.chime.plays == 1


def test_a_warning_that_fell_due_while_closed_is_shown_but_not_sounded(
    make_window, db_path, new_demo, clock
):
    db = open_database(new_demo(db_path))
    clock.advance(minutes=20)  # the warning fell due 6:19 ago
    window = make_window(db)
    assert "the warning was due at" in window.status_clock.announcement_label.text()
    said = record(window.announcer)
    window.announcer.chime = FakeChime()
    clock.advance(minutes=4)
    window.ticker.due_timer.fire()  # time is given on time: that one is sounded
    assert said == ["Time in round 4: finish the hand in play"]


def test_a_missing_speech_engine_is_said_once_in_the_status_bar(
    qtbot, db_path, new_demo, clock, qsettings
):
    db = open_database(new_demo(db_path))
    window = MainWindow(
        db, settings=qsettings, clock=clock, make_timer=FakeTimer, speech_engine="no-such"
    )
    qtbot.addWidget(window)
    assert not window.announcer.loaded  # the engines are loaded once the window shows
    window.show()
    qtbot.waitUntil(lambda: window.announcer.loaded)
    assert window.sound_label.text() in (
        "No voice: no speech engine 'no-such'",  # a machine with an audio device
        "Sound off: no audio device",
    )
    assert "the voice cannot speak (no speech engine 'no-such')" in window.sound_label.toolTip()
    told = []
    window.announcer.unavailable.connect(lambda words, reason: told.append(words))
    clock.advance(minutes=13, seconds=41)
    window.ticker.due_timer.fire()  # given silently, no error
    window.sound_menu.test_action.trigger()
    assert window.status_clock.announcement_label.text() == "10 minutes left in round 4"
    assert told == []  # said once only
    assert window.announcer.speech is None


def test_an_announcer_with_no_event_says_nothing(qtbot, db, clock, qsettings):
    context = UiContext(db, clock)
    announcer = Announcer(context, qsettings, engine="mock")
    said = record(announcer)
    announcer.announce((Due(1, "warning", clock.now()),))
    assert said == []


def test_the_words_fill_in_the_round_and_the_minutes():
    schedule = Schedule(rounds=3, round_minutes=45, warning_minutes=5, first_round_at="19:00")
    warning = Due(2, "warning", None)  # type: ignore[arg-type]
    time = Due(3, "time", None)  # type: ignore[arg-type]
    assert spoken_words(warning, schedule) == "5 minutes left in round 2"
    assert spoken_words(time, schedule) == "Time in round 3: finish the hand in play"
    own = Schedule(
        rounds=3,
        round_minutes=45,
        first_round_at="19:00",
        time_words="Round {round} is over",
        warning_words="Hurry",
    )
    assert spoken_words(time, own) == "Round 3 is over"
    assert spoken_words(warning, own) == "Hurry"


def test_an_events_own_words_and_warning_are_spoken(qtbot, db, clock, qsettings):
    settings = {"warning_minutes": 5, "warning_words": "{minutes} to go in round {round}"}
    event_id = builder.event(db, clock, "npa-club-pinochle", settings=settings)
    announcer = Announcer(UiContext(db, clock, event_id=event_id), qsettings, engine="mock")
    said = record(announcer)
    announcer.announce((Due(2, "warning", clock.now()), Due(2, "time", clock.now())))
    assert said == ["5 to go in round 2. Time in round 2: finish the hand in play"]


def test_the_silent_notice_is_short_with_the_whole_reason_apart() -> None:
    words, reason = silent_notice("no audio device", "the speech engine did not start")
    assert words == "Sound off: no audio device"
    assert reason.startswith(
        "Announcements are silent here: the chime cannot play (no audio device); "
        "the voice cannot speak (the speech engine did not start)."
    )
    assert silent_notice("no audio device", "")[0] == "No chime: no audio device"
    assert silent_notice("", "no speech engine")[0] == "No voice: no speech engine"


def test_the_status_bar_says_it_in_few_words_at_1280(make_window, db, clock, qtbot) -> None:
    window = make_window(db)
    window.resize(1280, 820)
    window.announcer.unavailable.emit(*silent_notice("no audio device", "no speech engine"))
    label = window.sound_label
    qtbot.waitUntil(lambda: label.width() >= label.sizeHint().width())
    assert label.text() == "Sound off: no audio device"
    assert "no speech engine" in label.toolTip()
