"""Project-wide fixtures.

- Qt runs offscreen unless QT_QPA_PLATFORM says otherwise.
- Every test gets its own empty user data folder (databases, logs, the
  user's rules files), so nothing touches the real user's files.
- ``clock`` is a fake time source that only moves when a test moves it.
- ``new_database(path)`` puts an empty database file at ``path``: a copy of one made once
  per run, so the schema script does not run for every test.
- ``db`` is an open, empty Database at ``db_path``, this test's own (backups to ``backups``).
- The demo event (``make_demo``, services/demo.py) is built once per run on ``clock``'s
  morning (``demo_database``); a test gets its own copy: ``new_demo(path)`` a file,
  ``demo_event`` the event copied into ``db``.
- A Qt test that leaves a QTimer running or a modal dialog open fails.
- Qt settings (QSettings) go to a temporary folder, never the user's.
- Temporary folders are on a RAM disk (/dev/shm) when there is one and TMPDIR is not set.
  Each test's (``home``: its user data and Qt settings; ``tmp_path``) is numbered in one
  folder, not by pytest's ``mktemp``, which reads the whole temporary folder for each.
- The databases a test process opens share one compiled-statement cache (statement_cache.py),
  and each new one is a copy of the first one made (new_schema.py).
- Property tests run Hypothesis's ``quick`` profile unless another is given (properties.py).
"""

from __future__ import annotations

import atexit
import gc
import itertools
import os
import shutil
import sqlite3
import sys
import tempfile
import traceback
import weakref
from collections.abc import Callable, Iterator
from contextlib import closing, suppress
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pytest

from clubdesk.timesource import FakeTime
from tests.isolation import own_user_data, seal_key_file

if TYPE_CHECKING:
    from clubdesk.services.events import EventInfo
    from clubdesk.store.db import Database


def _end_worker_now() -> None:
    """The last exit handler of a pytest-xdist worker: its results are sent, the handlers
    registered after this one (the temporary folders removed) have run; what is left is
    Python tearing down every module, widget and row the worker loaded, about a second the
    whole run waits for, for nothing. The controller reads no worker's exit status."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


# Registered first, so it runs last (exit handlers run last registered first).
if os.environ.get("PYTEST_XDIST_WORKER"):
    atexit.register(_end_worker_now)

# The suite keeps its bytecode (__pycache__), and so do the processes it starts: compiling
# every module again on each run, in each worker and child, cost more than any one test. An
# environment that asks Python not to write bytecode (PYTHONDONTWRITEBYTECODE) is overruled
# here, for the tests only.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Before anything loads Qt (pytest-qt loads it when it configures itself,
# after conftest files are imported).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The tests' throwaway databases live in memory where the system has a RAM disk: every
# SQLite commit waits for the disk (fsync), and most of the suite's time went there. A
# TMPDIR (or --basetemp) that is set already is left alone; child processes inherit it.
_RAM_DISK = Path("/dev/shm")
if "TMPDIR" not in os.environ and _RAM_DISK.is_dir() and os.access(_RAM_DISK, os.W_OK):
    os.environ["TMPDIR"] = str(_RAM_DISK)
    tempfile.tempdir = None  # gettempdir() looks again

# The sound library (PulseAudio's, under Qt Multimedia) keeps its files in the session's
# runtime folder, or in a folder of its own in the temporary folder that it never removes
# (one for each test process). Where the session has none, the tests lend it one, removed
# when the process ends; child processes inherit it.
if "XDG_RUNTIME_DIR" not in os.environ:
    os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="clubdesk-runtime-")
    atexit.register(shutil.rmtree, os.environ["XDG_RUNTIME_DIR"], ignore_errors=True)

# The seal's key lives in the user's config folder: the tests' processes, and the commands
# they run, have one of their own (the tests' laptop: tests/isolation.py), never the user's.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="clubdesk-config-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], ignore_errors=True)
seal_key_file(Path(os.environ["XDG_CONFIG_HOME"]))


def _hands_tests_out(config: pytest.Config) -> bool:
    """Whether this process is pytest-xdist's controller, which hands the tests to its
    workers and runs none (as pytest-xdist decides it)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or config.getoption("collectonly"):
        return False
    return config.getoption("dist", "no") != "no" and bool(config.getoption("tx", None))


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """What a process that runs tests sets up first. pytest-xdist's controller loads none of
    it (the store, SQLAlchemy, Hypothesis: half a second), and starts its workers sooner;
    only a Hypothesis profile named on the command line is loaded there too."""
    runs_tests = not _hands_tests_out(config)
    if runs_tests:
        from tests import new_schema, statement_cache

        # Every database a test opens compiles its SQL once per process, not once per test.
        statement_cache.share()
        # A database created for a test is a copy of the first new one, not the migration
        # steps again.
        new_schema.share()
    if runs_tests or config.getoption("--hypothesis-profile", None):
        from tests import properties

        # The property tests try a fifth of their examples unless ``--hypothesis-profile
        # thorough`` (loaded after this, by Hypothesis's own plugin).
        properties.load_quick()


