-- Step 10: the last new rows raw SQL could still add. No new clock_state row at all
-- (nothing has read that table since step 5). A tie-break is recorded only as the logged
-- services do it: just after the audit row that records it, with the same round, entrants
-- and winner (tiebreak.record), or as part of the event file being imported
-- (event.import, written before the event's rows).
-- Released: this file never changes; a change to the schema is a new step.

CREATE TRIGGER clock_state_no_insert BEFORE INSERT ON clock_state
BEGIN
    SELECT RAISE(ABORT, 'The clock of an older clubdesk is kept as it was.');
END;

-- Contract: the audit JSON of 'tiebreak.record'. services/rulings.py's record_tiebreak
-- and services/tiebreaks.py's break_tie write the audit row 'tiebreak.record' for the
-- event with details {"round": the round's number, "a": entrant a's number, "b": entrant
-- b's number, "winner": the winner's number}, just before store/rulings.py's add_tiebreak
-- writes the row. An imported event's tie-breaks follow services/eventfile.py's
-- import_event's audit row 'event.import'.
CREATE TRIGGER tiebreak_insert_logged BEFORE INSERT ON tiebreak WHEN NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'tiebreak.record' AND event_id = (SELECT event_id FROM round WHERE round.id = NEW.round_id) AND json_extract(details, '$.round') = (SELECT number FROM round WHERE round.id = NEW.round_id) AND json_extract(details, '$.a') = (SELECT number FROM entrant WHERE entrant.id = NEW.entrant_a_id) AND json_extract(details, '$.b') = (SELECT number FROM entrant WHERE entrant.id = NEW.entrant_b_id) AND json_extract(details, '$.winner') = (SELECT number FROM entrant WHERE entrant.id = CASE NEW.winner WHEN 'a' THEN NEW.entrant_a_id ELSE NEW.entrant_b_id END)) AND NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'event.import' AND event_id = (SELECT event_id FROM round WHERE round.id = NEW.round_id) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A tie-break is recorded only through clubdesk, which logs it.');
END;
