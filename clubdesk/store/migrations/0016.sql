-- Step 16: the club's members, kept across every event of the database (docs/cli.md,
-- "Members"): a member number, unique; a name; and the club's own columns (phone, email,
-- notes) as they were imported, a JSON object of text. An entrant's player may be linked
-- to the member who plays (null: a player the club does not know). A member is never
-- deleted, nor taken over by another row.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE member (
    id INTEGER NOT NULL PRIMARY KEY,
    number INTEGER NOT NULL CHECK (number >= 1),
    name TEXT NOT NULL CHECK (length(name) >= 1),
    club_columns TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(club_columns) AND json_type(club_columns) = 'object'),
    created_at TEXT NOT NULL,
    UNIQUE (number)
);

ALTER TABLE player ADD COLUMN member_id INTEGER REFERENCES member (id);

CREATE INDEX player_member ON player (member_id);

CREATE TRIGGER member_no_delete BEFORE DELETE ON member
BEGIN
    SELECT RAISE(ABORT, 'A member is never deleted.');
END;

CREATE TRIGGER member_no_overwrite_insert BEFORE INSERT ON member
WHEN EXISTS (SELECT 1 FROM member WHERE id = NEW.id OR number = NEW.number)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER member_no_overwrite_update BEFORE UPDATE ON member
WHEN EXISTS (SELECT 1 FROM member WHERE rowid <> OLD.rowid AND (id = NEW.id OR number = NEW.number))
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;
