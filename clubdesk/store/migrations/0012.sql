-- Step 12: a score sheet being typed is kept as a draft after every hand, so that a crash,
-- a closed lid or a closed dialog loses nothing: the hands as typed, one draft per game,
-- saved and saved again while its sheet is open, gone once the sheet is submitted. A draft
-- is working state, not a fact: it may be changed and removed, but never kept for a
-- submitted sheet.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE sheet_draft (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL UNIQUE REFERENCES game (id),
    hands TEXT NOT NULL CHECK (json_valid(hands) AND json_type(hands) = 'array'),
    saved_at TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('window', 'phone'))
);

-- Contract: store/sheets.py's submit drops the sheet's draft (store/drafts.py's drop_draft)
-- before it sets submitted_at; services/drafts.py's save_draft finds the sheet through
-- store/sheets.py's open_sheet, which refuses a submitted one.
CREATE TRIGGER sheet_draft_insert_submitted BEFORE INSERT ON sheet_draft WHEN (SELECT submitted_at FROM game WHERE game.id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet has no draft.');
END;

CREATE TRIGGER sheet_draft_update_submitted BEFORE UPDATE ON sheet_draft WHEN (SELECT submitted_at FROM game WHERE game.id = NEW.game_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'A submitted score sheet has no draft.');
END;
