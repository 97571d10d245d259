import type { MemberKey } from '#libs/db';

/** A member's public key as the operator sees it: what it is and when it was registered (never the key itself). */
export interface MemberKeyDetail {
  readonly id: string;
  readonly keyAlgorithm: string;
  readonly createdDateTime: string;
  readonly expiresDateTime?: string;
}

export function memberKeyDetail(key: MemberKey): MemberKeyDetail {
  return {
    id: key.id,
    keyAlgorithm: key.keyAlgorithm,
    createdDateTime: key.createdAt.toISOString(),
    ...(key.expiresAt === null ? {} : { expiresDateTime: key.expiresAt.toISOString() }),
  };
}
