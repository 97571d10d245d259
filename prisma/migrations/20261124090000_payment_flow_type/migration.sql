-- The integration option of a payment (the initiation's flowType), echoed in every payment.
-- Payments stored before it were created without one: API_ONLY, the interface's default.
ALTER TABLE "payment" ADD COLUMN "flow_type" TEXT NOT NULL DEFAULT 'API_ONLY';
ALTER TABLE "payment" ADD CONSTRAINT "payment_flow_type_check"
  CHECK ("flow_type" IN ('API_ONLY', 'FULL_HOSTED_PAGES', 'EMBEDDED_HOSTED_PAGES'));
