-- Pay by Link: a use is given back when its payment ends without the money moving, so used_count
-- can go down; started_count counts every payment ever made through the link and numbers their
-- refIds, so a use made after a give-back never repeats an earlier payment's refId.
ALTER TABLE "payment_link" ADD COLUMN "started_count" INTEGER NOT NULL DEFAULT 0;
UPDATE "payment_link" SET "started_count" = "used_count";
