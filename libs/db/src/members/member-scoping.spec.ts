import { describe, expect, it } from 'vitest';
import type { MemberId } from '#libs/domain';
import type {
  ApiKeyRepository,
  IdempotencyKeyRepository,
  MemberKeyRepository,
  WebhookConfigRepository,
} from '../index.js';

type FirstParameter<F> = F extends (first: infer P, ...rest: never[]) => unknown ? P : never;

describe('member scoping as a type', () => {
  it('refuses a plain string where a member-facing method requires a MemberId', () => {
    const typed = 'm:typed-by-a-caller';
    // @ts-expect-error a string is not a MemberId
    const webhookConfig: FirstParameter<WebhookConfigRepository['find']> = typed;
    // @ts-expect-error a string is not a MemberId
    const apiKeys: FirstParameter<ApiKeyRepository['list']> = typed;
    // @ts-expect-error a string is not a MemberId
    const memberKeys: FirstParameter<MemberKeyRepository['delete']> = typed;
    // @ts-expect-error a string is not a MemberId
    const idempotency: FirstParameter<IdempotencyKeyRepository['reserve']> = typed;
    expect([webhookConfig, apiKeys, memberKeys, idempotency]).toHaveLength(4);
  });

  it('lets a MemberId go wherever a string goes', () => {
    const established = 'm:established' as MemberId;
    const asText: string = established;
    const memberFacing: FirstParameter<WebhookConfigRepository['find']> = established;
    expect(asText).toBe(memberFacing);
  });
});
