"""Services hand rows to the store and get frozen records back: they never add, query,
delete or fetch table rows themselves."""

import re
from pathlib import Path

import clubdesk.services

SERVICES = Path(clubdesk.services.__file__).parent
ROW_CALL = re.compile(r"\bsession\.(add|add_all|exec|execute|delete|get|query)\(")
RULES_OF_AN_EVENT = re.compile(r"\b(rules_of|parse_rules|event_rules\(event)\b")
TABLES = re.compile(r"^from clubdesk\.store\.models import", re.MULTILINE)
NOT_YET: set[str] = set()


def _services() -> list[Path]:
    return [p for p in sorted(SERVICES.glob("*.py")) if p.name not in NOT_YET]


def test_no_service_touches_rows() -> None:
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in _services()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if ROW_CALL.search(line)
    ]
    assert found == []


def test_no_service_imports_a_table() -> None:
    importing = [path.name for path in _services() if TABLES.search(path.read_text("utf-8"))]
    assert importing == []


def test_an_events_rules_are_resolved_in_one_place() -> None:
    """services.common.rules_for reads an event's stored rules; no other service parses them."""
    found = [
        path.name
        for path in _services()
        if path.name != "common.py" and RULES_OF_AN_EVENT.search(path.read_text("utf-8"))
    ]
    assert found == []
