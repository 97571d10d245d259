import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { SettlementAccount } from '#libs/db';
import type { PayeeAccount } from '#libs/domain';
import { settlementAccountOwnerId } from '../payouts/settlement-account-owner-id.js';
import { AccountVerifier } from '../payouts/account-verifier.js';
import { RulePayeeCheck, type RulePayeeCheckAnswer } from './rule-payee-check.js';

/**
 * The rule's payee checked through the path of POST /account-verifications (AccountVerifier):
 * at the provider of the rule's settlement account, kept for the account's owner for 24 hours. A
 * provider that cannot be asked (unreachable, past its deadline: the connectors' GatewayErrors) is a
 * failed check with the reason; any other error is thrown on (the job is run again).
 */
@Injectable()
export class ProviderRulePayeeCheck extends RulePayeeCheck {
  constructor(private readonly verifier: AccountVerifier) {
    super();
  }

  async check(account: SettlementAccount, payee: PayeeAccount): Promise<RulePayeeCheckAnswer> {
    try {
      const kept = await this.verifier.verify(settlementAccountOwnerId(account), {
        name: payee.name ?? '',
        currency: 'EUR',
        virtualAccountId: account.id,
        ...(payee.iban === undefined ? {} : { iban: payee.iban }),
      });
      return {
        kind: 'checked',
        result: {
          id: kept.id,
          status: kept.result.status,
          details: kept.result.details,
          ...(kept.result.matched === undefined ? {} : { matchedName: kept.result.matched.name }),
        },
      };
    } catch (error) {
      if (error instanceof GatewayError)
        return { kind: 'failed', reason: `PAYEE_CHECK_FAILED: the payee check could not be made (${error.message})` };
      throw error;
    }
  }
}
