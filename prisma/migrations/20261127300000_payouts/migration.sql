-- Payouts from settlement accounts. A payout's amount is reserved in the account's ledger in the
-- same transaction that stores it (settlement_ledger_entry RESERVATION, source = payout id); a
-- rejection or failure releases it, completion debits it.
CREATE TABLE "payout" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "on_behalf_of_id" TEXT,
    "account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "settlement_rule_id" TEXT,
    "ref_id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(24,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "initiation" JSONB NOT NULL,
    "account_verification_id" TEXT,
    "bank_transaction_id" TEXT,
    "bank_payment_status" TEXT,
    "status_reason_information" VARCHAR(256),
    "poll_count" INTEGER NOT NULL DEFAULT 0,
    "poll_until" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payout_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payout_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "payout_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "settlement_account"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "payout_amount_positive" CHECK ("amount" > 0)
);

CREATE INDEX "payout_member_id_created_at_id_idx" ON "payout"("member_id", "created_at" DESC, "id" DESC);
CREATE INDEX "payout_account_id_created_at_id_idx" ON "payout"("account_id", "created_at" DESC, "id" DESC);
CREATE INDEX "payout_settlement_rule_id_created_at_idx" ON "payout"("settlement_rule_id", "created_at" DESC) WHERE "settlement_rule_id" IS NOT NULL;
CREATE UNIQUE INDEX "settlement_transaction_payout_id_key" ON "settlement_transaction"("payout_id") WHERE "payout_id" IS NOT NULL;

-- Payee checks (POST /account-verifications), kept until they expire.
CREATE TABLE "account_verification" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "virtual_account_id" TEXT,
    "provider_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "iban" TEXT,
    "sort_code" TEXT,
    "account_number" TEXT,
    "status" TEXT NOT NULL,
    "reasons" TEXT[],
    "details" TEXT NOT NULL,
    "matched_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_verification_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_verification_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE INDEX "account_verification_member_id_created_at_idx" ON "account_verification"("member_id", "created_at" DESC);
