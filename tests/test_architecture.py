"""The layer rule is checked, not hoped for (docs/architecture.md, "The layers")."""

import re
import subprocess
import sys
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

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


def test_headless_commands_never_load_qt() -> None:
    code = (
        "from clubdesk import cli\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert cli.main(['rules', 'list']) == 0\n"
    )
    assert not any(m.startswith("PySide6") for m in _modules_loaded_by(code))


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
