import type {
  AccountIdentifier,
  BankPaymentHandle,
  PartyAccount,
  PaymentInitiation,
  RequestingParty,
} from '#libs/connectors';
import type { Payment } from '#libs/db';
import type { PaymentAccountFields, PaymentDebtor, PaymentInitiationInput, PaymentLocalInstrument } from '#libs/domain';

/** The identifier a rail carries, from the account fields validation has already checked. */
export function accountIdentifier(rail: PaymentLocalInstrument, account: PaymentAccountFields): AccountIdentifier {
  const bic = account.bic;
  switch (rail) {
    case 'FASTER_PAYMENTS':
      return { type: 'gbDomestic', sortCode: account.sortCode ?? '', accountNumber: account.accountNumber ?? '' };
    case 'BANKGIRO':
      return { type: 'bankgiro', bankgiroNumber: account.bankgiroNumber ?? '' };
    case 'PLUSGIRO':
      return { type: 'plusgiro', plusgiroNumber: account.plusgiroNumber ?? '' };
    case 'SEPA':
    case 'SEPA_INSTANT':
    case 'ELIXIR':
    case 'EU_DOMESTIC_NON_EURO':
    case 'EU_DOMESTIC_NON_EURO_INSTANT':
      if (account.iban !== undefined)
        return { type: 'iban', iban: account.iban, ...(bic === undefined ? {} : { bic }) };
      return { type: 'bban', bban: account.bban ?? account.accountNumber ?? '', ...(bic === undefined ? {} : { bic }) };
  }
}

function debtorOf(rail: PaymentLocalInstrument, debtor: PaymentDebtor | undefined): PartyAccount | undefined {
  if (debtor === undefined || debtor.tokenizedAccountId !== undefined) return undefined;
  const hasAccount = [
    debtor.iban,
    debtor.bban,
    debtor.accountNumber,
    debtor.bankgiroNumber,
    debtor.plusgiroNumber,
  ].some((v) => v !== undefined);
  return hasAccount ? { name: debtor.name ?? '', identifier: accountIdentifier(rail, debtor) } : undefined;
}

export interface BankInitiationContext {
  /** The gateway's callback URL the bank sends the user back to. */
  readonly redirectUri: string;
  /** Who the bank's consent page names as asking (the member's display name). */
  readonly requestingParty?: RequestingParty;
  /** The debtor an Account on File reference names, resolved for this call (the stored payment keeps the reference). */
  readonly resolvedDebtor?: PaymentDebtor;
}

/** The connector's view of a payment whose bank and rail are known. */
/** The parts of a payment (stored or about to be) that a bank call needs. */
export type PaymentForBank = Pick<Payment, 'id' | 'localInstrument' | 'callbackToken' | 'nonce'> & {
  readonly initiation: unknown;
};

export function bankInitiationOf(payment: PaymentForBank, context: BankInitiationContext): PaymentInitiation {
  const input = payment.initiation as PaymentInitiationInput;
  const rail = payment.localInstrument as PaymentLocalInstrument;
  const debtor = debtorOf(rail, context.resolvedDebtor ?? input.debtor);
  return {
    paymentId: payment.id,
    refId: input.refId,
    amount: { value: input.amount.value, currency: input.amount.currency },
    localInstrument: rail,
    creditor: { name: input.creditor.name, identifier: accountIdentifier(rail, input.creditor) },
    ...(debtor === undefined ? {} : { debtor }),
    remittanceInformationPrimary: input.remittanceInformationPrimary,
    ...(input.remittanceInformationSecondary === undefined
      ? {}
      : { remittanceInformationSecondary: input.remittanceInformationSecondary }),
    ...(input.executionDate === undefined ? {} : { executionDate: input.executionDate }),
    ...(input.confirmFunds === undefined ? {} : { confirmFunds: input.confirmFunds }),
    redirectUri: context.redirectUri,
    state: payment.callbackToken,
    nonce: payment.nonce,
    ...(input.risk?.psuId === undefined ? {} : { psuId: input.risk.psuId }),
    ...(input.risk === undefined ? {} : { risk: input.risk as Readonly<Record<string, unknown>> }),
    ...(context.requestingParty === undefined ? {} : { requestingParty: context.requestingParty }),
  };
}

/** The bank's handle of a stored payment, as its connector last gave it. */
export function bankHandleOf(
  payment: Pick<Payment, 'bankConsentId' | 'bankPaymentId' | 'bankContinuation'>,
): BankPaymentHandle {
  return {
    bankConsentId: payment.bankConsentId ?? '',
    ...(payment.bankPaymentId === null ? {} : { bankPaymentId: payment.bankPaymentId }),
    ...(payment.bankContinuation === null ? {} : { continuation: payment.bankContinuation as Record<string, string> }),
  };
}
