-- Step 5: the round clock as facts, one row each (started, paused, resumed, adjusted,
-- ended, announced); the clocks of older files (clock_state) become facts.
-- Released: this file never changes; a change to the schema is a new step.

-- The round clock as facts, one row each: a round's clock started, paused,
-- resumed, had seconds added (negative: taken off), ended, or gave an
-- announcement. ``at`` is the wall instant; ``monotonic`` the monotonic reading
-- taken with it (NULL: not known). Facts are never changed or deleted (the event
-- id may change, when the event is archived by an import that replaces it).
CREATE TABLE clock_fact (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    kind TEXT NOT NULL
        CHECK (kind IN ('start', 'pause', 'resume', 'adjust', 'end', 'announced')),
    at TEXT NOT NULL,
    monotonic REAL,
    seconds INTEGER NOT NULL DEFAULT 0 CHECK (kind = 'adjust' OR seconds = 0),
    announcement TEXT CHECK (announcement IN ('warning', 'time')),
    CHECK ((kind = 'announced') = (announcement IS NOT NULL))
);

-- A round starts and ends once, and each announcement is given once.
CREATE UNIQUE INDEX clock_fact_once ON clock_fact
    (event_id, round_number, kind, coalesce(announcement, ''))
    WHERE kind IN ('start', 'end', 'announced');

-- Contract: event_id is left out, so that store/events.py's archive_event can move the
-- facts of an event it archives. The facts are written by store/clock.py's add_fact.
CREATE TRIGGER clock_fact_no_update
BEFORE UPDATE OF round_number, kind, at, monotonic, seconds, announcement ON clock_fact
BEGIN
    SELECT RAISE(ABORT, 'A clock fact cannot be changed; record another.');
END;

CREATE TRIGGER clock_fact_no_delete BEFORE DELETE ON clock_fact
BEGIN
    SELECT RAISE(ABORT, 'A clock fact cannot be changed; record another.');
END;

-- The clocks of older files become facts, in the order they happened: the start,
-- the time paused and minutes added so far (as seconds added at the start), a
-- pause still going on, the warning given, the end. clock_state is kept as it was.
INSERT INTO clock_fact (event_id, round_number, kind, at, seconds)
SELECT event_id, round_number, 'start', started_at, 0
FROM clock_state WHERE started_at IS NOT NULL ORDER BY id;

INSERT INTO clock_fact (event_id, round_number, kind, at, seconds)
SELECT event_id, round_number, 'adjust', started_at,
       CAST(round(paused_seconds) AS INTEGER) + extension_seconds
FROM clock_state
WHERE started_at IS NOT NULL AND CAST(round(paused_seconds) AS INTEGER) + extension_seconds <> 0
ORDER BY id;

INSERT INTO clock_fact (event_id, round_number, kind, at)
SELECT event_id, round_number, 'pause', paused_at
FROM clock_state WHERE started_at IS NOT NULL AND paused_at IS NOT NULL ORDER BY id;

INSERT INTO clock_fact (event_id, round_number, kind, at, announcement)
SELECT event_id, round_number, 'announced', started_at, 'warning'
FROM clock_state WHERE started_at IS NOT NULL AND warned = 1 ORDER BY id;

INSERT INTO clock_fact (event_id, round_number, kind, at)
SELECT event_id, round_number, 'end', ended_at
FROM clock_state WHERE started_at IS NOT NULL AND ended_at IS NOT NULL ORDER BY id;
