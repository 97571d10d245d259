import type { SettlementAccount } from '#libs/db';
import type { PayeeAccount, RulePayeeCheckResult } from '#libs/domain';

/** The provider's answer, kept; or why no answer could be had (the provider unreachable, ...). */
export type RulePayeeCheckAnswer =
  | { readonly kind: 'checked'; readonly result: RulePayeeCheckResult }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * The payee check an EUR rule's run makes before it pays: the provider of the rule's account asked
 * whether the payee's name holds its IBAN, the answer kept as the account owner's account
 * verification (as POST /account-verifications keeps one), so the payout can name it.
 */
export abstract class RulePayeeCheck {
  abstract check(account: SettlementAccount, payee: PayeeAccount): Promise<RulePayeeCheckAnswer>;
}
