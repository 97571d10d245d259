import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { WebhookConfigRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

export interface DeleteWebhookConfigCommand {
  readonly memberId: MemberId;
}

/** Removes the member's configuration (nothing to remove is not an error); undelivered notifications become dead letters. */
@Injectable()
export class DeleteWebhookConfigUseCase {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ memberId }: DeleteWebhookConfigCommand): Promise<void> {
    await this.configs.delete(memberId, this.clock.now());
  }
}
