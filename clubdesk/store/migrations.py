"""Numbered schema migrations, as plain SQL.

``MIGRATIONS[n - 1]`` takes a database from version ``n - 1`` to ``n``; the
version is kept in ``PRAGMA user_version``. A released step is never edited:
a change to the schema is a new step at the end (and ``models.py`` changes
with it). All pending steps run in one transaction; ``db.py`` takes a backup
copy of the file first.
"""

import sqlite3
from collections.abc import Sequence

# "CLDK": marks an SQLite file as a clubdesk database (PRAGMA application_id).
APPLICATION_ID = 0x434C444B

# What the triggers that freeze a submitted sheet say (the session raises it as
# RecordLockedError).
SHEET_LOCKED = "A submitted score sheet is final; record an amendment instead."

_V1 = """
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

CREATE TRIGGER amendment_no_delete BEFORE DELETE ON amendment
BEGIN
    SELECT RAISE(ABORT, 'An amendment cannot be changed; record another amendment.');
END;
"""

_V2 = """
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

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'The audit log cannot be changed.');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'The audit log cannot be changed.');
END;

-- One current draw per event; a redraw supersedes the old one first.
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
"""

_V3 = """
-- An event replaced by an imported event file (--replace) is never deleted: it
-- is kept under another id (``original_id--replaced-N``) and listed here.
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

CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never deleted; record a correcting entry instead.');
END;

CREATE INDEX ledger_entry_event ON ledger_entry (event_id);
CREATE INDEX ledger_entry_entrant ON ledger_entry (entrant_id);
"""

_V4 = """
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

CREATE TRIGGER warning_no_update
BEFORE UPDATE OF round_number, playoff, entrant_id, reason, ruling, actor, at ON warning
BEGIN
    SELECT RAISE(ABORT, 'A warning cannot be changed; log another.');
END;

CREATE TRIGGER warning_no_delete BEFORE DELETE ON warning
BEGIN
    SELECT RAISE(ABORT, 'A warning cannot be changed; log another.');
END;
"""

_V5 = """
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
"""

# Step 6: the lock holds against any SQL, not only the program's own. REPLACE (an
# "INSERT OR REPLACE", or "UPDATE OR REPLACE") deletes the row in its way without
# running DELETE triggers (unless recursive_triggers is on, which nobody can be
# made to set), so every kept row also refuses a new row that would take its key
# and an update that would move onto another row's key.
OVERWRITE_REFUSED = "A row clubdesk keeps cannot be overwritten."
_FROZEN_AFTER_START = "Round 1 has started; the draw and the rules stand."


def _no_overwrite(table: str, keys: Sequence[Sequence[str]], where: str = "1") -> str:
    """Triggers refusing an insert, or an update, that lands on an existing row's key."""
    taken = " OR ".join(
        "(" + " AND ".join(f"{column} = NEW.{column}" for column in key) + ")" for key in keys
    )
    return f"""
CREATE TRIGGER {table}_no_overwrite_insert BEFORE INSERT ON {table}
WHEN EXISTS (SELECT 1 FROM {table} WHERE ({taken}) AND {where})
BEGIN
    SELECT RAISE(ABORT, '{OVERWRITE_REFUSED}');
END;

CREATE TRIGGER {table}_no_overwrite_update BEFORE UPDATE ON {table}
WHEN EXISTS (SELECT 1 FROM {table} WHERE rowid <> OLD.rowid AND ({taken}) AND {where})
BEGIN
    SELECT RAISE(ABORT, '{OVERWRITE_REFUSED}');
END;
"""


def _refuse(name: str, when: str, message: str) -> str:
    return f"""
CREATE TRIGGER {name} {when}
BEGIN
    SELECT RAISE(ABORT, '{message.replace("'", "''")}');
END;
"""


_ROUND_ONE_STARTED = (
    "EXISTS (SELECT 1 FROM round WHERE round.event_id = {event} "
    "AND round.number = 1 AND round.status <> 'pending')"
)
_DRAW_MADE = "EXISTS (SELECT 1 FROM draw WHERE draw.event_id = {event})"

