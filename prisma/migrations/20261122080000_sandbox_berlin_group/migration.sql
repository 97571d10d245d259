-- CreateTable
CREATE TABLE "sb_bg_authorisation" (
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
CREATE INDEX "sb_bg_authorisation_resource_id_idx" ON "sb_bg_authorisation"("resource_id");
