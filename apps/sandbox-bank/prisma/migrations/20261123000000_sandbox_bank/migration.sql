-- The sandbox bank's tables, in their own schema (created by the migration runner before its bookkeeping table).
CREATE SCHEMA IF NOT EXISTS "sandbox_bank";

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_account" (
    "id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "holder_name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "account_sub_type" TEXT NOT NULL,
    "scheme_name" TEXT NOT NULL,
    "identification" TEXT NOT NULL,
    "balance" DECIMAL(20,5) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sb_account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_transaction" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "credit_debit" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(20,5) NOT NULL,
    "currency" TEXT NOT NULL,
    "booking_date_time" TIMESTAMPTZ(3) NOT NULL,
    "information" TEXT NOT NULL,
    "reference" TEXT,
    "counterparty_name" TEXT,
    "counterparty_scheme_name" TEXT,
    "counterparty_identification" TEXT,
    "payment_id" TEXT,

    CONSTRAINT "sb_transaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_consent" (
    "id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "request_hash" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "username" TEXT,
    "debtor_account_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "status_updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_consent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_payment" (
    "id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "consent_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "status_reason" TEXT,
    "status_reason_description" TEXT,
    "poll_count" INTEGER NOT NULL DEFAULT 0,
    "username" TEXT NOT NULL,
    "debtor_account_id" TEXT NOT NULL,
    "amount" DECIMAL(20,5) NOT NULL,
    "currency" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "request_hash" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "execute_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "status_updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_grant" (
    "id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "consent_id" TEXT,
    "username" TEXT,
    "redirect_uri" TEXT,
    "state" TEXT,
    "nonce" TEXT,
    "status" TEXT NOT NULL,
    "approve_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_fault" (
    "bank_id" TEXT NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "error_rate" DOUBLE PRECISION NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_fault_pkey" PRIMARY KEY ("bank_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sb_account_bank_id_username_nickname_key" ON "sandbox_bank"."sb_account"("bank_id", "username", "nickname");

-- CreateIndex
CREATE INDEX "sb_transaction_account_id_booking_date_time_idx" ON "sandbox_bank"."sb_transaction"("account_id", "booking_date_time");

-- CreateIndex
CREATE UNIQUE INDEX "sb_consent_bank_id_kind_idempotency_key_key" ON "sandbox_bank"."sb_consent"("bank_id", "kind", "idempotency_key");

-- CreateIndex
CREATE INDEX "sb_payment_consent_id_idx" ON "sandbox_bank"."sb_payment"("consent_id");

-- CreateIndex
CREATE UNIQUE INDEX "sb_payment_bank_id_kind_idempotency_key_key" ON "sandbox_bank"."sb_payment"("bank_id", "kind", "idempotency_key");

-- CreateIndex
CREATE INDEX "sb_grant_consent_id_idx" ON "sandbox_bank"."sb_grant"("consent_id");

-- AddForeignKey
ALTER TABLE "sandbox_bank"."sb_transaction" ADD CONSTRAINT "sb_transaction_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "sandbox_bank"."sb_account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sandbox_bank"."sb_payment" ADD CONSTRAINT "sb_payment_consent_id_fkey" FOREIGN KEY ("consent_id") REFERENCES "sandbox_bank"."sb_consent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "sandbox_bank"."sb_bg_authorisation" (
    "id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "sca_approach" TEXT NOT NULL,
    "sca_status" TEXT NOT NULL,
    "psu_id" TEXT,
    "sca_method" TEXT,
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "tpp_redirect_uri" TEXT,
    "tpp_nok_redirect_uri" TEXT,
    "decide_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sb_bg_authorisation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sb_bg_authorisation_resource_id_idx" ON "sandbox_bank"."sb_bg_authorisation"("resource_id");
