-- Step 9: the rows left open to raw SQL by step 6. A round's byes stand once it has
-- started (a redraw before then removes and seats them anew). A tie-break played at the
-- table is a fact: never changed or removed (a new one is recorded by the program, with
-- its audit row). The clocks of older files (clock_state, read once by step 5 and by
-- nothing since) are kept as they were: only the event's id may move under them, when the
-- event is archived, and no new row takes an old one's place.
-- Released: this file never changes; a change to the schema is a new step.

-- Contract: store/seating.py seats and removes byes only in a round still pending.
CREATE TRIGGER bye_after_start_insert BEFORE INSERT ON bye WHEN (SELECT status FROM round WHERE round.id = NEW.round_id) IS NOT 'pending'
BEGIN
    SELECT RAISE(ABORT, 'A round that has started keeps its byes.');
END;

CREATE TRIGGER bye_after_start_update BEFORE UPDATE ON bye WHEN (SELECT status FROM round WHERE round.id = OLD.round_id) IS NOT 'pending' OR (SELECT status FROM round WHERE round.id = NEW.round_id) IS NOT 'pending'
BEGIN
    SELECT RAISE(ABORT, 'A round that has started keeps its byes.');
END;

CREATE TRIGGER bye_after_start_delete BEFORE DELETE ON bye WHEN (SELECT status FROM round WHERE round.id = OLD.round_id) IS NOT 'pending'
BEGIN
    SELECT RAISE(ABORT, 'A round that has started keeps its byes.');
END;

CREATE TRIGGER tiebreak_no_update BEFORE UPDATE ON tiebreak
BEGIN
    SELECT RAISE(ABORT, 'A tie-break played is never changed; record another.');
END;

CREATE TRIGGER tiebreak_no_delete BEFORE DELETE ON tiebreak
BEGIN
    SELECT RAISE(ABORT, 'A tie-break played is never changed; record another.');
END;

CREATE TRIGGER clock_state_no_update BEFORE UPDATE OF id, round_number, started_at, paused_at, paused_seconds, extension_seconds, warned, ended_at ON clock_state
BEGIN
    SELECT RAISE(ABORT, 'The clock of an older clubdesk is kept as it was.');
END;

CREATE TRIGGER clock_state_no_delete BEFORE DELETE ON clock_state
BEGIN
    SELECT RAISE(ABORT, 'The clock of an older clubdesk is kept as it was.');
END;

-- The *_no_overwrite triggers raise store/errors.py's OVERWRITE_REFUSED.
CREATE TRIGGER clock_state_no_overwrite_insert BEFORE INSERT ON clock_state
WHEN EXISTS (SELECT 1 FROM clock_state WHERE ((id = NEW.id) OR (event_id = NEW.event_id AND round_number = NEW.round_number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER clock_state_no_overwrite_update BEFORE UPDATE ON clock_state
WHEN EXISTS (SELECT 1 FROM clock_state WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (event_id = NEW.event_id AND round_number = NEW.round_number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;
