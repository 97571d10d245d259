import type { OutcomeCheck, Tx } from '#libs/db';
import type { OperatorOutcome } from '#libs/domain';

/**
 * A domain's way to apply an operator's finding about one of its resources (an optional port of
 * OutcomeChecks.resolve): inside the resolution's transaction, the resource ends as the operator
 * found it (EXECUTED: the money moved; NOT_EXECUTED: it did not), with its own events and ledger
 * moves. Answers what the operator event keeps of it (the status it ended in), or throws a
 * GatewayError (400) when the outcome cannot apply to the resource as it stands.
 */
export interface OutcomeResolution {
  apply(tx: Tx, check: OutcomeCheck, outcome: OperatorOutcome, reason: string): Promise<{ readonly status: string }>;
}

/** An operator's finding and the domain's resolution that applies it. */
export interface OperatorFinding {
  readonly outcome: OperatorOutcome;
  readonly resolution: OutcomeResolution;
}
