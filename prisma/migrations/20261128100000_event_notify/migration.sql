-- Live subscriptions (gateway/subscriptions/): every statement that appends to the event log
-- 1. takes its transaction id BEFORE any row draws a seq, so a reader that sees a transaction in
--    progress (pg_stat_activity.backend_xid) knows it may still hold a seq below the visible ones
--    (gateway/subscriptions/event-tail.ts waits for those transactions to end: no gap);
-- 2. notifies channel `vigil_events` (delivered at commit, once per transaction, nothing on
--    rollback) to wake the gateways' tails at once instead of at their next poll.
-- One statement-level trigger: a reconciliation inserting 100,000 events fires it once.
CREATE OR REPLACE FUNCTION documents.events_statement_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_current_xact_id();
  PERFORM pg_notify('vigil_events', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_statement_wake
  BEFORE INSERT ON documents.events
  FOR EACH STATEMENT EXECUTE FUNCTION documents.events_statement_wake();
