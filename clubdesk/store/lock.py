"""An exclusive OS lock on a small file beside the database, so one file has one clubdesk."""

import contextlib
import os
from pathlib import Path

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

    def _same_file(self, fd: int) -> bool:
        try:
            on_disk = self.path.stat()
        except FileNotFoundError:
            return False
        return os.path.samestat(os.fstat(fd), on_disk)
