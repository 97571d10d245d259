-- Payments v2: one row per payment; the bank's handle and the user's next step live beside it.
CREATE TABLE "payment" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "bank_id" TEXT,
    "ref_id" TEXT NOT NULL,
    "on_behalf_of_id" TEXT,
    "external_psu_reference" TEXT,
    "status" TEXT NOT NULL,
    "initiation" JSONB NOT NULL,
    "amount" NUMERIC(24,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "local_instrument" TEXT NOT NULL,
    "bank_consent_id" TEXT,
    "bank_payment_id" TEXT,
    "bank_continuation" JSONB,
    "bank_payment_status" TEXT,
    "status_reason_information" VARCHAR(256),
    "authentication" JSONB,
    "refund_account" JSONB,
    "error_info" JSONB,
    "converted_to_future_dated_payment" BOOLEAN NOT NULL DEFAULT false,
    "callback_token" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "poll_count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3),
    "poll_until" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "payment_bank_id_fkey" FOREIGN KEY ("bank_id") REFERENCES "bank"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "payment_amount_positive" CHECK ("amount" > 0)
);

CREATE UNIQUE INDEX "payment_callback_token_key" ON "payment"("callback_token");
CREATE INDEX "payment_member_id_created_at_id_idx" ON "payment"("member_id", "created_at" DESC, "id" DESC);
CREATE INDEX "payment_member_id_ref_id_idx" ON "payment"("member_id", "ref_id");
