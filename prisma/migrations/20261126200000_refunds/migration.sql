-- Refunds: a member's refund registrations (the debtor account refunds are paid from and the
-- bank's credentials for unattended payments, sealed by libs/secrets, purpose
-- `refund-registration`, the registration id as record) and refunds of Payments v2 payments and
-- Payments v1 transfers. The sum of a payment's counted refunds (neither rejected nor failed) is
-- kept on the payment (and the transfer) in the refund's own transaction, with the row locked.
CREATE TABLE "refund_registration" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "debtor" JSONB NOT NULL,
    "sealed_credentials" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refund_registration_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "refund_registration_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "refund_registration_member_id_idx" ON "refund_registration"("member_id");

CREATE TABLE "refund" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "ref_id" TEXT NOT NULL,
    "on_behalf_of_id" TEXT,
    "original_payment_id" TEXT NOT NULL,
    "original_kind" TEXT NOT NULL,
    "registration_id" TEXT,
    "bank_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(24,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "local_instrument" TEXT NOT NULL,
    "initiation" JSONB NOT NULL,
    "bank_transaction_id" TEXT,
    "bank_payment_status" TEXT,
    "status_reason_information" VARCHAR(256),
    "poll_count" INTEGER NOT NULL DEFAULT 0,
    "poll_until" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refund_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "refund_member_id_created_at_id_idx" ON "refund"("member_id", "created_at" DESC, "id" DESC);
CREATE INDEX "refund_original_payment_id_created_at_idx" ON "refund"("original_payment_id", "created_at" DESC, "id" DESC);

ALTER TABLE "payment" ADD COLUMN "refund_status" TEXT NOT NULL DEFAULT 'NONE';
ALTER TABLE "payment" ADD COLUMN "refunded_amount" DECIMAL(24,4) NOT NULL DEFAULT 0;
ALTER TABLE "payment" ADD COLUMN "settled_refund_amount" DECIMAL(24,4) NOT NULL DEFAULT 0;

ALTER TABLE "transfer" ADD COLUMN "refunded_amount" DECIMAL(24,4) NOT NULL DEFAULT 0;
ALTER TABLE "transfer" ADD COLUMN "settled_refund_amount" DECIMAL(24,4) NOT NULL DEFAULT 0;
