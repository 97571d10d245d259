/**
 * The comparison of a bank-truth run: what the gateway says happened to each resource against
 * what the bank executed.
 */

/** What a gateway resource's final status claims about the money. */
export type Claim = 'executed' | 'not-executed' | 'unknown';

/** One resource of the gateway, by the end-to-end id the bank was sent (its refId). */
export interface GatewayResource {
  readonly kind: 'payment' | 'transfer' | 'token-request' | 'refund' | 'payout';
  readonly id: string;
  readonly refId: string;
  readonly bankId: string;
  readonly status: string;
  /** What the operation was: the flow and the fault, for the report. */
  readonly label: string;
  /** Raw row, for `isOperatorFlagged`. */
  readonly row: Readonly<Record<string, unknown>>;
}

/** One execution as the bank holds it (`GET /sandbox/payments/{bankId}?endToEndId=`). */
export interface BankExecution {
  readonly id: string;
  readonly status: string;
}

const PAYMENT_EXECUTED = new Set([
  'INITIATION_COMPLETED',
  'SETTLEMENT_IN_PROGRESS',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
]);
const PAYMENT_NOT_EXECUTED = new Set([
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_DECLINED',
  'INITIATION_EXPIRED',
  'CANCELED',
]);
const TRANSFER_EXECUTED = new Set([
  'SUCCESS',
  'SETTLEMENT_IN_PROGRESS',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
]);
/** Refunds and payouts: the provider's or bank's outcome; anything else is not final (or not known). */
const REFUND_OR_PAYOUT_NOT_EXECUTED = new Set(['INITIATION_REJECTED', 'INITIATION_FAILED']);
/** Token requests end without a transfer only when nothing was paid: refused or expired. */
const TOKEN_REQUEST_NOT_EXECUTED = new Set(['REJECTED', 'EXPIRED']);

/** What the resource's status says about the money; `unknown` for anything not final. */
export function claimOf(resource: GatewayResource): Claim {
  switch (resource.kind) {
    case 'payment':
      if (PAYMENT_EXECUTED.has(resource.status)) return 'executed';
      return PAYMENT_NOT_EXECUTED.has(resource.status) ? 'not-executed' : 'unknown';
    case 'transfer':
      if (TRANSFER_EXECUTED.has(resource.status)) return 'executed';
      return resource.status.startsWith('FAILURE_') ? 'not-executed' : 'unknown';
    case 'token-request':
      return TOKEN_REQUEST_NOT_EXECUTED.has(resource.status) ? 'not-executed' : 'unknown';
    case 'refund':
    case 'payout':
      if (resource.status === 'INITIATION_COMPLETED') return 'executed';
      return REFUND_OR_PAYOUT_NOT_EXECUTED.has(resource.status) ? 'not-executed' : 'unknown';
  }
}

/** The banks' statuses of an order they refused or that failed: no money moved. */
const BANK_NOT_EXECUTED = new Set(['Rejected', 'RJCT', 'InitiationFailed', 'CANC', 'REJECTED', 'FAILED']);

/** The bank's executions that moved (or are moving) money. */
export function executed(executions: readonly BankExecution[]): BankExecution[] {
  return executions.filter((execution) => !BANK_NOT_EXECUTED.has(execution.status));
}

/**
 * A resource an operator has been told about: its outcome is unknown and it is flagged for a
 * person to settle with the bank. Not stuck, whatever its status. The one place the checker
 * reads the flag: until resources carry one, nothing is flagged.
 */
export function isOperatorFlagged(resource: GatewayResource): boolean {
  // The resource's outcome check, flagged for an operator after the limit (outcome_check.flagged_at).
  const flag = resource.row['outcome_flagged_at'];
  return flag !== undefined && flag !== null;
}

export type FindingKind = 'divergence' | 'double-execution' | 'stuck';

/** A payment's statuses that give its use back to its payment link: ended without the money moving. */
const GIVES_LINK_USE_BACK = PAYMENT_NOT_EXECUTED;

/** A link's counters as stored, and the payments made through it. */
export interface LinkCounters {
  readonly usedCount: number;
  /** Decimal string. */
  readonly usedAmount: string;
  readonly payments: readonly { readonly status: string; readonly amount: string }[];
}

/** Minor units of a decimal string of at most 4 fraction digits, for exact sums. */
function tenThousandths(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
}

/**
 * What is wrong with a link's counters, if anything: they must equal the count and the sum of its
 * payments that moved or may still move money (every one not ended without it).
 */
export function linkCountersWrong(link: LinkCounters): string | undefined {
  const counted = link.payments.filter((payment) => !GIVES_LINK_USE_BACK.has(payment.status));
  const sum = counted.reduce((total, payment) => total + tenThousandths(payment.amount), 0n);
  if (link.usedCount === counted.length && tenThousandths(link.usedAmount) === sum) return undefined;
  return `link counts ${link.usedCount} uses of ${link.usedAmount}, its payments that moved or may move money are ${counted.length} of ${Number(sum) / 10_000}`;
}

export interface Finding {
  readonly kind: FindingKind;
  readonly resource: GatewayResource;
  readonly bankExecutions: number;
  readonly detail: string;
}

/** The findings of one resource against the bank's executions of its end-to-end id. */
export function judge(resource: GatewayResource, executions: readonly BankExecution[]): Finding[] {
  const done = executed(executions);
  const findings: Finding[] = [];
  const finding = (kind: FindingKind, detail: string): void =>
    void findings.push({ kind, resource, bankExecutions: done.length, detail });
  if (done.length > 1) finding('double-execution', `the bank executed ${done.length} orders for one ${resource.kind}`);
  const claim = claimOf(resource);
  if (claim === 'executed' && done.length === 0)
    finding('divergence', `${resource.status} at the gateway, but the bank executed nothing`);
  if (claim === 'not-executed' && done.length > 0)
    finding('divergence', `${resource.status} at the gateway, but the bank executed it (${done[0]?.status ?? ''})`);
  if (claim === 'unknown' && !isOperatorFlagged(resource))
    finding('stuck', `${resource.status} after every timer ran, not flagged for an operator`);
  return findings;
}
