-- Several credits may be booked against one payment or transfer (a credit of another amount is
-- linked to it, and credits may settle it together), so the link is no longer unique.
DROP INDEX "settlement_transaction_payment_id_key";
DROP INDEX "settlement_transaction_transfer_id_key";
CREATE INDEX "settlement_transaction_payment_id_idx" ON "settlement_transaction"("payment_id") WHERE "payment_id" IS NOT NULL;
CREATE INDEX "settlement_transaction_transfer_id_idx" ON "settlement_transaction"("transfer_id") WHERE "transfer_id" IS NOT NULL;
