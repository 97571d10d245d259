/**
 * The payee check a settlement rule's run makes before it pays (Verification of Payee): the
 * provider's answer for the rule's payee name and account, and what the run does with it.
 */

/** The currencies whose payouts name a payee check (EUR, as the payout initiation requires). */
export function ruleNeedsPayeeCheck(currency: string): boolean {
  return currency.trim() === 'EUR';
}

/** A payee check as kept (the reference's AccountVerificationResponse, in short). */
export interface RulePayeeCheckResult {
  /** The kept check's id, which the payout names as its accountVerificationId. */
  readonly id: string;
  readonly status: string;
  /** The holder's name the provider gave back (a close match). */
  readonly matchedName?: string;
  readonly details: string;
}

/** Pay the rule's payee under its own name, naming the check; or do not pay, and why. */
export type RulePayeeDecision =
  | { readonly kind: 'pay'; readonly accountVerificationId: string }
  | { readonly kind: 'refuse'; readonly reason: string };

type Decide = (check: RulePayeeCheckResult, payeeName: string) => RulePayeeDecision;

const pay: Decide = (check) => ({ kind: 'pay', accountVerificationId: check.id });

/**
 * Each outcome of the check, as data. MATCH pays. VERIFICATION_NOT_POSSIBLE pays under the name
 * checked, as the payout path allows (the payer goes ahead on its own judgement). CLOSE_MATCH does
 * not pay: the payout path would take only the holder's name, and a rule never pays its payee under
 * a name the member did not give. NO_MATCH does not pay.
 */
const RULE_PAYEE_DECISIONS: Readonly<Record<string, Decide>> = {
  MATCH: pay,
  VERIFICATION_NOT_POSSIBLE: pay,
  CLOSE_MATCH: (check, payeeName) => ({
    kind: 'refuse',
    reason: `PAYEE_CLOSE_MATCH: the payee check found the account held by "${check.matchedName ?? 'another name'}", not "${payeeName}"; a rule pays only under the name it was given`,
  }),
  NO_MATCH: (_check, payeeName) => ({
    kind: 'refuse',
    reason: `PAYEE_NO_MATCH: the payee check found that "${payeeName}" does not hold the account`,
  }),
};

/** What a run does with the payee check's outcome. */
export function rulePayeeDecision(check: RulePayeeCheckResult, payeeName: string): RulePayeeDecision {
  const decide = RULE_PAYEE_DECISIONS[check.status];
  if (decide !== undefined) return decide(check, payeeName);
  return { kind: 'refuse', reason: `PAYEE_CHECK_FAILED: the payee check answered ${check.status}` };
}
