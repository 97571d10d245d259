import { Injectable } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { GatewayError } from '#libs/common';
import { MemberKeyRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

export interface DeleteMemberKeyCommand {
  readonly memberId: MemberId;
  readonly keyId: string;
}

/** Deletes a member's public key; cached credentials are read again everywhere. */
@Injectable()
export class DeleteMemberKeyUseCase {
  constructor(
    private readonly keys: MemberKeyRepository,
    private readonly credentials: CredentialChanges,
  ) {}

  async execute({ memberId, keyId }: DeleteMemberKeyCommand): Promise<void> {
    if (!(await this.keys.delete(memberId, keyId))) throw GatewayError.notFound(keyId, `Key ${keyId} not found.`);
    await this.credentials.announce();
  }
}
