-- Payments v1 transfers to a settlement account (transfer destination virtualAccount).

-- The settlement account a transfer request pays, resolved at its creation: { virtualAccountId,
-- name, account } (the account's name and the identifiers of the destination's rail), what the
-- bank is sent in place of the destination's identifiers. Null for every other request.
ALTER TABLE "token_request" ADD COLUMN "settlement_creditor" JSONB;

-- The settlement account a transfer pays, and the reference its credit carries: the refId the
-- bank was sent as the end-to-end id (the token request's refId, at most 35 characters). Both
-- null for a transfer to any other account.
ALTER TABLE "transfer" ADD COLUMN "virtual_account_id" TEXT, ADD COLUMN "settlement_ref_id" TEXT;
CREATE INDEX "transfer_virtual_account_id_settlement_ref_id_idx" ON "transfer"("virtual_account_id", "settlement_ref_id")
  WHERE "virtual_account_id" IS NOT NULL;
