-- Standard Webhooks symmetric signatures: each webhook configuration's `whsec_` secrets, sealed
-- by libs/secrets (envelope encryption). A rotated-away secret keeps signing until expires_at.

-- CreateTable
CREATE TABLE "webhook_secret" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_secret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_secret_member_id_created_at_idx" ON "webhook_secret"("member_id", "created_at");

-- AddForeignKey
ALTER TABLE "webhook_secret" ADD CONSTRAINT "webhook_secret_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "webhook_config"("member_id") ON DELETE CASCADE ON UPDATE CASCADE;
