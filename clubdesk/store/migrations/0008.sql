-- Step 8: finalized payouts (the prizes frozen, reopened only by the director with a name
-- and a reason) and prizes paid out as money rows of kind 'prize'. While the payouts are
-- final the prize pool stands.
-- Released: this file never changes; a change to the schema is a new step.

-- Finalized payouts: the prizes frozen by the director's confirmation (place,
-- entrant, amount and the part of it in store credit). Reopening keeps the rows
-- and says who reopened them, when and why; a later finalize is a new payout.
CREATE TABLE payout_final (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    director TEXT NOT NULL CHECK (length(director) > 0),
    pool_cents INTEGER NOT NULL CHECK (typeof(pool_cents) = 'integer' AND pool_cents >= 0),
    finalized_at TEXT NOT NULL,
    reopened_by TEXT,
    reopen_reason TEXT,
    reopened_at TEXT,
    CHECK ((reopened_at IS NULL) = (reopened_by IS NULL)
           AND (reopened_at IS NULL) = (reopen_reason IS NULL))
);

CREATE UNIQUE INDEX payout_final_open ON payout_final (event_id) WHERE reopened_at IS NULL;

CREATE TABLE final_prize (
    id INTEGER PRIMARY KEY,
    payout_id INTEGER NOT NULL REFERENCES payout_final (id),
    place INTEGER NOT NULL CHECK (place >= 1),
    entrant_id INTEGER NOT NULL REFERENCES entrant (id),
    amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents > 0),
    credit_cents INTEGER NOT NULL CHECK (typeof(credit_cents) = 'integer'
                                         AND credit_cents BETWEEN 0 AND amount_cents),
    UNIQUE (payout_id, entrant_id)
);

CREATE INDEX final_prize_entrant ON final_prize (entrant_id);

-- Money rows may now say that a prize was paid (kind 'prize': it leaves the cash
-- box, it does not change the pool). The table is rebuilt for the new kind; its
-- rows, ids, triggers and indexes are kept.
CREATE TABLE ledger_entry_v8 (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES event (id),
    kind TEXT NOT NULL CHECK (kind IN ('fee', 'fine', 'added', 'expense', 'refund', 'prize')),
    cents INTEGER NOT NULL CHECK (typeof(cents) = 'integer'),
    entrant_id INTEGER REFERENCES entrant (id),
    method TEXT CHECK (method IN ('cash', 'check', 'other')),
    note TEXT NOT NULL,
    at TEXT,
    from_paid_cents BOOLEAN NOT NULL DEFAULT 0 CHECK (from_paid_cents IN (0, 1)),
    CHECK (NOT from_paid_cents OR (kind = 'fee' AND entrant_id IS NOT NULL))
);

INSERT INTO ledger_entry_v8
    (id, event_id, kind, cents, entrant_id, method, note, at, from_paid_cents)
SELECT id, event_id, kind, cents, entrant_id, method, note, at, from_paid_cents
FROM ledger_entry;

DROP TABLE ledger_entry;
ALTER TABLE ledger_entry_v8 RENAME TO ledger_entry;

-- The triggers of steps 1 and 6 on ledger_entry, made again on the rebuilt table.
CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never deleted; record a correcting entry instead.');
END;

CREATE INDEX ledger_entry_event ON ledger_entry (event_id);
CREATE INDEX ledger_entry_entrant ON ledger_entry (entrant_id);

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

CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE OF id, kind, cents, entrant_id, method, note, at, from_paid_cents ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'A money entry is never changed; record a correcting entry instead.');
END;