# --- the user's data folder -------------------------------------------------------------


@pytest.fixture(scope="session")
def _homes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Each test's home below one folder, numbered in order: pytest's ``mktemp`` reads the
    whole temporary folder to number a new one, and a worker's grows by thousands."""
    root = tmp_path_factory.mktemp("homes")
    numbers = itertools.count()
    return (root / str(number) for number in numbers)


@pytest.fixture
def home(_homes: Iterator[Path]) -> Path:
    """This test's own empty folder for the user's files and settings."""
    folder = next(_homes)
    folder.mkdir()
    return folder


@pytest.fixture
def tmp_path(home: Path) -> Path:
    """This test's own empty temporary folder, in its home (in place of pytest's, which
    ``mktemp`` numbered by reading the whole temporary folder for each test)."""
    folder = home / "tmp"
    folder.mkdir()
    return folder


@pytest.fixture(autouse=True)
def user_data(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data folder for this test; ``clubdesk.paths`` points into it."""
    return own_user_data(home, monkeypatch)


# --- databases --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def empty_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new, empty database of the current schema, made once for the run."""
    from clubdesk.store.db import open_database

    folder = tmp_path_factory.mktemp("empty-database")
    path = folder / "club.sqlite"
    open_database(path, backups=folder / "backups").close()
    return path


@pytest.fixture
def new_database(empty_database: Path) -> Callable[[Path], Path]:
    """``new_database(path)``: an empty database file at ``path``, this test's own (a copy
    of ``empty_database``: the same file a first open makes, without running the schema
    script again)."""

    def make(path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(empty_database, path)
        return path

    return make


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "club.sqlite"


@pytest.fixture
def backups(tmp_path: Path) -> Path:
    return tmp_path / "backups"


@pytest.fixture
def db(db_path: Path, backups: Path, new_database) -> Iterator[Database]:
    """An empty database at ``db_path``, open; closed after the test."""
    from clubdesk.store.db import open_database

    database = open_database(new_database(db_path), backups=backups)
    yield database
    database.close()


# --- time -------------------------------------------------------------------------------


# A Saturday tournament morning, in a club's local time (UTC-7, no daylight saving).
CLUB_TIME = timezone(timedelta(hours=-7), "MST")
MORNING = datetime(2024, 3, 9, 9, 30, tzinfo=CLUB_TIME)


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime(MORNING)


# --- the demo ---------------------------------------------------------------------------


class Demo(NamedTuple):
    path: Path  # a closed database file holding the demo, and nothing else
    event: EventInfo


@pytest.fixture(scope="session")
def demo_database(tmp_path_factory: pytest.TempPathFactory, empty_database: Path) -> Demo:
    """The demo event, as ``make_demo(db, clock)`` fills an empty database with ``clock``
    standing at its start (``MORNING``), made once for the run."""
    from clubdesk.services.demo import make_demo
    from clubdesk.store.db import open_database

    folder = tmp_path_factory.mktemp("demo-database")
    path = Path(shutil.copyfile(empty_database, folder / "club.sqlite"))
    with open_database(path, backups=folder / "backups") as database:
        event = make_demo(database, FakeTime(MORNING))
    return Demo(path, event)


def _at_the_demos_start(clock: FakeTime) -> None:
    start = (clock.now(), clock.monotonic())
    assert start == (MORNING, FakeTime(MORNING).monotonic()), "the demo is made at MORNING"


@pytest.fixture
def new_demo(demo_database: Demo, clock: FakeTime) -> Callable[[Path], Path]:
    """``new_demo(path)``: a database file at ``path`` holding the demo, this test's own: what
    ``make_demo`` makes of a new database with ``clock`` as it stands (at its start)."""

    def make(path: Path) -> Path:
        _at_the_demos_start(clock)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(demo_database.path, path)
        return path

    return make


@pytest.fixture
def demo_event(db: Database, demo_database: Demo, clock: FakeTime) -> EventInfo:
    """The demo event in ``db``, as ``make_demo(db, clock)`` returns it: the run's demo
    copied into the open database (SQLite's backup: its connections see the new pages)."""
    _at_the_demos_start(clock)
    source, target = sqlite3.connect(demo_database.path), sqlite3.connect(db.path)
    with closing(source), closing(target):
        source.backup(target)
    return demo_database.event


# --- Qt hygiene -------------------------------------------------------------------------


def _uses_qt(request: pytest.FixtureRequest) -> bool:
    return bool({"qtbot", "qapp", "qtmodeltester"} & set(request.fixturenames))


@pytest.fixture(autouse=True)
def qt_settings(request: pytest.FixtureRequest, home: Path):
    """Send QSettings that are not given an explicit file to a temporary folder."""
    if not _uses_qt(request):
        yield None
        return
    from PySide6.QtCore import QSettings

    folder = home / "qsettings"
    folder.mkdir()
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, str(folder))
    yield folder


@pytest.fixture(autouse=True)
def qt_leftovers(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """Fail a Qt test that leaves a QTimer running or a modal dialog open.

    Timers started from Python are tracked (``QTimer.start`` and
    ``QTimer.singleShot``); a test's widgets are closed by qtbot before this
    check runs, so a timer a widget stops when it closes is fine.
    """
    if not _uses_qt(request):
        yield
        return
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    started: weakref.WeakKeyDictionary[QTimer, str] = weakref.WeakKeyDictionary()
    single_shots: list[tuple[QTimer, str]] = []
    base_start = QTimer.start
    base_single_shot = QTimer.singleShot

    def start(self: QTimer, *args) -> None:
        started[self] = "".join(traceback.format_stack(limit=8)[:-1])
        base_start(self, *args)

    def single_shot(msec: int, *args) -> None:
        # A real QTimer we can watch, fired once: the same behaviour as QTimer.singleShot.
        receiver = args[-1]
        context = args[0] if len(args) == 2 else None
        if not callable(receiver) or len(args) > 2 or not isinstance(context, QObject | None):
            base_single_shot(msec, *args)  # other overloads (timer type, slot names): untracked
            return
        timer = QTimer(context)
        timer.setSingleShot(True)
        timer.timeout.connect(receiver)
        timer.timeout.connect(timer.deleteLater)
        single_shots.append((timer, "".join(traceback.format_stack(limit=8)[:-1])))
        base_start(timer, msec)

    monkeypatch.setattr(QTimer, "start", start)
    monkeypatch.setattr(QTimer, "singleShot", staticmethod(single_shot))
    yield

    problems = []
    for timer, where in [*started.items(), *single_shots]:
        try:
            active = timer.isActive()
        except RuntimeError:  # the C++ object is gone: it cannot fire any more
            continue
        if active:
            timer.stop()
            problems.append(f"a QTimer is still running; it was started at:\n{where}")
    app = QApplication.instance()
    if app is not None:
        # the widgets qtbot closed are deleted now: no event loop runs between tests to do it
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        modal = QApplication.activeModalWidget()
        if modal is not None:
            title = modal.windowTitle() or type(modal).__name__
            modal.close()
            problems.append(f"a modal dialog is still open: {title!r}")
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


# --- the order the tests are handed out -------------------------------------------------

# Handed out first, in this order, so that pytest-xdist's workers start on them and fill the
# rest of the time with the short tests, instead of one worker finishing a long proof alone
# at the end. First the modules that style the whole application (app.py's window, the
# styled pages): styling re-polishes every widget still alive, and early in a worker few
# are (test_app.py takes 7 s alone, a minute late in a run). Then the longest modules (half
# a minute or more of one core each), longest first; then the other modules whose children
# come from the fork server (tests/forked.py), so that one worker starts it, not both (it
# imports clubdesk and the window: a second or more of a core).
LONG_FIRST = (
    "ui/test_app.py",
    "ui/test_sheet_in_view.py",
    "ui/test_styled_pages.py",
    "store/test_kill_nine.py",
    "e2e/test_window_nights.py",
    "e2e/test_phones_in_a_browser.py",
    "ui/test_projector.py",
    "services/test_clock_kill_nine.py",
    "store/test_full_disk.py",
    "cli/test_process.py",
    "web/test_hostile_clients.py",  # ten seconds of a real server's timers, little work
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The ``LONG_FIRST`` modules first, in that order; the rest keep theirs."""
    tests = Path(__file__).parent

    def rank(item: pytest.Item) -> int:
        where = item.path.relative_to(tests).as_posix() if item.path.is_relative_to(tests) else ""
        return LONG_FIRST.index(where) if where in LONG_FIRST else len(LONG_FIRST)

    items.sort(key=rank)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting loaded (every module of the project and of the tests, Qt, SQLAlchemy)
    lives to the end of the run: it is left out of the garbage collector's passes, which
    otherwise walked all of it again in every full collection; and the collector runs after
    10,000 new objects, not 700 (a test makes and drops many more: its time in collections
    went from about 5 s a run to 2)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """The widgets qtbot closes after the test stop drawing as its body ends: pytest-qt turns
    the event loop once more first, and they would draw what the test left on them (a few
    seconds of the run), for nobody."""
    result = yield
    for kept, _ in getattr(item, "qt_widgets", ()):
        widget = kept()
        if widget is not None:
            with suppress(RuntimeError):  # its C++ object is gone already
                widget.setUpdatesEnabled(False)
    return result
