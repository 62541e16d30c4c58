"""The layer rule is checked, not hoped for (docs/architecture.md, "The layers")."""

import ast
import functools
import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

from clubdesk.ui.pages import PAGES

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_hold(monkeypatch) -> None:
    # pyproject.toml: the domain imports no Qt, SQL or PDF; only the UI imports Qt; layers
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml")) == 0


def test_no_import_circles_outside_the_window() -> None:
    # docs/architecture.md, "The layers": below the window a module's imports run one way, so
    # a value lives beside what it describes and nothing waits on an import at call time
    graph = grimp.build_graph("clubdesk", cache_dir=None)
    below = {m for m in graph.modules if not m.startswith("clubdesk.ui")}
    circles = sorted(
        f"{importer} -> {imported}"
        for importer in below
        for imported in graph.find_modules_directly_imported_by(importer) & below
        if graph.chain_exists(importer=imported, imported=importer)
    )
    assert circles == []


def _modules_loaded_by(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return set(out.stdout.split())


def test_the_domain_loads_no_qt_sql_or_pdf() -> None:
    code = (
        "import pkgutil, importlib, clubdesk.domain as d\n"
        "for m in pkgutil.walk_packages(d.__path__, 'clubdesk.domain.'):\n"
        "    importlib.import_module(m.name)\n"
    )
    loaded = _modules_loaded_by(code)
    for forbidden in ("PySide6", "sqlmodel", "sqlalchemy", "reportlab"):
        assert not any(m == forbidden or m.startswith(forbidden + ".") for m in loaded), forbidden


def test_the_services_load_reportlab_only_to_print() -> None:
    # docs/architecture.md, "The layers": a document's module, and reportlab with it, is
    # loaded when that document is written, not when a service is imported
    code = (
        "import pkgutil, importlib, clubdesk.services as s\n"
        "for m in pkgutil.walk_packages(s.__path__, 'clubdesk.services.'):\n"
        "    importlib.import_module(m.name)\n"
    )
    loaded = _modules_loaded_by(code)
    for forbidden in ("PySide6", "reportlab", "uvicorn"):
        assert not any(m == forbidden or m.startswith(forbidden + ".") for m in loaded), forbidden


HEADLESS_HAND = (
    '{"bidder": "A", "bid": 55, "marriage": true, "meld": {"A": 30, "B": 20}, '
    '"tricks": {"A": 30, "B": 20}}'
)
NEVER_HEADLESS = ("PySide6", "sqlalchemy", "sqlmodel", "reportlab", "uvicorn")
HEADLESS_COMMANDS = {  # the command, and what it may not load beyond NEVER_HEADLESS
    "--version": ("pydantic",),
    "--help": ("pydantic",),
    "rules list": ("pydantic",),  # the bundled files' ids and titles are read as TOML
    "rules check rules/house-gin.toml": (),
    "score-hand --rules grand-prix-pinochle": (),
}


@pytest.mark.parametrize("command", sorted(HEADLESS_COMMANDS))
def test_headless_commands_never_load_qt(command: str) -> None:
    # docs/architecture.md, "The layers": a command loads only what it needs, so the
    # commands that open no database, print nothing on paper and show no window load
    # neither the ORM nor reportlab nor Qt nor the web server
    code = (
        "from clubdesk import cli\n"
        "import contextlib, io, sys\n"
        f"sys.stdin = io.StringIO({HEADLESS_HAND!r})\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        assert cli.main({command.split()!r}) == 0\n"
        "    except SystemExit as exc:\n"
        "        assert exc.code == 0\n"
    )
    loaded = _modules_loaded_by(code)
    for forbidden in (*NEVER_HEADLESS, *HEADLESS_COMMANDS[command]):
        assert not any(m == forbidden or m.startswith(forbidden + ".") for m in loaded), forbidden


def test_the_windows_frame_shows_before_the_store_is_loaded() -> None:
    # docs/architecture.md, "The window": the frame is on the screen before the ORM, the
    # services and the pages are loaded (they load when the database is given to it)
    code = (
        "import os\n"
        "os.environ.setdefault('QT_QPA_PLATFORM', 'offscreen')\n"
        "from PySide6.QtCore import QSettings\n"
        "from clubdesk.timesource import SYSTEM_TIME\n"
        "from clubdesk.ui import app\n"
        "qt = app.application()\n"
        "app.MainWindow(settings=QSettings(), clock=SYSTEM_TIME).show()\n"
        "qt.processEvents()\n"
    )
    loaded = _modules_loaded_by(code)
    for forbidden in (
        "sqlalchemy",
        "sqlmodel",
        "pydantic",
        "reportlab",
        "clubdesk.services.events",
    ):
        assert not any(m == forbidden or m.startswith(forbidden + ".") for m in loaded), forbidden


def test_only_the_time_source_reads_the_system_time() -> None:
    # docs/architecture.md, "Time": time is passed in, as a timesource.TimeSource
    reads = re.compile(
        r"\b(datetime|dt\.datetime|date|dt\.date)\.(now|today|utcnow)\(|time\.(time|monotonic)\("
    )
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "clubdesk").rglob("*.py"))
        if path != ROOT / "clubdesk" / "timesource.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if reads.search(line)
    ]
    assert offenders == []


