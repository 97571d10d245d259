import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateMemberUseCase,
  DeleteMemberKeyUseCase,
  GetMemberKeyUseCase,
  GetMemberUseCase,
  IssueApiKeyUseCase,
  ListApiKeysUseCase,
  ListMemberKeysUseCase,
  ListMembersUseCase,
  MAX_KEYS_PER_MEMBER,
  RevokeApiKeyUseCase,
  SubmitMemberKeyUseCase,
  UpdateMemberUseCase,
} from '#libs/application';
import { RateLimiter } from '#libs/auth';
import { hashApiKey, type MemberId } from '#libs/domain';
import { gatewayFailure } from './harness/gateway-failure.js';
import { MediumGateway } from './harness/medium-gateway.js';

/**
 * Members in-process: the operator's members and their sandbox API keys (only a key's hash is
 * stored), and the members' public keys, on real repositories. Every change to a credential or a
 * member announces a new credentials generation (this file's own Redis prefix), so cached
 * credentials are read again on every replica.
 */
let gateway: MediumGateway;

beforeAll(async () => {
  gateway = await MediumGateway.start();
});

afterAll(async () => {
  await gateway?.close();
});

function generation(): Promise<number> {
  return new RateLimiter(gateway.stores.redis).generation();
}

async function created(name: string, flags: { regulated?: boolean; reseller?: boolean } = {}) {
  return gateway.get(CreateMemberUseCase).execute({ name, ...flags });
}

function ed25519PublicKeyPem(): string {
  return generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
}