_V6 = "".join(
    [
        _no_overwrite("event", [["id"]]),
        _no_overwrite("event_archive", [["event_id"]]),
        _no_overwrite("entrant", [["id"], ["event_id", "number"]]),
        _no_overwrite("player", [["id"], ["entrant_id", "position"]]),
        _no_overwrite("round", [["id"], ["event_id", "number"]]),
        _no_overwrite("game", [["id"], ["round_id", "table_number"]]),
        _no_overwrite("game_seat", [["id"], ["game_id", "seat"], ["game_id", "entrant_id"]]),
        _no_overwrite("bye", [["id"], ["round_id", "entrant_id"]]),
        _no_overwrite("hand", [["id"], ["game_id", "number"]]),
        _no_overwrite("signature", [["id"], ["game_id", "role"]]),
        _no_overwrite("adjustment", [["id"]]),
        _no_overwrite("amendment", [["id"]]),
        _no_overwrite("ledger_entry", [["id"]]),
        _no_overwrite("draw", [["id"]]),
        _no_overwrite("draw", [["event_id"]], "superseded = 0 AND NEW.superseded = 0").replace(
            "draw_no_overwrite", "draw_current_no_overwrite"
        ),
        _no_overwrite(
            "draw_assignment",
            [["id"], ["draw_id", "entrant_id"], ["draw_id", "table_number", "seat"]],
        ),
        _no_overwrite("tiebreak", [["id"]]),
        _no_overwrite("warning", [["id"]]),
        _no_overwrite("clock_fact", [["id"]]),
        _no_overwrite(
            "clock_fact",
            [["event_id", "round_number", "kind", "coalesce(announcement, '')"]],
            "kind IN ('start', 'end', 'announced')",
        )
        .replace("NEW.coalesce(announcement, '')", "coalesce(NEW.announcement, '')")
        .replace("clock_fact_no_overwrite", "clock_fact_once_no_overwrite"),
        _no_overwrite("audit_log", [["id"]]),
        # Kept rows are never deleted.
        _refuse(
            "event_no_delete",
            "BEFORE DELETE ON event",
            "An event is never deleted; an import that replaces it keeps it under another id.",
        ),
        _refuse(
            "round_no_delete",
            "BEFORE DELETE ON round WHEN OLD.status <> 'pending' OR EXISTS "
            "(SELECT 1 FROM game WHERE round_id = OLD.id AND submitted_at IS NOT NULL)",
            "A round that has started is never deleted.",
        ),
        # A money row is never changed (a correction is another row); only the event's
        # id may move under it, when the event is archived.
        _refuse(
            "ledger_entry_no_update",
            "BEFORE UPDATE OF id, kind, cents, entrant_id, method, note, at, from_paid_cents "
            "ON ledger_entry",
            "A money entry is never changed; record a correcting entry instead.",
        ),
        _refuse(
            "clock_fact_no_new_id",
            "BEFORE UPDATE OF id ON clock_fact",
            "A clock fact cannot be changed; record another.",
        ),
        _refuse(
            "warning_no_new_id",
            "BEFORE UPDATE OF id ON warning",
            "A warning cannot be changed; log another.",
        ),
        # A round goes pending, running, closed (and back to running when a close is undone);
        # never back to pending, and its number stays.
        _refuse(
            "round_status_forward",
            "BEFORE UPDATE OF status, number, id ON round "
            "WHEN OLD.status <> 'pending' AND (NEW.status = 'pending' "
            "OR NEW.number IS NOT OLD.number OR NEW.id IS NOT OLD.id)",
            "A round that has started cannot go back to pending or change its number.",
        ),
        # Names stand once the draw is made: the draw and every sheet name them.
        _refuse(
            "entrant_name_after_draw",
            "BEFORE UPDATE OF name ON entrant WHEN NEW.name IS NOT OLD.name AND "
            + _DRAW_MADE.format(event="OLD.event_id"),
            "The draw is made; an entrant's name stands.",
        ),
        _refuse(
            "player_name_after_draw",
            "BEFORE UPDATE OF name, entrant_id, position ON player WHEN "
            + _DRAW_MADE.format(event="OLD.event_id"),
            "The draw is made; a player's name stands.",
        ),
        _refuse(
            "player_delete_after_draw",
            "BEFORE DELETE ON player WHEN " + _DRAW_MADE.format(event="OLD.event_id"),
            "The draw is made; a player's name stands.",
        ),
        # Once round 1 has started the draw, its assignments and the rules snapshot stand.
        _refuse(
            "draw_after_start_update",
            "BEFORE UPDATE OF id, method, seed, made_at, superseded ON draw WHEN "
            + _ROUND_ONE_STARTED.format(event="OLD.event_id"),
            _FROZEN_AFTER_START,
        ),
        _refuse(
            "draw_after_start_delete",
            "BEFORE DELETE ON draw WHEN " + _ROUND_ONE_STARTED.format(event="OLD.event_id"),
            _FROZEN_AFTER_START,
        ),
        _refuse(
            "draw_assignment_after_start_update",
            "BEFORE UPDATE ON draw_assignment WHEN "
            + _ROUND_ONE_STARTED.format(
                event="(SELECT event_id FROM draw WHERE draw.id = OLD.draw_id)"
            ),
            _FROZEN_AFTER_START,
        ),
        _refuse(
            "draw_assignment_after_start_delete",
            "BEFORE DELETE ON draw_assignment WHEN "
            + _ROUND_ONE_STARTED.format(
                event="(SELECT event_id FROM draw WHERE draw.id = OLD.draw_id)"
            ),
            _FROZEN_AFTER_START,
        ),
        # Settings may still be corrected during the event, but only as the logged service
        # does it: just after the audit row that records the change.
        _refuse(
            "event_settings_logged",
            "BEFORE UPDATE OF settings ON event WHEN NEW.settings IS NOT OLD.settings AND "
            + _ROUND_ONE_STARTED.format(event="OLD.id")
            + " AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)"
            " AND action = 'event.update' AND event_id = OLD.id"
            " AND json_extract(details, '$.settings') IS NOT NULL)",
            "Round 1 has started; settings change only through clubdesk, which logs them.",
        ),
        _refuse(
            "event_rules_after_start",
            "BEFORE UPDATE OF rules_id, rules_text ON event WHEN "
            + _ROUND_ONE_STARTED.format(event="OLD.id"),
            _FROZEN_AFTER_START,
        ),
    ]
)

