import type { MemberKey } from '#libs/db';

/** A member's public key (GetKey of the interface). */
export interface MemberKeyResource {
  readonly id: string;
  readonly keyAlgorithm: string;
  readonly publicKey: string;
  readonly expiresAtMs?: string;
}

export function memberKeyView(key: MemberKey): MemberKeyResource {
  return {
    id: key.id,
    keyAlgorithm: key.keyAlgorithm,
    publicKey: key.publicKey,
    ...(key.expiresAt === null ? {} : { expiresAtMs: String(key.expiresAt.getTime()) }),
  };
}
