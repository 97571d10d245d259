-- A periodic job's timer carries its period: firing it writes the next period's timer in the same
-- transaction, so a job always has its timer and a worker starting mid-run never adds another.
ALTER TABLE "scheduled_job" ADD COLUMN "period_ms" BIGINT;

-- The periodic timers already written (their follow-ups are one-off runs).
UPDATE "scheduled_job"
SET "period_ms" = CASE "job_name"
    WHEN 'maintenance.purge-revoked-api-keys' THEN 86400000
    WHEN 'maintenance.purge-webhook-history' THEN 86400000
    WHEN 'maintenance.purge-idempotency-keys' THEN 3600000
    WHEN 'maintenance.purge-account-information' THEN 3600000
    WHEN 'banks.probe-status' THEN ("payload"->>'intervalSeconds')::bigint * 1000
  END
WHERE "job_name" IN (
    'maintenance.purge-revoked-api-keys',
    'maintenance.purge-webhook-history',
    'maintenance.purge-idempotency-keys',
    'maintenance.purge-account-information',
    'banks.probe-status'
  )
  AND "id" NOT LIKE '%+follow-up@%';
