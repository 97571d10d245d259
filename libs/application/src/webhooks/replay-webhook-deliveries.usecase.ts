import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { WebhookDeliveryRepository, type DeliveryFilter } from '#libs/db';

export interface ReplayWebhookDeliveriesCommand extends DeliveryFilter {
  /** The deliveries to replay; those matching the filters (default status DEAD) when absent. */
  readonly deliveryIds?: readonly string[];
  readonly limit?: number;
}

/** Replays many deliveries, oldest first; those that cannot be replayed are answered as skipped. */
@Injectable()
export class ReplayWebhookDeliveriesUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReplayWebhookDeliveriesCommand): Promise<{ replayed: string[]; skipped: string[] }> {
    const ids =
      command.deliveryIds ??
      (await this.deliveries.ids(
        {
          ...(command.memberId === undefined ? {} : { memberId: command.memberId }),
          eventType: command.eventType,
          status: command.status ?? 'DEAD',
        },
        command.limit ?? 100,
      ));
    const replayed: string[] = [];
    const skipped: string[] = [];
    const now = this.clock.now();
    for (const id of ids) ((await this.deliveries.replay(id, now)) ? replayed : skipped).push(id);
    return { replayed, skipped };
  }
}
