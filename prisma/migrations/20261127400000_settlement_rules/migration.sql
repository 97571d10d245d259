-- Settlement rules and their runs. A rule pays out of its settlement account at each time
-- interval; each run is one row, unique per rule and scheduled time, so a run repeated after a
-- crash finds its row and pays no second time.
CREATE TABLE "settlement_rule" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "end_reason" TEXT,
    "payee" JSONB NOT NULL,
    "amount_type" TEXT NOT NULL,
    "amount_value" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "time_interval" TEXT NOT NULL,
    "intraday_hours" INTEGER NOT NULL,
    "intraday_minutes" INTEGER,
    "effective_from" TIMESTAMPTZ(3),
    "effective_to" TIMESTAMPTZ(3),
    "anchor_at" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT,
    "next_run_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_rule_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "settlement_rule_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "settlement_rule_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "settlement_account"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "settlement_rule_status_known" CHECK ("status" IN ('ACTIVE', 'INACTIVE')),
    CONSTRAINT "settlement_rule_ended_with_reason" CHECK (("status" = 'ACTIVE') = ("end_reason" IS NULL))
);

CREATE INDEX "settlement_rule_account_id_created_at_id_idx" ON "settlement_rule"("account_id", "created_at" DESC, "id" DESC);

CREATE TABLE "settlement_rule_payout" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "scheduled_for" TIMESTAMPTZ(3) NOT NULL,
    "payout_id" TEXT,
    "amount" DECIMAL(24,4),
    "currency" CHAR(3) NOT NULL,
    "ref_id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failure_reason" TEXT,
    "ran_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_rule_payout_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "settlement_rule_payout_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "settlement_rule"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "settlement_rule_payout_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "settlement_account"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "settlement_rule_payout_rule_id_scheduled_for_key" ON "settlement_rule_payout"("rule_id", "scheduled_for");
CREATE UNIQUE INDEX "settlement_rule_payout_payout_id_key" ON "settlement_rule_payout"("payout_id") WHERE "payout_id" IS NOT NULL;
CREATE INDEX "settlement_rule_payout_account_id_scheduled_for_id_idx" ON "settlement_rule_payout"("account_id", "scheduled_for" DESC, "id" DESC);
