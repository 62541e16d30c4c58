"""Finding and reading rules files: the bundled formats, the user's own, one by path.

Every mistake in a file is reported as ``FILE:LINE: message`` (``RulesError``),
the line found from the file's own text. Listing the formats reads a bundled file's id and
title alone (the bundled files are checked whole by the tests, and again when a format is
used); the user's own files are checked whole, so a mistake in one is said when listing
(README.md, "A club's own rules"). The checking (pydantic) loads only when a file is read
whole.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from clubdesk.domain import limits
from clubdesk.errors import UserError

if TYPE_CHECKING:
    from clubdesk.domain.rules import Rules

RULES_FILE_MAX = 1024 * 1024  # the bundled files are a few kilobytes


class FormatInfo(NamedTuple):
    """A format found: its id and title, its file, whether it came with clubdesk, and
    whether it is the club's own file in place of a bundled format of the same id."""

    id: str
    title: str
    path: Path
    bundled: bool
    replaces: bool = False

    @property
    def own_note(self) -> str:
        """What a list of formats says beside a club's own file ("" for a bundled one)."""
        if self.bundled:
            return ""
        if self.replaces:
            return "the club's own, in place of the bundled one"
        return "the club's own"


def load_rules_file(path: Path | str) -> Rules:
    """Read and validate one rules file; raise RulesError with every problem found."""
    return parse_rules(_text_of(Path(path)), str(path))


def _text_of(path: Path) -> str:
    """A rules file's text, or RulesError saying why it cannot be read as one."""
    from clubdesk.domain.rules import RulesError

    try:
        with path.open("rb") as file:
            data = file.read(RULES_FILE_MAX + 1)
    except FileNotFoundError:
        raise RulesError([f"{path}: no such rules file"]) from None
    except OSError as exc:
        raise RulesError([f"{path}: cannot be read ({exc.__class__.__name__})"]) from None
    if len(data) > RULES_FILE_MAX:
        raise RulesError([f"{path}:1: larger than {RULES_FILE_MAX // 1024} KB; not a rules file"])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError([f"{path}:1: not UTF-8 text; not a rules file"]) from None
    return text


def parse_rules(text: str, name: str = "<rules>") -> Rules:
    """Validate a rules file's text (``name`` is how messages name the file); the byte order
    mark an editor may save at its start (Windows' Notepad) is no part of it."""
    return _parsed(text.removeprefix("\ufeff"), name)


@lru_cache(maxsize=64)
def _parsed(text: str, name: str) -> Rules:
    # Rules are frozen: the same text read again gives the same value (a refusal is not kept)
    from pydantic import ValidationError

    from clubdesk.domain.rules import Rules, RulesError
    from clubdesk.domain.rules_fields import dotted_path, error_text, is_type_tag

    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise RulesError([f"{name}:{line}: holds a NUL character; not a text file"])
    try:
        data = tomllib.loads(text)
    except RecursionError:
        line = _deepest_line(text)
        raise RulesError([f"{name}:{line}: values nested too deep to be read"]) from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = re.search(r"\(at line (\d+), column \d+\)", message)
        line = found.group(1) if found else "1"
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
        message = re.sub(r"\s*\(at end of document\)", "", message)
        if not found:
            line = str(max(1, text.count("\n")))
        raise RulesError([f"{name}:{line}: {message}"]) from None
    try:
        rules = Rules.model_validate(data)
    except ValidationError as exc:
        locator = _LineLocator(text)
        problems = []
        for error in exc.errors():
            loc = tuple(p for p in error["loc"] if not is_type_tag(p))
            if error["type"] == "value_error":
                # a check across fields names the key it is about first: point at that key
                first_word = error_text(error).split(" ", 1)[0]
                named = (*loc, *first_word.split("."))
                if named in locator.lines:
                    loc = named
            line = locator.line_of(loc)
            where = dotted_path(loc)
            prefix = f"{where}: " if where else ""
            problems.append(f"{name}:{line}: {prefix}{error_text(error)}")
        raise RulesError(problems) from None
    beyond = rules.schedule.past_the_last_round()
    if beyond:
        locator = _LineLocator(text)
        raise RulesError(
            [f"{name}:{locator.line_of(loc)}: {dotted_path(loc)}: {why}" for loc, why in beyond]
        )
    return rules.model_copy(update={"source_path": name})


