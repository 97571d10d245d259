-- The status history of every resource that announces its status changes (payments, transfers,
-- refunds, VRPs, VRP consents, payouts): one row per *_STATUS_CHANGED event, appended by a trigger
-- on outbox_event in the transaction that writes the event (so in the one that changes the
-- status), and kept when the webhook retention purges the event and its deliveries.
CREATE TABLE "status_history" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "status_history_pkey" PRIMARY KEY ("seq")
);

CREATE UNIQUE INDEX "status_history_event_id_key" ON "status_history"("event_id");
CREATE INDEX "status_history_resource_id_seq_idx" ON "status_history"("resource_id", "seq");

-- Append-only, as the settlement ledger: nothing updates or deletes a change once recorded.
CREATE FUNCTION "status_history_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'status_history is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "status_history_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "status_history"
  FOR EACH ROW EXECUTE FUNCTION "status_history_append_only"();

CREATE TRIGGER "status_history_no_truncate"
  BEFORE TRUNCATE ON "status_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "status_history_append_only"();

-- Which events are status changes, where their payload sits in the body (the event type's body
-- key) and which payload field names the resource. The reason is the payload's statusReasonInformation.
CREATE FUNCTION "status_history_event_kinds"()
RETURNS TABLE ("event_type" TEXT, "payload_key" TEXT, "id_key" TEXT, "resource_type" TEXT) AS $$
  VALUES
    ('PAYMENT_STATUS_CHANGED', 'payment', 'id', 'PAYMENT'),
    ('TRANSFER_STATUS_CHANGED', 'transferStatusChanged', 'transferId', 'TRANSFER'),
    ('REFUND_STATUS_CHANGED', 'refundStatusChanged', 'refundId', 'REFUND'),
    ('VRP_STATUS_CHANGED', 'vrpStatusChanged', 'vrpId', 'VRP'),
    ('VRP_CONSENT_STATUS_CHANGED', 'vrpConsentStatusChanged', 'vrpConsentId', 'VRP_CONSENT'),
    ('PAYOUT_STATUS_CHANGED', 'payoutStatusChanged', 'payoutId', 'PAYOUT')
$$ LANGUAGE sql IMMUTABLE;

CREATE FUNCTION "status_history_record"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "status_history" ("event_id", "member_id", "resource_type", "resource_id", "status", "reason", "occurred_at")
  SELECT e."id", e."member_id", k."resource_type", p."payload" ->> k."id_key", p."payload" ->> 'status',
         p."payload" ->> 'statusReasonInformation', e."created_at"
  FROM "inserted" e
  JOIN "status_history_event_kinds"() k ON k."event_type" = e."event_type"
  CROSS JOIN LATERAL (SELECT (e."body"::jsonb) -> k."payload_key" AS "payload") p
  WHERE p."payload" ->> k."id_key" IS NOT NULL AND p."payload" ->> 'status' IS NOT NULL
  ORDER BY e."created_at"
  ON CONFLICT ("event_id") DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Once per INSERT statement (a batch of events is one statement), over the rows it inserted.
CREATE TRIGGER "outbox_event_status_history"
  AFTER INSERT ON "outbox_event"
  REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "status_history_record"();

-- The events still in the outbox start the history.
INSERT INTO "status_history" ("event_id", "member_id", "resource_type", "resource_id", "status", "reason", "occurred_at")
SELECT e."id", e."member_id", k."resource_type", p."payload" ->> k."id_key", p."payload" ->> 'status',
       p."payload" ->> 'statusReasonInformation', e."created_at"
FROM "outbox_event" e
JOIN "status_history_event_kinds"() k ON k."event_type" = e."event_type"
CROSS JOIN LATERAL (SELECT (e."body"::jsonb) -> k."payload_key" AS "payload") p
WHERE p."payload" ->> k."id_key" IS NOT NULL AND p."payload" ->> 'status' IS NOT NULL
ORDER BY e."created_at", e."id";