def test_every_write_goes_through_the_one_command() -> None:
    # docs/architecture.md, "One act": a service writes only in an act's command; it reads in
    # a reading; and only the command writes an audit row (an import carries a file's own rows
    # through the store)
    services = ROOT / "clubdesk" / "services"
    writes = re.compile(r"\bdb\.session\(\)|\badd_entry\(|\baudit\.record\b|@writes\b")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sorted(services.rglob("*.py"))
        if path != services / "command.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if writes.search(line) and "ledger.add_entry" not in line
    ]
    assert offenders == []


MOST_LINES = 500


def test_no_module_is_too_long_to_read_whole() -> None:
    too_long = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "clubdesk").rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert too_long == {}, (
        f"a module longer than {MOST_LINES} lines is hard to read whole; split it where its "
        "content divides"
    )


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every test here that reads it."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _module_imports(path: Path, name: str, modules: set[str]) -> set[str]:
    """The clubdesk modules ``path`` imports when it is loaded: its imports at module level,
    those under an ``if`` (``TYPE_CHECKING`` too) or a ``try`` included, none in a function.
    ``from package import module`` is the module; ``from module import name`` the module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def walk(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
            elif isinstance(node, ast.If | ast.Try):
                walk(node.body)
                walk(node.orelse)
                for handler in getattr(node, "handlers", []):
                    walk(handler.body)
                walk(getattr(node, "finalbody", []))

    walk(_tree(path).body)
    return {module for module in found if module in modules and module != name}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_round_a_circle() -> None:
    # docs/architecture.md, "The layers": a module that needs what uses it is given a small
    # protocol of its own (or the few callables it calls), never an import of its user,
    # not even for a type hint
    paths = {_module_name(path): path for path in sorted((ROOT / "clubdesk").rglob("*.py"))}
    graph = {name: _module_imports(path, name, set(paths)) for name, path in paths.items()}
    assert _circles(graph) == []


# the window's shell; everything else of the window lives in its page's folder (README.md)
UI_SHELL = {
    "__init__.py",
    "app.py",
    "backup_dialogs.py",
    "context.py",
    "help_window.py",
    "main_window.py",
    "menus.py",
    "none_guard.py",
    "off_thread.py",
    "operations.py",
    "pages.py",
    "pin.py",
    "style.py",
    "tables_dialog.py",
}
# the window's parts that are no page of its own; each page's folder is its row's in the
# registry of pages (clubdesk/ui/pages.py)
UI_PARTS = {"clock", "projector", "sheet", "widgets"}
UI_FOLDERS = {page.folder for page in PAGES} | UI_PARTS


def test_the_window_is_grouped_by_page() -> None:
    ui = ROOT / "clubdesk" / "ui"
    assert {path.name for path in ui.glob("*.py")} == UI_SHELL
    folders = {path.name for path in ui.iterdir() if path.is_dir() and path.name != "__pycache__"}
    assert folders == UI_FOLDERS
    for folder in folders:  # a page's package re-exports nothing: its modules are imported
        init = ast.parse((ui / folder / "__init__.py").read_text(encoding="utf-8"))
        assert all(isinstance(node, ast.Expr) for node in init.body), folder


def test_no_module_hands_on_a_name_it_imports() -> None:
    # docs/architecture.md: one import path per name; a module's __all__ lists what it defines,
    # never a name it imported to pass on (callers import the owner)
    passed_on = {}
    for path in sorted((ROOT / "clubdesk").rglob("*.py")):
        tree = _tree(path)
        imported = {
            alias.asname or alias.name.split(".")[0]
            for node in tree.body
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
            ):
                names = [element.value for element in node.value.elts]  # type: ignore[attr-defined]
                if found := sorted(imported & set(names)):
                    passed_on[str(path.relative_to(ROOT))] = found
    assert passed_on == {}
