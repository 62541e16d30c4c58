"""An exclusive OS lock on a small file beside the database, so one file has one clubdesk.

The lock file also says who holds it (a window or a command), so that another
clubdesk refused the file can say so. Byte 0 is the one locked (Windows locks
are mandatory); the holder's words follow it.
"""

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

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
        with lock_path.open("rb") as file:
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
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
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