describe('members and their sandbox API keys', () => {
  it('creates a member with a first API key: answered once, only its hash stored, and the hash finds the member', async () => {
    const { member, apiKey } = await created('Acme Payments', { reseller: true });
    expect(member).toMatchObject({
      name: 'Acme Payments',
      regulated: true,
      reseller: true,
      autoRedeem: true,
      status: 'ACTIVE',
    });
    expect(member.id).toMatch(/^m:/);
    const rows = await gateway.stores.prisma.apiKey.findMany({ where: { memberId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.keyHash).toBe(hashApiKey(apiKey));
    expect(JSON.stringify(rows)).not.toContain(apiKey);
    const found = await gateway.stores.repositories.apiKeys.findActiveByHash(hashApiKey(apiKey));
    expect(found?.member.id).toBe(member.id);
  });

  it('issues and revokes keys: a revoked key authenticates no one, is still listed, and the revocation is announced', async () => {
    const { member } = await created('Revoking Ltd');
    const memberId = member.id as MemberId;
    const { key, apiKey } = await gateway.get(IssueApiKeyUseCase).execute({ memberId, label: 'ci' });
    expect(key).toMatchObject({ label: 'ci' });
    expect(key).not.toHaveProperty('revokedDateTime');

    const before = await generation();
    await gateway.get(RevokeApiKeyUseCase).execute({ memberId, keyId: key.id });
    expect(await generation()).toBe(before + 1);
    expect(await gateway.stores.repositories.apiKeys.findActiveByHash(hashApiKey(apiKey))).toBeNull();
    const listed = await gateway.get(ListApiKeysUseCase).execute({ memberId });
    expect(listed).toHaveLength(2);
    expect(listed.find((listedKey) => listedKey.id === key.id)?.revokedDateTime).toEqual(expect.any(String));
    // Revoking again is allowed (the key is there) and changes nothing more than the generation.
    await gateway.get(RevokeApiKeyUseCase).execute({ memberId, keyId: key.id });
  });

  it('keeps each member to its own keys: another member revoking or listing them gets a 404', async () => {
    const owner = (await created('Owner Ltd')).member.id as MemberId;
    const other = (await created('Other Ltd')).member.id as MemberId;
    const { key, apiKey } = await gateway.get(IssueApiKeyUseCase).execute({ memberId: owner, label: undefined });
    const before = await generation();
    const error = await gatewayFailure(() =>
      gateway.get(RevokeApiKeyUseCase).execute({ memberId: other, keyId: key.id }),
    );
    expect(error.status).toBe(404);
    expect(await generation()).toBe(before);
    expect(await gateway.stores.repositories.apiKeys.findActiveByHash(hashApiKey(apiKey))).not.toBeNull();
    const unknown = await gatewayFailure(() =>
      gateway.get(ListApiKeysUseCase).execute({ memberId: 'm:nobody' as MemberId }),
    );
    expect(unknown.status).toBe(404);
  });

  it('suspends a member and announces it; an unknown member is a 404', async () => {
    const { member } = await created('Suspended Ltd');
    const memberId = member.id as MemberId;
    const before = await generation();
    const suspended = await gateway.get(UpdateMemberUseCase).execute({ memberId, status: 'SUSPENDED' });
    expect(suspended).toMatchObject({ id: memberId, status: 'SUSPENDED', name: 'Suspended Ltd' });
    expect(await generation()).toBe(before + 1);
    expect(await gateway.get(GetMemberUseCase).execute({ memberId })).toEqual(suspended);
    const error = await gatewayFailure(() =>
      gateway.get(UpdateMemberUseCase).execute({ memberId: 'm:nobody' as MemberId, status: 'ACTIVE' }),
    );
    expect(error.status).toBe(404);
  });

  it('lists members by id a page at a time: every member once, the last page without an offset', async () => {
    for (const name of ['Page One', 'Page Two', 'Page Three']) await created(name);
    const all = await gateway.stores.prisma.member.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    const seen: string[] = [];
    let offset: string | undefined;
    for (let page = 0; page < all.length; page += 1) {
      const listed = await gateway.get(ListMembersUseCase).execute({ limit: 2, offset });
      seen.push(...listed.members.map((member) => member.id));
      offset = listed.paging.offset;
      if (offset === undefined) break;
    }
    expect(seen).toEqual(all.map((member) => member.id));
  });
});

describe("members' public keys", () => {
  it('registers a key, reads it back, and deletes it (announced); the deleted key is a 404', async () => {
    const { member } = await created('Keys Ltd');
    const memberId = member.id as MemberId;
    const publicKey = ed25519PublicKeyPem();
    const expiresAtMs = String(Date.now() + 86_400_000);
    const { keyId } = await gateway
      .get(SubmitMemberKeyUseCase)
      .execute({ memberId, keyAlgorithm: 'ED25519', publicKey, expiresAtMs });
    expect(await gateway.get(GetMemberKeyUseCase).execute({ memberId, keyId })).toEqual({
      id: keyId,
      keyAlgorithm: 'ED25519',
      publicKey: publicKey.trim(),
      expiresAtMs,
    });
    expect((await gateway.get(ListMemberKeysUseCase).execute({ memberId })).map((key) => key.id)).toEqual([keyId]);

    const before = await generation();
    await gateway.get(DeleteMemberKeyUseCase).execute({ memberId, keyId });
    expect(await generation()).toBe(before + 1);
    expect((await gatewayFailure(() => gateway.get(GetMemberKeyUseCase).execute({ memberId, keyId }))).status).toBe(
      404,
    );
  });

  it('refuses a key that is not one, of another algorithm, or already expired, naming the field; nothing is stored', async () => {
    const { member } = await created('Bad Keys Ltd');
    const memberId = member.id as MemberId;
    const submit = gateway.get(SubmitMemberKeyUseCase);
    const notAKey = await gatewayFailure(() =>
      submit.execute({ memberId, keyAlgorithm: 'ED25519', publicKey: 'not a key!' }),
    );
    expect(notAKey.status).toBe(400);
    expect(notAKey.paths).toEqual(['publicKey']);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ format: 'pem', type: 'spki' })
      .toString();
    const wrongType = await gatewayFailure(() => submit.execute({ memberId, keyAlgorithm: 'ED25519', publicKey: rsa }));
    expect(wrongType.paths).toEqual(['publicKey']);
    const expired = await gatewayFailure(() =>
      submit.execute({
        memberId,
        keyAlgorithm: 'ED25519',
        publicKey: ed25519PublicKeyPem(),
        expiresAtMs: String(Date.now() - 1_000),
      }),
    );
    expect(expired.paths).toEqual(['expiresAtMs']);
    expect(await gateway.get(ListMemberKeysUseCase).execute({ memberId })).toEqual([]);
  });

  it(`holds at most ${MAX_KEYS_PER_MEMBER} keys per member, and keeps each member to its own`, async () => {
    const owner = (await created('Many Keys Ltd')).member.id as MemberId;
    const other = (await created('Nosy Ltd')).member.id as MemberId;
    const submit = gateway.get(SubmitMemberKeyUseCase);
    const ids: string[] = [];
    for (let i = 0; i < MAX_KEYS_PER_MEMBER; i += 1)
      ids.push(
        (await submit.execute({ memberId: owner, keyAlgorithm: 'ED25519', publicKey: ed25519PublicKeyPem() })).keyId,
      );
    const full = await gatewayFailure(() =>
      submit.execute({ memberId: owner, keyAlgorithm: 'ED25519', publicKey: ed25519PublicKeyPem() }),
    );
    expect(full.paths).toEqual(['publicKey']);
    expect(await gateway.get(ListMemberKeysUseCase).execute({ memberId: owner })).toHaveLength(MAX_KEYS_PER_MEMBER);

    const someKey = ids[0] ?? '';
    expect(
      (await gatewayFailure(() => gateway.get(GetMemberKeyUseCase).execute({ memberId: other, keyId: someKey })))
        .status,
    ).toBe(404);
    expect(
      (await gatewayFailure(() => gateway.get(DeleteMemberKeyUseCase).execute({ memberId: other, keyId: someKey })))
        .status,
    ).toBe(404);
    expect((await gateway.get(GetMemberKeyUseCase).execute({ memberId: owner, keyId: someKey })).id).toBe(someKey);
  });
});
