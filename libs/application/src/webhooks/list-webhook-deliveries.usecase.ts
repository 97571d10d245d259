import { Injectable } from '@nestjs/common';
import { WebhookDeliveryRepository, type DeliveryFilter } from '#libs/db';
import {
  decodeDeliveryOffset,
  deliveryView,
  encodeDeliveryOffset,
  type DeliveryView,
} from './webhook-delivery-view.js';

export interface ListWebhookDeliveriesCommand extends DeliveryFilter {
  readonly limit: number;
  /** The opaque offset of the previous page. */
  readonly offset?: string;
}

export interface WebhookDeliveriesPage {
  readonly deliveries: DeliveryView[];
  readonly paging: { readonly limit: number; readonly offset?: string };
}

/** The operator's list of deliveries across members, filtered by member, event type and status. */
@Injectable()
export class ListWebhookDeliveriesUseCase {
  constructor(private readonly deliveries: WebhookDeliveryRepository) {}

  async execute(command: ListWebhookDeliveriesCommand): Promise<WebhookDeliveriesPage> {
    const { limit } = command;
    const page = await this.deliveries.list(
      {
        ...(command.memberId === undefined ? {} : { memberId: command.memberId }),
        eventType: command.eventType,
        status: command.status,
      },
      limit,
      command.offset === undefined ? undefined : decodeDeliveryOffset(command.offset),
    );
    return {
      deliveries: page.deliveries.map(deliveryView),
      paging: { limit, ...(page.next === undefined ? {} : { offset: encodeDeliveryOffset(page.next) }) },
    };
  }
}
