import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  type PayoutRepository,
  ScheduledJobRepository,
  SettlementLedgerRepository,
  SettlementTransactionRepository,
  type Payout,
  type PayoutChange,
  type Tx,
} from '#libs/db';
import {
  PAYOUT_RELEASING_STATUSES,
  decidePayoutMove,
  newId,
  payoutStatusMachine,
  type LedgerEntryKind,
  type PayoutStatus,
} from '#libs/domain';
import { writeOutboxEvent } from '#libs/events';
import { payoutEventPayload } from './payout-view.js';

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
  if (payoutStatusMachine.isFinal(payout.status as PayoutStatus)) return null;
  if (now >= payout.pollUntil) return payout.pollUntil;
  const seconds = scheduleSeconds[Math.min(payout.pollCount, scheduleSeconds.length - 1)] ?? 60;
  const due = new Date(now.getTime() + seconds * 1000);
  return due > payout.pollUntil ? payout.pollUntil : due;
}

/** Removes the payout's timer, in the caller's transaction (its outcome check asks instead, or it is final). */
export async function removePayoutTimer(tx: Tx, payoutId: string): Promise<void> {
  await new ScheduledJobRepository(tx).remove([payoutTimerId(payoutId)]);
}

/** Sets (or clears) the payout's timer for its current state, in the caller's transaction. */
export async function schedulePayoutTimer(
  tx: Tx,
  payout: Payout,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<void> {
  const timers = new ScheduledJobRepository(tx);
  const due = nextPayoutTimer(payout, now, scheduleSeconds);
  if (due === null) {
    await removePayoutTimer(tx, payout.id);
    return;
  }
  const payload: PayloadOf<'payouts.poll'> = { name: 'payouts.poll', payoutId: payout.id };
  await timers.schedule(payoutTimerId(payout.id), payload, due, JOB_QUEUE['payouts.poll']);
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

export type PayoutChangeResult =
  | { readonly kind: 'changed'; readonly payout: Payout; readonly statusChanged: boolean }
  | { readonly kind: 'refused'; readonly payout: Payout }
  | { readonly kind: 'stale' };

/**
 * Moves a payout, in the caller's transaction (`payouts` bound to it): the move is checked against the status machine,
 * the row updated only at the version read; when the status changes, a rejection or failure
 * releases the reserved amount (RELEASE), a completion debits it (PAYOUT_DEBIT) and lists it as a
 * DEBIT of the account's transactions, and PAYOUT_STATUS_CHANGED is written; a settlement rule's
 * payout rejected or failed at the provider also writes SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED,
 * as a run that could not pay does. The timer is reset.
 * Final statuses never change.
 */
export async function recordPayoutChange(
  tx: Tx,
  payouts: PayoutRepository,
  current: Payout,
  change: PayoutChange,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<PayoutChangeResult> {
  const decision = decidePayoutMove(current.status as PayoutStatus, change.status as PayoutStatus);
  if (decision === 'refuse') return { kind: 'refused', payout: current };
  const updated = await payouts.update(current, change);
  if (updated === null) return { kind: 'stale' };
  const statusChanged = decision === 'move';
  if (statusChanged) {
    const to = updated.status as PayoutStatus;
    if (PAYOUT_RELEASING_STATUSES.has(to)) await postLedger(tx, updated, 'RELEASE', now);
    if (to === 'INITIATION_COMPLETED') {
      await postLedger(tx, updated, 'PAYOUT_DEBIT', now);
      await recordDebit(tx, updated, now);
    }
    await writeOutboxEvent(tx, {
      memberId: updated.memberId,
      type: 'PAYOUT_STATUS_CHANGED',
      payload: payoutEventPayload(updated),
      createdAt: updated.updatedAt,
    });
    if (PAYOUT_RELEASING_STATUSES.has(to) && updated.settlementRuleId !== null)
      await writeOutboxEvent(tx, {
        memberId: updated.memberId,
        type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
        payload: {
          payerAccountId: updated.accountId,
          settlementRuleId: updated.settlementRuleId,
          reasonOfFailure: `${to}: ${updated.statusReasonInformation ?? 'the settlement provider gave no reason'}`,
        },
        createdAt: updated.updatedAt,
      });
  }
  await schedulePayoutTimer(tx, updated, now, scheduleSeconds);
  return { kind: 'changed', payout: updated, statusChanged };
}
