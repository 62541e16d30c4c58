"""A reading (``Database.reading``) never waits for a write under way and never writes: the
window's reads each second and after each change go on while a phone's sheet is written."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing

import pytest
from sqlalchemy.exc import OperationalError
from sqlmodel import select

from clubdesk.store.models import Event
from tests import builder


def test_a_reading_does_not_wait_while_another_connection_writes(db, clock):
    event_id = builder.event(db, clock, entrants=4)
    with closing(sqlite3.connect(db.path, isolation_level=None)) as writer:
        writer.execute("BEGIN IMMEDIATE")  # the write lock held, as by a sheet being written
        writer.execute("CREATE TABLE scratch (x)")
        began = time.perf_counter()
        with db.reading() as session:
            found = [event.id for event in session.exec(select(Event))]
        waited = time.perf_counter() - began
        writer.execute("ROLLBACK")
    assert found == [event_id]
    assert waited < 1.0  # a session waits for the lock, up to the busy timeout (5 s)


def test_a_reading_may_not_write_and_a_session_after_it_writes(db, clock):
    with pytest.raises(OperationalError, match="readonly"), db.reading() as session:
        session.connection().exec_driver_sql("CREATE TABLE scratch (x)")
    event_id = builder.event(db, clock, entrants=4)  # sessions write as before
    with db.reading() as session:
        assert [event.id for event in session.exec(select(Event))] == [event_id]
