-- Step 19: the director's PIN (docs/architecture.md, "The director's PIN"). One row at most:
-- the PIN as a salted scrypt hash (never the PIN itself), its salt and scrypt's cost, when it
-- was set; and the wrong PINs given in a row since the last right one, with the time until
-- which every PIN is refused after too many (null: none refused). The row is the club's
-- own, sealed as every fact is; clearing the PIN deletes it.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE director_pin (
    id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    digest BLOB NOT NULL CHECK (length(digest) = 32),
    salt BLOB NOT NULL CHECK (length(salt) = 16),
    scrypt_n INTEGER NOT NULL CHECK (scrypt_n >= 1024),
    scrypt_r INTEGER NOT NULL CHECK (scrypt_r >= 1),
    scrypt_p INTEGER NOT NULL CHECK (scrypt_p >= 1),
    set_at TEXT NOT NULL,
    wrong INTEGER NOT NULL DEFAULT 0 CHECK (wrong >= 0),
    locked_until TEXT
);
