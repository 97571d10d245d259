import { createHash, randomBytes } from 'node:crypto';
import { randomHex } from '#libs/domain';

/** A fresh unguessable value to hand out (code, token, session, auth_req_id). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a handed-out value. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A short random resource id with a prefix, e.g. `PDC-3f9a…` (24 hex digits, from the pooled CSPRNG bytes of randomHex). */
export function newResourceId(prefix: string): string {
  return `${prefix}-${randomHex(12)}`;
}
