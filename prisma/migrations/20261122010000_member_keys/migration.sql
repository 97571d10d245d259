-- CreateEnum
CREATE TYPE "KeyAlgorithm" AS ENUM ('ED25519', 'ECDSA_SHA256', 'RS256');

-- CreateTable
CREATE TABLE "member_key" (
    "id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "key_algorithm" "KeyAlgorithm" NOT NULL,
    "public_key" TEXT NOT NULL,
    "spki_pem" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_key_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "member_key_member_id_idx" ON "member_key"("member_id");

-- AddForeignKey
ALTER TABLE "member_key" ADD CONSTRAINT "member_key_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE CASCADE ON UPDATE CASCADE;
