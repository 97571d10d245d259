import { createHash, randomBytes, randomFillSync } from 'node:crypto';

/** A fresh unguessable value to hand out (code, token, session, auth_req_id). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a handed-out value. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const RESOURCE_ID_BYTES = 12;

/**
 * Random bytes for resource ids, drawn from the CSPRNG 256 ids at a time (as Node does for
 * randomUUID): one randomBytes call per id costs more than the rest of an id's creation.
 */
const resourceIdEntropy = Buffer.alloc(RESOURCE_ID_BYTES * 256);
let resourceIdOffset = resourceIdEntropy.length;

/** A short random resource id with a prefix, e.g. `PDC-3f9a…` (24 hex digits). */
export function newResourceId(prefix: string): string {
  if (resourceIdOffset === resourceIdEntropy.length) {
    randomFillSync(resourceIdEntropy);
    resourceIdOffset = 0;
  }
  const id = resourceIdEntropy.toString('hex', resourceIdOffset, resourceIdOffset + RESOURCE_ID_BYTES);
  resourceIdOffset += RESOURCE_ID_BYTES;
  return `${prefix}-${id}`;
}
