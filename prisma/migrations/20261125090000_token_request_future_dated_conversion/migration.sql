-- Payments v1: a transfer token request authorised outside its bank's operating hours is made as a
-- future-dated payment for the bank's next opening; the opening is kept so every later bank call
-- for the request sends the same initiation.
ALTER TABLE "token_request" ADD COLUMN "converted_execution_date" TEXT;
