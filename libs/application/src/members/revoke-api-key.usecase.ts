import { Injectable } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { Clock, GatewayError } from '#libs/common';
import { ApiKeyRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

export interface RevokeApiKeyCommand {
  readonly memberId: MemberId;
  readonly keyId: string;
}

/** Revokes a member's API key; cached credentials are read again everywhere. */
@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly credentials: CredentialChanges,
  ) {}

  async execute({ memberId, keyId }: RevokeApiKeyCommand): Promise<void> {
    if (!(await this.apiKeys.revoke(memberId, keyId, this.clock.now()))) {
      throw GatewayError.notFound(keyId, `API key ${keyId} not found.`);
    }
    await this.credentials.announce();
  }
}
