"""The repo explains itself: every document a docstring or comment cites is in ``docs/``, and
a section of docs/rules.md cited by number is there (``docs/rules.md §6``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"docs/([\w-]+\.md)(?: §(\d))?")
ELSEWHERE = re.compile(r"\b(RULES|INTERFACE|DESIGN|STYLE)\.md\b")


def sources() -> list[Path]:
    return [
        path
        for folder in ("clubdesk", "tests", "benchmarks", "packaging")
        for path in sorted((ROOT / folder).rglob("*.py"))
    ]


def test_every_document_cited_is_in_docs() -> None:
    sections = set(re.findall(r"^## §(\d) ", (ROOT / "docs/rules.md").read_text(), re.M))
    missing = []
    for path in sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name, section in CITED.findall(line):
                where = f"{path.relative_to(ROOT)}:{number}"
                if not (ROOT / "docs" / name).is_file():
                    missing.append(f"{where}: docs/{name}")
                elif section and (name != "rules.md" or section not in sections):
                    missing.append(f"{where}: docs/{name} §{section}")
    assert missing == []


def test_no_citation_of_a_document_outside_the_repo() -> None:
    outside = []
    for path in sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ELSEWHERE.search(line) and "ELSEWHERE" not in line:
                outside.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert outside == []


def test_the_readme_links_every_document() -> None:
    readme = (ROOT / "README.md").read_text()
    for doc in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{doc.name}" in readme, doc.name


def _layout_rows() -> dict[str, str]:
    """The README's layout table: each row's folder or file, and its text."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How the code is laid out", 1)[1].split("\n## ", 1)[0]
    return dict(re.findall(r"^\| `([^`]+)` \| (.*) \|$", section, re.M))


def test_the_readme_layout_table_matches_the_tree() -> None:
    # every module of clubdesk/ is named in its folder's row, and every file a row names is there
    rows = _layout_rows()
    unnamed, absent = [], []
    for path in sorted((ROOT / "clubdesk").rglob("*.py")):
        if path.name == "__init__.py":
            continue
        relative = path.relative_to(ROOT)
        folder = f"{relative.parent.as_posix()}/"
        if relative.as_posix() in rows:
            continue
        text = rows.get(folder, "")
        if folder not in rows:  # a package's inner folder is named in its parent's row
            parent = f"{relative.parent.parent.as_posix()}/"
            text = (
                rows.get(parent, "") if f"`{relative.parent.name}/`" in rows.get(parent, "") else ""
            )
        if f"`{path.name}`" not in text:
            unnamed.append(relative.as_posix())
    for where, text in rows.items():
        if not where.startswith("clubdesk/") or not where.endswith("/"):
            continue
        for name in re.findall(r"`(\w+\.py)`", text):
            if not list((ROOT / where).rglob(name)):
                absent.append(f"{where}{name}")
    assert unnamed == [], "name these modules in the README's layout table"
    assert absent == [], "the README's layout table names modules that are not there"


def test_no_file_holds_a_merge_left_half_done() -> None:
    markers = re.compile(r"^(<{7} |>{7} |={7}$)", re.M)
    folders = ("clubdesk", "tests", "docs", "rules", "resources", "benchmarks", "packaging")
    paths = [ROOT / "README.md", *(p for f in folders for p in (ROOT / f).rglob("*"))]
    found = [
        str(path.relative_to(ROOT))
        for path in paths
        if path.suffix in (".md", ".py", ".toml", ".js", ".html", ".css", ".sql", ".spec")
        and markers.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []
