-- The admin's list of credits in every reconciliation state, newest booked first (of one member
-- when asked: the member's rows are then filtered along the same order).
CREATE INDEX "settlement_transaction_credit_received_idx" ON "settlement_transaction"("received_at" DESC, "id" DESC)
  WHERE "transaction_type" = 'CREDIT';
