import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { WebhookDeliveryRepository } from '#libs/db';
import { attemptView, deliveryView, type DeliveryDetail } from './webhook-delivery-view.js';

export interface GetWebhookDeliveryCommand {
  readonly deliveryId: string;
}

/** One delivery with its body and attempts, or 404. */
@Injectable()
export class GetWebhookDeliveryUseCase {
  constructor(private readonly deliveries: WebhookDeliveryRepository) {}

  async execute({ deliveryId }: GetWebhookDeliveryCommand): Promise<DeliveryDetail> {
    const delivery = await this.deliveries.find(deliveryId);
    if (delivery === null) throw GatewayError.notFound(deliveryId, `Delivery ${deliveryId} not found.`);
    return { ...deliveryView(delivery), body: delivery.body, attempts: delivery.attempts.map(attemptView) };
  }
}