def available_formats(extra_dirs: Iterable[Path] | None = None) -> list[FormatInfo]:
    """The bundled formats, then the user's own (a user file with a bundled id wins)."""
    return scan_rules(extra_dirs)[0]


def scan_rules(extra_dirs: Iterable[Path] | None = None) -> tuple[list[FormatInfo], list[str]]:
    """Every usable format, and for each rules file that cannot be used its first
    problem as ``FILE:LINE: message`` (such a file is left out of the formats). A club's
    own file with a bundled format's id is used in its place (``FormatInfo.replaces``)."""
    from clubdesk import paths

    dirs: list[tuple[Path, bool]] = [(paths.bundled_rules_dir(), True)]
    user_dirs = list(extra_dirs) if extra_dirs is not None else [paths.user_rules_dir()]
    dirs += [(d, False) for d in user_dirs]
    found: dict[str, FormatInfo] = {}
    bundled_ids: set[str] = set()
    problems: list[str] = []
    for folder, bundled in dirs:
        if not folder.is_dir():
            continue
        for file in sorted(folder.glob("*.toml")):
            try:
                stamp = file.stat()
            except OSError:
                stamp = None
            heading, problem = _read_heading(
                file, bundled, stamp and (stamp.st_mtime_ns, stamp.st_size, stamp.st_ino)
            )
            if heading is None:
                problems.append(problem)
                continue
            if bundled:
                bundled_ids.add(heading[0])
            replaces = not bundled and heading[0] in bundled_ids
            found[heading[0]] = FormatInfo(*heading, file, bundled, replaces)
    return list(found.values()), problems


@lru_cache(maxsize=256)
def _read_heading(
    file: Path, bundled: bool, stamp: tuple[int, int, int] | None
) -> tuple[tuple[str, str] | None, str]:
    """A rules file's id and title, or its first problem: read once while the file stays
    as it was (``stamp``: its time written, size and inode), not on every listing."""
    heading = _heading(file) if bundled else None
    if heading is not None:
        return heading, ""
    from clubdesk.domain.rules import RulesError

    try:
        rules = load_rules_file(file)
    except RulesError as exc:
        return None, exc.problems[0]
    return (rules.id, rules.title), ""


ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*")  # as Rules.id: the same pattern and lengths
ID_MAX, TITLE_MAX = 60, 120


def _heading(file: Path) -> tuple[str, str] | None:
    """A bundled rules file's id and title, read without checking the rest of it; None
    where the file cannot be read so or its id or title is not one Rules would take (the
    file is then read whole, and its mistake said as for any other)."""
    try:
        with file.open("rb") as opened:
            text = opened.read(RULES_FILE_MAX + 1).decode("utf-8")
        data = tomllib.loads(_top_keys(text))
    except (OSError, ValueError, RecursionError):  # TOMLDecodeError and UnicodeDecodeError too
        return None
    id_, title = data.get("id"), data.get("title")
    if not (isinstance(id_, str) and ID_PATTERN.fullmatch(id_) and len(id_) <= ID_MAX):
        return None
    if not (isinstance(title, str) and 0 < len(title) <= TITLE_MAX):
        return None
    if limits.control_characters(title):
        return None
    return id_, title


_FIRST_TABLE = re.compile(r"^[ \t]*\[", re.MULTILINE)


def _top_keys(text: str) -> str:
    """The text before a rules file's first table: its top-level keys, id and title among
    them (where that cut falls inside a value, it does not read as TOML and the file is
    read whole)."""
    first = _FIRST_TABLE.search(text)
    return text if first is None else text[: first.start()]


