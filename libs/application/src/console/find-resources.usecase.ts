import { Injectable } from '@nestjs/common';
import { ConsoleResourceRepository, type ConsoleMatch } from '#libs/db';

/** The longest text the search box takes: longer than any id or refId the gateway keeps. */
export const MAX_CONSOLE_QUERY_LENGTH = 200;

export interface FindResourcesCommand {
  /** Any id or refId, as the operator typed it (trimmed). */
  readonly query: string;
}

/**
 * What an id or refId names, across every member and every kind of resource: payments, transfers,
 * tokens and token requests, VRP consents (their VRPs are payments), refunds, payouts, settlement
 * accounts and their credits, payment links, members, and webhook deliveries (by delivery id or by
 * the event id a receiver sees as `webhook-id`).
 */
@Injectable()
export class FindResourcesUseCase {
  constructor(private readonly resources: ConsoleResourceRepository) {}

  async execute({ query }: FindResourcesCommand): Promise<ConsoleMatch[]> {
    if (query === '' || query.length > MAX_CONSOLE_QUERY_LENGTH) return [];
    return this.resources.find(query);
  }
}
