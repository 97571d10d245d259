-- CreateTable
CREATE TABLE "bank_status" (
    "bank_id" TEXT NOT NULL,
    "ais_status" TEXT NOT NULL,
    "pis_status" TEXT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bank_status_pkey" PRIMARY KEY ("bank_id")
);
