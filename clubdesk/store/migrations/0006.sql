-- Step 6: the lock holds against any SQL, not only the program's own. REPLACE (an
-- "INSERT OR REPLACE", or "UPDATE OR REPLACE") deletes the row in its way without
-- running DELETE triggers (unless recursive_triggers is on, which nobody can be
-- made to set), so every kept row also refuses a new row that would take its key
-- and an update that would move onto another row's key. Kept rows are never deleted;
-- names stand once the draw is made; the draw and the rules stand once round 1 has
-- started; settings change after that only as the logged service changes them.
-- Released: this file never changes; a change to the schema is a new step.

-- Each pair of *_no_overwrite triggers raises store/errors.py's OVERWRITE_REFUSED.
CREATE TRIGGER event_no_overwrite_insert BEFORE INSERT ON event
WHEN EXISTS (SELECT 1 FROM event WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER event_no_overwrite_update BEFORE UPDATE ON event
WHEN EXISTS (SELECT 1 FROM event WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER event_archive_no_overwrite_insert BEFORE INSERT ON event_archive
WHEN EXISTS (SELECT 1 FROM event_archive WHERE ((event_id = NEW.event_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER event_archive_no_overwrite_update BEFORE UPDATE ON event_archive
WHEN EXISTS (SELECT 1 FROM event_archive WHERE rowid <> OLD.rowid AND ((event_id = NEW.event_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER entrant_no_overwrite_insert BEFORE INSERT ON entrant
WHEN EXISTS (SELECT 1 FROM entrant WHERE ((id = NEW.id) OR (event_id = NEW.event_id AND number = NEW.number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER entrant_no_overwrite_update BEFORE UPDATE ON entrant
WHEN EXISTS (SELECT 1 FROM entrant WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (event_id = NEW.event_id AND number = NEW.number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER player_no_overwrite_insert BEFORE INSERT ON player
WHEN EXISTS (SELECT 1 FROM player WHERE ((id = NEW.id) OR (entrant_id = NEW.entrant_id AND position = NEW.position)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER player_no_overwrite_update BEFORE UPDATE ON player
WHEN EXISTS (SELECT 1 FROM player WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (entrant_id = NEW.entrant_id AND position = NEW.position)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER round_no_overwrite_insert BEFORE INSERT ON round
WHEN EXISTS (SELECT 1 FROM round WHERE ((id = NEW.id) OR (event_id = NEW.event_id AND number = NEW.number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER round_no_overwrite_update BEFORE UPDATE ON round
WHEN EXISTS (SELECT 1 FROM round WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (event_id = NEW.event_id AND number = NEW.number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER game_no_overwrite_insert BEFORE INSERT ON game
WHEN EXISTS (SELECT 1 FROM game WHERE ((id = NEW.id) OR (round_id = NEW.round_id AND table_number = NEW.table_number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER game_no_overwrite_update BEFORE UPDATE ON game
WHEN EXISTS (SELECT 1 FROM game WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (round_id = NEW.round_id AND table_number = NEW.table_number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER game_seat_no_overwrite_insert BEFORE INSERT ON game_seat
WHEN EXISTS (SELECT 1 FROM game_seat WHERE ((id = NEW.id) OR (game_id = NEW.game_id AND seat = NEW.seat) OR (game_id = NEW.game_id AND entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER game_seat_no_overwrite_update BEFORE UPDATE ON game_seat
WHEN EXISTS (SELECT 1 FROM game_seat WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (game_id = NEW.game_id AND seat = NEW.seat) OR (game_id = NEW.game_id AND entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER bye_no_overwrite_insert BEFORE INSERT ON bye
WHEN EXISTS (SELECT 1 FROM bye WHERE ((id = NEW.id) OR (round_id = NEW.round_id AND entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER bye_no_overwrite_update BEFORE UPDATE ON bye
WHEN EXISTS (SELECT 1 FROM bye WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (round_id = NEW.round_id AND entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER hand_no_overwrite_insert BEFORE INSERT ON hand
WHEN EXISTS (SELECT 1 FROM hand WHERE ((id = NEW.id) OR (game_id = NEW.game_id AND number = NEW.number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER hand_no_overwrite_update BEFORE UPDATE ON hand
WHEN EXISTS (SELECT 1 FROM hand WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (game_id = NEW.game_id AND number = NEW.number)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER signature_no_overwrite_insert BEFORE INSERT ON signature
WHEN EXISTS (SELECT 1 FROM signature WHERE ((id = NEW.id) OR (game_id = NEW.game_id AND role = NEW.role)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER signature_no_overwrite_update BEFORE UPDATE ON signature
WHEN EXISTS (SELECT 1 FROM signature WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (game_id = NEW.game_id AND role = NEW.role)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER adjustment_no_overwrite_insert BEFORE INSERT ON adjustment
WHEN EXISTS (SELECT 1 FROM adjustment WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER adjustment_no_overwrite_update BEFORE UPDATE ON adjustment
WHEN EXISTS (SELECT 1 FROM adjustment WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER amendment_no_overwrite_insert BEFORE INSERT ON amendment
WHEN EXISTS (SELECT 1 FROM amendment WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER amendment_no_overwrite_update BEFORE UPDATE ON amendment
WHEN EXISTS (SELECT 1 FROM amendment WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER ledger_entry_no_overwrite_insert BEFORE INSERT ON ledger_entry
WHEN EXISTS (SELECT 1 FROM ledger_entry WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER ledger_entry_no_overwrite_update BEFORE UPDATE ON ledger_entry
WHEN EXISTS (SELECT 1 FROM ledger_entry WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER draw_no_overwrite_insert BEFORE INSERT ON draw
WHEN EXISTS (SELECT 1 FROM draw WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER draw_no_overwrite_update BEFORE UPDATE ON draw
WHEN EXISTS (SELECT 1 FROM draw WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER draw_current_no_overwrite_insert BEFORE INSERT ON draw
WHEN EXISTS (SELECT 1 FROM draw WHERE ((event_id = NEW.event_id)) AND superseded = 0 AND NEW.superseded = 0)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER draw_current_no_overwrite_update BEFORE UPDATE ON draw
WHEN EXISTS (SELECT 1 FROM draw WHERE rowid <> OLD.rowid AND ((event_id = NEW.event_id)) AND superseded = 0 AND NEW.superseded = 0)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER draw_assignment_no_overwrite_insert BEFORE INSERT ON draw_assignment
WHEN EXISTS (SELECT 1 FROM draw_assignment WHERE ((id = NEW.id) OR (draw_id = NEW.draw_id AND entrant_id = NEW.entrant_id) OR (draw_id = NEW.draw_id AND table_number = NEW.table_number AND seat = NEW.seat)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER draw_assignment_no_overwrite_update BEFORE UPDATE ON draw_assignment
WHEN EXISTS (SELECT 1 FROM draw_assignment WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (draw_id = NEW.draw_id AND entrant_id = NEW.entrant_id) OR (draw_id = NEW.draw_id AND table_number = NEW.table_number AND seat = NEW.seat)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER tiebreak_no_overwrite_insert BEFORE INSERT ON tiebreak
WHEN EXISTS (SELECT 1 FROM tiebreak WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER tiebreak_no_overwrite_update BEFORE UPDATE ON tiebreak
WHEN EXISTS (SELECT 1 FROM tiebreak WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER warning_no_overwrite_insert BEFORE INSERT ON warning
WHEN EXISTS (SELECT 1 FROM warning WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER warning_no_overwrite_update BEFORE UPDATE ON warning
WHEN EXISTS (SELECT 1 FROM warning WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER clock_fact_no_overwrite_insert BEFORE INSERT ON clock_fact
WHEN EXISTS (SELECT 1 FROM clock_fact WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER clock_fact_no_overwrite_update BEFORE UPDATE ON clock_fact
WHEN EXISTS (SELECT 1 FROM clock_fact WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER clock_fact_once_no_overwrite_insert BEFORE INSERT ON clock_fact
WHEN EXISTS (SELECT 1 FROM clock_fact WHERE ((event_id = NEW.event_id AND round_number = NEW.round_number AND kind = NEW.kind AND coalesce(announcement, '') = coalesce(NEW.announcement, ''))) AND kind IN ('start', 'end', 'announced'))
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER clock_fact_once_no_overwrite_update BEFORE UPDATE ON clock_fact
WHEN EXISTS (SELECT 1 FROM clock_fact WHERE rowid <> OLD.rowid AND ((event_id = NEW.event_id AND round_number = NEW.round_number AND kind = NEW.kind AND coalesce(announcement, '') = coalesce(NEW.announcement, ''))) AND kind IN ('start', 'end', 'announced'))
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER audit_log_no_overwrite_insert BEFORE INSERT ON audit_log
WHEN EXISTS (SELECT 1 FROM audit_log WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER audit_log_no_overwrite_update BEFORE UPDATE ON audit_log
WHEN EXISTS (SELECT 1 FROM audit_log WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

-- Kept rows are never deleted. Contract: store/events.py's archive_event keeps an event an
-- import replaces under another id.
CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN
    SELECT RAISE(ABORT, 'An event is never deleted; an import that replaces it keeps it under another id.');
END;

-- Contract: store/seating.py (unpublish_pending, unpublish_round) deletes only a round still
-- pending, with no sheet submitted.
CREATE TRIGGER round_no_delete BEFORE DELETE ON round WHEN OLD.status <> 'pending' OR EXISTS (SELECT 1 FROM game WHERE round_id = OLD.id AND submitted_at IS NOT NULL)
BEGIN
    SELECT RAISE(ABORT, 'A round that has started is never deleted.');
END;

-- A money row is never changed (a correction is another row); only the event's id may move
-- under it, when the event is archived (store/events.py's archive_event).
CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE OF id, kind, cents, entrant_id, method, note, at, from_paid_cents ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never changed; record a correcting entry instead.');
END;

CREATE TRIGGER clock_fact_no_new_id BEFORE UPDATE OF id ON clock_fact
BEGIN
    SELECT RAISE(ABORT, 'A clock fact cannot be changed; record another.');
END;

CREATE TRIGGER warning_no_new_id BEFORE UPDATE OF id ON warning
BEGIN
    SELECT RAISE(ABORT, 'A warning cannot be changed; log another.');
END;

-- A round goes pending, running, closed (and back to running when a close is undone);
-- never back to pending, and its number stays. Contract: services/rounds.py's start_round,
-- close_round and reopen_round.
CREATE TRIGGER round_status_forward BEFORE UPDATE OF status, number, id ON round WHEN OLD.status <> 'pending' AND (NEW.status = 'pending' OR NEW.number IS NOT OLD.number OR NEW.id IS NOT OLD.id)
BEGIN
    SELECT RAISE(ABORT, 'A round that has started cannot go back to pending or change its number.');
END;

-- Names stand once the draw is made: the draw and every sheet name them.
CREATE TRIGGER entrant_name_after_draw BEFORE UPDATE OF name ON entrant WHEN NEW.name IS NOT OLD.name AND EXISTS (SELECT 1 FROM draw WHERE draw.event_id = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'The draw is made; an entrant''s name stands.');
END;

CREATE TRIGGER player_name_after_draw BEFORE UPDATE OF name, entrant_id, position ON player WHEN EXISTS (SELECT 1 FROM draw WHERE draw.event_id = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'The draw is made; a player''s name stands.');
END;

CREATE TRIGGER player_delete_after_draw BEFORE DELETE ON player WHEN EXISTS (SELECT 1 FROM draw WHERE draw.event_id = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'The draw is made; a player''s name stands.');
END;

-- Once round 1 has started the draw, its assignments and the rules snapshot stand.
CREATE TRIGGER draw_after_start_update BEFORE UPDATE OF id, method, seed, made_at, superseded ON draw WHEN EXISTS (SELECT 1 FROM round WHERE round.event_id = OLD.event_id AND round.number = 1 AND round.status <> 'pending')
BEGIN
    SELECT RAISE(ABORT, 'Round 1 has started; the draw and the rules stand.');
END;

CREATE TRIGGER draw_after_start_delete BEFORE DELETE ON draw WHEN EXISTS (SELECT 1 FROM round WHERE round.event_id = OLD.event_id AND round.number = 1 AND round.status <> 'pending')
BEGIN
    SELECT RAISE(ABORT, 'Round 1 has started; the draw and the rules stand.');
END;

CREATE TRIGGER draw_assignment_after_start_update BEFORE UPDATE ON draw_assignment WHEN EXISTS (SELECT 1 FROM round WHERE round.event_id = (SELECT event_id FROM draw WHERE draw.id = OLD.draw_id) AND round.number = 1 AND round.status <> 'pending')
BEGIN
    SELECT RAISE(ABORT, 'Round 1 has started; the draw and the rules stand.');
END;

CREATE TRIGGER draw_assignment_after_start_delete BEFORE DELETE ON draw_assignment WHEN EXISTS (SELECT 1 FROM round WHERE round.event_id = (SELECT event_id FROM draw WHERE draw.id = OLD.draw_id) AND round.number = 1 AND round.status <> 'pending')
BEGIN
    SELECT RAISE(ABORT, 'Round 1 has started; the draw and the rules stand.');
END;

-- Settings may still be corrected during the event, but only as the logged service does
-- it: just after the audit row that records the change.
-- Contract: services/events.py's update_event writes the audit row 'event.update' for the
-- event, its details holding "settings", just before it updates the row.
CREATE TRIGGER event_settings_logged BEFORE UPDATE OF settings ON event WHEN NEW.settings IS NOT OLD.settings AND EXISTS (SELECT 1 FROM round WHERE round.event_id = OLD.id AND round.number = 1 AND round.status <> 'pending') AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.update' AND event_id = OLD.id AND json_extract(details, '$.settings') IS NOT NULL)
BEGIN
    SELECT RAISE(ABORT, 'Round 1 has started; settings change only through clubdesk, which logs them.');
END;

CREATE TRIGGER event_rules_after_start BEFORE UPDATE OF rules_id, rules_text ON event WHEN EXISTS (SELECT 1 FROM round WHERE round.event_id = OLD.id AND round.number = 1 AND round.status <> 'pending')
BEGIN
    SELECT RAISE(ABORT, 'Round 1 has started; the draw and the rules stand.');
END;