# Step 7: a signature as drawn on the pad, kept as vector strokes (compact JSON: a list of
# strokes, each a list of [x, y] points, fractions of the pad's width and height); NULL
# for a typed name or a signed paper sheet received. An amendment keeps the director's.
# The lock triggers of step 1 refuse every UPDATE of a submitted sheet's signature and of
# any amendment, so the new columns are covered as they stand; step 6's refuse overwrites.
_V7 = """
ALTER TABLE signature ADD COLUMN strokes TEXT
    CHECK (strokes IS NULL OR (json_valid(strokes) AND json_type(strokes) = 'array'));
ALTER TABLE amendment ADD COLUMN strokes TEXT
    CHECK (strokes IS NULL OR (json_valid(strokes) AND json_type(strokes) = 'array'));
"""

# What the triggers that freeze finalized payouts say.
PAYOUTS_FINAL = (
    "The payouts are final; the director reopens them (name and reason) before they change."
)
_POOL_FROZEN = (
    "The payouts are final; money that changes the prize pool waits until the director "
    "reopens them."
)
_OPEN_PAYOUT = (
    "EXISTS (SELECT 1 FROM payout_final WHERE payout_final.event_id = {event} "
    "AND payout_final.reopened_at IS NULL)"
)
# the last audit row records this very action, with these values
_LAST_AUDIT = (
    "EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) "
    "AND action = '{action}' AND event_id = {event} AND {match})"
)
_PRIZE_LOGGED = (
    "EXISTS (SELECT 1 FROM json_each(audit_log.details, '$.prizes') AS prize "
    "WHERE json_extract(prize.value, '$.place') = NEW.place "
    "AND json_extract(prize.value, '$.amount_cents') = NEW.amount_cents "
    "AND json_extract(prize.value, '$.credit_cents') = NEW.credit_cents "
    "AND json_extract(prize.value, '$.number') = "
    "(SELECT number FROM entrant WHERE entrant.id = NEW.entrant_id))"
)

