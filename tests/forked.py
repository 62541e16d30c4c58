"""Child processes for the kill -9 and full-disk tests, started from a fork server: a
process that has imported clubdesk (the services, the store, the window) once, and forks a
copy of itself for each child. A child is a real process with its own pid, running the
victim module as ``python -m MODULE ARGS`` would, writing to a real database; the test kills
it with SIGKILL mid-write, or lets no file it writes grow past a limit (a full disk). Only
the second or so of importing clubdesk that each ``python -m`` paid is saved
(multiprocessing's forkserver start method).

``start(module, args, env)`` gives a ``Child``: its ``pid``, ``stdout`` (the lines it prints,
as text), ``stderr`` (what it wrote there, kept in a file), ``stdin`` (with ``stdin=True``),
``poll()``, ``wait()``, ``communicate()`` and ``returncode`` as ``subprocess.Popen`` has them
(killed by a signal: minus its number).
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import resource
import runpy
import signal
import sys
from multiprocessing.connection import Connection
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent

# What the fork server imports before it forks: every victim's module and what it drives.
PRELOAD = ["tests.forked", "tests.kill_harness", "tests.kill_window", "tests.clock_victim"]

_context: multiprocessing.context.ForkServerContext | None = None


def _server() -> multiprocessing.context.ForkServerContext:
    global _context
    if _context is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        _context = context
    return _context


def _child(
    module: str,
    args: list[str],
    env: dict[str, str],
    out: Connection,
    inp: Connection | None,
    errors: str,
    file_limit: int | None,
) -> None:
    """In the forked child: its environment, folder and standard streams as a new process
    would have them, then the module run as ``__main__``."""
    if file_limit is not None:  # no file it writes grows past this: a full disk's refusal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
        sys.dont_write_bytecode = True  # a module compiled now would be kept cut off
    os.environ.clear()
    os.environ.update(env)
    os.chdir(PROJECT)
    os.dup2(out.fileno(), 1)
    out.close()
    err = os.open(errors, os.O_WRONLY | os.O_APPEND)
    os.dup2(err, 2)
    os.close(err)
    # as Python sets them up: PYTHONIOENCODING is ENCODING[:ERRORS], stderr's errors escaped
    encoding, _, handling = env.get("PYTHONIOENCODING", "").partition(":")
    sys.stdout = io.TextIOWrapper(
        io.FileIO(1, "w", closefd=False),
        encoding=encoding or None,
        errors=handling or None,
        line_buffering=True,
    )
    sys.stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False),
        encoding=encoding or None,
        errors="backslashreplace",
        line_buffering=True,
    )
    if inp is not None:
        os.dup2(inp.fileno(), 0)
        inp.close()
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


class Child:
    """A forked child, seen as ``subprocess.Popen`` sees one (text mode, stdout a pipe,
    stderr kept in a file and read at the end)."""

    def __init__(
        self,
        module: str,
        args: list[str],
        env: dict[str, str],
        *,
        stdin: bool,
        file_limit: int | None = None,
    ):
        context = _server()
        self._errors = Path(env.get("TMPDIR", "/tmp"), f"child-{os.getpid()}-{id(self)}.err")
        self._errors.write_bytes(b"")
        self.stderr = self._errors.open(encoding="utf-8", errors="replace")
        read_out, write_out = context.Pipe(duplex=False)
        read_in, write_in = context.Pipe(duplex=False) if stdin else (None, None)
        self._process = context.Process(
            target=_child,
            args=(module, args, env, write_out, read_in, str(self._errors), file_limit),
            daemon=True,
        )
        self._process.start()
        write_out.close()
        self.stdout = io.TextIOWrapper(io.FileIO(_take(read_out), "r"), encoding="utf-8")
        self.stdin = None
        if read_in is not None and write_in is not None:
            read_in.close()
            self.stdin = io.TextIOWrapper(
                io.FileIO(_take(write_in), "w"), encoding="utf-8", line_buffering=True
            )
        self.pid = self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int | None:
        self._process.join(timeout)
        return self._process.exitcode

    def communicate(self) -> tuple[str, str]:
        """Everything it prints until it ends, and what it wrote to stderr."""
        out = self.stdout.read()
        self.wait()
        errors = self.stderr.read()
        self._close()
        return out, errors

    def _close(self) -> None:
        self.stdout.close()
        if self.stdin is not None:
            with contextlib.suppress(BrokenPipeError):  # the child is gone
                self.stdin.close()
        self.stderr.close()
        self._errors.unlink(missing_ok=True)

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._process.exitcode is None:
            self._process.kill()
        self.wait()
        self._close()
        self._process.close()


def _take(end: Connection) -> int:
    """The file descriptor of one end of a pipe, as a file's own (the Connection closed)."""
    fd = os.dup(end.fileno())
    end.close()
    return fd


def start(
    module: str,
    args: list[str],
    env: dict[str, str],
    *,
    stdin: bool = False,
    file_limit: int | None = None,
) -> Child:
    """``python -m MODULE ARGS`` with the environment ``env``, forked from the fork server;
    ``file_limit``: the bytes any file it writes may grow to (RLIMIT_FSIZE)."""
    return Child(module, args, env, stdin=stdin, file_limit=file_limit)
