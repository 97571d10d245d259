-- Account on File: a member's account details stored sealed (libs/secrets, purpose
-- `tokenized-account`, the row id as record) and referenced by id; deleting one removes the row.
CREATE TABLE "tokenized_account" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "bank_id" TEXT,
    "sealed_details" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tokenized_account_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tokenized_account_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "tokenized_account_member_id_created_at_idx" ON "tokenized_account"("member_id", "created_at");
