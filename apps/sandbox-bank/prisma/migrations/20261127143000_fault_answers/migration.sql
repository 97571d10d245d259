-- Faults after the work: answers lost or late once the bank has committed, and the operations faults apply to.

ALTER TABLE "sandbox_bank"."sb_fault"
    ADD COLUMN "lost_answer_rate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    ADD COLUMN "late_answer_ms" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "only_operations" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
