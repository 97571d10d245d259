import { GatewayError } from '#libs/common';
import type { AccountAccessRequest } from '../capabilities/account-information.js';
import type { PaymentInitiation } from '../capabilities/payment-initiation.js';
import type { LocalInstrument, PartyAccount } from '../bank-types.js';
import type { JsonObject } from '../http/bank-json.js';
import type { BerlinGroupSettings } from './berlin-group-settings.js';

/** XS2A accountReference: one identifier of the account. */
export type AccountReference = { readonly iban: string } | { readonly bban: string };

/** Maximum lengths the standard gives the fields (Max35Text, Max70Text, Max140Text). */
export const MAX_END_TO_END = 35;
export const MAX_CREDITOR_NAME = 70;
const MAX_REMITTANCE = 140;

/** Consents live at most 90 days without renewed SCA; ask for 89 so no time zone makes it 91. */
export const CONSENT_VALIDITY_DAYS = 89;
/** Account reads a day the consent asks for (PSD2 allows 4 without the user present). */
export const CONSENT_FREQUENCY_PER_DAY = 4;

/** What kind of account each rail pays: SEPA needs an IBAN, the giro rails their own numbers. */
const CREDITOR_TYPES: Readonly<Record<LocalInstrument, readonly PartyAccount['identifier']['type'][]>> = {
  SEPA: ['iban'],
  SEPA_INSTANT: ['iban'],
  EU_DOMESTIC_NON_EURO: ['iban', 'bban'],
  EU_DOMESTIC_NON_EURO_INSTANT: ['iban', 'bban'],
  ELIXIR: ['iban', 'bban'],
  BANKGIRO: ['bankgiro'],
  PLUSGIRO: ['plusgiro'],
  FASTER_PAYMENTS: [],
};

/** An accountReference for a gateway account, or a 400 naming the field. */
export function accountReference(party: PartyAccount, path: string): AccountReference {
  const { identifier } = party;
  switch (identifier.type) {
    case 'iban':
      return { iban: identifier.iban.replace(/\s/g, '').toUpperCase() };
    case 'bban':
      return { bban: identifier.bban.replace(/\s/g, '') };
    // Swedish giro numbers travel as the BBAN of the bankgiro / plusgiro payment products.
    case 'bankgiro':
      return { bban: identifier.bankgiroNumber.replace(/\D/g, '') };
    case 'plusgiro':
      return { bban: identifier.plusgiroNumber.replace(/\D/g, '') };
    case 'gbDomestic':
      throw GatewayError.invalidField(
        path,
        'A Berlin Group bank cannot address a UK sort code and account number; use an IBAN.',
      );
  }
}

/** The creditor's accountReference, as the rail addresses it (or a 400 naming `creditor`). */
export function creditorAccount(initiation: Pick<PaymentInitiation, 'localInstrument' | 'creditor'>): AccountReference {
  const allowed = CREDITOR_TYPES[initiation.localInstrument];
  if (!allowed.includes(initiation.creditor.identifier.type)) {
    throw GatewayError.invalidField(
      'creditor',
      `A ${initiation.localInstrument} payment cannot be made to a ${initiation.creditor.identifier.type} account.`,
    );
  }
  return accountReference(initiation.creditor, 'creditor');
}

export function remittance(primary: string, secondary: string | undefined): string {
  return (secondary === undefined || secondary === '' ? primary : `${primary} ${secondary}`).slice(0, MAX_REMITTANCE);
}

/** ISO date (the date part of a date or date-time). */
export function isoDate(value: string): string {
  return value.slice(0, 10);
}

