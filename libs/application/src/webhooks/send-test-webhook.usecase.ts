import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { Transactions } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { TEST_EVENT_TYPE, writeOutboxEvent } from '#libs/events';
import { GetMemberWebhookUseCase } from './get-member-webhook.usecase.js';

export interface SendTestWebhookCommand {
  readonly memberId: MemberId;
}

/** Sends a WEBHOOK_TEST notification through the outbox to the member's configured URL. */
@Injectable()
export class SendTestWebhookUseCase {
  constructor(
    private readonly memberWebhook: GetMemberWebhookUseCase,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async execute({ memberId }: SendTestWebhookCommand): Promise<{ eventId: string }> {
    await this.memberWebhook.execute({ memberId });
    const now = this.clock.now();
    const written = await this.transactions.run((tx) =>
      writeOutboxEvent(tx, {
        memberId,
        type: TEST_EVENT_TYPE,
        createdAt: now,
        payload: {
          memberId,
          message: 'Test notification from the gateway. Verify its signatures as you would any other.',
        },
      }),
    );
    return { eventId: written.id };
  }
}
