-- Step 14: a row stays with its event. The event's id changes only when an import replaces
-- it, just after the audit row that archives it (event.archive, naming the new id and the
-- original), and every row naming the event follows it then; at no other time does a row's
-- event id change, nor a row move under a round, game, entrant or draw of another event.
-- An amendment counts only with its audit row, as a tie-break does: it is logged
-- (amendment_logged) when its sheet.amend audit row (same round, table, director and
-- result) is written, before or after it in the same transaction, or as one of the
-- amendments an event file imported holds (event.import, which counts them). Opening a
-- file with an amendment not logged says the file was changed outside clubdesk. The
-- amendments of older files stand as they were.
-- Released: this file never changes; a change to the schema is a new step.

-- Contract: store/events.py's archive_event writes the audit row 'event.archive' for the
-- new id, with details {"original_id", "reason"}, just before it moves the event and every
-- row naming it (found from the foreign keys) to the new id.
CREATE TRIGGER entrant_event_stays BEFORE UPDATE OF event_id ON entrant WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER player_event_stays BEFORE UPDATE OF event_id ON player WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER round_event_stays BEFORE UPDATE OF event_id ON round WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER draw_event_stays BEFORE UPDATE OF event_id ON draw WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER clock_state_event_stays BEFORE UPDATE OF event_id ON clock_state WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER event_archive_event_stays BEFORE UPDATE OF event_id ON event_archive WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER warning_event_stays BEFORE UPDATE OF event_id ON warning WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER clock_fact_event_stays BEFORE UPDATE OF event_id ON clock_fact WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER payout_final_event_stays BEFORE UPDATE OF event_id ON payout_final WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER ledger_entry_event_stays BEFORE UPDATE OF event_id ON ledger_entry WHEN NEW.event_id IS NOT OLD.event_id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.event_id AND json_extract(details, '$.original_id') = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER event_id_archived BEFORE UPDATE OF id ON event WHEN NEW.id IS NOT OLD.id AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.archive' AND event_id = NEW.id AND json_extract(details, '$.original_id') = OLD.id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER event_archive_no_update BEFORE UPDATE OF original_id, archived_at, reason, id ON event_archive
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

