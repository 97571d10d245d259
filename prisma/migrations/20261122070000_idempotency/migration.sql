-- Idempotency-Key: one row per (member, key). A request reserves its key (IN_FLIGHT) before the
-- handler runs and stores its answer (COMPLETED) after; a 5xx deletes the row so the client may
-- retry. Rows past expires_at count as absent and are purged by the worker.
CREATE TABLE "idempotency_key" (
    "member_id" TEXT NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    -- SHA-256 (hex) of the method, the path and the exact body bytes.
    "fingerprint" CHAR(64) NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_headers" JSONB,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("member_id", "key"),
    CONSTRAINT "idempotency_key_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "idempotency_key_state_check" CHECK ("state" IN ('IN_FLIGHT', 'COMPLETED')),
    CONSTRAINT "idempotency_key_completed_has_response" CHECK (
        "state" <> 'COMPLETED' OR ("response_status" IS NOT NULL AND "response_headers" IS NOT NULL AND "response_body" IS NOT NULL)
    )
);

CREATE INDEX "idempotency_key_expires_at_idx" ON "idempotency_key"("expires_at");
