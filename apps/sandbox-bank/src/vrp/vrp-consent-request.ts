import {
  accountAt,
  amountAt,
  objectAt,
  optionalDateTimeAt,
  optionalObjectAt,
  optionalTextAt,
  textAt,
  type Json,
} from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import { checkReadRefundAccount } from '../payments/consent-checks.js';

export const PERIOD_TYPES = ['Day', 'Week', 'Fortnight', 'Month', 'Half-year', 'Year'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export const PERIOD_ALIGNMENTS = ['Consent', 'Calendar'] as const;
export type PeriodAlignment = (typeof PERIOD_ALIGNMENTS)[number];

export interface PeriodicLimit {
  readonly PeriodType: PeriodType;
  readonly PeriodAlignment: PeriodAlignment;
  readonly Amount: string;
  readonly Currency: string;
}

export interface ControlParameters {
  readonly ValidFromDateTime?: Date;
  readonly ValidToDateTime?: Date;
  readonly MaximumIndividualAmount: { readonly Amount: string; readonly Currency: string };
  readonly PeriodicLimits: readonly PeriodicLimit[];
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw ObieError.badRequest('UK.OBIE.Field.Invalid', `${path} must be one of ${allowed.join(', ')}.`, path);
  }
  return value as T;
}

function nonEmptyTextArray(parent: Json, key: string, path: string): void {
  const value = parent[key];
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string' && item !== '')) {
    throw ObieError.badRequest(
      value === undefined ? 'UK.OBIE.Field.Missing' : 'UK.OBIE.Field.Invalid',
      `${path} must be a non-empty list of codes.`,
      path,
    );
  }
}

/** OBDomesticVRPControlParameters, checked and typed. */
export function controlParameters(data: Json): ControlParameters {
  const path = 'Data.ControlParameters';
  const control = objectAt(data, 'ControlParameters', path);
  nonEmptyTextArray(control, 'VRPType', `${path}.VRPType`);
  nonEmptyTextArray(control, 'PSUAuthenticationMethods', `${path}.PSUAuthenticationMethods`);
  const limits = control['PeriodicLimits'];
  if (!Array.isArray(limits) || limits.length === 0)
    throw ObieError.badRequest(
      'UK.OBIE.Field.Missing',
      `${path}.PeriodicLimits is required.`,
      `${path}.PeriodicLimits`,
    );
  const from = optionalDateTimeAt(control, 'ValidFromDateTime', `${path}.ValidFromDateTime`);
  const to = optionalDateTimeAt(control, 'ValidToDateTime', `${path}.ValidToDateTime`);
  return {
    ...(from === undefined ? {} : { ValidFromDateTime: from }),
    ...(to === undefined ? {} : { ValidToDateTime: to }),
    MaximumIndividualAmount: amountAt(control, 'MaximumIndividualAmount', `${path}.MaximumIndividualAmount`),
    PeriodicLimits: (limits as unknown[]).map((limit, index) => {
      const limitPath = `${path}.PeriodicLimits[${index}]`;
      const entry = typeof limit === 'object' && limit !== null ? (limit as Json) : {};
      const { Amount, Currency } = amountAt({ value: entry }, 'value', limitPath);
      return {
        PeriodType: oneOf(entry['PeriodType'], PERIOD_TYPES, `${limitPath}.PeriodType`),
        PeriodAlignment: oneOf(entry['PeriodAlignment'], PERIOD_ALIGNMENTS, `${limitPath}.PeriodAlignment`),
        Amount,
        Currency,
      };
    }),
  };
}

/** OBDomesticVRPConsentRequest: control parameters and the initiation every payment repeats. */
export function validVrpConsentData(data: Json): ControlParameters {
  checkReadRefundAccount(data);
  const initiation = objectAt(data, 'Initiation', 'Data.Initiation');
  if (initiation['DebtorAccount'] !== undefined)
    accountAt(initiation, 'DebtorAccount', 'Data.Initiation.DebtorAccount', true);
  if (initiation['CreditorAccount'] !== undefined)
    accountAt(initiation, 'CreditorAccount', 'Data.Initiation.CreditorAccount', true);
  const remittance = optionalObjectAt(initiation, 'RemittanceInformation', 'Data.Initiation.RemittanceInformation');
  if (remittance !== undefined) {
    optionalTextAt(remittance, 'Unstructured', 'Data.Initiation.RemittanceInformation.Unstructured', 140);
    optionalTextAt(remittance, 'Reference', 'Data.Initiation.RemittanceInformation.Reference', 35);
  }
  return controlParameters(data);
}

/** OBDomesticVRPInstruction of a VRP request. */
export function validInstruction(data: Json): { instruction: Json; amount: string; currency: string } {
  const path = 'Data.Instruction';
  const instruction = objectAt(data, 'Instruction', path);
  textAt(instruction, 'InstructionIdentification', `${path}.InstructionIdentification`, 35);
  textAt(instruction, 'EndToEndIdentification', `${path}.EndToEndIdentification`, 35);
  accountAt(instruction, 'CreditorAccount', `${path}.CreditorAccount`, true);
  const { Amount, Currency } = amountAt(instruction, 'InstructedAmount', `${path}.InstructedAmount`);
  return { instruction, amount: Amount, currency: Currency };
}
