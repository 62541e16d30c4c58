"""Exclusive OS locks on small files, so one database file has one clubdesk.

A database has two (``DatabaseLock``): one beside the file its path finally names, and
one named by the file's identity (device and inode), in the system's temporary folder
(``/tmp``, whatever ``TMPDIR`` says), so that a hard link's other name for the same file
finds it taken too, by any clubdesk of the same user. A lock file also says who
holds it (a window or a command), so that another clubdesk refused the file can say so.
Byte 0 is the one locked (Windows locks are mandatory); the holder's words follow it. A
command holds its file for a moment, so one that finds a file held by another tries again
for a few seconds before it is refused (a window holds its file until it is closed).

The temporary folder is shared by every account on the computer, so the identity locks'
folder there must be the user's own: a folder (not a symbolic link) the user owns that no
one else may enter (mode 0700); another is refused in plain words, never used. No lock file
is opened through a symbolic link: one planted where a lock file goes is refused, so that
taking a lock never writes into a file it points at.
"""

import contextlib
import errno
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from clubdesk.store.errors import DatabaseError

WINDOW = "window"
COMMAND = "command"
_HOLDERS = {WINDOW: "another clubdesk window", COMMAND: "a clubdesk command still running"}
_role = [WINDOW]  # what this process is: the window unless a command runs


@contextlib.contextmanager
def acting_as(role: str) -> Iterator[None]:
    """While the block runs, locks this process takes say it is ``role`` (WINDOW, COMMAND)."""
    _role.append(role)
    try:
        yield
    finally:
        _role.pop()


def holder_of(lock_path: Path) -> str:
    """Who holds the lock at ``lock_path``, in words ("another clubdesk window")."""
    try:
        with open(os.open(lock_path, os.O_RDONLY | _NO_FOLLOW), "rb") as file:
            file.seek(1)
            written = file.read(64).decode("ascii", "replace").split()
    except OSError:
        written = []
    return _HOLDERS.get(written[0] if written else "", "another clubdesk")


def lock_file_for(database: Path) -> Path:
    """The lock file of a database: beside the file the path finally names (symlinks followed),
    so every name of it shares one lock."""
    real = database.resolve()
    return real.with_name(real.name + ".lock")


def identity_lock_file(database: Path) -> Path | None:
    """The lock file named by the database file's identity (device and inode), shared by
    every name of it; None for a file not made yet (it has no other name) or where the
    temporary folder cannot hold one (the lock beside the file still stands)."""
    try:
        found = database.stat()
    except OSError:
        return None
    if not found.st_ino:  # a file system that gives no file numbers
        return None
    folder = _shared_folder() / f"clubdesk-locks-{_user()}"
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    _check_private(folder)
    return folder / f"{found.st_dev:x}-{found.st_ino:x}.lock"


def _check_private(folder: Path) -> None:
    """DatabaseError unless ``folder`` is a folder of this user's that no one else may
    enter (where the system has users: on POSIX)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # Windows: the temporary folder is the user's own
        return
    try:
        info = os.lstat(folder)
    except OSError as exc:
        raise DatabaseError(f"{folder} cannot hold clubdesk's locks ({exc.strerror}).") from None
    if stat.S_ISLNK(info.st_mode):
        why = "it is a symbolic link"
    elif not stat.S_ISDIR(info.st_mode):
        why = "it is not a folder"
    elif info.st_uid != getuid():
        why = f"it belongs to another user (user id {info.st_uid})"
    elif info.st_mode & 0o077:
        why = f"other users may use it (mode {stat.S_IMODE(info.st_mode):04o}, not 0700)"
    else:
        return
    raise DatabaseError(
        f"{folder} is where clubdesk keeps its locks, but {why}; clubdesk does not use it. "
        "Remove it (or ask the computer's administrator to), then try again."
    )


SYSTEM_TEMPORARY = Path("/tmp")  # the system's own, whatever TMPDIR says


def _shared_folder() -> Path:
    """Where the identity locks live: the same place for every clubdesk of this user on this
    computer, whatever its environment says (two commands given different TMPDIRs must meet
    there): the system's temporary folder, ``/tmp``, where there is one to write in."""
    if os.name != "nt" and SYSTEM_TEMPORARY.is_dir() and os.access(SYSTEM_TEMPORARY, os.W_OK):
        return SYSTEM_TEMPORARY
    return Path(tempfile.gettempdir())


