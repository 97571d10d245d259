import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SubTppRepository } from '#libs/db';
import { requireReseller, subTppNotFound, type SubTppOwner } from './sub-tpp-owner.js';

export interface DeleteSubTppCommand extends SubTppOwner {
  readonly subTppId: string;
}

/**
 * DELETE /member/sub-tpps/{subTppId}: a soft delete. The sub-TPP becomes DEACTIVATED and deleted:
 * it is no longer listed, read, a parent or a payment's onBehalfOfId. Its children stay.
 */
@Injectable()
export class DeleteSubTppUseCase {
  constructor(
    private readonly subTpps: SubTppRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ subTppId, ...owner }: DeleteSubTppCommand): Promise<void> {
    const memberId = requireReseller(owner);
    if (!(await this.subTpps.markDeleted(memberId, subTppId, this.clock.now()))) throw subTppNotFound(subTppId);
  }
}
