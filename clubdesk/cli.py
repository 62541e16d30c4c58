"""The command line (INTERFACE.md): parse, call the core, print.

Exit status 0 on success, 2 on bad input with one line on stderr naming
the field or ``FILE:LINE``. Qt is imported only when a window is opened.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

from clubdesk import __version__, paths
from clubdesk.errors import UserError

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake on one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{message} (see `{self.prog} --help`)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="clubdesk",
        description="Run a card club's tournament night. With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"clubdesk {__version__}")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", dest="window_db", type=Path, metavar="FILE",
                       help="open the window on this database file")  # fmt: skip
    where.add_argument("--demo", action="store_true",
                       help="open the window on a fresh demo event")  # fmt: skip
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    rules = commands.add_parser("rules", help="list or check rules files (formats)")
    rules_commands = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    rules_commands.add_parser("list", help="one line per format: id, title")
    check = rules_commands.add_parser("check", help="validate a rules file")
    check.add_argument("file", type=Path)

    for name, what in (("score-hand", "one hand"), ("score-game", "a JSON list of hands")):
        command = commands.add_parser(name, help=f"read {what} (JSON) on stdin, print the result")
        command.add_argument("--rules", required=True, metavar="ID",
                             help="a format id from `rules list` or a rules file")  # fmt: skip
        if name == "score-game":
            command.add_argument("--final", action="store_true",
                                 help="use the format's final-round target (gin: 150)")  # fmt: skip
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return _run(args)
    except UserError as exc:
        print(f"clubdesk: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception:  # no traceback ever reaches a user
        log = _log_crash()
        print(f"clubdesk: internal error; details were written to {log}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command is None:
        return _open_window(args)
    if args.command == "rules":
        return _rules(args)
    if args.command in ("score-hand", "score-game"):
        return _score(args)
    raise UserError(f"unknown command {args.command!r}")


def _open_window(args: argparse.Namespace) -> int:
    from clubdesk.ui.app import run  # Qt loads only here

    if args.demo:
        demo = paths.demo_database()
        for leftover in (demo, *(demo.with_name(demo.name + end) for end in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)  # the demo is made anew each time
        return run(demo, demo=True)
    return run(args.window_db or paths.default_database())


def _rules(args: argparse.Namespace) -> int:
    from clubdesk.domain import rules

    if args.rules_command == "list":
        for info in rules.available_formats():
            print(f"{info.id}\t{info.title}")
        return 0
    try:
        checked = rules.load_rules_file(args.file)
    except rules.RulesError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"{args.file}: ok ({checked.id}: {checked.title})")
    return 0


def _score(args: argparse.Namespace) -> int:
    from clubdesk.domain import games, rules

    format_rules = rules.load_rules(args.rules)
    data = _read_json_stdin()
    if args.command == "score-hand":
        result = games.score_hand(data, format_rules).to_json()
    else:
        result = games.score_game(data, format_rules, final=args.final).to_json()
    _print_json(result)
    return 0


def _read_json_stdin() -> Any:
    text = sys.stdin.read()
    if not text.strip():
        raise UserError("stdin: no JSON given")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"stdin:{exc.lineno}: not valid JSON ({exc.msg})") from None


def _print_json(value: Any) -> None:
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _one_line(message: str) -> str:
    return " / ".join(line.strip() for line in message.splitlines() if line.strip())


def _log_crash() -> Path:
    log = paths.user_data_dir() / "clubdesk-errors.log"
    with log.open("a", encoding="utf-8") as out:
        out.write(f"--- {datetime.now(UTC).isoformat()} clubdesk {__version__}\n")
        out.write(traceback.format_exc())
    return log