/** paymentInitiation_json of a single payment (every product takes this shape in v1.3). */
export function paymentInitiationBody(initiation: PaymentInitiation): JsonObject {
  const { creditor } = initiation;
  const bic = creditor.identifier.type === 'iban' ? creditor.identifier.bic : undefined;
  return {
    endToEndIdentification: initiation.refId.slice(0, MAX_END_TO_END),
    ...(initiation.debtor === undefined ? {} : { debtorAccount: accountReference(initiation.debtor, 'debtor') }),
    instructedAmount: { currency: initiation.amount.currency, amount: initiation.amount.value },
    creditorAccount: creditorAccount(initiation),
    ...(bic === undefined || bic === '' ? {} : { creditorAgent: bic }),
    creditorName: creditor.name.slice(0, MAX_CREDITOR_NAME),
    remittanceInformationUnstructured: remittance(
      initiation.remittanceInformationPrimary,
      initiation.remittanceInformationSecondary,
    ),
    ...(initiation.executionDate === undefined ? {} : { requestedExecutionDate: isoDate(initiation.executionDate) }),
  };
}

/**
 * consents_json. No permissions asks for every PSD2 account (allPsd2); otherwise a bank-offered
 * consent (empty lists: the user picks the accounts at the bank) covering what the permissions
 * name: accounts always, balances and transactions when asked for.
 */
export function consentBody(request: AccountAccessRequest, nowMs: number): JsonObject {
  const wants = (word: string): boolean =>
    request.permissions.some((permission) => permission.toLowerCase().includes(word));
  const access =
    request.permissions.length === 0
      ? { allPsd2: 'allAccounts' }
      : {
          accounts: [],
          ...(wants('balance') ? { balances: [] } : {}),
          ...(wants('transaction') ? { transactions: [] } : {}),
        };
  const validUntil =
    request.expiresAt === undefined
      ? new Date(nowMs + CONSENT_VALIDITY_DAYS * 86_400_000).toISOString()
      : request.expiresAt;
  return {
    access,
    recurringIndicator: true,
    validUntil: isoDate(validUntil),
    frequencyPerDay: CONSENT_FREQUENCY_PER_DAY,
    combinedServiceIndicator: false,
  };
}

/**
 * TPP-Redirect-URI and TPP-Nok-Redirect-URI: the gateway's callback with the payment's `state`
 * (XS2A has no state parameter, so it travels in the URI); the NOK one is marked
 * `error=access_denied`, as an OAuth refusal would be.
 */
export function tppRedirectUris(redirectUri: string, state: string): { readonly ok: string; readonly nok: string } {
  const ok = new URL(redirectUri);
  ok.searchParams.set('state', state);
  const nok = new URL(ok);
  nok.searchParams.set('error', 'access_denied');
  return { ok: ok.toString(), nok: nok.toString() };
}

/**
 * Headers of a payment initiation beyond those of every call: PSU-ID when the user at the bank
 * is known, and the TPP-* preferences of the bank's SCA approach. Redirect: TPP-Redirect-URI
 * (and TPP-Nok-Redirect-URI), redirect preferred, implicit start unless configured otherwise.
 * Decoupled: decoupled preferred, no redirect. Embedded: no redirect, explicit start (the
 * credentials the user types go into the authorisation's own start call).
 */
export function initiationHeaders(
  settings: BerlinGroupSettings,
  redirectUri: string,
  state: string,
  psuId: string | undefined,
): Record<string, string> {
  const user: Record<string, string> = psuId === undefined ? {} : { 'PSU-ID': psuId };
  switch (settings.scaApproach) {
    case 'redirect': {
      const uris = tppRedirectUris(redirectUri, state);
      return {
        ...user,
        'TPP-Redirect-Preferred': 'true',
        'TPP-Redirect-URI': uris.ok,
        ...(settings.tppRedirect.nokRedirect ? { 'TPP-Nok-Redirect-URI': uris.nok } : {}),
        'TPP-Explicit-Authorisation-Preferred': String(settings.tppRedirect.explicitAuthorisation),
      };
    }
    case 'decoupled':
      return {
        ...user,
        'TPP-Redirect-Preferred': 'false',
        'TPP-Decoupled-Preferred': 'true',
        'TPP-Explicit-Authorisation-Preferred': 'false',
      };
    case 'embedded':
      return { ...user, 'TPP-Redirect-Preferred': 'false', 'TPP-Explicit-Authorisation-Preferred': 'true' };
  }
}
