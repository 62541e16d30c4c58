"""One SQLAlchemy dialect and compiled-statement cache for every database a test process opens.

``open_database`` gives each file an engine of its own (clubdesk/store/db.py, docs/architecture.md),
and an engine's cache of compiled statements starts empty, keyed by its own dialect. The
program opens one file and keeps it; the tests open a new one for nearly every test, so each
test compiled every statement it ran again: a quarter of the services tests' time. Here every
engine made after the first takes the first one's dialect (the same SQLite, the same driver)
and its cache, so a statement is compiled once per process. Each engine keeps its own pool,
connections and events: what a test sees of the database is unchanged.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import Engine

from clubdesk.store import db as db_module


def share() -> None:
    """From now on, the engines ``open_database`` makes share the first one's dialect and
    compiled-statement cache (an engine without them, in another SQLAlchemy, is left as it
    is)."""
    make = db_module._engine
    if getattr(make, "shares_statements", False):
        return
    first: list[Engine] = []

    def engine(path: Path, first_connection: sqlite3.Connection) -> Engine:
        made = make(path, first_connection)
        if not first:
            first.append(made)
        elif _shareable(made):
            shared = first[0]
            made.dialect = shared.dialect
            made.pool._dialect = shared.dialect
            made._compiled_cache = shared._compiled_cache
        return made

    engine.shares_statements = True  # type: ignore[attr-defined]
    db_module._engine = engine


def _shareable(engine: Engine) -> bool:
    return (
        getattr(engine, "_compiled_cache", None) is not None
        and hasattr(engine.pool, "_dialect")
        and type(engine.dialect).__name__ == "SQLiteDialect_pysqlite"
    )
