-- When the bank does not answer: one row per money-moving bank or provider call whose answer the
-- gateway does not hold. It is written before the call (with what asking again needs, sealed)
-- and removed once the answer is recorded; a row that outlives its call (a deadline, a 5xx, a
-- reset connection, the process dying) keeps its resource pending while its timer asks the bank
-- again with backoff. Past the limit it is flagged for an operator, never ended silently.
CREATE TABLE "outcome_check" (
  "kind" TEXT NOT NULL,
  "resource_id" TEXT NOT NULL,
  "member_id" TEXT NOT NULL,
  "operation" TEXT NOT NULL,
  "sealed_grant" TEXT,
  "since" TIMESTAMPTZ(3) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "next_ask_at" TIMESTAMPTZ(3) NOT NULL,
  "last_error" TEXT,
  "flagged_at" TIMESTAMPTZ(3),
  CONSTRAINT "outcome_check_pkey" PRIMARY KEY ("kind", "resource_id")
);
CREATE INDEX "outcome_check_flagged_at_idx" ON "outcome_check" ("flagged_at") WHERE "flagged_at" IS NOT NULL;

-- What an operator must know of: a resource flagged because its bank never answered, and an
-- operator's resolution of it. Append-only.
CREATE TABLE "operator_event" (
  "id" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "resource_id" TEXT NOT NULL,
  "member_id" TEXT NOT NULL,
  "detail" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "operator_event_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "operator_event_created_at_id_idx" ON "operator_event" ("created_at" DESC, "id" DESC);
CREATE INDEX "operator_event_resource_idx" ON "operator_event" ("kind", "resource_id");
