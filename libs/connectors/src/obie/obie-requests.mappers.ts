import { GatewayError } from '#libs/common';
import type { AccountAccessRequest } from '../capabilities/account-information.js';
import type { FundsCheck } from '../capabilities/funds-confirmation.js';
import type { PaymentInitiation } from '../capabilities/payment-initiation.js';
import type { VrpConsentRequest, VrpRequest } from '../capabilities/vrp.js';
import { BankOperationUnsupportedError } from '../bank-errors.js';
import type { LocalInstrument, PartyAccount } from '../bank-types.js';
import { obAccountFor } from './obie-accounts.mappers.js';
import type { JsonObject } from '../http/bank-json.js';

/** OBExternalLocalInstrument1Code for the rails an OBIE (UK) bank takes. */
const LOCAL_INSTRUMENTS: Partial<Record<LocalInstrument, string>> = { FASTER_PAYMENTS: 'UK.OBIE.FPS' };

const PERIOD_TYPES = { DAY: 'Day', WEEK: 'Week', MONTH: 'Month', YEAR: 'Year' } as const;
const PERIOD_ALIGNMENTS = { CONSENT: 'Consent', CALENDAR: 'Calendar' } as const;

/** What the gateway asks for when an account-access request names no permissions. */
export const DEFAULT_AIS_PERMISSIONS = [
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadTransactionsDetail',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadStandingOrdersDetail',
] as const;

/** OBCashAccount of a party, or a 400 naming `path` for an account a UK bank cannot address. */
export function obAccountAt(party: PartyAccount, path: string): JsonObject {
  const mapped = obAccountFor(party);
  if (mapped === undefined)
    throw GatewayError.invalidField(path, `A UK Open Banking bank cannot pay a ${party.identifier.type} account.`);
  return mapped;
}

export function localInstrument(bankId: string, instrument: LocalInstrument): string {
  const code = LOCAL_INSTRUMENTS[instrument];
  if (code === undefined) throw new BankOperationUnsupportedError(bankId, `payments by ${instrument}`);
  return code;
}

function remittance(primary: string, secondary: string | undefined): JsonObject {
  return {
    Reference: primary.slice(0, 35),
    ...(secondary === undefined || secondary === '' ? {} : { Unstructured: secondary.slice(0, 140) }),
  };
}

