-- Step 4: the warnings logged against an entrant (bid whist) and their rulings: facts,
-- never changed or deleted.
-- Released: this file never changes; a change to the schema is a new step.

-- A warning infraction logged against an entrant (bid whist, RULES.md section 6),
-- with the ruling it got. A fact: never changed or deleted (the event id may
-- change, when the event is archived by an import that replaces it).
CREATE TABLE warning (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    playoff BOOLEAN NOT NULL DEFAULT 0 CHECK (playoff IN (0, 1)),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    reason TEXT NOT NULL CHECK (reason <> ''),
    ruling TEXT NOT NULL CHECK (ruling IN ('warning', 'loss-of-hand')),
    actor TEXT NOT NULL,
    at TEXT NOT NULL
);

CREATE INDEX warning_event ON warning (event_id, round_number, entrant_id);
CREATE INDEX warning_entrant ON warning (entrant_id);

-- Contract: event_id is left out, so that store/events.py's archive_event can move the
-- warnings of an event it archives.
CREATE TRIGGER warning_no_update
BEFORE UPDATE OF round_number, playoff, entrant_id, reason, ruling, actor, at ON warning
BEGIN
    SELECT RAISE(ABORT, 'A warning cannot be changed; log another.');
END;

CREATE TRIGGER warning_no_delete BEFORE DELETE ON warning
BEGIN
    SELECT RAISE(ABORT, 'A warning cannot be changed; log another.');
END;
