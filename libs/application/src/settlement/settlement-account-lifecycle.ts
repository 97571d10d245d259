import type {
  NewSettlementAccount,
  SettlementAccount,
  SettlementAccountChange,
  SettlementAccountRepository,
} from '#libs/db';
import { isSettlementAccountOpened, settlementAccountStatusMachine, type SettlementAccountStatus } from '#libs/domain';
import type { Lifecycle, LifecycleTimer } from '../lifecycle/lifecycle.js';
import { settlementCreditReadTimer, settlementCreditTimerId } from './settlement-credit-timer.js';

/** What an account's move needs beyond its row: its repository (bound to the transaction) and when credits are first read. */
export interface SettlementAccountMoveContext {
  readonly accounts: SettlementAccountRepository;
  /** Seconds from the account's opening to the first read of its credits. */
  readonly creditReadSeconds: number;
}

/** The account's timer row: the credit read once its provider opened it; none while OPENING or once REFUSED. */
export function settlementAccountTimer(
  account: SettlementAccount,
  now: Date,
  creditReadSeconds: number,
): LifecycleTimer | null {
  if (!isSettlementAccountOpened(account.status)) return null;
  return settlementCreditReadTimer(account.id, new Date(now.getTime() + creditReadSeconds * 1000));
}

/**
 * The lifecycle of a settlement account: stored OPENING (no timer), then the status its provider
 * gave it as it opened the account, with its identifiers, or REFUSED. The opening sets the
 * account's credit-reader timer (`settlement.read-credits`, which then sets itself after each
 * read); a refusal keeps none. Accounts write no events.
 */
export const settlementAccountLifecycle: Lifecycle<
  SettlementAccount,
  SettlementAccountChange,
  SettlementAccountStatus,
  SettlementAccountMoveContext,
  void,
  NewSettlementAccount
> = {
  name: 'settlement account',
  machine: settlementAccountStatusMachine,
  statusOf: (account) => account.status,
  proposedStatusOf: (change) => change.status,
  idOf: (account) => account.id,
  update: (tx, current, change, { accounts }) => accounts.in(tx).update(current, change),
  insert: (tx, row, { accounts }) => accounts.in(tx).insert(row),
  events: () => [],
  timer: (account, now, { creditReadSeconds }) => settlementAccountTimer(account, now, creditReadSeconds),
  timerId: settlementCreditTimerId,
};
