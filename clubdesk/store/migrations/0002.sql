-- Step 2: the round clock's state, one row per round (read once more by step 5, which
-- turns it into facts), and the audit log, which is never changed. One current draw per
-- event, and an index on every foreign key not already covered by a unique constraint.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE clock_state (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    started_at TEXT,
    paused_at TEXT,
    paused_seconds REAL NOT NULL,
    extension_seconds INTEGER NOT NULL,
    warned BOOLEAN NOT NULL CHECK (warned IN (0, 1)),
    ended_at TEXT,
    UNIQUE (event_id, round_number)
);

CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    event_id TEXT,
    details TEXT NOT NULL CHECK (json_valid(details))
);

-- Contract: the services log every action through store/audit.py's add_entry; later
-- steps' triggers read the last row of this table to know that a change was logged.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'The audit log cannot be changed.');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'The audit log cannot be changed.');
END;

-- One current draw per event; a redraw supersedes the old one first.
-- Contract: store/seating.py's supersede marks the old draw before add_draw writes the new.
CREATE UNIQUE INDEX draw_current ON draw (event_id) WHERE superseded = 0;

-- Foreign keys not already covered by a unique constraint.
CREATE INDEX draw_event ON draw (event_id);
CREATE INDEX player_event ON player (event_id);
CREATE INDEX game_seat_entrant ON game_seat (entrant_id);
CREATE INDEX bye_entrant ON bye (entrant_id);
CREATE INDEX adjustment_game ON adjustment (game_id);
CREATE INDEX amendment_game ON amendment (game_id);
CREATE INDEX ledger_entry_event ON ledger_entry (event_id);
CREATE INDEX ledger_entry_entrant ON ledger_entry (entrant_id);
CREATE INDEX draw_assignment_entrant ON draw_assignment (entrant_id);
CREATE INDEX audit_log_event ON audit_log (event_id, at);