_V8 = (
    """
-- Finalized payouts: the prizes frozen by the director's confirmation (place,
-- entrant, amount and the part of it in store credit). Reopening keeps the rows
-- and says who reopened them, when and why; a later finalize is a new payout.
CREATE TABLE payout_final (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    director TEXT NOT NULL CHECK (length(director) > 0),
    pool_cents INTEGER NOT NULL CHECK (typeof(pool_cents) = 'integer' AND pool_cents >= 0),
    finalized_at TEXT NOT NULL,
    reopened_by TEXT,
    reopen_reason TEXT,
    reopened_at TEXT,
    CHECK ((reopened_at IS NULL) = (reopened_by IS NULL)
           AND (reopened_at IS NULL) = (reopen_reason IS NULL))
);

CREATE UNIQUE INDEX payout_final_open ON payout_final (event_id) WHERE reopened_at IS NULL;

CREATE TABLE final_prize (
    id INTEGER PRIMARY KEY,
    payout_id INTEGER NOT NULL REFERENCES payout_final (id),
    place INTEGER NOT NULL CHECK (place >= 1),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents > 0),
    credit_cents INTEGER NOT NULL CHECK (typeof(credit_cents) = 'integer'
                                         AND credit_cents BETWEEN 0 AND amount_cents),
    UNIQUE (payout_id, entrant_id)
);

CREATE INDEX final_prize_entrant ON final_prize (entrant_id);

-- Money rows may now say that a prize was paid (kind 'prize': it leaves the cash
-- box, it does not change the pool). The table is rebuilt for the new kind; its
-- rows, ids, triggers and indexes are kept.
CREATE TABLE ledger_entry_v8 (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    kind TEXT NOT NULL CHECK (kind IN ('fee', 'fine', 'added', 'expense', 'refund', 'prize')),
    cents INTEGER NOT NULL CHECK (typeof(cents) = 'integer'),
    entrant_id INTEGER REFERENCES entrant (id),
    method TEXT CHECK (method IN ('cash', 'check', 'other')),
    note TEXT NOT NULL,
    at TEXT,
    from_paid_cents BOOLEAN NOT NULL DEFAULT 0 CHECK (from_paid_cents IN (0, 1)),
    CHECK (NOT from_paid_cents OR (kind = 'fee' AND entrant_id IS NOT NULL))
);

INSERT INTO ledger_entry_v8
    (id, event_id, kind, cents, entrant_id, method, note, at, from_paid_cents)
SELECT id, event_id, kind, cents, entrant_id, method, note, at, from_paid_cents
FROM ledger_entry;

DROP TABLE ledger_entry;
ALTER TABLE ledger_entry_v8 RENAME TO ledger_entry;

CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never deleted; record a correcting entry instead.');
END;

CREATE INDEX ledger_entry_event ON ledger_entry (event_id);
CREATE INDEX ledger_entry_entrant ON ledger_entry (entrant_id);
"""
    + _no_overwrite("ledger_entry", [["id"]])
    + _refuse(
        "ledger_entry_no_update",
        "BEFORE UPDATE OF id, kind, cents, entrant_id, method, note, at, from_paid_cents "
        "ON ledger_entry",
        "A money entry is never changed; record a correcting entry instead.",
    )
    + _no_overwrite("payout_final", [["id"]])
    + _no_overwrite("final_prize", [["id"], ["payout_id", "entrant_id"]])
    # Payouts are finalized and reopened only as the logged services do it: just after
    # the audit row that records it. A frozen prize never changes.
    + _refuse(
        "payout_final_insert_logged",
        "BEFORE INSERT ON payout_final WHEN "
        + _OPEN_PAYOUT.format(event="NEW.event_id")
        + " OR NOT "
        + _LAST_AUDIT.format(
            action="payouts.finalize",
            event="NEW.event_id",
            match="json_extract(details, '$.director') = NEW.director "
            "AND json_extract(details, '$.pool_cents') = NEW.pool_cents",
        ),
        PAYOUTS_FINAL,
    )
    + _refuse(
        "payout_final_no_update",
        "BEFORE UPDATE OF id, director, pool_cents, finalized_at ON payout_final",
        PAYOUTS_FINAL,
    )
    + _refuse(
        "payout_final_reopen_logged",
        "BEFORE UPDATE OF reopened_by, reopen_reason, reopened_at ON payout_final "
        "WHEN OLD.reopened_at IS NOT NULL OR NOT "
        + _LAST_AUDIT.format(
            action="payouts.reopen",
            event="OLD.event_id",
            match="json_extract(details, '$.director') = NEW.reopened_by "
            "AND json_extract(details, '$.reason') = NEW.reopen_reason",
        ),
        PAYOUTS_FINAL,
    )
    # the event id moves only with the event itself (an event archived by an import)
    + _refuse(
        "payout_final_stays_with_event",
        "BEFORE UPDATE OF event_id ON payout_final WHEN NEW.event_id IS NOT OLD.event_id "
        "AND EXISTS (SELECT 1 FROM event WHERE event.id = OLD.event_id)",
        PAYOUTS_FINAL,
    )
    + _refuse("payout_final_no_delete", "BEFORE DELETE ON payout_final", PAYOUTS_FINAL)
    + _refuse(
        "final_prize_insert_logged",
        "BEFORE INSERT ON final_prize WHEN NEW.payout_id IS NOT "
        "(SELECT max(id) FROM payout_final) OR NOT "
        + _LAST_AUDIT.format(
            action="payouts.finalize",
            event="(SELECT event_id FROM payout_final WHERE id = NEW.payout_id)",
            match=_PRIZE_LOGGED,
        ),
        PAYOUTS_FINAL,
    )
    + _refuse("final_prize_no_update", "BEFORE UPDATE ON final_prize", PAYOUTS_FINAL)
    + _refuse("final_prize_no_delete", "BEFORE DELETE ON final_prize", PAYOUTS_FINAL)
    # While the payouts are final the pool stands: only a prize paid may be recorded,
    # and only for an entrant the frozen payouts pay.
    + _refuse(
        "ledger_entry_pool_frozen",
        "BEFORE INSERT ON ledger_entry WHEN NEW.kind <> 'prize' AND "
        + _OPEN_PAYOUT.format(event="NEW.event_id"),
        _POOL_FROZEN,
    )
    + _refuse(
        "ledger_entry_prize_final",
        "BEFORE INSERT ON ledger_entry WHEN NEW.kind = 'prize' AND NOT EXISTS "
        "(SELECT 1 FROM final_prize JOIN payout_final ON payout_final.id = final_prize.payout_id "
        "WHERE payout_final.event_id = NEW.event_id AND payout_final.reopened_at IS NULL "
        "AND final_prize.entrant_id IS NEW.entrant_id)",
        "A prize is paid only once the payouts are final, to an entrant they pay.",
    )
)

