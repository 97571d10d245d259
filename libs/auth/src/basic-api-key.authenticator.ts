import { hashApiKey } from '#libs/domain';
import type { ApiKeyRepository } from '#libs/db';
import type { Clock } from '#libs/common';
import { AuthFailure } from './auth-failure.js';
import type { MemberContext } from './member-context.js';

const API_KEY_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export interface BasicResult {
  readonly member: MemberContext;
  readonly suspended: boolean;
}

/** `Authorization: Basic <API_KEY>`, the key exactly as issued (sandbox only). */
export async function authenticateApiKey(credential: string, keys: ApiKeyRepository, clock: Clock): Promise<BasicResult> {
  if (!API_KEY_SHAPE.test(credential)) throw new AuthFailure('malformed API key');
  const key = await keys.findActiveByHash(hashApiKey(credential));
  if (key === null) throw new AuthFailure('unknown or revoked API key');
  void keys.touch(key.id, clock.now()).catch(() => undefined);
  return {
    member: { memberId: key.member.id, regulated: key.member.regulated, reseller: key.member.reseller, authMethod: 'basic' },
    suspended: key.member.status === 'SUSPENDED',
  };
}
