-- The Account on File made from the debtor account the bank returned, for a payment that asked
-- for one (returnTokenizedAccount), or null.
ALTER TABLE "payment" ADD COLUMN "tokenized_account_id" TEXT;
