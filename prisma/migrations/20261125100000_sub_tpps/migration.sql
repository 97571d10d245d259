-- Sub-TPPs: the merchants a reseller member onboards. Deleted ones keep their row (deleted_at).
CREATE TABLE "sub_tpp" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "parent_sub_tpp_id" TEXT,
    "name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "logo" TEXT,
    "mcc_code" TEXT,
    "merchant" JSONB NOT NULL,
    "new_flow" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL,
    "status_reason_information" VARCHAR(256),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "sub_tpp_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "sub_tpp_member_id_created_at_id_idx" ON "sub_tpp"("member_id", "created_at" DESC, "id" DESC);

CREATE INDEX "sub_tpp_member_id_parent_sub_tpp_id_idx" ON "sub_tpp"("member_id", "parent_sub_tpp_id");
