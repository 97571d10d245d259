import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { AisTppInitiatedCallRepository } from '#libs/db';
import type { AccountConsent } from './account-information-consent.js';
import { TPP_INITIATED_WINDOW_MS } from '#libs/domain';

/**
 * A bank allows few account-information calls without the user present (4 in 24 hours by
 * default; `tppInitiatedDailyLimit` per bank in the catalogue). Each request that would reach the
 * bank without `token-customer-ip-address` takes one from the token's allowance at that bank;
 * once none is left it is answered 429 and the bank is not called.
 */
@Injectable()
export class TppInitiatedAllowance {
  constructor(
    private readonly calls: AisTppInitiatedCallRepository,
    private readonly clock: Clock,
  ) {}

  async take(consent: AccountConsent): Promise<void> {
    const now = this.clock.now();
    const taken = await this.calls.claim({
      memberId: consent.memberId,
      tokenId: consent.tokenId,
      bankId: consent.bankId,
      now,
      windowStart: new Date(now.getTime() - TPP_INITIATED_WINDOW_MS),
      limit: consent.tppInitiatedDailyLimit,
    });
    if (!taken)
      throw new GatewayError('RESOURCE_EXHAUSTED', {
        message: `The bank allows ${consent.tppInitiatedDailyLimit} account-information calls without the user present per token in 24 hours, and they are used. Send token-customer-ip-address when the user is present.`,
      });
  }
}
