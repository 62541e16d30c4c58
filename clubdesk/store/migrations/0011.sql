-- Step 11: a sheet says whether time was called on it (its hands stop before the game's
-- end because the round clock ended or the director said so; docs/rules.md, "A finished
-- game"), set as it is submitted and locked with it by step 1's triggers. A store-credit
-- prize redeemed ("must be redeemed the day of the tournament") is recorded once per
-- entrant, only just after the audit row that records it and only while the payouts are
-- final with store credit for that entrant; it is never changed or removed.
-- Released: this file never changes; a change to the schema is a new step.

ALTER TABLE game ADD COLUMN time_called BOOLEAN NOT NULL DEFAULT 0
    CHECK (time_called IN (0, 1));

CREATE TABLE credit_redeemed (
    id INTEGER PRIMARY KEY,
    entrant_id INTEGER NOT NULL UNIQUE REFERENCES entrant (id),
    cents INTEGER NOT NULL CHECK (typeof(cents) = 'integer' AND cents > 0),
    at TEXT NOT NULL
);

-- The *_no_overwrite triggers raise store/errors.py's OVERWRITE_REFUSED.
CREATE TRIGGER credit_redeemed_no_overwrite_insert BEFORE INSERT ON credit_redeemed
WHEN EXISTS (SELECT 1 FROM credit_redeemed WHERE ((id = NEW.id) OR (entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER credit_redeemed_no_overwrite_update BEFORE UPDATE ON credit_redeemed
WHEN EXISTS (SELECT 1 FROM credit_redeemed WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER credit_redeemed_no_update BEFORE UPDATE ON credit_redeemed
BEGIN
    SELECT RAISE(ABORT, 'A store credit redeemed is a fact; it is never changed or removed.');
END;

CREATE TRIGGER credit_redeemed_no_delete BEFORE DELETE ON credit_redeemed
BEGIN
    SELECT RAISE(ABORT, 'A store credit redeemed is a fact; it is never changed or removed.');
END;

-- Contract: services/final_payouts.py's redeem_credit, and store/carried_on.py's
-- _save_payout for an imported event, write the audit row 'payouts.redeem' with details
-- {"number": the entrant's number, "cents"} just before store/payouts.py's redeem.
CREATE TRIGGER credit_redeemed_insert_logged BEFORE INSERT ON credit_redeemed WHEN NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'payouts.redeem' AND event_id = (SELECT event_id FROM entrant WHERE entrant.id = NEW.entrant_id) AND json_extract(details, '$.number') = (SELECT number FROM entrant WHERE entrant.id = NEW.entrant_id) AND json_extract(details, '$.cents') = NEW.cents) OR NOT EXISTS (SELECT 1 FROM final_prize JOIN payout_final ON payout_final.id = final_prize.payout_id WHERE payout_final.reopened_at IS NULL AND final_prize.entrant_id = NEW.entrant_id AND final_prize.credit_cents > 0)
BEGIN
    SELECT RAISE(ABORT, 'A store credit is redeemed only through clubdesk, once the payouts are final, by an entrant they give store credit.');
END;
