-- Step 13: an entrant removed from the tournament by the director (the Grand Prix's
-- "removed from the tournament", bid whist's ejection; docs/rules.md sections 1 and 6): who
-- ruled, why and when, one row per entrant, beside its status 'removed'. A fact: never
-- changed or removed.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE removal (
    id INTEGER PRIMARY KEY,
    entrant_id INTEGER NOT NULL UNIQUE REFERENCES entrant (id),
    director TEXT NOT NULL CHECK (director <> ''),
    reason TEXT NOT NULL CHECK (reason <> ''),
    at TEXT NOT NULL
);

-- The *_no_overwrite triggers raise store/errors.py's OVERWRITE_REFUSED. Removals are
-- written by store/rulings.py's add_removal (services/removal.py; an imported event's by
-- save_rulings).
CREATE TRIGGER removal_no_overwrite_insert BEFORE INSERT ON removal
WHEN EXISTS (SELECT 1 FROM removal WHERE ((id = NEW.id) OR (entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER removal_no_overwrite_update BEFORE UPDATE ON removal
WHEN EXISTS (SELECT 1 FROM removal WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER removal_no_update BEFORE UPDATE ON removal
BEGIN
    SELECT RAISE(ABORT, 'A removal from the tournament is a fact; it is never changed or removed.');
END;

CREATE TRIGGER removal_no_delete BEFORE DELETE ON removal
BEGIN
    SELECT RAISE(ABORT, 'A removal from the tournament is a fact; it is never changed or removed.');
END;