def load_rules(id_or_path: str | Path, extra_dirs: Iterable[Path] | None = None) -> Rules:
    """A format by its id (bundled or the user's own) or by a path to a rules file.

    A path looks like one: it has a folder separator or ends in ``.toml``. Anything else is
    an id, looked up among the bundled formats and the user's rules folder only: a file or
    folder that happens to bear a format's name in the working folder is never read as it.
    """
    if looks_like_path(id_or_path):
        return load_rules_file(Path(id_or_path))
    for info in available_formats(extra_dirs):
        if info.id == str(id_or_path):
            return load_rules_file(info.path)
    raise UserError(f"rules: no format with id {str(id_or_path)!r} (see `clubdesk rules list`)")


NESTING_SHOWN = 64  # arrays and tables within each other: far beyond any rules file


def _deepest_line(text: str) -> int:
    """The line where a TOML text's arrays and inline tables first nest ``NESTING_SHOWN``
    deep (what a reader gave up on), counting brackets outside strings and comments; 1
    where none does."""
    depth, line, quote, comment = 0, 1, "", False
    for index, ch in enumerate(text):
        if ch == "\n":
            line, comment = line + 1, False
            if quote in ("'", '"'):
                quote = ""  # a one-line string does not go on to the next line
        elif comment:
            continue
        elif quote:
            if ch == quote[0] and text.startswith(quote, index) and text[index - 1] != "\\":
                quote = ""
        elif ch == "#":
            comment = True
        elif ch in "'\"":
            quote = ch * 3 if text.startswith(ch * 3, index) else ch
        elif ch in "[{":
            depth += 1
            if depth >= NESTING_SHOWN:
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
    return 1


def looks_like_path(id_or_path: str | Path) -> bool:
    """Is this a path to a rules file (a folder separator in it, or ``.toml`` at its end),
    rather than a format's id?"""
    text = str(id_or_path)
    separators = {"/", os.sep, *([os.altsep] if os.altsep else [])}
    return (
        isinstance(id_or_path, Path)
        or text.endswith(".toml")
        or any(sep in text for sep in separators)
    )


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"'.\s]+?)\s*=")


class _LineLocator:
    """Finds the line in a TOML text where a value at a key path is written.

    Good enough for error messages: the line of the deepest part of the path
    that can be found, else the line of its table header, else line 1.
    """

    def __init__(self, text: str):
        self.lines: dict[tuple, int] = {}
        table: tuple = ()
        counts: dict[tuple, int] = {}
        open_array: list = []  # [path, next item index] while a multi-line array is open
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.split("#", 1)[0] if '"' not in line else line
            if open_array:
                path, index = open_array
                for _ in range(stripped.count("{")):
                    self.lines.setdefault((*path, index), number)
                    index += 1
                open_array[1] = index
                if stripped.strip().startswith("]"):
                    open_array = []
                continue
            header = _HEADER.match(stripped)
            if header:
                parts = tuple(p.strip().strip("\"'") for p in header.group(2).split("."))
                if header.group(1) == "[[":
                    index = counts.get(parts, 0)
                    counts[parts] = index + 1
                    table = (*parts, index)
                else:
                    table = parts
                self.lines.setdefault(table, number)
                self.lines.setdefault(parts, number)
                continue
            key = _KEY.match(stripped)
            if key:
                parts = tuple(p.strip().strip("\"'") for p in key.group(1).split("."))
                path = (*table, *parts)
                self.lines.setdefault(path, number)
                value = stripped.split("=", 1)[1].strip()
                if value.startswith("["):  # array items: inline tables get their own lines
                    items = value.count("{")
                    for index in range(items):
                        self.lines.setdefault((*path, index), number)
                    if value.count("[") > value.count("]"):
                        open_array = [path, items]

    def line_of(self, loc: tuple) -> int:
        for end in range(len(loc), 0, -1):
            if loc[:end] in self.lines:
                return self.lines[loc[:end]]
        return 1
