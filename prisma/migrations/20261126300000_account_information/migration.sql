-- Account information: each bank's allowance of TPP-initiated calls (the user not present), the
-- calls counted against it, and bank answers kept for a minute per token.
ALTER TABLE "bank" ADD COLUMN "tpp_initiated_daily_limit" INTEGER NOT NULL DEFAULT 4;

CREATE TABLE "ais_tpp_initiated_call" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "bank_id" TEXT NOT NULL,
    "called_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ais_tpp_initiated_call_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ais_tpp_initiated_call_token_id_bank_id_called_at_idx" ON "ais_tpp_initiated_call"("token_id", "bank_id", "called_at");

CREATE TABLE "ais_cached_read" (
    "member_id" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "read_key" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ais_cached_read_pkey" PRIMARY KEY ("member_id", "token_id", "read_key")
);
CREATE INDEX "ais_cached_read_fetched_at_idx" ON "ais_cached_read"("fetched_at");
