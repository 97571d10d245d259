-- Payments v1 and account-information consent: token requests, the tokens they yield, and the
-- transfers made with transfer tokens.

-- Payments v1: whether a transfer token is redeemed as soon as the user authorises it.
ALTER TABLE "member" ADD COLUMN "auto_redeem" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "token_request" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "ref_id" TEXT NOT NULL,
    "request_options" JSONB NOT NULL,
    "request_payload" JSONB NOT NULL,
    "bank_id" TEXT,
    "status" TEXT NOT NULL,
    "status_reason_information" VARCHAR(256),
    "authorization" JSONB,
    "bank_consent_id" TEXT,
    "bank_continuation" JSONB,
    "callback_token" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "token_id" TEXT,
    "transfer_id" TEXT,
    "standing_order_submission_id" TEXT,
    "signature" JSONB,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "token_request_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "token_request_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "token_request_bank_id_fkey" FOREIGN KEY ("bank_id") REFERENCES "bank"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "token_request_kind_check" CHECK ("kind" IN ('TRANSFER', 'STANDING_ORDER', 'ACCESS')),
    CONSTRAINT "token_request_status_check" CHECK ("status" IN ('PENDING', 'PROCESSED', 'REJECTED', 'EXPIRED'))
);

CREATE UNIQUE INDEX "token_request_callback_token_key" ON "token_request"("callback_token");
CREATE UNIQUE INDEX "token_request_token_id_key" ON "token_request"("token_id");
CREATE INDEX "token_request_member_id_created_at_id_idx" ON "token_request"("member_id", "created_at" DESC, "id" DESC);

CREATE TABLE "token" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "token_request_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "acting_as_ref_id" TEXT,
    "bank_consent_id" TEXT,
    "sealed_grant" TEXT,
    "lifetime_amount" NUMERIC(24,4),
    "redeemed_amount" NUMERIC(24,4) NOT NULL DEFAULT 0,
    "currency" CHAR(3),
    "expires_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "token_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "token_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "token_token_request_id_fkey" FOREIGN KEY ("token_request_id") REFERENCES "token_request"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "token_bank_id_fkey" FOREIGN KEY ("bank_id") REFERENCES "bank"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "token_kind_check" CHECK ("kind" IN ('TRANSFER', 'STANDING_ORDER', 'ACCESS')),
    CONSTRAINT "token_status_check" CHECK ("status" IN ('ACTIVE', 'CANCELLED', 'EXPIRED')),
    -- Transfers together never pay more than the token allows.
    CONSTRAINT "token_redeemed_within_lifetime" CHECK ("lifetime_amount" IS NULL OR "redeemed_amount" <= "lifetime_amount")
);

CREATE UNIQUE INDEX "token_token_request_id_key" ON "token"("token_request_id");
CREATE INDEX "token_member_id_created_at_id_idx" ON "token"("member_id", "created_at" DESC, "id" DESC);

CREATE TABLE "transfer" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "token_request_id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "ref_id" TEXT NOT NULL,
    "acting_as_ref_id" TEXT,
    "amount" NUMERIC(24,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "local_instrument" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "bank_consent_id" TEXT,
    "bank_payment_id" TEXT,
    "bank_continuation" JSONB,
    "bank_payment_status" TEXT,
    "status_reason_information" VARCHAR(256),
    "authorization" JSONB,
    "source" JSONB,
    "execution_date" TEXT,
    "converted_to_future_dated_payment" BOOLEAN NOT NULL DEFAULT false,
    "transaction_id" TEXT,
    "refund_status" TEXT NOT NULL DEFAULT 'NONE',
    "poll_count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3),
    "poll_until" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "transfer_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transfer_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "transfer_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "token"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "transfer_token_request_id_fkey" FOREIGN KEY ("token_request_id") REFERENCES "token_request"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "transfer_bank_id_fkey" FOREIGN KEY ("bank_id") REFERENCES "bank"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "transfer_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "transfer_refund_status_check" CHECK ("refund_status" IN ('NONE', 'PARTIAL', 'FULL'))
);

CREATE INDEX "transfer_member_id_created_at_id_idx" ON "transfer"("member_id", "created_at" DESC, "id" DESC);
CREATE INDEX "transfer_token_id_idx" ON "transfer"("token_id");
