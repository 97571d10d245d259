import type pg from 'pg';
import { batchedPerPool } from '#libs/postgres';
import type { Prisma } from './sandbox-db.js';

type Consent = Prisma.SbConsentModel;

// Consent creation is the sandbox bank's hottest write: its statements run on Prisma's own pool
// as named prepared statements (parsed once per connection) and answer the rows Prisma would.

/** sb_consent's columns under the names of Prisma's model, so a row is a `Consent` as it stands. */
const CONSENT_COLUMNS = `id, bank_id AS "bankId", kind, status, client_id AS "clientId", request, request_hash AS "requestHash",
  idempotency_key AS "idempotencyKey", username, debtor_account_id AS "debtorAccountId", created_at AS "createdAt",
  status_updated_at AS "statusUpdatedAt"`;

// Consents arrive as one JSON array keyed by column name (json_populate_recordset types them).
const INSERT_UNLESS_KEY_USED = `INSERT INTO sandbox_bank.sb_consent
  (id, bank_id, kind, status, client_id, request, request_hash, idempotency_key, created_at, status_updated_at)
  SELECT id, bank_id, kind, status, client_id, request, request_hash, idempotency_key, created_at, created_at
  FROM json_populate_recordset(NULL::sandbox_bank.sb_consent, $1::json)
  ON CONFLICT (bank_id, kind, idempotency_key) DO NOTHING
  RETURNING id, request`;

const BY_IDEMPOTENCY_KEY = `SELECT ${CONSENT_COLUMNS} FROM sandbox_bank.sb_consent WHERE bank_id = $1 AND kind = $2 AND idempotency_key = $3`;

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

/** A consent as its row's JSON object; the request is spliced in as the JSON text it already is. */
function consentRowJson(consent: NewConsent): string {
  const columns = JSON.stringify({
    id: consent.id,
    bank_id: consent.bankId,
    kind: consent.kind,
    status: consent.status,
    client_id: consent.clientId,
    request_hash: consent.requestHash,
    idempotency_key: consent.idempotencyKey,
    created_at: consent.createdAt.toISOString(),
  });
  return `${columns.slice(0, -1)},"request":${consent.requestJson}}`;
}

/** The stored requests (as jsonb holds them) by consent id; a consent whose key was used is absent. */
async function insertConsents(
  pool: pg.Pool,
  consents: readonly NewConsent[],
): Promise<ReadonlyArray<Consent['request'] | null>> {
  const result = await pool.query<{ id: string; request: Consent['request'] }>({
    name: 'sb-consents-insert-unless-key-used',
    text: INSERT_UNLESS_KEY_USED,
    values: [`[${consents.map(consentRowJson).join(',')}]`],
  });
  const stored = new Map(result.rows.map((row) => [row.id, row.request]));
  return consents.map((consent) => stored.get(consent.id) ?? null);
}

/**
 * Consent creations in flight at once per pool, and consents per statement: under load,
 * creations that arrive together share one statement (see StatementBatcher).
 */
const storeConsent = batchedPerPool(insertConsents, { maxInFlight: 2, maxBatch: 64 });

/**
 * Inserts the consent; null when a consent of this kind at this bank already holds the
 * idempotency key (a NULL key never conflicts; of two creations with one key in the same
 * statement, the first wins). Only the request comes back from Postgres (as jsonb stores it,
 * key order included); every other column is what was sent.
 */
export async function insertConsentUnlessKeyUsed(pool: pg.Pool, consent: NewConsent): Promise<Consent | null> {
  const request = await storeConsent(pool, consent);
  if (request === null) return null;
  return {
    id: consent.id,
    bankId: consent.bankId,
    kind: consent.kind,
    status: consent.status,
    clientId: consent.clientId,
    request,
    requestHash: consent.requestHash,
    idempotencyKey: consent.idempotencyKey,
    username: null,
    debtorAccountId: null,
    createdAt: consent.createdAt,
    statusUpdatedAt: new Date(consent.createdAt.getTime()),
  };
}

export async function consentByIdempotencyKey(
  pool: pg.Pool,
  bankId: string,
  kind: string,
  key: string,
): Promise<Consent | null> {
  const result = await pool.query<Consent>({
    name: 'sb-consent-by-idempotency-key',
    text: BY_IDEMPOTENCY_KEY,
    values: [bankId, kind, key],
  });
  return result.rows[0] ?? null;
}
