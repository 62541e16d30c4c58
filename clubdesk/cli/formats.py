"""Formats: list and check rules files; score a hand or a game by a format's rules."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from clubdesk.cli.common import (
    EXIT_BAD_INPUT,
    Handler,
    print_json,
    read_json_stdin,
)


def add(commands: Any) -> dict[str, Handler]:
    """Add these commands to the parser's subcommands; their handlers by name."""
    rules = commands.add_parser("rules", help="list or check rules files (formats)")
    rules_commands = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    rules_commands.add_parser("list", help="one line per format: id, title")
    check = rules_commands.add_parser("check", help="validate a rules file")
    check.add_argument("file", type=Path)

    for name, what in (("score-hand", "one hand"), ("score-game", "a list of hands")):
        command = commands.add_parser(name, help=f"read {what} (JSON) on stdin, print the result")
        command.add_argument("--rules", required=True, metavar="ID",
                             help="a format id from `rules list` or a rules file")  # fmt: skip
        if name == "score-game":
            command.add_argument("--final", action="store_true",
                                 help="use the format's final-round target (gin: 150)")  # fmt: skip
    return {"rules": _rules, "score-hand": _score, "score-game": _score}


def _rules(args: argparse.Namespace) -> int:
    from clubdesk.domain import formats

    if args.rules_command == "list":
        formats, problems = formats.scan_rules()
        for info in formats:  # a club's own file says so, and what it takes the place of
            own = f"\t{info.own_note}: {info.path}" if info.own_note else ""
            print(f"{info.id}\t{info.title}{own}")
        for problem in problems:  # a club's own file with a mistake is left out, and said so
            print(f"skipped {problem}", file=sys.stderr)
        return 0
    from clubdesk.domain import rules

    try:
        checked = formats.load_rules_file(args.file)
    except rules.RulesError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"{args.file}: ok ({checked.id}: {checked.title})")
    return 0


def _score(args: argparse.Namespace) -> int:
    from clubdesk.domain import formats, games

    format_rules = formats.load_rules(args.rules)
    data = read_json_stdin()
    if args.command == "score-hand":
        result = games.score_hand(data, format_rules).to_json()
    else:
        result = games.score_game(data, format_rules, final=args.final).to_json()
    print_json(result)
    return 0
