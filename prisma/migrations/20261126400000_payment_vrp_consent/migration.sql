-- A variable recurring payment is a Payments v2 payment under a VRP consent: the consent it was
-- made under, or null. The limit engine counts a consent's payments through the index.
ALTER TABLE "payment" ADD COLUMN "vrp_consent_id" TEXT;
CREATE INDEX "payment_vrp_consent_id_created_at_idx" ON "payment"("vrp_consent_id", "created_at" DESC, "id" DESC)
  WHERE "vrp_consent_id" IS NOT NULL;
