"""The command line (docs/cli.md): parse, call the core, print.

Exit status 0 on success, 2 on bad input with one line on stderr naming
the field or ``FILE:LINE``. Qt is imported only when a window is opened.
Output is UTF-8 whatever the locale's code page, so that names beyond ASCII
never fail a command and an exported event file always imports again.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import suppress
from datetime import UTC
from functools import cache
from pathlib import Path
from typing import NoReturn

from clubdesk.cli import (
    clock,
    database,
    events,
    formats,
    members,
    pin,
    printing,
    results,
    rounds,
    rulings,
    seasons,
    seating,
    serve,
    sheets,
)
from clubdesk.cli.common import EXIT_BAD_INPUT, Handler
from clubdesk.errors import UserError
from clubdesk.timesource import SYSTEM_TIME

COMMAND_GROUPS = (
    formats,
    events,
    results,
    seating,
    sheets,
    clock,
    rounds,
    rulings,
    database,
    pin,
    members,
    seasons,
    printing,
    serve,
)  # each adds its commands and handlers


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake on one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{message} (see `{self.prog} --help`)")


@cache
def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, built once per process (a parse leaves it as it was)."""
    parser = _Parser(
        prog="clubdesk",
        description="Run a card club's tournament night. With no command, opens the window.",
    )
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show program's version number and exit")  # fmt: skip
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", dest="window_db", type=Path, metavar="FILE",
                       help="open the window on this database file")  # fmt: skip
    where.add_argument("--demo", action="store_true",
                       help="open the window on a fresh demo event")  # fmt: skip
    parser.add_argument("--projector", nargs="?", const=1, type=_screen_number,
                        metavar="SCREEN", help="also open the projector full screen on "
                        "screen SCREEN (1 = the first)")  # fmt: skip
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    handlers: dict[str, Handler] = {}
    for group in COMMAND_GROUPS:
        handlers.update(group.add(commands))
    parser.set_defaults(handlers=handlers)
    return parser


class _Version(argparse.Action):
    """``--version``: argparse's own, with the version read only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        from clubdesk import __version__

        print(f"clubdesk {__version__}")
        parser.exit()


SCREENS_MAX = 99  # far beyond the screens any laptop drives


def _screen_number(text: str) -> int:
    """``--projector``'s screen: a whole number from 1 (the refusal quotes at most the first
    few characters of what was given)."""
    digits = text.lstrip("0")
    if not text.isascii() or not text.isdigit() or not 1 <= int(digits[:3] or 0) <= SCREENS_MAX:
        shown = text if len(text) <= 12 else text[:9] + "..."
        raise argparse.ArgumentTypeError(f"a screen number from 1 to {SCREENS_MAX}, not {shown!r}")
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    _utf8_output()
    try:
        args = build_parser().parse_args(argv)
        return _run(args)
    except UserError as exc:
        print(f"clubdesk: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RecursionError:  # input nested deeper than any reader of it was written for
        print("clubdesk: the input is nested too deep to be read", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `clubdesk export ... | head`: the reader has enough
        sys.stderr.close()
        return 0
    except Exception:  # no traceback ever reaches a user
        log = _log_crash()
        where = (
            f"details were written to {log}"
            if log is not None
            else "its details could not be written (neither the data folder nor the "
            "temporary folder can be written)"
        )
        print(f"clubdesk: internal error; {where}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command is None:
        return _open_window(args)
    from clubdesk.store.lock import COMMAND, acting_as

    with acting_as(COMMAND):  # a file this command holds says so to a window refused it
        return args.handlers[args.command](args)


def _open_window(args: argparse.Namespace) -> int:
    from clubdesk import paths
    from clubdesk.ui.app import cannot_start, run  # Qt loads only here

    try:
        if args.demo:
            demo = paths.demo_database()
            for leftover in (demo, *(demo.with_name(demo.name + e) for e in ("-wal", "-shm"))):
                leftover.unlink(missing_ok=True)  # the demo is made anew each time
            return run(demo, demo=True, projector=args.projector)
        path = args.window_db or paths.default_database()
    except UserError as exc:  # the user data folder cannot be used
        return cannot_start(exc)
    return run(path, projector=args.projector)


def _utf8_output() -> None:
    """Write stdout and stderr as UTF-8 (a Windows pipe or file is cp1252 by default)."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding != "utf8" and reconfigure is not None:
            with suppress(ValueError, OSError):  # a stream that cannot change stays as it is
                reconfigure(encoding="utf-8")


def _one_line(message: str) -> str:
    return " / ".join(line.strip() for line in message.splitlines() if line.strip())


def _log_crash() -> str | None:
    """Write the traceback being handled to the error log; where it went (None: nowhere).
    Where the user data folder cannot hold the log, it goes to a file of its own in the
    temporary folder; a traceback never reaches the director's terminal."""
    import tempfile
    import traceback

    from clubdesk import __version__, paths

    details = traceback.format_exc()
    heading = f"--- {SYSTEM_TIME.now().astimezone(UTC).isoformat()} clubdesk {__version__}\n"
    try:
        log = paths.user_data_dir() / "clubdesk-errors.log"
        with log.open("a", encoding="utf-8") as out:
            out.write(heading + details)
    except (UserError, OSError):
        try:
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", prefix="clubdesk-errors-", suffix=".log", delete=False
            ) as out:
                out.write(heading + details)
        except OSError:
            return None
        return out.name
    return str(log)
