import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { WebhookDeliveryRepository } from '#libs/db';
import { GetWebhookDeliveryUseCase } from './get-webhook-delivery.usecase.js';
import type { DeliveryDetail } from './webhook-delivery-view.js';

export interface ReplayWebhookDeliveryCommand {
  readonly deliveryId: string;
}

/** Replays one finished delivery (a new round); 409 while it is pending or when its member has no configuration. */
@Injectable()
export class ReplayWebhookDeliveryUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly getDelivery: GetWebhookDeliveryUseCase,
    private readonly clock: Clock,
  ) {}

  async execute({ deliveryId }: ReplayWebhookDeliveryCommand): Promise<DeliveryDetail> {
    const existing = await this.getDelivery.execute({ deliveryId });
    if (existing.status === 'PENDING')
      throw new GatewayError('CONFLICT', { message: `Delivery ${deliveryId} is still pending.` });
    if (!(await this.deliveries.replay(deliveryId, this.clock.now()))) {
      throw new GatewayError('CONFLICT', {
        message: `Delivery ${deliveryId} cannot be replayed: its member has no webhook configuration.`,
      });
    }
    return this.getDelivery.execute({ deliveryId });
  }
}
