import type pg from 'pg';
import type { Prisma } from '#libs/db';

type Consent = Prisma.SbConsentModel;

// Consent creation is the sandbox bank's hottest write: its statements run on Prisma's own pool
// as named prepared statements (parsed once per connection) and answer the rows Prisma would.

/** sb_consent's columns under the names of Prisma's model, so a row is a `Consent` as it stands. */
const CONSENT_COLUMNS = `id, bank_id AS "bankId", kind, status, client_id AS "clientId", request, request_hash AS "requestHash",
  idempotency_key AS "idempotencyKey", username, debtor_account_id AS "debtorAccountId", created_at AS "createdAt",
  status_updated_at AS "statusUpdatedAt"`;

const INSERT_UNLESS_KEY_USED = `INSERT INTO sb_consent
  (id, bank_id, kind, status, client_id, request, request_hash, idempotency_key, created_at, status_updated_at)
  VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $9)
  ON CONFLICT (bank_id, kind, idempotency_key) DO NOTHING
  RETURNING request`;

const BY_IDEMPOTENCY_KEY = `SELECT ${CONSENT_COLUMNS} FROM sb_consent WHERE bank_id = $1 AND kind = $2 AND idempotency_key = $3`;

export interface NewConsent {
  readonly id: string;
  readonly bankId: string;
  readonly kind: string;
  readonly status: string;
  readonly clientId: string;
  /** The request as JSON text. */
  readonly requestJson: string;
  readonly requestHash: string;
  readonly idempotencyKey: string | null;
  readonly createdAt: Date;
}

/**
 * Inserts the consent in one round trip; null when a consent of this kind at this bank already
 * holds the idempotency key (a NULL key never conflicts). Only the request comes back from
 * Postgres (as jsonb stores it, key order included); every other column is what was sent.
 */
export async function insertConsentUnlessKeyUsed(pool: pg.Pool, consent: NewConsent): Promise<Consent | null> {
  const result = await pool.query<Pick<Consent, 'request'>>({
    name: 'sb-consent-insert-unless-key-used',
    text: INSERT_UNLESS_KEY_USED,
    values: [
      consent.id,
      consent.bankId,
      consent.kind,
      consent.status,
      consent.clientId,
      consent.requestJson,
      consent.requestHash,
      consent.idempotencyKey,
      consent.createdAt.toISOString(),
    ],
  });
  const row = result.rows[0];
  if (row === undefined) return null;
  return {
    id: consent.id,
    bankId: consent.bankId,
    kind: consent.kind,
    status: consent.status,
    clientId: consent.clientId,
    request: row.request,
    requestHash: consent.requestHash,
    idempotencyKey: consent.idempotencyKey,
    username: null,
    debtorAccountId: null,
    createdAt: consent.createdAt,
    statusUpdatedAt: new Date(consent.createdAt.getTime()),
  };
}

export async function consentByIdempotencyKey(pool: pg.Pool, bankId: string, kind: string, key: string): Promise<Consent | null> {
  const result = await pool.query<Consent>({ name: 'sb-consent-by-idempotency-key', text: BY_IDEMPOTENCY_KEY, values: [bankId, kind, key] });
  return result.rows[0] ?? null;
}
