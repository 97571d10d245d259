import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { registrationResource, type RegistrationResource } from './refund-registration-resource.js';
import { RefundRegistrationVault } from './refund-registration-vault.js';

export interface GetRefundRegistrationCommand {
  readonly memberId: MemberId;
  readonly id: string;
}

/** GET /refund/registrations/{id}: one of the member's registrations, without its credentials' values. */
@Injectable()
export class GetRefundRegistrationUseCase {
  constructor(private readonly vault: RefundRegistrationVault) {}

  async execute(command: GetRefundRegistrationCommand): Promise<{ registration: RegistrationResource }> {
    const view = await this.vault.view(command.memberId, command.id);
    if (view === undefined) throw GatewayError.notFound(command.id, `Refund registration ${command.id} not found.`);
    return { registration: registrationResource(view) };
  }
}