/** ISO date or date-time -> ISODateTime with an offset. */
export function executionDateTime(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00+00:00` : date;
}

/** OBDomestic2 (or OBDomesticScheduled2 with an execution date); built the same way for consent and order. */
export function obInitiation(bankId: string, initiation: PaymentInitiation): JsonObject {
  const reference = initiation.refId.slice(0, 35);
  return {
    InstructionIdentification: reference,
    EndToEndIdentification: reference,
    LocalInstrument: localInstrument(bankId, initiation.localInstrument),
    ...(initiation.executionDate === undefined
      ? {}
      : { RequestedExecutionDateTime: executionDateTime(initiation.executionDate) }),
    InstructedAmount: { Amount: initiation.amount.value, Currency: initiation.amount.currency },
    ...(initiation.debtor === undefined ? {} : { DebtorAccount: obAccountAt(initiation.debtor, 'initiation.debtor') }),
    CreditorAccount: obAccountAt(initiation.creditor, 'initiation.creditor'),
    RemittanceInformation: remittance(
      initiation.remittanceInformationPrimary,
      initiation.remittanceInformationSecondary,
    ),
  };
}

function risk(initiation: PaymentInitiation): JsonObject {
  return initiation.risk ?? {};
}

/** OBWriteDomesticConsent4 / OBWriteDomesticScheduledConsent4. */
export function paymentConsentRequest(bankId: string, initiation: PaymentInitiation): JsonObject {
  const scheduled = initiation.executionDate !== undefined;
  return {
    Data: {
      ...(scheduled ? { Permission: 'Create' } : {}),
      ReadRefundAccount: 'Yes',
      Initiation: obInitiation(bankId, initiation),
    },
    Risk: risk(initiation),
  };
}

/** OBWriteDomestic2 / OBWriteDomesticScheduled2: the consent's Initiation and Risk, repeated exactly. */
export function paymentOrderRequest(bankId: string, consentId: string, initiation: PaymentInitiation): JsonObject {
  return { Data: { ConsentId: consentId, Initiation: obInitiation(bankId, initiation) }, Risk: risk(initiation) };
}

const VRP_TYPES = { SWEEPING: 'UK.OBIE.VRPType.Sweeping', OTHER: 'UK.OBIE.VRPType.Other' } as const;

/**
 * OBDomesticVRPConsentRequest: SCA once, when the user authorises the consent; its payments are
 * made without the user (UK.OBIE.SCANotRequired, OffSession), as the gateway makes them.
 */
export function vrpConsentRequest(request: VrpConsentRequest): JsonObject {
  return {
    Data: {
      ReadRefundAccount: 'Yes',
      ControlParameters: {
        ...(request.validFrom === undefined ? {} : { ValidFromDateTime: request.validFrom }),
        ...(request.validTo === undefined ? {} : { ValidToDateTime: request.validTo }),
        MaximumIndividualAmount: { Amount: request.maximumIndividualAmount, Currency: request.currency },
        PeriodicLimits: request.periodicLimits.map((limit) => ({
          PeriodType: PERIOD_TYPES[limit.periodType],
          PeriodAlignment: PERIOD_ALIGNMENTS[limit.periodAlignment],
          Amount: limit.maximumAmount,
          Currency: request.currency,
        })),
        VRPType: [VRP_TYPES[request.vrpType ?? 'SWEEPING']],
        PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
        PSUInteractionTypes: ['OffSession'],
      },
      Initiation: {
        ...(request.debtor === undefined ? {} : { DebtorAccount: obAccountAt(request.debtor, 'debtor') }),
        CreditorAccount: obAccountAt(request.creditor, 'creditor'),
        RemittanceInformation: remittance(request.remittanceInformationPrimary, request.remittanceInformationSecondary),
      },
    },
    Risk: {},
  };
}

/**
 * The instruction's RemittanceInformation: the standard has its Reference repeat the consent's,
 * so this payment's own words go in Unstructured then.
 */
function vrpRemittance(request: VrpRequest, consentInitiation: JsonObject): JsonObject {
  const consentRemittance = consentInitiation['RemittanceInformation'];
  const consentReference =
    typeof consentRemittance === 'object' && consentRemittance !== null && !Array.isArray(consentRemittance)
      ? (consentRemittance as JsonObject)['Reference']
      : undefined;
  if (typeof consentReference !== 'string')
    return remittance(request.remittanceInformationPrimary, request.remittanceInformationSecondary);
  const words = [request.remittanceInformationPrimary, request.remittanceInformationSecondary ?? '']
    .filter((part) => part !== '')
    .join(' ');
  return { Reference: consentReference, ...(words === '' ? {} : { Unstructured: words.slice(0, 140) }) };
}

/** OBDomesticVRPRequest: the consent's Initiation and Risk with this payment's instruction. */
export function vrpRequest(request: VrpRequest, consentInitiation: JsonObject, consentRisk: JsonObject): JsonObject {
  const instruction = request.vrpId.slice(0, 35);
  return {
    Data: {
      ConsentId: request.bankConsentId,
      PSUAuthenticationMethod: 'UK.OBIE.SCANotRequired',
      PSUInteractionType: 'OffSession',
      Initiation: consentInitiation,
      Instruction: {
        InstructionIdentification: instruction,
        EndToEndIdentification: request.refId.slice(0, 35),
        LocalInstrument: 'UK.OBIE.FPS',
        RemittanceInformation: vrpRemittance(request, consentInitiation),
        InstructedAmount: { Amount: request.amount.value, Currency: request.amount.currency },
        CreditorAccount: obAccountAt(request.creditor, 'creditor'),
      },
    },
    Risk: consentRisk,
  };
}

/**
 * OBVRPFundsConfirmationRequest. Data.Reference is optional and, when sent, must repeat the
 * consent's reference, so it is left out (the check's own reference stays with the caller).
 */
export function vrpFundsConfirmationRequest(check: FundsCheck): JsonObject {
  return {
    Data: {
      ConsentId: check.bankConsentId,
      InstructedAmount: { Amount: check.amount.value, Currency: check.amount.currency },
    },
  };
}

/** OBReadConsent1. */
export function accountAccessRequest(request: AccountAccessRequest): JsonObject {
  return {
    Data: {
      Permissions: request.permissions.length === 0 ? [...DEFAULT_AIS_PERMISSIONS] : [...request.permissions],
      ...(request.expiresAt === undefined ? {} : { ExpirationDateTime: request.expiresAt }),
    },
    Risk: {},
  };
}
