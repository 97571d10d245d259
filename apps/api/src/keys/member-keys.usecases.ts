import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { CredentialChanges } from '#libs/auth';
import { GatewayError, SystemClock } from '#libs/common';
import { MemberKeyRepository, type MemberKey } from '#libs/db';
import { InvalidPublicKeyError, normalisePublicKey, type MemberId } from '#libs/domain';
import type { GetKey, SubmitKeyRequest } from './member-key.dto.js';

/** Most keys a member may hold at once. */
export const MAX_KEYS_PER_MEMBER = 50;

function view(key: MemberKey): GetKey {
  return {
    id: key.id,
    keyAlgorithm: key.keyAlgorithm,
    publicKey: key.publicKey,
    ...(key.expiresAt === null ? {} : { expiresAtMs: String(key.expiresAt.getTime()) }),
  };
}

/** Members' public keys for Bearer authentication; every call is scoped to one member. */
@Injectable()
export class MemberKeysUseCases {
  /** Key expiry is an authentication matter, judged on wall time like the tokens themselves. */
  private readonly clock = new SystemClock();

  constructor(
    private readonly keys: MemberKeyRepository,
    private readonly credentials: CredentialChanges,
  ) {}

  async submit(memberId: MemberId, request: SubmitKeyRequest): Promise<{ keyId: string }> {
    let spkiPem: string;
    try {
      spkiPem = normalisePublicKey(request.keyAlgorithm, request.publicKey);
    } catch (error) {
      if (error instanceof InvalidPublicKeyError)
        throw GatewayError.invalidField('publicKey', error.message, 'Field.InvalidFormat');
      throw error;
    }
    let expiresAt: Date | null = null;
    if (request.expiresAtMs !== undefined) {
      expiresAt = new Date(Number(request.expiresAtMs));
      if (expiresAt.getTime() <= this.clock.nowMs())
        throw GatewayError.invalidField('expiresAtMs', 'expiresAtMs must be in the future');
    }
    if ((await this.keys.list(memberId)).length >= MAX_KEYS_PER_MEMBER) {
      throw GatewayError.invalidField(
        'publicKey',
        `a member may hold at most ${MAX_KEYS_PER_MEMBER} keys; delete one first`,
      );
    }
    const key = await this.keys.create(memberId, {
      id: randomBytes(12).toString('base64url'),
      keyAlgorithm: request.keyAlgorithm,
      publicKey: request.publicKey.trim(),
      spkiPem,
      expiresAt,
    });
    return { keyId: key.id };
  }

  async list(memberId: MemberId): Promise<GetKey[]> {
    return (await this.keys.list(memberId)).map(view);
  }

  async get(memberId: MemberId, keyId: string): Promise<GetKey> {
    const key = await this.keys.find(memberId, keyId);
    if (key === null) throw GatewayError.notFound(keyId, `Key ${keyId} not found.`);
    return view(key);
  }

  async delete(memberId: MemberId, keyId: string): Promise<void> {
    if (!(await this.keys.delete(memberId, keyId))) throw GatewayError.notFound(keyId, `Key ${keyId} not found.`);
    await this.credentials.announce();
  }
}
