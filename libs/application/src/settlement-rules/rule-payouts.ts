import { createHash } from 'node:crypto';
import type { Tx } from '#libs/db';
import type { PayeeAccount, PayoutStatus } from '#libs/domain';

/** A payout a rule run asks for: out of the rule's settlement account to its payee account. */
export interface RulePayoutCommand {
  /** The rule's member, read from its row (the worker acts for whichever member owns the rule). */
  readonly memberId: string;
  readonly onBehalfOfId: string | null;
  readonly accountId: string;
  readonly settlementRuleId: string;
  readonly amount: { readonly value: string; readonly currency: string };
  readonly creditor: PayeeAccount;
  readonly description: string;
  /** Derived from the run, so one run names one payout. */
  readonly refId: string;
  /** The payee check the run made before paying (EUR), which the payout names. */
  readonly accountVerificationId?: string;
}

/** What names a run's payout: its rule, its account and the refId derived from the run. */
export type RulePayoutKey = Pick<RulePayoutCommand, 'accountId' | 'settlementRuleId' | 'refId'>;

/** A payout made: its id and status. */
export type RulePayoutMade = { readonly kind: 'initiated'; readonly payoutId: string; readonly status: PayoutStatus };

/** What the payout path answered: a payout made (its id and status), or a refusal with its reason. */
export type RulePayoutOutcome = RulePayoutMade | { readonly kind: 'refused'; readonly reason: string };

/**
 * The payout path as rule runs use it, in the run's transaction (so the run's row, its payout with
 * the ledger reservation, and the rule's next timer commit together or not at all).
 */
export abstract class RulePayouts {
  /** Pays, or answers the payout the run's refId already names (a run repeated after a crash). */
  abstract initiate(tx: Tx, command: RulePayoutCommand): Promise<RulePayoutOutcome>;

  /** The payout the run's refId names, when one was made; in `tx` when given. */
  abstract find(key: RulePayoutKey, tx?: Tx): Promise<RulePayoutMade | null>;
}

/** The refId of a run's payout: `SR` and 16 hex digits of the run id's SHA-256 (18 characters). */
export function rulePayoutRefId(runId: string): string {
  return `SR${createHash('sha256').update(runId).digest('hex').slice(0, 16).toUpperCase()}`;
}