def _user() -> str:
    getuid = getattr(os, "getuid", None)  # the temporary folder is shared on POSIX
    return str(getuid()) if getuid is not None else "user"


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # Windows has no symbolic links to plant

if os.name == "nt":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class FileLock:
    """Held from ``acquire()`` until ``release()``; the OS drops it if the process dies."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock; False when another process (or another open) holds it."""
        for _ in range(3):
            fd = self._open()
            try:
                _lock(fd)
            except OSError:
                os.close(fd)
                return False
            if self._same_file(fd):
                self._fd = fd
                self._say_who(fd)
                return True
            # The holder removed the file between our open and our lock: try the new one.
            _unlock(fd)
            os.close(fd)
        return False

    def _open(self) -> int:
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT | _NO_FOLLOW, 0o644)
        except OSError as exc:
            if exc.errno != errno.ELOOP:
                raise
        raise DatabaseError(
            f"{self.path} is a symbolic link where clubdesk keeps a lock file; clubdesk does "
            "not follow it. Remove it, then try again."
        )

    def release(self) -> None:
        """Remove the lock file (where the OS allows it while open) and let go of the lock."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):  # Windows keeps an open file: it is reused
            self.path.unlink()
        _unlock(fd)
        os.close(fd)

    def _say_who(self, fd: int) -> None:
        with contextlib.suppress(OSError):  # only the message would lose it
            os.ftruncate(fd, 1)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"\n{_role[-1]} {os.getpid()}\n".encode("ascii"))
            os.lseek(fd, 0, os.SEEK_SET)

    def _same_file(self, fd: int) -> bool:
        try:
            on_disk = self.path.stat()
        except FileNotFoundError:
            return False
        return os.path.samestat(os.fstat(fd), on_disk)


WAIT_STEP_S = 0.02  # how often a clubdesk waiting for a lock tries it again


def _pause() -> None:
    time.sleep(WAIT_STEP_S)


class DatabaseLock:
    """A database's locks (see the module): taken both or neither, let go together."""

    def __init__(self, database: Path) -> None:
        self._database = database
        paths = [lock_file_for(database), identity_lock_file(database)]
        self._locks = [FileLock(path) for path in paths if path is not None]
        self.refused_by: Path = self._locks[0].path  # where the holder's words are read

    def cover_new_file(self) -> bool:
        """Once a database file new when the lock was taken is made, lock its identity too;
        False (all let go) when another clubdesk holds it."""
        if len(self._locks) > 1:
            return True
        path = identity_lock_file(self._database)
        if path is None:
            return True
        lock = FileLock(path)
        if lock.acquire():
            self._locks.append(lock)
            return True
        self.refused_by = path
        self.release()
        return False

    @property
    def held(self) -> bool:
        return all(lock.held for lock in self._locks)

    def acquire(self, *, wait_s: float = 0.0) -> bool:
        """Take every lock; False (none kept) when another clubdesk holds one of them, after
        waiting up to ``wait_s`` seconds for it to let go where it is not a window (a
        command holds a file for a moment; a window, until it is closed)."""
        for _ in range(round(wait_s / WAIT_STEP_S)):
            if self._acquire_once():
                return True
            if holder_of(self.refused_by) == _HOLDERS[WINDOW]:
                return False
            _pause()
        return self._acquire_once()

    def _acquire_once(self) -> bool:
        for taken, lock in enumerate(self._locks):
            try:
                locked = lock.acquire()
            except BaseException:  # an OSError, or a lock file refused: none kept
                self._release(self._locks[:taken])
                raise
            if not locked:
                self.refused_by = lock.path
                self._release(self._locks[:taken])
                return False
        return True

    def release(self) -> None:
        """Let go of every lock."""
        self._release(self._locks)

    @staticmethod
    def _release(locks: list[FileLock]) -> None:
        for lock in reversed(locks):
            lock.release()
