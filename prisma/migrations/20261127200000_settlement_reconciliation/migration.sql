-- Payments made to a settlement account, and the reconciliation of the account's credits with them.

-- A Payments v2 payment whose creditor is a settlement account (the initiation's
-- creditor.virtualAccountId): the account the credit that settles it arrives on.
ALTER TABLE "payment" ADD COLUMN "virtual_account_id" TEXT;
CREATE INDEX "payment_virtual_account_id_ref_id_idx" ON "payment"("virtual_account_id", "ref_id")
  WHERE "virtual_account_id" IS NOT NULL;

-- Where a credit stands in reconciliation: PENDING (not looked at yet, or waiting for its payment
-- to reach the bank's final status), MATCHED (it settled payment_id), MISMATCHED (it names
-- payment_id but with another amount or currency: the payment ended SETTLEMENT_INCOMPLETE), or
-- UNMATCHED (no payment awaiting settlement takes it: a payin of its own). Debits never leave
-- PENDING and are never read by reconciliation.
ALTER TABLE "settlement_transaction"
  ADD COLUMN "reconciliation_state" TEXT NOT NULL DEFAULT 'PENDING',
  -- A credit waiting for its payment is looked at again from this time (service clock); null = now.
  ADD COLUMN "reconcile_after" TIMESTAMPTZ(3),
  ADD COLUMN "reconciled_at" TIMESTAMPTZ(3),
  -- The reference a credit is matched by: the provider's refId, or, without one, the description.
  ADD COLUMN "match_reference" TEXT GENERATED ALWAYS AS (
    COALESCE(NULLIF(btrim("ref_id"), ''), NULLIF(btrim("description"), ''))
  ) STORED,
  ADD CONSTRAINT "settlement_transaction_reconciliation_state_check"
    CHECK ("reconciliation_state" IN ('PENDING', 'MATCHED', 'MISMATCHED', 'UNMATCHED'));

-- The reconciliation worker's queue: pending credits, oldest booked first.
CREATE INDEX "settlement_transaction_pending_credit_idx" ON "settlement_transaction"("received_at", "id")
  WHERE "transaction_type" = 'CREDIT' AND "reconciliation_state" = 'PENDING';
-- The pending credits of one account and reference (a payment reaching its final status, its window end).
CREATE INDEX "settlement_transaction_pending_reference_idx" ON "settlement_transaction"("account_id", "match_reference")
  WHERE "transaction_type" = 'CREDIT' AND "reconciliation_state" = 'PENDING';
-- The admin's list of unmatched credits, newest first.
CREATE INDEX "settlement_transaction_unmatched_credit_idx" ON "settlement_transaction"("received_at" DESC, "id" DESC)
  WHERE "transaction_type" = 'CREDIT' AND "reconciliation_state" = 'UNMATCHED';