-- The *_no_overwrite triggers raise store/errors.py's OVERWRITE_REFUSED.
CREATE TRIGGER payout_final_no_overwrite_insert BEFORE INSERT ON payout_final
WHEN EXISTS (SELECT 1 FROM payout_final WHERE ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER payout_final_no_overwrite_update BEFORE UPDATE ON payout_final
WHEN EXISTS (SELECT 1 FROM payout_final WHERE rowid <> OLD.rowid AND ((id = NEW.id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER final_prize_no_overwrite_insert BEFORE INSERT ON final_prize
WHEN EXISTS (SELECT 1 FROM final_prize WHERE ((id = NEW.id) OR (payout_id = NEW.payout_id AND entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

CREATE TRIGGER final_prize_no_overwrite_update BEFORE UPDATE ON final_prize
WHEN EXISTS (SELECT 1 FROM final_prize WHERE rowid <> OLD.rowid AND ((id = NEW.id) OR (payout_id = NEW.payout_id AND entrant_id = NEW.entrant_id)) AND 1)
BEGIN
    SELECT RAISE(ABORT, 'A row clubdesk keeps cannot be overwritten.');
END;

-- Payouts are finalized and reopened only as the logged services do it: just after the
-- audit row that records it. A frozen prize never changes. Each trigger from here to
-- final_prize_no_delete raises store/errors.py's PAYOUTS_FINAL.
-- Contract: services/final_payouts.py's finalize_payouts, and store/carried_on.py's
-- _save_payout for an imported event, write the audit row 'payouts.finalize' with details
-- {"director", "pool_cents", "prizes": [{"place", "number", "amount_cents",
-- "credit_cents"}]} just before store/payouts.py's freeze writes these rows.
CREATE TRIGGER payout_final_insert_logged BEFORE INSERT ON payout_final WHEN EXISTS (SELECT 1 FROM payout_final WHERE payout_final.event_id = NEW.event_id AND payout_final.reopened_at IS NULL) OR NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'payouts.finalize' AND event_id = NEW.event_id AND json_extract(details, '$.director') = NEW.director AND json_extract(details, '$.pool_cents') = NEW.pool_cents)
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

CREATE TRIGGER payout_final_no_update BEFORE UPDATE OF id, director, pool_cents, finalized_at ON payout_final
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

-- Contract: services/final_payouts.py's reopen_payouts, and store/carried_on.py's
-- _save_payout, write the audit row 'payouts.reopen' with details {"director", "reason"}
-- just before store/payouts.py's reopen.
CREATE TRIGGER payout_final_reopen_logged BEFORE UPDATE OF reopened_by, reopen_reason, reopened_at ON payout_final WHEN OLD.reopened_at IS NOT NULL OR NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'payouts.reopen' AND event_id = OLD.event_id AND json_extract(details, '$.director') = NEW.reopened_by AND json_extract(details, '$.reason') = NEW.reopen_reason)
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

-- The event id moves only with the event itself (store/events.py's archive_event).
CREATE TRIGGER payout_final_stays_with_event BEFORE UPDATE OF event_id ON payout_final WHEN NEW.event_id IS NOT OLD.event_id AND EXISTS (SELECT 1 FROM event WHERE event.id = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

CREATE TRIGGER payout_final_no_delete BEFORE DELETE ON payout_final
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

-- Contract: each prize is one of the "prizes" of the 'payouts.finalize' audit row just
-- written (services/final_payouts.py's finalize_payouts, store/carried_on.py's
-- _save_payout).
CREATE TRIGGER final_prize_insert_logged BEFORE INSERT ON final_prize WHEN NEW.payout_id IS NOT (SELECT max(id) FROM payout_final) OR NOT EXISTS (SELECT 1 FROM audit_log WHERE id = (SELECT max(id) FROM audit_log) AND action = 'payouts.finalize' AND event_id = (SELECT event_id FROM payout_final WHERE id = NEW.payout_id) AND EXISTS (SELECT 1 FROM json_each(audit_log.details, '$.prizes') AS prize WHERE json_extract(prize.value, '$.place') = NEW.place AND json_extract(prize.value, '$.amount_cents') = NEW.amount_cents AND json_extract(prize.value, '$.credit_cents') = NEW.credit_cents AND json_extract(prize.value, '$.number') = (SELECT number FROM entrant WHERE entrant.id = NEW.entrant_id)))
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

CREATE TRIGGER final_prize_no_update BEFORE UPDATE ON final_prize
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

CREATE TRIGGER final_prize_no_delete BEFORE DELETE ON final_prize
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; the director reopens them (name and reason) before they change.');
END;

-- While the payouts are final the pool stands: only a prize paid may be recorded, and only
-- for an entrant the frozen payouts pay (services/final_payouts.py's mark_prize_paid).
CREATE TRIGGER ledger_entry_pool_frozen BEFORE INSERT ON ledger_entry WHEN NEW.kind <> 'prize' AND EXISTS (SELECT 1 FROM payout_final WHERE payout_final.event_id = NEW.event_id AND payout_final.reopened_at IS NULL)
BEGIN
    SELECT RAISE(ABORT, 'The payouts are final; money that changes the prize pool waits until the director reopens them.');
END;

CREATE TRIGGER ledger_entry_prize_final BEFORE INSERT ON ledger_entry WHEN NEW.kind = 'prize' AND NOT EXISTS (SELECT 1 FROM final_prize JOIN payout_final ON payout_final.id = final_prize.payout_id WHERE payout_final.event_id = NEW.event_id AND payout_final.reopened_at IS NULL AND final_prize.entrant_id IS NEW.entrant_id)
BEGIN
    SELECT RAISE(ABORT, 'A prize is paid only once the payouts are final, to an entrant they pay.');
END;