# Step 8 follows step 7 (kept on another branch until it is merged beside this one).
# Step 9: the rows left open to raw SQL by step 6. A round's byes stand once it has
# started (a redraw before then removes and seats them anew). A tie-break played at the
# table is a fact: never changed or removed (a new one is recorded by the program, with
# its audit row). The clocks of older files (clock_state, read once by step 5 and by
# nothing since) are kept as they were: only the event's id may move under them, when the
# event is archived, and no new row takes an old one's place.
_ROUND_STARTED = "(SELECT status FROM round WHERE round.id = {round}) IS NOT 'pending'"
_BYE_STANDS = "A round that has started keeps its byes."
_TIEBREAK_STANDS = "A tie-break played is never changed; record another."
_OLD_CLOCK_STANDS = "The clock of an older clubdesk is kept as it was."

_V9 = "".join(
    [
        _refuse(
            "bye_after_start_insert",
            "BEFORE INSERT ON bye WHEN " + _ROUND_STARTED.format(round="NEW.round_id"),
            _BYE_STANDS,
        ),
        _refuse(
            "bye_after_start_update",
            "BEFORE UPDATE ON bye WHEN "
            + _ROUND_STARTED.format(round="OLD.round_id")
            + " OR "
            + _ROUND_STARTED.format(round="NEW.round_id"),
            _BYE_STANDS,
        ),
        _refuse(
            "bye_after_start_delete",
            "BEFORE DELETE ON bye WHEN " + _ROUND_STARTED.format(round="OLD.round_id"),
            _BYE_STANDS,
        ),
        _refuse("tiebreak_no_update", "BEFORE UPDATE ON tiebreak", _TIEBREAK_STANDS),
        _refuse("tiebreak_no_delete", "BEFORE DELETE ON tiebreak", _TIEBREAK_STANDS),
        _refuse(
            "clock_state_no_update",
            "BEFORE UPDATE OF id, round_number, started_at, paused_at, paused_seconds, "
            "extension_seconds, warned, ended_at ON clock_state",
            _OLD_CLOCK_STANDS,
        ),
        _refuse("clock_state_no_delete", "BEFORE DELETE ON clock_state", _OLD_CLOCK_STANDS),
        _no_overwrite("clock_state", [["id"], ["event_id", "round_number"]]),
    ]
)

# Step 10: the last new rows raw SQL could still add. No new clock_state row at all
# (nothing has read that table since step 5). A tie-break is recorded only as the logged
# services do it: just after the audit row that records it, with the same round, entrants
# and winner (``tiebreak.record``), or as part of the event file being imported
# (``event.import``, written before the event's rows).
_TIEBREAK_LOGGED = "A tie-break is recorded only through clubdesk, which logs it."
_NUMBER_OF = "(SELECT number FROM entrant WHERE entrant.id = {entrant})"
_TIEBREAK_AUDITED = (
    "json_extract(details, '$.round') = (SELECT number FROM round WHERE round.id = NEW.round_id)"
    " AND json_extract(details, '$.a') = "
    + _NUMBER_OF.format(entrant="NEW.entrant_a_id")
    + " AND json_extract(details, '$.b') = "
    + _NUMBER_OF.format(entrant="NEW.entrant_b_id")
    + " AND json_extract(details, '$.winner') = "
    + _NUMBER_OF.format(
        entrant="CASE NEW.winner WHEN 'a' THEN NEW.entrant_a_id ELSE NEW.entrant_b_id END"
    )
)
_ROUND_EVENT = "(SELECT event_id FROM round WHERE round.id = NEW.round_id)"

_V10 = "".join(
    [
        _refuse(
            "clock_state_no_insert",
            "BEFORE INSERT ON clock_state",
            _OLD_CLOCK_STANDS,
        ),
        _refuse(
            "tiebreak_insert_logged",
            "BEFORE INSERT ON tiebreak WHEN NOT "
            + _LAST_AUDIT.format(
                action="tiebreak.record", event=_ROUND_EVENT, match=_TIEBREAK_AUDITED
            )
            + " AND NOT "
            + _LAST_AUDIT.format(action="event.import", event=_ROUND_EVENT, match="1"),
            _TIEBREAK_LOGGED,
        ),
    ]
)

