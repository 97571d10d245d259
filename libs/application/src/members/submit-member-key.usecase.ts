import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { GatewayError, SystemClock } from '#libs/common';
import { MemberKeyRepository } from '#libs/db';
import { InvalidPublicKeyError, normalisePublicKey, type KeyAlgorithmName, type MemberId } from '#libs/domain';

/** Most keys a member may hold at once. */
export const MAX_KEYS_PER_MEMBER = 50;

export interface SubmitMemberKeyCommand {
  readonly memberId: MemberId;
  readonly keyAlgorithm: KeyAlgorithmName;
  readonly publicKey: string;
  /** Milliseconds since the epoch, as a string; never expires when absent. */
  readonly expiresAtMs?: string;
}

/** Registers a member's public key for Bearer authentication. */
@Injectable()
export class SubmitMemberKeyUseCase {
  /** Key expiry is an authentication matter, judged on wall time like the tokens themselves. */
  private readonly clock = new SystemClock();

  constructor(private readonly keys: MemberKeyRepository) {}

  async execute(command: SubmitMemberKeyCommand): Promise<{ keyId: string }> {
    const { memberId } = command;
    let spkiPem: string;
    try {
      spkiPem = normalisePublicKey(command.keyAlgorithm, command.publicKey);
    } catch (error) {
      if (error instanceof InvalidPublicKeyError)
        throw GatewayError.invalidField('publicKey', error.message, 'Field.InvalidFormat');
      throw error;
    }
    let expiresAt: Date | null = null;
    if (command.expiresAtMs !== undefined) {
      expiresAt = new Date(Number(command.expiresAtMs));
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
      keyAlgorithm: command.keyAlgorithm,
      publicKey: command.publicKey.trim(),
      spkiPem,
      expiresAt,
    });
    return { keyId: key.id };
  }
}
