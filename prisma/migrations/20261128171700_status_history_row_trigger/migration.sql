-- The status history at a lower cost per status change. The statement trigger copied every
-- inserted event into a transition table, parsed its body as jsonb and appended with ON CONFLICT
-- into a table of three indexes: more Postgres time than the event's own insert. Now a row
-- trigger, called only for the status-change event types, parses the payload once as json and
-- appends to a table of one index: the history is read by resource (resource_id, seq), which is
-- now its primary key. An event row is inserted once (its id is outbox_event's primary key), so
-- its change is appended once without a unique index on event_id.

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
  payload json;
  id_key text := 'id';
  resource_type text;
BEGIN
  CASE NEW."event_type"
    WHEN 'PAYMENT_STATUS_CHANGED' THEN
      payload := NEW."body"::json -> 'payment'; resource_type := 'PAYMENT';
    WHEN 'TRANSFER_STATUS_CHANGED' THEN
      payload := NEW."body"::json -> 'transferStatusChanged'; id_key := 'transferId'; resource_type := 'TRANSFER';
    WHEN 'REFUND_STATUS_CHANGED' THEN
      payload := NEW."body"::json -> 'refundStatusChanged'; id_key := 'refundId'; resource_type := 'REFUND';
    WHEN 'VRP_STATUS_CHANGED' THEN
      payload := NEW."body"::json -> 'vrpStatusChanged'; id_key := 'vrpId'; resource_type := 'VRP';
    WHEN 'VRP_CONSENT_STATUS_CHANGED' THEN
      payload := NEW."body"::json -> 'vrpConsentStatusChanged'; id_key := 'vrpConsentId'; resource_type := 'VRP_CONSENT';
    WHEN 'PAYOUT_STATUS_CHANGED' THEN
      payload := NEW."body"::json -> 'payoutStatusChanged'; id_key := 'payoutId'; resource_type := 'PAYOUT';
    ELSE
      RETURN NEW;
  END CASE;
  IF payload ->> id_key IS NOT NULL AND payload ->> 'status' IS NOT NULL THEN
    INSERT INTO "status_history" ("event_id", "member_id", "resource_type", "resource_id", "status", "reason", "occurred_at")
    VALUES (NEW."id", NEW."member_id", resource_type, payload ->> id_key, payload ->> 'status',
            payload ->> 'statusReasonInformation', NEW."created_at");
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
