-- Pay by Link: a payment template with its link configuration and usage counts; the page token is
-- the only credential of the link's public page.
CREATE TABLE "payment_link" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payment_template" JSONB NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "amount" DECIMAL(24,4),
    "max_usage_count" INTEGER NOT NULL,
    "per_payment_amount_limit" DECIMAL(24,4),
    "total_amount_limit" DECIMAL(24,4),
    "expires_at" TIMESTAMPTZ(3),
    "used_count" INTEGER NOT NULL DEFAULT 0,
    "used_amount" DECIMAL(24,4) NOT NULL DEFAULT 0,
    "on_behalf_of_id" TEXT,
    "external_psu_reference" TEXT,
    "page_token" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_link_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "payment_link_page_token_key" ON "payment_link"("page_token");
CREATE INDEX "payment_link_member_id_created_at_id_idx" ON "payment_link"("member_id", "created_at" DESC, "id" DESC);

-- The link a payment was made through (Pay by Link), or null.
ALTER TABLE "payment" ADD COLUMN "payment_link_id" TEXT;
CREATE INDEX "payment_payment_link_id_idx" ON "payment"("payment_link_id") WHERE "payment_link_id" IS NOT NULL;
