-- Step 1: the first schema. The event, its entrants and their players, the rounds,
-- each game with its seats, hands, signatures, adjustments and amendments, the byes,
-- the money, the draws and their assignments. A submitted score sheet is locked, and
-- nothing kept is ever deleted.
-- Every RAISE in these steps reaches the user as a RecordLockedError: store/db.py
-- (_plain_error) turns SQLite's SQLITE_CONSTRAINT_TRIGGER into one, with the message.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE event (
    id TEXT NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    date TEXT NOT NULL,
    venue TEXT NOT NULL,
    rules_id TEXT NOT NULL,
    rules_text TEXT NOT NULL,
    settings TEXT NOT NULL CHECK (json_valid(settings)),
    created_at TEXT NOT NULL
);

CREATE TABLE entrant (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'withdrawn', 'removed')),
    created_at TEXT NOT NULL,
    UNIQUE (event_id, number)
);

CREATE TABLE player (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    position INTEGER NOT NULL CHECK (position >= 1),
    name TEXT NOT NULL,
    UNIQUE (entrant_id, position)
);

CREATE TABLE round (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'closed')),
    UNIQUE (event_id, number)
);

CREATE TABLE game (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES round (id),
    table_number INTEGER NOT NULL CHECK (table_number >= 1),
    score_a INTEGER,
    score_b INTEGER,
    award_kind TEXT CHECK (award_kind IN ('dq', 'removed')),
    award_against TEXT CHECK (award_against IN ('a', 'b')),
    winner TEXT CHECK (winner IN ('a', 'b')),
    submitted_at TEXT,
    UNIQUE (round_id, table_number),
    CHECK ((score_a IS NULL) = (score_b IS NULL)),
    CHECK ((award_kind IS NULL) = (award_against IS NULL))
);

CREATE TABLE game_seat (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game (id),
    side TEXT NOT NULL CHECK (side IN ('a', 'b')),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    UNIQUE (game_id, seat),
    UNIQUE (game_id, entrant_id),
    CHECK ((side = 'a') = (seat % 2 = 1))
);

CREATE TABLE bye (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES round (id),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    UNIQUE (round_id, entrant_id)
);

CREATE TABLE hand (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    data TEXT NOT NULL CHECK (json_valid(data)),
    UNIQUE (game_id, number)
);

CREATE TABLE signature (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game (id),
    role TEXT NOT NULL CHECK (role IN ('scorekeeper', 'countersign', 'director')),
    name TEXT NOT NULL,
    at TEXT NOT NULL,
    image BLOB,
    UNIQUE (game_id, role)
);

CREATE TABLE adjustment (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game (id),
    side TEXT NOT NULL CHECK (side IN ('a', 'b')),
    points INTEGER NOT NULL,
    reason TEXT NOT NULL
);

CREATE TABLE amendment (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game (id),
    what TEXT NOT NULL,
    old_value TEXT CHECK (old_value IS NULL OR json_valid(old_value)),
    new_value TEXT CHECK (new_value IS NULL OR json_valid(new_value)),
    who TEXT NOT NULL,
    why TEXT NOT NULL,
    at TEXT NOT NULL,
    image BLOB
);

CREATE TABLE ledger_entry (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    kind TEXT NOT NULL CHECK (kind IN ('fee', 'fine', 'added', 'expense', 'refund')),
    cents INTEGER NOT NULL CHECK (typeof(cents) = 'integer'),
    entrant_id INTEGER REFERENCES entrant (id),
    method TEXT CHECK (method IN ('cash', 'check', 'other')),
    note TEXT NOT NULL,
    at TEXT NOT NULL
);

CREATE TABLE draw (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    method TEXT NOT NULL CHECK (method IN ('random', 'physical')),
    seed INTEGER,
    made_at TEXT NOT NULL,
    superseded BOOLEAN NOT NULL CHECK (superseded IN (0, 1))
);

CREATE TABLE draw_assignment (
    id INTEGER PRIMARY KEY,
    draw_id INTEGER NOT NULL REFERENCES draw (id),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    table_number INTEGER NOT NULL CHECK (table_number >= 1),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    card TEXT NOT NULL,
    UNIQUE (draw_id, entrant_id),
    UNIQUE (draw_id, table_number, seat)
);

-- A submitted sheet is final: the game row and its seats, hands,
-- adjustments and signatures are frozen once submitted_at is set.
-- Contract: the message is store/errors.py's SHEET_LOCKED. store/sheets.py's submit writes
-- a sheet's hands, lines and signatures, then its result, and submitted_at last; after that
-- a change is an amendment (services/sheets.py's amend_sheet).
CREATE TRIGGER game_locked_update BEFORE UPDATE ON game
WHEN OLD.submitted_at IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER game_locked_delete BEFORE DELETE ON game
WHEN OLD.submitted_at IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER game_seat_locked_insert BEFORE INSERT ON game_seat
WHEN (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER game_seat_locked_update BEFORE UPDATE ON game_seat
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
  OR (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER game_seat_locked_delete BEFORE DELETE ON game_seat
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER hand_locked_insert BEFORE INSERT ON hand
WHEN (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER hand_locked_update BEFORE UPDATE ON hand
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
  OR (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER hand_locked_delete BEFORE DELETE ON hand
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER adjustment_locked_insert BEFORE INSERT ON adjustment
WHEN (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER adjustment_locked_update BEFORE UPDATE ON adjustment
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
  OR (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER adjustment_locked_delete BEFORE DELETE ON adjustment
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER signature_locked_insert BEFORE INSERT ON signature
WHEN (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER signature_locked_update BEFORE UPDATE ON signature
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
  OR (SELECT submitted_at FROM game WHERE id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

CREATE TRIGGER signature_locked_delete BEFORE DELETE ON signature
WHEN (SELECT submitted_at FROM game WHERE id = OLD.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet is final; record an amendment instead.');
END;

-- Nothing is ever deleted: a withdrawn entrant is a status, a wrong
-- payment is corrected by another ledger row, an amendment by another.
CREATE TRIGGER entrant_no_delete BEFORE DELETE ON entrant
BEGIN
    SELECT RAISE(ABORT, 'An entrant is never deleted; withdraw or remove them instead.');
END;

CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never deleted; record a correcting entry instead.');
END;

CREATE TRIGGER amendment_no_update BEFORE UPDATE ON amendment
BEGIN
    SELECT RAISE(ABORT, 'An amendment cannot be changed; record another amendment.');
END;

-- Contract: store/integrity.py's set_aside drops this trigger by its name, in a copy read
-- in memory only, to leave out an amendment written without its audit row.
CREATE TRIGGER amendment_no_delete BEFORE DELETE ON amendment
BEGIN
    SELECT RAISE(ABORT, 'An amendment cannot be changed; record another amendment.');
END;