-- No row moves under a round, game, entrant or draw of another event.
CREATE TRIGGER player_entrant_id_stays BEFORE UPDATE OF entrant_id ON player WHEN NEW.entrant_id IS NOT OLD.entrant_id AND (SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id) IS NOT (SELECT event_id FROM entrant WHERE entrant.id = OLD.entrant_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER game_round_id_stays BEFORE UPDATE OF round_id ON game WHEN NEW.round_id IS NOT OLD.round_id AND (SELECT event_id FROM round WHERE round.id = NEW.round_id) IS NOT (SELECT event_id FROM round WHERE round.id = OLD.round_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER game_seat_game_id_stays BEFORE UPDATE OF game_id ON game_seat WHEN NEW.game_id IS NOT OLD.game_id AND (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = NEW.game_id) IS NOT (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER game_seat_entrant_id_stays BEFORE UPDATE OF entrant_id ON game_seat WHEN NEW.entrant_id IS NOT OLD.entrant_id AND (SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id) IS NOT (SELECT event_id FROM entrant WHERE entrant.id = OLD.entrant_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER bye_round_id_stays BEFORE UPDATE OF round_id ON bye WHEN NEW.round_id IS NOT OLD.round_id AND (SELECT event_id FROM round WHERE round.id = NEW.round_id) IS NOT (SELECT event_id FROM round WHERE round.id = OLD.round_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER bye_entrant_id_stays BEFORE UPDATE OF entrant_id ON bye WHEN NEW.entrant_id IS NOT OLD.entrant_id AND (SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id) IS NOT (SELECT event_id FROM entrant WHERE entrant.id = OLD.entrant_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER hand_game_id_stays BEFORE UPDATE OF game_id ON hand WHEN NEW.game_id IS NOT OLD.game_id AND (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = NEW.game_id) IS NOT (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER signature_game_id_stays BEFORE UPDATE OF game_id ON signature WHEN NEW.game_id IS NOT OLD.game_id AND (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = NEW.game_id) IS NOT (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER adjustment_game_id_stays BEFORE UPDATE OF game_id ON adjustment WHEN NEW.game_id IS NOT OLD.game_id AND (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = NEW.game_id) IS NOT (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER sheet_draft_game_id_stays BEFORE UPDATE OF game_id ON sheet_draft WHEN NEW.game_id IS NOT OLD.game_id AND (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = NEW.game_id) IS NOT (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER draw_assignment_draw_id_stays BEFORE UPDATE OF draw_id ON draw_assignment WHEN NEW.draw_id IS NOT OLD.draw_id AND (SELECT event_id FROM draw WHERE draw.id = NEW.draw_id) IS NOT (SELECT event_id FROM draw WHERE draw.id = OLD.draw_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER draw_assignment_entrant_id_stays BEFORE UPDATE OF entrant_id ON draw_assignment WHEN NEW.entrant_id IS NOT OLD.entrant_id AND (SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id) IS NOT (SELECT event_id FROM entrant WHERE entrant.id = OLD.entrant_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

CREATE TRIGGER warning_entrant_id_stays BEFORE UPDATE OF entrant_id ON warning WHEN NEW.entrant_id IS NOT OLD.entrant_id AND (SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id) IS NOT (SELECT event_id FROM entrant WHERE entrant.id = OLD.entrant_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;

-- The amendments logged with their audit row. store/integrity.py reads this table (an
-- amendment not in it: the file was changed outside clubdesk) from this step on
-- (AMENDMENTS_LOGGED_FROM).
CREATE TABLE amendment_logged (
    amendment_id INTEGER NOT NULL PRIMARY KEY REFERENCES amendment (id)
);

INSERT INTO amendment_logged (amendment_id) SELECT id FROM amendment ORDER BY id;

-- Contract: services/sheets.py's amend_sheet writes the amendment (store/sheets.py's
-- record_amendment) and then the audit row 'sheet.amend' for the event, with details
-- {"round", "table", "director", "after": {"score": {"a", "b"}, "winner"}}: the
-- amendment is logged by whichever of the two comes second. services/eventfile.py's
-- import_event writes 'event.import' with details {"amendments": how many the file holds}
-- (_amendments_in) before the event's rows.
CREATE TRIGGER amendment_logged_as_recorded AFTER INSERT ON amendment
WHEN EXISTS (SELECT 1 FROM audit_log JOIN amendment ON amendment.id = NEW.id WHERE audit_log.id = (SELECT max(id) FROM audit_log) AND audit_log.event_id = (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = (SELECT game_id FROM amendment WHERE amendment.id = NEW.id)) AND ((audit_log.action = 'event.import' AND json_extract(audit_log.details, '$.amendments') > (SELECT count(*) FROM amendment_logged JOIN amendment AS logged ON logged.id = amendment_logged.amendment_id JOIN game ON game.id = logged.game_id JOIN round ON round.id = game.round_id WHERE round.event_id = audit_log.event_id)) OR (audit_log.action = 'sheet.amend' AND json_extract(audit_log.details, '$.round') = (SELECT round.number FROM game JOIN round ON round.id = game.round_id WHERE game.id = amendment.game_id) AND json_extract(audit_log.details, '$.table') = (SELECT table_number FROM game WHERE game.id = amendment.game_id) AND json_extract(audit_log.details, '$.director') = amendment.who AND json_extract(audit_log.details, '$.after.score.a') = json_extract(amendment.new_value, '$.score.a') AND json_extract(audit_log.details, '$.after.score.b') = json_extract(amendment.new_value, '$.score.b') AND json_extract(audit_log.details, '$.after.winner') IS json_extract(amendment.new_value, '$.winner'))))
BEGIN
    INSERT INTO amendment_logged (amendment_id) VALUES (NEW.id);
END;

CREATE TRIGGER amendment_logged_by_its_audit AFTER INSERT ON audit_log
WHEN NEW.action = 'sheet.amend'
BEGIN
    INSERT INTO amendment_logged (amendment_id)
    SELECT max(amendment.id) FROM amendment JOIN audit_log ON audit_log.id = NEW.id
    WHERE amendment.id NOT IN (SELECT amendment_id FROM amendment_logged)
    AND (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = amendment.game_id) = NEW.event_id AND json_extract(audit_log.details, '$.round') = (SELECT round.number FROM game JOIN round ON round.id = game.round_id WHERE game.id = amendment.game_id) AND json_extract(audit_log.details, '$.table') = (SELECT table_number FROM game WHERE game.id = amendment.game_id) AND json_extract(audit_log.details, '$.director') = amendment.who AND json_extract(audit_log.details, '$.after.score.a') = json_extract(amendment.new_value, '$.score.a') AND json_extract(audit_log.details, '$.after.score.b') = json_extract(amendment.new_value, '$.score.b') AND json_extract(audit_log.details, '$.after.winner') IS json_extract(amendment.new_value, '$.winner')
    HAVING max(amendment.id) IS NOT NULL;
END;

CREATE TRIGGER amendment_logged_insert BEFORE INSERT ON amendment_logged WHEN NOT EXISTS (SELECT 1 FROM audit_log JOIN amendment ON amendment.id = NEW.amendment_id WHERE audit_log.id = (SELECT max(id) FROM audit_log) AND audit_log.event_id = (SELECT round.event_id FROM game JOIN round ON round.id = game.round_id WHERE game.id = (SELECT game_id FROM amendment WHERE amendment.id = NEW.amendment_id)) AND ((audit_log.action = 'event.import' AND json_extract(audit_log.details, '$.amendments') > (SELECT count(*) FROM amendment_logged JOIN amendment AS logged ON logged.id = amendment_logged.amendment_id JOIN game ON game.id = logged.game_id JOIN round ON round.id = game.round_id WHERE round.event_id = audit_log.event_id)) OR (audit_log.action = 'sheet.amend' AND json_extract(audit_log.details, '$.round') = (SELECT round.number FROM game JOIN round ON round.id = game.round_id WHERE game.id = amendment.game_id) AND json_extract(audit_log.details, '$.table') = (SELECT table_number FROM game WHERE game.id = amendment.game_id) AND json_extract(audit_log.details, '$.director') = amendment.who AND json_extract(audit_log.details, '$.after.score.a') = json_extract(amendment.new_value, '$.score.a') AND json_extract(audit_log.details, '$.after.score.b') = json_extract(amendment.new_value, '$.score.b') AND json_extract(audit_log.details, '$.after.winner') IS json_extract(amendment.new_value, '$.winner'))))
BEGIN
    SELECT RAISE(ABORT, 'An amendment is recorded only through clubdesk, which logs it.');
END;

CREATE TRIGGER amendment_logged_no_update BEFORE UPDATE ON amendment_logged
BEGIN
    SELECT RAISE(ABORT, 'An amendment is recorded only through clubdesk, which logs it.');
END;

CREATE TRIGGER amendment_logged_no_delete BEFORE DELETE ON amendment_logged
BEGIN
    SELECT RAISE(ABORT, 'An amendment is recorded only through clubdesk, which logs it.');
END;
