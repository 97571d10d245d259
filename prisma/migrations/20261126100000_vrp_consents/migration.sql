-- VRP consents: the controls payments under a consent are checked against, the bank's consent and
-- its sealed grant, and the consent's status (one timer row fails a consent still pending after
-- 30 minutes).
CREATE TABLE "vrp_consent" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "bank_id" TEXT,
    "initiation" JSONB NOT NULL,
    "ref_id" TEXT NOT NULL,
    "scheme" TEXT NOT NULL,
    "local_instrument" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "minimum_individual_amount" DECIMAL(24,4),
    "maximum_individual_amount" DECIMAL(24,4) NOT NULL,
    "periodic_limits" JSONB NOT NULL,
    "maximum_occurrences" INTEGER NOT NULL DEFAULT 0,
    "start_date_time" TIMESTAMPTZ(3) NOT NULL,
    "end_date_time" TIMESTAMPTZ(3),
    "bank_time_zone" TEXT NOT NULL,
    "on_behalf_of_id" TEXT,
    "callback_token" TEXT NOT NULL,
    "bank_consent_id" TEXT,
    "bank_consent_status" TEXT,
    "status_reason_information" TEXT,
    "authentication" JSONB,
    "sealed_grant" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vrp_consent_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "vrp_consent_callback_token_key" ON "vrp_consent"("callback_token");
CREATE INDEX "vrp_consent_member_id_created_at_id_idx" ON "vrp_consent"("member_id", "created_at" DESC, "id" DESC);