# Step 11: a sheet says whether time was called on it (its hands stop before the game's
# end because the round clock ended or the director said so; docs/rules.md, "A finished game"),
# set as it is submitted and locked with it by step 1's triggers. A store-credit prize
# redeemed (seed 003: "must be redeemed the day of the tournament") is recorded once per
# entrant, only just after the audit row that records it and only while the payouts are
# final with store credit for that entrant; it is never changed or removed.
_CREDIT_STANDS = "A store credit redeemed is a fact; it is never changed or removed."
_V11 = (
    """
ALTER TABLE game ADD COLUMN time_called BOOLEAN NOT NULL DEFAULT 0
    CHECK (time_called IN (0, 1));

CREATE TABLE credit_redeemed (
    id INTEGER PRIMARY KEY,
    entrant_id INTEGER NOT NULL UNIQUE REFERENCES entrant (id),
    cents INTEGER NOT NULL CHECK (typeof(cents) = 'integer' AND cents > 0),
    at TEXT NOT NULL
);
"""
    + _no_overwrite("credit_redeemed", [["id"], ["entrant_id"]])
    + _refuse("credit_redeemed_no_update", "BEFORE UPDATE ON credit_redeemed", _CREDIT_STANDS)
    + _refuse("credit_redeemed_no_delete", "BEFORE DELETE ON credit_redeemed", _CREDIT_STANDS)
    + _refuse(
        "credit_redeemed_insert_logged",
        "BEFORE INSERT ON credit_redeemed WHEN NOT "
        + _LAST_AUDIT.format(
            action="payouts.redeem",
            event="(SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id)",
            match="json_extract(details, '$.number') = "
            "(SELECT number FROM entrant WHERE entrant.id = NEW.entrant_id) "
            "AND json_extract(details, '$.cents') = NEW.cents",
        )
        + " OR NOT EXISTS (SELECT 1 FROM final_prize JOIN payout_final "
        "ON payout_final.id = final_prize.payout_id WHERE payout_final.reopened_at IS NULL "
        "AND final_prize.entrant_id = NEW.entrant_id AND final_prize.credit_cents > 0)",
        "A store credit is redeemed only through clubdesk, once the payouts are final, "
        "by an entrant they give store credit.",
    )
)

# Step 12: a score sheet being typed is kept as a draft after every hand, so that a crash, a
# closed lid or a closed dialog loses nothing: the hands as typed, one draft per game, saved
# and saved again while its sheet is open, gone once the sheet is submitted. A draft is
# working state, not a fact: it may be changed and removed, but never kept for a submitted
# sheet.
_DRAFT_OF_SUBMITTED = "A submitted score sheet has no draft."
_V12 = (
    """
CREATE TABLE sheet_draft (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL UNIQUE REFERENCES game (id),
    hands TEXT NOT NULL CHECK (json_valid(hands) AND json_type(hands) = 'array'),
    saved_at TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('window', 'phone'))
);
"""
    + _refuse(
        "sheet_draft_insert_submitted",
        "BEFORE INSERT ON sheet_draft WHEN "
        "(SELECT submitted_at FROM game WHERE game.id = NEW.game_id) IS NOT NULL",
        _DRAFT_OF_SUBMITTED,
    )
    + _refuse(
        "sheet_draft_update_submitted",
        "BEFORE UPDATE ON sheet_draft WHEN "
        "(SELECT submitted_at FROM game WHERE game.id = NEW.game_id) IS NOT NULL",
        _DRAFT_OF_SUBMITTED,
    )
)

# Step 13: an entrant removed from the tournament by the director (the Grand Prix's
# "removed from the tournament", bid whist's ejection; docs/rules.md sections 1 and 6): who
# ruled, why and when, one row per entrant, beside its status 'removed'. A fact: never
# changed or removed.
_REMOVAL_STANDS = "A removal from the tournament is a fact; it is never changed or removed."
_V13 = (
    """
CREATE TABLE removal (
    id INTEGER PRIMARY KEY,
    entrant_id INTEGER NOT NULL UNIQUE REFERENCES entrant (id),
    director TEXT NOT NULL CHECK (director <> ''),
    reason TEXT NOT NULL CHECK (reason <> ''),
    at TEXT NOT NULL
);
"""
    + _no_overwrite("removal", [["id"], ["entrant_id"]])
    + _refuse("removal_no_update", "BEFORE UPDATE ON removal", _REMOVAL_STANDS)
    + _refuse("removal_no_delete", "BEFORE DELETE ON removal", _REMOVAL_STANDS)
)

