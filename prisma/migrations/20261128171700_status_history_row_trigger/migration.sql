-- The status history at a lower cost per status change. The statement trigger copied every
-- inserted event into a transition table, parsed its body as jsonb and appended with ON CONFLICT
-- into a table of three indexes: more Postgres time than the event's own insert. Now a row
-- trigger, called only for the status-change event types, parses the body once and appends to
-- a table of one index: the history is read by resource (resource_id, seq), which is now its
-- primary key. An event row is inserted once (its id is outbox_event's primary key), so its
-- change is appended once without a unique index on event_id.

DROP TRIGGER "outbox_event_status_history" ON "outbox_event";
DROP FUNCTION "status_history_record"();
DROP FUNCTION "status_history_event_kinds"();

ALTER TABLE "status_history" DROP CONSTRAINT "status_history_pkey";
DROP INDEX "status_history_event_id_key";
DROP INDEX "status_history_resource_id_seq_idx";
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_pkey" PRIMARY KEY ("resource_id", "seq");

-- Which events are status changes, where their payload sits in the body (the event type's body
-- key), which payload field names the resource, and the resource type. The reason is the
-- payload's statusReasonInformation. BEFORE INSERT: the change is appended in the statement that
-- inserts the event, so in the transaction that changes the status, and goes with it if the
-- insert fails.
CREATE FUNCTION "status_history_record"() RETURNS trigger AS $$
DECLARE
  payload jsonb;
  id_key text := 'id';
  kind text;
  resource text;
  status text;
BEGIN
  CASE NEW."event_type"
    WHEN 'PAYMENT_STATUS_CHANGED' THEN
      payload := NEW."body"::jsonb -> 'payment'; kind := 'PAYMENT';
    WHEN 'TRANSFER_STATUS_CHANGED' THEN
      payload := NEW."body"::jsonb -> 'transferStatusChanged'; id_key := 'transferId'; kind := 'TRANSFER';
    WHEN 'REFUND_STATUS_CHANGED' THEN
      payload := NEW."body"::jsonb -> 'refundStatusChanged'; id_key := 'refundId'; kind := 'REFUND';
    WHEN 'VRP_STATUS_CHANGED' THEN
      payload := NEW."body"::jsonb -> 'vrpStatusChanged'; id_key := 'vrpId'; kind := 'VRP';
    WHEN 'VRP_CONSENT_STATUS_CHANGED' THEN
      payload := NEW."body"::jsonb -> 'vrpConsentStatusChanged'; id_key := 'vrpConsentId'; kind := 'VRP_CONSENT';
    WHEN 'PAYOUT_STATUS_CHANGED' THEN
      payload := NEW."body"::jsonb -> 'payoutStatusChanged'; id_key := 'payoutId'; kind := 'PAYOUT';
    ELSE
      RETURN NEW;
  END CASE;
  resource := payload ->> id_key;
  status := payload ->> 'status';
  IF resource IS NOT NULL AND status IS NOT NULL THEN
    INSERT INTO "status_history" ("event_id", "member_id", "resource_type", "resource_id", "status", "reason", "occurred_at")
    VALUES (NEW."id", NEW."member_id", kind, resource, status, payload ->> 'statusReasonInformation', NEW."created_at");
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "outbox_event_status_history"
  BEFORE INSERT ON "outbox_event"
  FOR EACH ROW
  WHEN (NEW."event_type" IN ('PAYMENT_STATUS_CHANGED', 'TRANSFER_STATUS_CHANGED', 'REFUND_STATUS_CHANGED',
                             'VRP_STATUS_CHANGED', 'VRP_CONSENT_STATUS_CHANGED', 'PAYOUT_STATUS_CHANGED'))
  EXECUTE FUNCTION "status_history_record"();
