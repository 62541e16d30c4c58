"""The command line (INTERFACE.md): parse, call the core, print.

Exit status 0 on success, 2 on bad input with one line on stderr naming
the field or ``FILE:LINE``. Qt is imported only when a window is opened.
Output is UTF-8 whatever the locale's code page, so that names beyond ASCII
never fail a command and an exported event file always imports again.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from contextlib import suppress
from datetime import UTC, date
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from clubdesk import __version__, paths
from clubdesk.clock import SYSTEM_CLOCK
from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.store import Database

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

    for name, what in (("score-hand", "one hand"), ("score-game", "a list of hands")):
        command = commands.add_parser(name, help=f"read {what} (JSON) on stdin, print the result")
        command.add_argument("--rules", required=True, metavar="ID",
                             help="a format id from `rules list` or a rules file")  # fmt: skip
        if name == "score-game":
            command.add_argument("--final", action="store_true",
                                 help="use the format's final-round target (gin: 150)")  # fmt: skip

    load = commands.add_parser("import", help="load an event file into a database")
    load.add_argument("file", type=Path, metavar="FILE", help="the event file (JSON)")
    _db_argument(load, "the database to load it into (made if missing)")
    load.add_argument("--replace", action="store_true",
                      help="archive an event with the same id and take its place")  # fmt: skip
    load.add_argument("--date", type=_iso_date, metavar="YYYY-MM-DD",
                      help="the event's date, for a file that has none")  # fmt: skip

    export = commands.add_parser("export", help="print an event's event file (JSON)")
    _db_argument(export)
    _event_argument(export)

    standings = commands.add_parser("standings", help="print the standings")
    _db_argument(standings)
    _event_argument(standings)
    standings.add_argument("--after-round", type=int, metavar="N",
                           help="count rounds 1..N (default: the last complete round)")  # fmt: skip
    standings.add_argument("--format", choices=("json", "csv", "text"), default="json")

    payouts = commands.add_parser("payouts", help="print the prize pool and the prizes")
    _db_argument(payouts)
    _event_argument(payouts)
    payouts.add_argument("--format", choices=("json", "text"), default="json")

    make_draw = commands.add_parser("draw", help="make the round-1 draw")
    _db_argument(make_draw)
    _event_argument(make_draw)
    make_draw.add_argument("--seed", type=int, metavar="N",
                           help="the random seed (recorded; repeatable)")  # fmt: skip
    make_draw.add_argument("--redo", action="store_true",
                           help="replace the draw (only before round 1 starts)")  # fmt: skip

    seating = commands.add_parser("seating", help="who sits where in a round")
    _db_argument(seating)
    _event_argument(seating)
    seating.add_argument("--round", type=int, required=True, metavar="N")
    seating.add_argument("--format", choices=("json", "text"), default="json")

    backup = commands.add_parser("backup", help="copy the database, consistent as of now")
    _db_argument(backup)
    backup.add_argument("-o", "--output", required=True, type=Path, metavar="FILE",
                        help="the backup file to write")  # fmt: skip

    restore = commands.add_parser("restore", help="put a backup in the database's place")
    restore.add_argument("file", type=Path, metavar="FILE", help="the backup to restore")
    _db_argument(restore, "the database to replace (a copy of it is kept in the backups folder)")
    return parser


def _db_argument(parser: argparse.ArgumentParser, help: str = "the database file") -> None:
    parser.add_argument("--db", required=True, type=Path, metavar="DB", help=help)


def _event_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--event", metavar="ID",
                        help="the event's id (needed when the database holds several)")  # fmt: skip


def _iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2011-10-22") from None


def main(argv: Sequence[str] | None = None) -> int:
    _utf8_output()
    try:
        args = build_parser().parse_args(argv)
        return _run(args)
    except UserError as exc:
        print(f"clubdesk: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `clubdesk export ... | head`: the reader has enough
        sys.stderr.close()
        return 0
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
    commands = {
        "import": _import,
        "export": _export,
        "draw": _draw,
        "seating": _seating,
        "standings": _standings,
        "payouts": _payouts,
        "backup": _backup,
        "restore": _restore,
    }
    if args.command in commands:
        return commands[args.command](args)
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
    from clubdesk.domain import formats, rules

    if args.rules_command == "list":
        formats, problems = formats.scan_rules()
        for info in formats:
            print(f"{info.id}\t{info.title}")
        for problem in problems:  # a club's own file with a mistake is left out, and said so
            print(f"skipped {problem}", file=sys.stderr)
        return 0
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
    data = _read_json_stdin()
    if args.command == "score-hand":
        result = games.score_hand(data, format_rules).to_json()
    else:
        result = games.score_game(data, format_rules, final=args.final).to_json()
    _print_json(result)
    return 0


def _import(args: argparse.Namespace) -> int:
    from clubdesk.domain.event.model import EventError
    from clubdesk.services import eventfile
    from clubdesk.store import open_database

    data = _read_json_file(args.file)
    when = args.date
    undated = when is None and isinstance(data, dict) and data.get("date") is None
    if undated:
        when = SYSTEM_CLOCK.now().date()  # INTERFACE.md's event file may leave the date out
    try:  # every check before the database is even opened: a bad file changes nothing
        event = eventfile.check_event_file(data, date=when)
    except EventError as exc:
        raise UserError(_first_problem(args.file, exc.problems)) from None
    with open_database(args.db) as db:
        done = eventfile.import_event(db, event, SYSTEM_CLOCK, replace=args.replace)
    print(
        f"imported {done.event_id} into {args.db}: {_count(done.entrants, 'entrant')}, "
        f"{_count(done.rounds, 'round')}, {_count(done.games, 'game')}, "
        f"{_count(done.hands, 'hand')}, {_count(done.ledger_rows, 'ledger row')}"
    )
    if done.replaced is not None:
        print(f"the event it replaces is kept as {done.replaced}")
    if undated:
        print(f"note: {args.file} gives no date; the event is dated {when.isoformat()}, today")
    return 0


def _export(args: argparse.Namespace) -> int:
    from clubdesk.services import eventfile
    from clubdesk.store import open_database

    with open_database(args.db, create=False) as db:
        data = eventfile.export_event(db, _event_id(db, args.event))
    _print_json(data)
    return 0


def _standings(args: argparse.Namespace) -> int:
    from clubdesk.printing.text import standings_csv, standings_text
    from clubdesk.services import results
    from clubdesk.store import open_database

    with open_database(args.db, create=False) as db:
        table = results.standings(db, _event_id(db, args.event), args.after_round)
    if args.format == "json":
        _print_json(table.to_json())
    else:
        sys.stdout.write(standings_csv(table) if args.format == "csv" else standings_text(table))
    return 0


def _payouts(args: argparse.Namespace) -> int:
    from clubdesk.printing.text import payouts_text
    from clubdesk.services import events, results
    from clubdesk.store import open_database

    with open_database(args.db, create=False) as db:
        event_id = _event_id(db, args.event)
        prizes = results.payouts(db, event_id)
        name = events.get_event(db, event_id).name
    if args.format == "json":
        _print_json(prizes.to_json())
    else:
        sys.stdout.write(payouts_text(prizes, f"{name}: prizes"))
    return 0


def _draw(args: argparse.Namespace) -> int:
    from clubdesk.services import draw
    from clubdesk.store import open_database

    with open_database(args.db, create=False) as db:
        made = draw.make_draw(
            db, _event_id(db, args.event), args.seed, SYSTEM_CLOCK, redo=args.redo
        )
    print(f"drew {_count(len(made.draw.drawn), 'entrant')} for {made.event_id} (seed {made.seed})")
    for note in made.notes:
        print(f"note: {note}")
    return 0


def _seating(args: argparse.Namespace) -> int:
    from clubdesk.domain.seating.values import side_labels
    from clubdesk.printing.text import seating_text
    from clubdesk.services import draw, events, registration
    from clubdesk.store import open_database

    with open_database(args.db, create=False) as db:
        event_id = _event_id(db, args.event)
        seats = draw.seating(db, event_id, args.round)
        if args.format == "json":
            _print_json(seats.to_json())
            return 0
        names = {e.number: e.name for e in registration.list_entrants(db, event_id)}
        labels = side_labels(events.event_rules(db, event_id))
        title = f"{events.get_event(db, event_id).name}: round {args.round}"
    sys.stdout.write(seating_text(seats, names, title, labels))
    return 0


def _backup(args: argparse.Namespace) -> int:
    from clubdesk.store import open_database

    with open_database(args.db, create=False) as db:
        target = db.backup_to(args.output)
    print(f"backed up {args.db} to {target}")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from clubdesk.services import eventfile

    done = eventfile.restore_database(args.file, args.db, SYSTEM_CLOCK)
    print(f"restored {done.database} from {done.restored_from}")
    if done.previous_kept_as is not None:
        print(f"the database it replaced is kept as {done.previous_kept_as}")
    return 0


def _event_id(db: Database, given: str | None) -> str:
    """The event asked for, or the database's only current event."""
    from clubdesk.services import eventfile

    if given is not None:
        return given
    ids = eventfile.current_event_ids(db)
    if len(ids) == 1:
        return ids[0]
    if not ids:
        raise UserError(f"--event: {db.path} holds no event; import one first")
    raise UserError(f"--event: {db.path} holds {len(ids)} events; choose one: {', '.join(ids)}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _first_problem(file: Path, problems: list[str]) -> str:
    more = len(problems) - 1
    tail = f" (and {_count(more, 'more problem')})" if more else ""
    return f"{file}: {problems[0]}{tail}"


def _read_json_file(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not an event file (it is not UTF-8 text)") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({(exc.strerror or str(exc)).lower()})") from None
    if not text.strip():
        raise UserError(f"{path}:1: not valid JSON (the file is empty)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg})") from None


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


def _log_crash() -> Path:
    log = paths.user_data_dir() / "clubdesk-errors.log"
    with log.open("a", encoding="utf-8") as out:
        out.write(f"--- {SYSTEM_CLOCK.now().astimezone(UTC).isoformat()} clubdesk {__version__}\n")
        out.write(traceback.format_exc())
    return log
