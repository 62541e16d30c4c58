"""The bundled formats, each read once per test run.

``load_rules`` reads every rules file it scans (seven TOML parses for one format); the domain
tests look a format up for every event they build. Rules are frozen, so one parsed copy per
id can be shared by every test.
"""

from __future__ import annotations

from functools import cache

from clubdesk.domain.formats import load_rules
from clubdesk.domain.rules import Rules


@cache
def lookup(rules_id: str) -> Rules:
    """A bundled format by id (the user's own rules files are not looked at)."""
    return load_rules(rules_id, extra_dirs=[])
