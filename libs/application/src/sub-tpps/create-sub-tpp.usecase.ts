import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { SubTppRepository } from '#libs/db';
import { initialSubTppStatus, newId } from '#libs/domain';
import { requireReseller, type SubTppOwner } from './sub-tpp-owner.js';

/** POST /member/sub-tpps after validation. */
export interface CreateSubTppCommand extends SubTppOwner {
  readonly name: string;
  readonly domain: string;
  readonly logo?: string;
  readonly mccCode?: string;
  readonly merchant: Record<string, unknown>;
  readonly parentSubTppId?: string;
  readonly useNewFlow: boolean;
}

/**
 * POST /member/sub-tpps: a reseller's new sub-TPP. A parent must be one of the member's
 * ACTIVATED sub-TPPs (400 naming parentSubTppId otherwise). The old flow activates it at once;
 * the new flow leaves it AWAITING_APPROVAL (the onboarding review).
 */
@Injectable()
export class CreateSubTppUseCase {
  constructor(
    private readonly subTpps: SubTppRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateSubTppCommand): Promise<{ subTppId: string }> {
    const memberId = requireReseller(command);
    if (command.parentSubTppId !== undefined && !(await this.subTpps.isActive(memberId, command.parentSubTppId)))
      throw GatewayError.invalidField(
        'parentSubTppId',
        'parentSubTppId must be one of the member’s active (ACTIVATED) sub-TPPs.',
      );
    const now = this.clock.now();
    const row = await this.subTpps.insert({
      id: newId('st'),
      memberId,
      parentSubTppId: command.parentSubTppId ?? null,
      name: command.name,
      domain: command.domain,
      logo: command.logo ?? null,
      mccCode: command.mccCode ?? null,
      merchant: command.merchant as Parameters<SubTppRepository['insert']>[0]['merchant'],
      newFlow: command.useNewFlow,
      status: initialSubTppStatus(command.useNewFlow),
      createdAt: now,
      updatedAt: now,
    });
    return { subTppId: row.id };
  }
}