# Step 14: a row stays with its event. The event's id changes only when an import replaces
# it, just after the audit row that archives it (``event.archive``, naming the new id and the
# original), and every row naming the event follows it then; at no other time does a row's
# event id change, nor a row move under a round, game, entrant or draw of another event.
# An amendment counts only with its audit row, as a tie-break does: it is logged
# (``amendment_logged``) when its ``sheet.amend`` audit row (same round, table, director and
# result) is written, before or after it in the same transaction, or as one of the
# amendments an event file imported holds (``event.import``, which counts them). Opening a
# file with an amendment not logged says the file was changed outside clubdesk. The
# amendments of older files stand as they were.
_STAYS = "A row clubdesk keeps stays with its event."
_AMENDMENT_LOGGED = "An amendment is recorded only through clubdesk, which logs it."
_ARCHIVED = (
    "EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) "
    "AND action = 'event.archive' AND event_id = {new} "
    "AND json_extract(details, '$.original_id') = {old})"
)
_EVENT_OF = {
    "round": "(SELECT event_id FROM round WHERE round.id = {id})",
    "game": "(SELECT round.event_id FROM game JOIN round ON round.id = game.round_id "
    "WHERE game.id = {id})",
    "entrant": "(SELECT event_id FROM entrant WHERE entrant.id = {id})",
    "draw": "(SELECT event_id FROM draw WHERE draw.id = {id})",
}


def _event_stays(table: str) -> str:
    return _refuse(
        f"{table}_event_stays",
        f"BEFORE UPDATE OF event_id ON {table} WHEN NEW.event_id IS NOT OLD.event_id AND NOT "
        + _ARCHIVED.format(new="NEW.event_id", old="OLD.event_id"),
        _STAYS,
    )


def _link_stays(table: str, column: str, parent: str) -> str:
    event_of = _EVENT_OF[parent]
    return _refuse(
        f"{table}_{column}_stays",
        f"BEFORE UPDATE OF {column} ON {table} WHEN NEW.{column} IS NOT OLD.{column} AND "
        f"{event_of.format(id='NEW.' + column)} IS NOT {event_of.format(id='OLD.' + column)}",
        _STAYS,
    )


_AMENDMENT_GAME = "(SELECT game_id FROM amendment WHERE amendment.id = {id})"
# the last audit row is the sheet.amend of amendment {id}: its round, table, director, result
_AMEND_AUDITED = (
    "json_extract(audit_log.details, '$.round') = (SELECT round.number FROM game JOIN round "
    "ON round.id = game.round_id WHERE game.id = amendment.game_id) "
    "AND json_extract(audit_log.details, '$.table') = (SELECT table_number FROM game "
    "WHERE game.id = amendment.game_id) "
    "AND json_extract(audit_log.details, '$.director') = amendment.who "
    "AND json_extract(audit_log.details, '$.after.score.a') = "
    "json_extract(amendment.new_value, '$.score.a') "
    "AND json_extract(audit_log.details, '$.after.score.b') = "
    "json_extract(amendment.new_value, '$.score.b') "
    "AND json_extract(audit_log.details, '$.after.winner') IS "
    "json_extract(amendment.new_value, '$.winner')"
)


# the event file being imported holds more amendments than its event has logged so far
_IMPORTED_NOT_ALL_LOGGED = (
    "json_extract(audit_log.details, '$.amendments') > (SELECT count(*) FROM amendment_logged "
    "JOIN amendment AS logged ON logged.id = amendment_logged.amendment_id "
    "JOIN game ON game.id = logged.game_id JOIN round ON round.id = game.round_id "
    "WHERE round.event_id = audit_log.event_id)"
)


def _amendment_logged_now(id_: str) -> str:
    """The last audit row logs amendment ``id_``: its sheet.amend, or the event file's
    import of its event."""
    game_event = _EVENT_OF["game"].format(id=_AMENDMENT_GAME.format(id=id_))
    return (
        "EXISTS (SELECT 1 FROM audit_log JOIN amendment ON amendment.id = "
        + id_
        + " WHERE audit_log.id = (SELECT max(id) FROM audit_log) AND audit_log.event_id = "
        + game_event
        + " AND ((audit_log.action = 'event.import' AND "
        + _IMPORTED_NOT_ALL_LOGGED
        + ") OR (audit_log.action = 'sheet.amend' AND "
        + _AMEND_AUDITED
        + ")))"
    )


