import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  SettlementLedgerRepository,
  SettlementTransactionRepository,
  type Payout,
  type PayoutChange,
  type PayoutRepository,
  type Tx,
} from '#libs/db';
import {
  PAYOUT_RELEASING_STATUSES,
  newId,
  payoutStatusMachine,
  type LedgerEntryKind,
  type PayoutStatus,
} from '#libs/domain';
import type { Lifecycle, LifecycleEvent, LifecycleTimer } from '../lifecycle/lifecycle.js';
import { payoutEventPayload } from './payout-view.js';

/** What a payout's move needs beyond its row: its repository (bound to the transaction) and the poll schedule. */
export interface PayoutMoveContext {
  readonly payouts: PayoutRepository;
  readonly scheduleSeconds: readonly number[];
  /**
   * A new payout its caller sends within the call (InitiatePayoutCommand.sendNow): its first timer
   * is then its first poll, not its send.
   */
  readonly sentByCaller?: boolean;
}

/** The id of a payout's one timer row. */
export function payoutTimerId(payoutId: string): string {
  return `payouts.poll:${payoutId}`;
}

/**
 * When the payout's timer fires next: by the poll schedule (the poll count picking the step), at
 * its poll limit at the latest; none once final. Past the polling period the timer is due at
 * once: the payout's next timer gives it an outcome check (or finds one open) and removes the
 * timer, so a provider answer recorded just after the limit cannot leave it without either.
 */
export function nextPayoutTimer(
  payout: Pick<Payout, 'status' | 'pollCount' | 'pollUntil'>,
  now: Date,
  scheduleSeconds: readonly number[],
): Date | null {
  if (payoutStatusMachine.isFinal(payout.status)) return null;
  if (now >= payout.pollUntil) return payout.pollUntil;
  const seconds = scheduleSeconds[Math.min(payout.pollCount, scheduleSeconds.length - 1)] ?? 60;
  const due = new Date(now.getTime() + seconds * 1000);
  return due > payout.pollUntil ? payout.pollUntil : due;
}

/** Whether a payout waits for its first send: stored, never sent to its provider nor polled. */
function awaitsFirstSend(payout: Payout): boolean {
  return payout.status === 'INITIATION_PENDING' && payout.bankTransactionId === null && payout.pollCount === 0;
}

/**
 * The payout's timer row for its current state, or null once final: due at once while it waits
 * for its first send (the worker sends it), unless its caller sends it within the call; then by
 * the poll schedule (nextPayoutTimer).
 */
export function payoutTimer(
  payout: Payout,
  now: Date,
  scheduleSeconds: readonly number[],
  sentByCaller = false,
): LifecycleTimer | null {
  const due = awaitsFirstSend(payout) && !sentByCaller ? now : nextPayoutTimer(payout, now, scheduleSeconds);
  if (due === null) return null;
  const payload: PayloadOf<'payouts.poll'> = { name: 'payouts.poll', payoutId: payout.id };
  return { id: payoutTimerId(payout.id), queue: JOB_QUEUE['payouts.poll'], payload, dueAt: due };
}

/** The rail a payout goes over, for the account's transaction list. */
function railOf(payout: Payout): string {
  const creditor = (payout.initiation as { creditor?: { iban?: string } }).creditor;
  if (creditor?.iban === undefined) return 'FASTER_PAYMENTS';
  return payout.currency.trim() === 'EUR' ? 'SEPA' : 'SEPA_INSTANT';
}

async function postLedger(tx: Tx, payout: Payout, kind: LedgerEntryKind, at: Date): Promise<void> {
  const posted = await new SettlementLedgerRepository(tx).post({
    accountId: payout.accountId,
    kind,
    sourceId: payout.id,
    amount: payout.amount.toFixed(),
    createdAt: at,
  });
  if (posted.kind === 'refused' || posted.kind === 'no-account')
    throw new Error(
      `payout ${payout.id}: the ledger refused ${kind} (${posted.kind === 'refused' ? posted.reason : 'no account'})`,
    );
}

/** The completed payout as a DEBIT of its account's transaction list. */
async function recordDebit(tx: Tx, payout: Payout, at: Date): Promise<void> {
  const initiation = payout.initiation as {
    creditor?: Record<string, unknown>;
    debtor?: object;
    description?: string;
  };
  // The transaction names the creditor's account; the verification the payout named is the payout's.
  const { accountVerificationId: _verification, ...creditor } = initiation.creditor ?? {};
  await new SettlementTransactionRepository(tx).insertOnce({
    id: newId('stx'),
    accountId: payout.accountId,
    memberId: payout.memberId,
    transactionType: 'DEBIT',
    providerPaymentId: payout.bankTransactionId ?? payout.id,
    amount: payout.amount,
    currency: payout.currency,
    localInstrument: railOf(payout),
    description: payout.description,
    refId: payout.refId,
    ...(initiation.debtor === undefined ? {} : { debtor: initiation.debtor }),
    ...(initiation.creditor === undefined ? {} : { creditor: creditor as object }),
    payoutId: payout.id,
    createdDateTime: at,
    receivedAt: at,
  });
}

/**
 * PAYOUT_STATUS_CHANGED; a settlement rule's payout rejected or failed at the provider also writes
 * SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED, as a run that could not pay does.
 */
function payoutEvents(payout: Payout): LifecycleEvent[] {
  const events: LifecycleEvent[] = [
    {
      memberId: payout.memberId,
      type: 'PAYOUT_STATUS_CHANGED',
      payload: payoutEventPayload(payout),
      createdAt: payout.updatedAt,
    },
  ];
  const status = payout.status;
  if (PAYOUT_RELEASING_STATUSES.has(status) && payout.settlementRuleId !== null)
    events.push({
      memberId: payout.memberId,
      type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
      payload: {
        payerAccountId: payout.accountId,
        settlementRuleId: payout.settlementRuleId,
        reasonOfFailure: `${status}: ${payout.statusReasonInformation ?? 'the settlement provider gave no reason'}`,
      },
      createdAt: payout.updatedAt,
    });
  return events;
}

/**
 * The lifecycle of a payout: the payout status machine; a move writes its events (payoutEvents)
 * and resets the `payouts.poll` timer (a new one's is due at once: the worker sends it); what follows: a rejection or failure releases the reserved
 * amount (RELEASE), a completion debits it (PAYOUT_DEBIT) and lists it as a DEBIT of the
 * account's transactions.
 */
export const payoutLifecycle: Lifecycle<Payout, PayoutChange, PayoutStatus, PayoutMoveContext> = {
  name: 'payout',
  machine: payoutStatusMachine,
  statusOf: (payout) => payout.status,
  proposedStatusOf: (change) => change.status,
  idOf: (payout) => payout.id,
  update: (tx, current, change, { payouts }) => payouts.in(tx).update(current, change),
  events: (after) => payoutEvents(after),
  timer: (payout, now, { scheduleSeconds, sentByCaller }) => payoutTimer(payout, now, scheduleSeconds, sentByCaller),
  timerId: payoutTimerId,
  async follow(tx, { after, now }) {
    const to = after.status;
    if (PAYOUT_RELEASING_STATUSES.has(to)) await postLedger(tx, after, 'RELEASE', now);
    if (to === 'INITIATION_COMPLETED') {
      await postLedger(tx, after, 'PAYOUT_DEBIT', now);
      await recordDebit(tx, after, now);
    }
    return undefined;
  },
};
