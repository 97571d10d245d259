import type { PaymentAccountFields, RequestedLocalInstrument } from '../shared/payment-fields.js';

/** What a payment to a settlement account reads of the account. */
export interface SettlementAccountAsCreditor {
  readonly id: string;
  readonly status: string;
  readonly currency: string;
  readonly accountName: string | null;
  readonly accountNickName: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly sortCode: string | null;
  readonly accountNumber: string | null;
}

export type SettlementCreditorResolution =
  | { readonly ok: true; readonly name: string; readonly account: PaymentAccountFields }
  | { readonly ok: false; readonly message: string };

/** The rails a settlement account is paid on, with the identifiers each takes from the account. */
const RAIL_IDENTIFIERS = {
  SEPA: (account: SettlementAccountAsCreditor) => ibanOf(account),
  SEPA_INSTANT: (account: SettlementAccountAsCreditor) => ibanOf(account),
  FASTER_PAYMENTS: (account: SettlementAccountAsCreditor) => ukAccountOf(account),
} as const satisfies Partial<
  Record<RequestedLocalInstrument, (account: SettlementAccountAsCreditor) => PaymentAccountFields | undefined>
>;
type SettlementRail = keyof typeof RAIL_IDENTIFIERS;

function ibanOf(account: SettlementAccountAsCreditor): PaymentAccountFields | undefined {
  if (account.iban === null) return undefined;
  return account.bic === null ? { iban: account.iban } : { iban: account.iban, bic: account.bic };
}

function ukAccountOf(account: SettlementAccountAsCreditor): PaymentAccountFields | undefined {
  if (account.sortCode === null || account.accountNumber === null) return undefined;
  return { sortCode: account.sortCode, accountNumber: account.accountNumber };
}

/**
 * The creditor a payment to `account` names at the bank: the account's name and the identifiers
 * of the rail (IBAN for SEPA and SEPA_INSTANT, sort code and account number for FASTER_PAYMENTS;
 * with AUTO_SELECT every identifier the account has, from which the rail is picked). Refused:
 * an account that is not ACTIVE, in another currency than the payment, or without the
 * identifiers of the rail; a rail settlement accounts are not paid on.
 */
export function settlementCreditorFor(
  account: SettlementAccountAsCreditor,
  payment: { readonly currency: string; readonly localInstrument: RequestedLocalInstrument },
): SettlementCreditorResolution {
  const refuse = (message: string): SettlementCreditorResolution => ({ ok: false, message });
  if (account.status !== 'ACTIVE') return refuse(`settlement account ${account.id} is ${account.status}`);
  if (account.currency !== payment.currency)
    return refuse(`settlement account ${account.id} holds ${account.currency}, not ${payment.currency}`);
  const name = account.accountName ?? account.accountNickName ?? account.id;
  if (payment.localInstrument === 'AUTO_SELECT') {
    const identifiers = { ...ukAccountOf(account), ...ibanOf(account) };
    return Object.keys(identifiers).length === 0
      ? refuse(`settlement account ${account.id} has no account identifiers`)
      : { ok: true, name, account: identifiers };
  }
  if (!Object.hasOwn(RAIL_IDENTIFIERS, payment.localInstrument))
    return refuse(
      `settlement accounts are paid by ${Object.keys(RAIL_IDENTIFIERS).join(', ')}, not ${payment.localInstrument}`,
    );
  const identifiers = RAIL_IDENTIFIERS[payment.localInstrument as SettlementRail](account);
  return identifiers === undefined
    ? refuse(`settlement account ${account.id} has no identifiers for ${payment.localInstrument}`)
    : { ok: true, name, account: identifiers };
}
