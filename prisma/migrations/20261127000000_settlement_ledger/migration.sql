-- Settlement accounts (virtual accounts) and their ledger. An account's balances are derived
-- from its ledger entries and written in the same transaction as each entry; entries are
-- append-only (a trigger refuses UPDATE and DELETE), and each source (a credit, a payout) posts
-- each kind of entry at most once, so a credit read twice is booked once.
CREATE TABLE "settlement_account" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "on_behalf_of_id" TEXT,
    "provider_id" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "country" CHAR(2) NOT NULL,
    "account_nick_name" TEXT,
    "account_name" TEXT,
    "iban" TEXT,
    "bic" TEXT,
    "sort_code" TEXT,
    "account_number" TEXT,
    "booked_balance" DECIMAL(24,4) NOT NULL DEFAULT 0,
    "available_balance" DECIMAL(24,4) NOT NULL DEFAULT 0,
    "cleared_balance" DECIMAL(24,4) NOT NULL DEFAULT 0,
    "credit_cursor" TEXT,
    "credits_read_at" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_account_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "settlement_account_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "settlement_account_available_not_negative" CHECK ("available_balance" >= 0),
    CONSTRAINT "settlement_account_available_within_cleared" CHECK ("available_balance" <= "cleared_balance")
);

CREATE UNIQUE INDEX "settlement_account_provider_id_provider_account_id_key" ON "settlement_account"("provider_id", "provider_account_id");
CREATE INDEX "settlement_account_member_id_created_at_id_idx" ON "settlement_account"("member_id", "created_at" DESC, "id" DESC);

CREATE TABLE "settlement_ledger_entry" (
    "id" BIGINT GENERATED ALWAYS AS IDENTITY,
    "account_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "amount" DECIMAL(24,4) NOT NULL,
    "booked_after" DECIMAL(24,4) NOT NULL,
    "available_after" DECIMAL(24,4) NOT NULL,
    "cleared_after" DECIMAL(24,4) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_ledger_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "settlement_ledger_entry_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "settlement_account"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "settlement_ledger_entry_amount_positive" CHECK ("amount" > 0)
);

CREATE UNIQUE INDEX "settlement_ledger_entry_account_id_kind_source_id_key" ON "settlement_ledger_entry"("account_id", "kind", "source_id");

CREATE FUNCTION "settlement_ledger_entry_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'settlement_ledger_entry is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "settlement_ledger_entry_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "settlement_ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION "settlement_ledger_entry_append_only"();

-- A settlement account's transactions: the credits the provider reported (payins) and the
-- debits the gateway sent (payouts, refunds). A credit names the payment or transfer it settles
-- once reconciled; a payment or transfer is settled by at most one credit.
CREATE TABLE "settlement_transaction" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "transaction_type" TEXT NOT NULL,
    "provider_payment_id" TEXT NOT NULL,
    "amount" DECIMAL(24,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "local_instrument" TEXT,
    "description" TEXT,
    "ref_id" TEXT,
    "debtor" JSONB,
    "creditor" JSONB,
    "payment_id" TEXT,
    "transfer_id" TEXT,
    "payout_id" TEXT,
    "refund_id" TEXT,
    "created_date_time" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_transaction_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "settlement_transaction_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "settlement_account"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "settlement_transaction_account_id_provider_payment_id_key" ON "settlement_transaction"("account_id", "provider_payment_id");
CREATE INDEX "settlement_transaction_account_id_created_date_time_id_idx" ON "settlement_transaction"("account_id", "created_date_time" DESC, "id" DESC);
CREATE UNIQUE INDEX "settlement_transaction_payment_id_key" ON "settlement_transaction"("payment_id") WHERE "payment_id" IS NOT NULL;
CREATE UNIQUE INDEX "settlement_transaction_transfer_id_key" ON "settlement_transaction"("transfer_id") WHERE "transfer_id" IS NOT NULL;
