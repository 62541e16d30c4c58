-- Step 15: the tables' private links (docs/cli.md, "The tables' pages"): one secret per
-- event, kept so that each table's link can be printed again, and the address the links
-- were last served at; and how many hands of a draft typed on a phone the opponents
-- confirmed.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE table_link (
    event_id TEXT NOT NULL PRIMARY KEY REFERENCES event (id),
    secret TEXT NOT NULL CHECK (length(secret) >= 32),
    base_url TEXT,
    created_at TEXT NOT NULL
);

ALTER TABLE sheet_draft ADD COLUMN confirmed INTEGER CHECK (confirmed >= 0);

-- Contract: store/events.py's archive_event moves the link with its event (step 14).
CREATE TRIGGER table_link_event_stays BEFORE UPDATE OF event_id ON table_link WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

-- Contract: store/links.py's keep_secret makes the secret once and keeps it; the links
-- services/links.py prints are made from it.
CREATE TRIGGER table_link_secret_stays BEFORE UPDATE OF secret ON table_link WHEN NEW.secret IS NOT OLD.secret
BEGIN
    SELECT RAISE(ABORT, 'A table link''s secret never changes: the links printed stay good.');
END;
