import { REFUND_REGISTRATION_SEAL_PURPOSE, TOKENIZED_ACCOUNT_SEAL_PURPOSE } from '#libs/domain';

/**
 * One kind of record holding a value sealed by libs/secrets: the purpose it is sealed for (with
 * the row id as record), and where the sealed value is kept. A key rotation re-wraps every kind
 * listed here; a value sealed for a purpose not listed here would break for good once the previous
 * key-encryption key is dropped (the source scan in sealed-record-kinds.spec.ts refuses one).
 */
export interface SealedRecordKind {
  /** The seal purpose (`SealContext.purpose`), also the kind's name in logs. */
  readonly purpose: string;
  readonly table: string;
  /** The column holding the record id the value is bound to. */
  readonly idColumn: string;
  /** The column holding the sealed value (null when the row keeps none). */
  readonly column: string;
  /** Text kept in clear before the sealed value in the same column, ending with this separator. */
  readonly clearPrefixEndsWith?: string;
}

/** Every kind of sealed record the gateway stores. */
export const SEALED_RECORD_KINDS: readonly SealedRecordKind[] = [
  {
    purpose: 'webhook_signing_key.private_key',
    table: 'webhook_signing_key',
    idColumn: 'kid',
    column: 'private_key',
  },
  { purpose: 'webhook_secret.secret', table: 'webhook_secret', idColumn: 'id', column: 'secret' },
  { purpose: 'token.grant', table: 'token', idColumn: 'id', column: 'sealed_grant' },
  { purpose: 'vrp-consent-grant', table: 'vrp_consent', idColumn: 'id', column: 'sealed_grant' },
  { purpose: TOKENIZED_ACCOUNT_SEAL_PURPOSE, table: 'tokenized_account', idColumn: 'id', column: 'sealed_details' },
  // A UK payment order's user grant, kept on its outcome check only while the order's answer is unknown.
  { purpose: 'payment-order-grant', table: 'outcome_check', idColumn: 'resource_id', column: 'sealed_grant' },
  {
    purpose: REFUND_REGISTRATION_SEAL_PURPOSE,
    table: 'refund_registration',
    idColumn: 'id',
    column: 'sealed_credentials',
    clearPrefixEndsWith: '|',
  },
];

/** The sealed value inside a stored column (after the kind's clear prefix, if any). */
export function sealedPartOf(kind: SealedRecordKind, stored: string): string {
  if (kind.clearPrefixEndsWith === undefined) return stored;
  const end = stored.indexOf(kind.clearPrefixEndsWith);
  return end < 0 ? stored : stored.slice(end + kind.clearPrefixEndsWith.length);
}

/** The stored column with its sealed value replaced by `sealed` (the clear prefix kept). */
export function withSealedPart(kind: SealedRecordKind, stored: string, sealed: string): string {
  if (kind.clearPrefixEndsWith === undefined) return sealed;
  const end = stored.indexOf(kind.clearPrefixEndsWith);
  return end < 0 ? sealed : stored.slice(0, end + kind.clearPrefixEndsWith.length) + sealed;
}
