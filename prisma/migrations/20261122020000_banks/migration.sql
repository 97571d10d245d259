-- CreateTable
CREATE TABLE "bank" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "countries" TEXT[],
    "bics" TEXT[],
    "bank_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "logo_uri" TEXT NOT NULL,
    "full_logo_uri" TEXT,
    "provider" TEXT NOT NULL,
    "bank_group" TEXT,
    "bank_sub_group" TEXT,
    "open_banking_standard" TEXT NOT NULL,
    "supported_local_instruments" TEXT[],
    "sca_approaches" TEXT[],
    "features" JSONB NOT NULL,
    "rank" INTEGER,
    "operational_time" TEXT,
    "transaction_history_limit" INTEGER NOT NULL DEFAULT -1,
    "polling_schedule_seconds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "connector_type" TEXT NOT NULL,
    "connector_settings" JSONB NOT NULL,
    "listed" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bank_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bank_listed_idx" ON "bank"("listed");
