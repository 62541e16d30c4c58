-- Step 3: an event replaced by an imported event file is archived, never deleted; the
-- tie-breaks played (gin's sudden death, bid whist's one-hand play-off); money rows whose
-- time may be unknown, and an entry fee marked as given only as paid_cents.
-- Released: this file never changes; a change to the schema is a new step.

-- An event replaced by an imported event file (--replace) is never deleted: it
-- is kept under another id (``original_id--replaced-N``) and listed here.
-- Contract: store/events.py's archive_event writes these rows (services/eventfile.py's
-- import_event, with --replace).
CREATE TABLE event_archive (
    event_id TEXT NOT NULL PRIMARY KEY REFERENCES event (id),
    original_id TEXT NOT NULL,
    archived_at TEXT NOT NULL,
    reason TEXT NOT NULL
);

-- A sudden-death match (gin) or a one-hand play-off (bid whist) between two
-- entrants, recorded in the round after which the tie was broken.
CREATE TABLE tiebreak (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES round (id),
    entrant_a_id INTEGER NOT NULL REFERENCES entrant (id),
    entrant_b_id INTEGER NOT NULL REFERENCES entrant (id),
    winner TEXT NOT NULL CHECK (winner IN ('a', 'b')),
    hands TEXT NOT NULL CHECK (json_valid(hands) AND json_type(hands) = 'array'),
    CHECK (entrant_a_id <> entrant_b_id)
);

CREATE INDEX tiebreak_round ON tiebreak (round_id);
CREATE INDEX tiebreak_entrant_a ON tiebreak (entrant_a_id);
CREATE INDEX tiebreak_entrant_b ON tiebreak (entrant_b_id);

-- Money rows: the time may be unknown (an event file's row without "at"), and
-- an entry fee an event file gave only as an entrant's paid_cents is marked so
-- that export writes it back the same way. The table is rebuilt (SQLite cannot
-- drop a NOT NULL); its rows, ids, trigger and indexes are kept.
CREATE TABLE ledger_entry_v3 (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    kind TEXT NOT NULL CHECK (kind IN ('fee', 'fine', 'added', 'expense', 'refund')),
    cents INTEGER NOT NULL CHECK (typeof(cents) = 'integer'),
    entrant_id INTEGER REFERENCES entrant (id),
    method TEXT CHECK (method IN ('cash', 'check', 'other')),
    note TEXT NOT NULL,
    at TEXT,
    from_paid_cents BOOLEAN NOT NULL DEFAULT 0 CHECK (from_paid_cents IN (0, 1)),
    CHECK (NOT from_paid_cents OR (kind = 'fee' AND entrant_id IS NOT NULL))
);

INSERT INTO ledger_entry_v3 (id, event_id, kind, cents, entrant_id, method, note, at)
SELECT id, event_id, kind, cents, entrant_id, method, note, at FROM ledger_entry;

DROP TABLE ledger_entry;
ALTER TABLE ledger_entry_v3 RENAME TO ledger_entry;

-- The trigger of step 1, made again on the rebuilt table.
CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never deleted; record a correcting entry instead.');
END;

CREATE INDEX ledger_entry_event ON ledger_entry (event_id);
CREATE INDEX ledger_entry_entrant ON ledger_entry (entrant_id);
