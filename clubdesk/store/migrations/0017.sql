-- Step 17: the director's award for a round in which no game was played (every table a DQ
-- or a removal): the points the opponents of a side disqualified and the byes score in
-- place of the round's average winning score, which such a round has not (docs/rules.md
-- §1), who gave it and when. One per round, given as the round closes and taken back when
-- the close is undone.
-- Released: this file never changes; a change to the schema is a new step.

CREATE TABLE round_award (
    id INTEGER NOT NULL PRIMARY KEY,
    round_id INTEGER NOT NULL UNIQUE REFERENCES round (id),
    points INTEGER NOT NULL CHECK (points BETWEEN 0 AND 10000000),
    director TEXT NOT NULL CHECK (length(trim(director)) > 0),
    at TEXT NOT NULL
);

-- No row moves under a round of another event (step 14).
CREATE TRIGGER round_award_round_id_stays BEFORE UPDATE OF round_id ON round_award WHEN NEW.round_id IS NOT OLD.round_id AND (SELECT event_id FROM round WHERE round.id = NEW.round_id) IS NOT (SELECT event_id FROM round WHERE round.id = OLD.round_id)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps stays with its event.');
END;
