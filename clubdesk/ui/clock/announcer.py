"""The chime and the spoken words when the warning and time are given.

``Announcer`` listens to the window's ``ClockWatch``: when it gives an
announcement, the chime plays (QtMultimedia) and the rules file's words are
spoken with the round filled in (QtTextToSpeech), e.g. "Ten minutes left in
round 4". The words come from the event's rules through the services; nothing
here knows a rule of the game.

The director switches the chime and the voice off (and on) from View > Sound;
the choice is kept in the window's ``QSettings``. "Test chime and voice" plays
both at once. When the chime or the voice cannot be given here (Qt's sound or
speech library does not load, no audio device, no speech engine) the app
carries on silently and says so once, through ``unavailable``: a few words for the
status bar (``Sound off: no audio device``) and the whole reason for its tooltip.

An announcement that fell due while the app was closed is shown in the status
bar with the time it was due, but it is not sounded: a chime long after the
fact would only confuse the room.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QSettings, QUrl, Signal
from PySide6.QtWidgets import QMenu

from clubdesk.domain.roundclock.state import Due
from clubdesk.domain.rules import Schedule, announcement_words
from clubdesk.errors import UserError
from clubdesk.paths import resource
from clubdesk.services import events as event_service
from clubdesk.ui.context import UiContext

CHIME_KEY = "sound/chime"
VOICE_KEY = "sound/voice"
CHIME_FILE = "sounds/chime.wav"
FRESH_S = 60  # an announcement given later than this after it fell due is not sounded
TEST_WORDS = "This is how announcements will sound"


def spoken_words(due: Due, schedule: Schedule) -> str:
    """The rules' words for one announcement with its round (and the warning's minutes)
    filled in."""
    words = schedule.warning_words if due.is_warning else schedule.time_words
    return announcement_words(words, round_number=due.round, minutes=schedule.warning_minutes)


def _make_speech(engine: str | None, parent: QObject) -> tuple[Any | None, str]:
    """A text-to-speech object, or None and why not."""
    try:
        from PySide6.QtTextToSpeech import QTextToSpeech
    except ImportError:
        return None, "no speech library"
    engines = QTextToSpeech.availableEngines()
    if engine is None:
        if not engines:
            return None, "no speech engine"
        speech = QTextToSpeech(parent)
    elif engine not in engines:
        return None, f"no speech engine {engine!r}"
    else:
        speech = QTextToSpeech(engine, parent)
    if speech.state() == QTextToSpeech.State.Error:
        return None, "the speech engine did not start"
    return speech, ""


def _make_chime(parent: QObject) -> tuple[Any | None, str]:
    """A sound effect loaded with the chime, or None and why not."""
    try:
        from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
    except ImportError:
        return None, "no sound library"
    if not QMediaDevices.audioOutputs():
        return None, "no audio device"
    try:
        path = resource(CHIME_FILE)
    except FileNotFoundError:
        return None, "no chime file"
    if not path.is_file():
        return None, "no chime file"
    chime = QSoundEffect(parent)
    chime.setSource(QUrl.fromLocalFile(str(path)))
    return chime, ""


def silent_notice(chime_problem: str, voice_problem: str) -> tuple[str, str]:
    """What the status bar says when the chime or the voice cannot be given here: a few
    words that fit (``Sound off: no audio device``) and the whole reason for its tooltip."""
    if chime_problem and voice_problem:
        short = f"Sound off: {chime_problem}"
    elif chime_problem:
        short = f"No chime: {chime_problem}"
    else:
        short = f"No voice: {voice_problem}"
    parts = [
        f"the chime cannot play ({chime_problem})" if chime_problem else "",
        f"the voice cannot speak ({voice_problem})" if voice_problem else "",
    ]
    whole = (
        f"Announcements are silent here: {'; '.join(p for p in parts if p)}. "
        "The clock, the status bar and the projector carry on as usual."
    )
    return short, whole


class Announcer(QObject):
    """Plays the chime and speaks the words when an announcement is given."""

    unavailable = Signal(str, str)  # once: a few words, and the whole reason (see silent_notice)
    spoken = Signal(str)  # words handed to the speech engine
    chimed = Signal()  # the chime was started

    def __init__(
        self,
        context: UiContext,
        settings: QSettings,
        *,
        engine: str | None = None,
        parent: QObject | None = None,
    ):
        """``engine``: the speech engine by name (tests use ``"mock"``); None for the
        system's own."""
        super().__init__(parent)
        self.context = context
        self.settings = settings
        self._engine = engine
        self._loaded = False
        self._told = False
        self.speech: Any | None = None
        self.chime: Any | None = None

    # the director's switches

    @property
    def chime_on(self) -> bool:
        return _flag(self.settings.value(CHIME_KEY, True))

    @property
    def voice_on(self) -> bool:
        return _flag(self.settings.value(VOICE_KEY, True))

    def set_chime_on(self, on: bool) -> None:
        self.settings.setValue(CHIME_KEY, bool(on))
        self.settings.sync()

    def set_voice_on(self, on: bool) -> None:
        self.settings.setValue(VOICE_KEY, bool(on))
        self.settings.sync()

    # giving announcements

    @property
    def loaded(self) -> bool:
        """Whether the chime and the speech engine have been loaded (or found missing)."""
        return self._loaded

    def load(self) -> None:
        """Load the chime and the speech engine (once); say once what cannot be given."""
        if self._loaded:
            return
        self._loaded = True
        self.chime, chime_problem = _make_chime(self)
        self.speech, voice_problem = _make_speech(self._engine, self)
        if (chime_problem or voice_problem) and not self._told:
            self._told = True
            self.unavailable.emit(*silent_notice(chime_problem, voice_problem))

    def announce(self, given: Sequence[Due]) -> None:
        """Sound the announcements just given (the fresh ones; late ones are only shown)."""
        now = self.context.clock.now()
        fresh = [due for due in given if (now - due.at) <= dt.timedelta(seconds=FRESH_S)]
        if not fresh or not (self.chime_on or self.voice_on):
            return
        schedule = self._schedule()
        words = [spoken_words(due, schedule) for due in fresh] if schedule else []
        self.sound(". ".join(words))

    def test(self) -> None:
        """Play the chime and speak a test sentence, whatever the switches say."""
        self.sound(TEST_WORDS, chime=True, voice=True)

    def sound(self, words: str, *, chime: bool | None = None, voice: bool | None = None) -> None:
        """Chime and speak ``words`` as switched (or as told)."""
        self.load()
        chime = self.chime_on if chime is None else chime
        voice = self.voice_on if voice is None else voice
        if chime and self.chime is not None:
            self.chime.play()
            self.chimed.emit()
        if voice and words and self.speech is not None:
            self.speech.say(words)
            self.spoken.emit(words)

    def _schedule(self) -> Schedule | None:
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            return None
        try:
            return event_service.event_rules(db, event_id).schedule
        except UserError:
            return None


def _flag(value: object) -> bool:
    """A QSettings flag (an ini file gives back ``"true"``/``"false"``)."""
    if isinstance(value, str):
        return value.lower() not in ("false", "0", "no", "")
    return bool(value)


class SoundMenu:
    """View > Sound: switch the chime and the voice on or off, and test them."""

    def __init__(self, menu: QMenu, announcer: Announcer):
        self.announcer = announcer
        self.menu = menu.addMenu("&Sound")
        self.chime_action = self.menu.addAction("&Chime at the warning and at time")
        self.chime_action.setCheckable(True)
        self.chime_action.setChecked(announcer.chime_on)
        self.chime_action.toggled.connect(announcer.set_chime_on)
        self.voice_action = self.menu.addAction("&Voice at the warning and at time")
        self.voice_action.setCheckable(True)
        self.voice_action.setChecked(announcer.voice_on)
        self.voice_action.toggled.connect(announcer.set_voice_on)
        self.menu.addSeparator()
        self.test_action = self.menu.addAction("&Test chime and voice")
        self.test_action.triggered.connect(announcer.test)
