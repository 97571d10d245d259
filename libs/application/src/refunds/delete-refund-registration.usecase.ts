import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { RefundRegistrationVault } from './refund-registration-vault.js';

export interface DeleteRefundRegistrationCommand {
  readonly memberId: MemberId;
  readonly id: string;
}

/** DELETE /refund/registrations/{id}: the member's registration and its sealed credentials are forgotten. */
@Injectable()
export class DeleteRefundRegistrationUseCase {
  constructor(private readonly vault: RefundRegistrationVault) {}

  async execute(command: DeleteRefundRegistrationCommand): Promise<Record<string, never>> {
    if (!(await this.vault.forget(command.memberId, command.id)))
      throw GatewayError.notFound(command.id, `Refund registration ${command.id} not found.`);
    return {};
  }
}
