-- Step 18: the seal. Every row clubdesk keeps as a fact is sealed as its transaction commits
-- (store/seal.py): a row of ``seal`` per row written, changed or deleted, with the digest of
-- the row as it was written, in the order written per event (``chain``: the event's id, '' for
-- the club's own rows); the last seal a transaction wrote in a chain carries a keyed MAC over
-- its batch and the MAC before it. The key is kept outside the file, in the
-- user's config folder; ``seal_key`` names which key sealed the file (a digest of it, never
-- the key) and who accepted a file sealed on another laptop.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE seal (
    id INTEGER NOT NULL PRIMARY KEY,
    chain TEXT NOT NULL,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    tbl TEXT NOT NULL,
    row_key TEXT NOT NULL,
    digest BLOB NOT NULL,
    mac BLOB,
    UNIQUE (chain, seq)
);

CREATE INDEX seal_row ON seal (tbl, row_key);

CREATE TABLE seal_key (
    id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    key_id TEXT NOT NULL,
    accepted_by TEXT,
    accepted_at TEXT
);
