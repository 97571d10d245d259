-- The sandbox bank as a settlement provider: its settlement accounts, their credits and payouts.

CREATE TABLE "sandbox_bank"."sb_settlement_account" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "iban" TEXT,
    "bic" TEXT,
    "sort_code" TEXT,
    "account_number" TEXT,
    "status" TEXT NOT NULL,
    "repeat_pending" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_settlement_account_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "sb_settlement_account_reference_key" ON "sandbox_bank"."sb_settlement_account"("reference");
CREATE UNIQUE INDEX "sb_settlement_account_iban_key" ON "sandbox_bank"."sb_settlement_account"("iban");
CREATE UNIQUE INDEX "sb_settlement_account_sort_code_account_number_key" ON "sandbox_bank"."sb_settlement_account"("sort_code", "account_number");

CREATE TABLE "sandbox_bank"."sb_settlement_credit" (
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount" DECIMAL(20,5) NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "local_instrument" TEXT NOT NULL,
    "debtor_name" TEXT,
    "debtor_iban" TEXT,
    "debtor_bic" TEXT,
    "debtor_sort_code" TEXT,
    "debtor_account_number" TEXT,
    "ref_id" TEXT,
    "available_at" TIMESTAMPTZ(3) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "payment_id" TEXT,

    CONSTRAINT "sb_settlement_credit_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sb_settlement_credit_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "sandbox_bank"."sb_settlement_account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "sb_settlement_credit_seq_key" ON "sandbox_bank"."sb_settlement_credit"("seq");
CREATE UNIQUE INDEX "sb_settlement_credit_payment_id_key" ON "sandbox_bank"."sb_settlement_credit"("payment_id");
CREATE INDEX "sb_settlement_credit_account_id_available_at_seq_idx" ON "sandbox_bank"."sb_settlement_credit"("account_id", "available_at", "seq");

CREATE TABLE "sandbox_bank"."sb_settlement_payout" (
    "id" TEXT NOT NULL,
    "payout_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount" DECIMAL(20,5) NOT NULL,
    "currency" TEXT NOT NULL,
    "ref_id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "creditor" JSONB NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "status_updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_settlement_payout_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sb_settlement_payout_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "sandbox_bank"."sb_settlement_account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "sb_settlement_payout_payout_id_key" ON "sandbox_bank"."sb_settlement_payout"("payout_id");
CREATE INDEX "sb_settlement_payout_account_id_idx" ON "sandbox_bank"."sb_settlement_payout"("account_id");
