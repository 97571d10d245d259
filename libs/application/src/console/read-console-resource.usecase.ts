import { Injectable } from '@nestjs/common';
import {
  ConsoleResourceRepository,
  type ConsoleAttemptRow,
  type ConsoleDeliveryRow,
  type ConsoleKind,
  type ConsoleResourceRow,
} from '#libs/db';

export interface ReadConsoleResourceCommand {
  readonly kind: ConsoleKind;
  readonly id: string;
}

/** A resource's page: its fields and related resources, its events' deliveries, a delivery's attempts. */
export interface ConsoleResourcePage {
  readonly resource: ConsoleResourceRow;
  readonly deliveries: readonly ConsoleDeliveryRow[];
  readonly attempts: readonly ConsoleAttemptRow[];
}

/** An operator's read of one resource of any member, for its console page (undefined: none has the id). */
@Injectable()
export class ReadConsoleResourceUseCase {
  constructor(private readonly resources: ConsoleResourceRepository) {}

  async execute({ kind, id }: ReadConsoleResourceCommand): Promise<ConsoleResourcePage | undefined> {
    const resource = await this.resources.read(kind, id);
    if (resource === undefined) return undefined;
    const [deliveries, attempts] = await Promise.all([
      kind === 'webhook-delivery' ? Promise.resolve([]) : this.resources.deliveriesOf(id),
      kind === 'webhook-delivery' ? this.resources.attemptsOf(id) : Promise.resolve([]),
    ]);
    return { resource, deliveries, attempts };
  }
}
