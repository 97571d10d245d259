import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { PayoutRepository, SettlementAccountRepository, type Tx } from '#libs/db';
import { PayoutInitiation } from '../payouts/payout-initiation.js';
import { settlementAccountOwnerId } from '../payouts/settlement-account-owner-id.js';
import {
  RulePayouts,
  type RulePayoutCommand,
  type RulePayoutKey,
  type RulePayoutMade,
  type RulePayoutOutcome,
} from './rule-payouts.js';

/**
 * Rule payouts through the payout path of POST /payouts (PayoutInitiation.initiateFromAccount):
 * every rule of a payout initiation, the ledger reservation, PAYOUT_STATUS_CHANGED and the payout's
 * timer, which sends it to the provider after the commit. The payout is written in the run's
 * transaction, on its connection (the run holds no second connection under its rule's lock), so
 * the run's row and its payout commit together or not at all; a run repeated (a job run twice)
 * first looks for the payout its refId names, so it never pays twice. A refusal (funds, creditor,
 * account) is answered with the payout path's message.
 */
@Injectable()
export class PayoutPathRulePayouts extends RulePayouts {
  constructor(
    private readonly initiation: PayoutInitiation,
    private readonly payouts: PayoutRepository,
    private readonly accounts: SettlementAccountRepository,
  ) {
    super();
  }

  async find(key: RulePayoutKey, tx?: Tx): Promise<RulePayoutMade | null> {
    const accounts = tx === undefined ? this.accounts : this.accounts.in(tx);
    const payouts = tx === undefined ? this.payouts : this.payouts.in(tx);
    const account = await accounts.findById(key.accountId);
    if (account === null) return null;
    const [made] = await payouts.list(
      settlementAccountOwnerId(account),
      { accountId: account.id, settlementRuleId: key.settlementRuleId, refIds: [key.refId] },
      1,
    );
    return made === undefined ? null : { kind: 'initiated', payoutId: made.id, status: made.status };
  }

  async initiate(tx: Tx, command: RulePayoutCommand): Promise<RulePayoutOutcome> {
    const made = await this.find(command, tx);
    if (made !== null) return made;
    try {
      const payout = await this.initiation.initiateFromAccount(
        {
          accountId: command.accountId,
          settlementRuleId: command.settlementRuleId,
          initiation: {
            description: command.description,
            refId: command.refId,
            amount: command.amount,
            creditor: {
              ...command.creditor,
              name: command.creditor.name ?? '',
              ...(command.accountVerificationId === undefined
                ? {}
                : { accountVerificationId: command.accountVerificationId }),
            },
          },
          sendNow: false,
        },
        tx,
      );
      return { kind: 'initiated', payoutId: payout.id, status: payout.status };
    } catch (error) {
      if (error instanceof GatewayError) return { kind: 'refused', reason: error.message };
      throw error;
    }
  }
}
