import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { isOutcomeKind, OPERATOR_OUTCOMES, type OperatorOutcome, type OutcomeKind } from '#libs/domain';
import { PayoutProgression } from '../payouts/payout-progression.js';
import { RefundProgression } from '../refunds/refund-progression.js';
import { operatorEventView } from '../bank-truth/outcome-check-views.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import type { OutcomeResolution } from '../bank-truth/outcome-resolution.js';

/** The longest reason an operator may give (the admin API's bound too). */
export const MAX_RESOLUTION_REASON_LENGTH = 512;

export interface ResolveOutcomeCheckCommand {
  /** The checked resource's kind, as the operator gave it (checked here). */
  readonly kind: string;
  readonly resourceId: string;
  readonly reason: string;
  /** What the operator found at the provider or bank; taken for payouts and refunds only. */
  readonly outcome: string | undefined;
}

/**
 * An operator's decision on a resource whose bank outcome is unknown: the check ends (the gateway
 * stops asking) with the reason kept as an OUTCOME_CHECK_RESOLVED operator event; for payouts and
 * refunds an outcome (EXECUTED, NOT_EXECUTED) also ends the resource as found, in the same
 * transaction. 404 when no check is open. The admin API and the console both decide through it.
 */
@Injectable()
export class ResolveOutcomeCheckUseCase {
  /** The domains whose resources an operator's finding can end. */
  private readonly resolutions: Readonly<Record<OutcomeKind, OutcomeResolution | undefined>>;

  constructor(
    private readonly checks: OutcomeChecks,
    payouts: PayoutProgression,
    refunds: RefundProgression,
  ) {
    // Each kind of KINDS_TAKING_AN_OUTCOME has its resolution here.
    this.resolutions = {
      payment: undefined,
      payout: payouts,
      refund: refunds,
      transfer: undefined,
      'standing-order': undefined,
    };
  }

  async execute({ kind, resourceId, reason, outcome }: ResolveOutcomeCheckCommand) {
    if (!isOutcomeKind(kind)) throw GatewayError.invalidField('kind', 'is not a kind of checked resource');
    if (reason.trim() === '') throw GatewayError.invalidField('reason', 'reason must not be empty');
    if (reason.length > MAX_RESOLUTION_REASON_LENGTH)
      throw GatewayError.invalidField('reason', `reason must be at most ${MAX_RESOLUTION_REASON_LENGTH} characters`);
    if (outcome !== undefined && !isOperatorOutcome(outcome))
      throw GatewayError.invalidField('outcome', `outcome must be one of ${OPERATOR_OUTCOMES.join(', ')}`);
    const resolution = this.resolutions[kind];
    if (outcome !== undefined && resolution === undefined)
      throw GatewayError.invalidField('outcome', `outcome is not taken for ${kind} checks`);
    const event = await this.checks.resolve(
      { kind, resourceId },
      reason,
      outcome === undefined || resolution === undefined ? undefined : { outcome, resolution },
    );
    if (event === null) throw GatewayError.notFound(resourceId, 'No open outcome check for this resource.');
    return { operatorEvent: operatorEventView(event) };
  }
}

function isOperatorOutcome(value: string): value is OperatorOutcome {
  return (OPERATOR_OUTCOMES as readonly string[]).includes(value);
}

/** The kinds whose resources an operator's finding can end (the resolutions above). */
const KINDS_TAKING_AN_OUTCOME: ReadonlySet<string> = new Set<OutcomeKind>(['payout', 'refund']);

/** Whether an operator's finding (EXECUTED, NOT_EXECUTED) can end a resource of this kind. */
export function takesOperatorOutcome(kind: string): boolean {
  return KINDS_TAKING_AN_OUTCOME.has(kind);
}