_V14 = (
    "".join(
        _event_stays(table)
        for table in (
            "entrant",
            "player",
            "round",
            "draw",
            "clock_state",
            "event_archive",
            "warning",
            "clock_fact",
            "payout_final",
            "ledger_entry",
        )
    )  # fmt: skip
    + _refuse(
        "event_id_archived",
        "BEFORE UPDATE OF id ON event WHEN NEW.id IS NOT OLD.id AND NOT "
        + _ARCHIVED.format(new="NEW.id", old="OLD.id"),
        _STAYS,
    )
    + _refuse(
        "event_archive_no_update",
        "BEFORE UPDATE OF original_id, archived_at, reason, id ON event_archive",
        _STAYS,
    )
    + "".join(
        _link_stays(table, column, parent)
        for table, column, parent in (
            ("player", "entrant_id", "entrant"),
            ("game", "round_id", "round"),
            ("game_seat", "game_id", "game"),
            ("game_seat", "entrant_id", "entrant"),
            ("bye", "round_id", "round"),
            ("bye", "entrant_id", "entrant"),
            ("hand", "game_id", "game"),
            ("signature", "game_id", "game"),
            ("adjustment", "game_id", "game"),
            ("sheet_draft", "game_id", "game"),
            ("draw_assignment", "draw_id", "draw"),
            ("draw_assignment", "entrant_id", "entrant"),
            ("warning", "entrant_id", "entrant"),
        )
    )
    + """
CREATE TABLE amendment_logged (
    amendment_id INTEGER NOT NULL PRIMARY KEY REFERENCES amendment (id)
);

INSERT INTO amendment_logged (amendment_id) SELECT id FROM amendment ORDER BY id;

CREATE TRIGGER amendment_logged_as_recorded AFTER INSERT ON amendment
WHEN """
    + _amendment_logged_now("NEW.id")
    + """
BEGIN
    INSERT INTO amendment_logged (amendment_id) VALUES (NEW.id);
END;

CREATE TRIGGER amendment_logged_by_its_audit AFTER INSERT ON audit_log
WHEN NEW.action = 'sheet.amend'
BEGIN
    INSERT INTO amendment_logged (amendment_id)
    SELECT max(amendment.id) FROM amendment JOIN audit_log ON audit_log.id = NEW.id
    WHERE amendment.id NOT IN (SELECT amendment_id FROM amendment_logged)
    AND """
    + _EVENT_OF["game"].format(id="amendment.game_id")
    + """ = NEW.event_id AND """
    + _AMEND_AUDITED
    + """
    HAVING max(amendment.id) IS NOT NULL;
END;
"""
    + _refuse(
        "amendment_logged_insert",
        "BEFORE INSERT ON amendment_logged WHEN NOT " + _amendment_logged_now("NEW.amendment_id"),
        _AMENDMENT_LOGGED,
    )
    + _refuse("amendment_logged_no_update", "BEFORE UPDATE ON amendment_logged", _AMENDMENT_LOGGED)
    + _refuse("amendment_logged_no_delete", "BEFORE DELETE ON amendment_logged", _AMENDMENT_LOGGED)
)

# Step 15: the tables' private links (docs/cli.md, "The tables' pages"): one secret per
# event, kept so that each table's link can be printed again, and the address the links were
# last served at; and how many hands of a draft typed on a phone the opponents confirmed.
_V15 = (
    """
CREATE TABLE table_link (
    event_id TEXT NOT NULL PRIMARY KEY REFERENCES event (id),
    secret TEXT NOT NULL CHECK (length(secret) >= 32),
    base_url TEXT,
    created_at TEXT NOT NULL
);

ALTER TABLE sheet_draft ADD COLUMN confirmed INTEGER CHECK (confirmed >= 0);
"""
    + _event_stays("table_link")
    + _refuse(
        "table_link_secret_stays",
        "BEFORE UPDATE OF secret ON table_link WHEN NEW.secret IS NOT OLD.secret",
        "A table link's secret never changes: the links printed stay good.",
    )
)

# Steps 7 and 8 are made on other branches; in this one step 9 comes next in the list.
MIGRATIONS: tuple[str, ...] = (
    _V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10, _V11, _V12, _V13, _V14, _V15,
)  # fmt: skip
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def migrate(conn: sqlite3.Connection, steps: Sequence[str] = MIGRATIONS) -> int:
    """Run the steps the database at ``conn`` lacks, in one transaction; return the old version.

    ``conn`` must be in autocommit mode (``isolation_level=None``). On any
    error the transaction is rolled back and the file is as it was.
    """
    old = schema_version(conn)
    if old >= len(steps):
        return old
    script = "".join(steps[old:])
    if old == 0:
        script = f"PRAGMA application_id = {APPLICATION_ID};\n" + script
    conn.execute("PRAGMA foreign_keys = OFF")  # a step may rebuild a table
    try:
        conn.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {len(steps)};")
        broken = conn.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise sqlite3.IntegrityError(f"the upgrade broke {len(broken)} links between rows")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    return old
