import {
  accountAt,
  amountAt,
  objectAt,
  optionalDateTimeAt,
  optionalObjectAt,
  optionalTextAt,
  type Json,
} from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import { checkReadRefundAccount } from '../payments/consent-checks.js';

export const PERIOD_TYPES = ['Day', 'Week', 'Fortnight', 'Month', 'Half-year', 'Year'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export const PERIOD_ALIGNMENTS = ['Consent', 'Calendar'] as const;
export type PeriodAlignment = (typeof PERIOD_ALIGNMENTS)[number];
/** OBVRPConsentType: sweeping, or any other (commercial) VRP. */
export const VRP_TYPES = ['UK.OBIE.VRPType.Sweeping', 'UK.OBIE.VRPType.Other'] as const;
export type VrpType = (typeof VRP_TYPES)[number];
/** OBVRPAuthenticationMethods. */
export const PSU_AUTHENTICATION_METHODS = ['UK.OBIE.SCA', 'UK.OBIE.SCANotRequired'] as const;
export type PsuAuthenticationMethod = (typeof PSU_AUTHENTICATION_METHODS)[number];
/** OBVRPInteractionTypes. */
export const PSU_INTERACTION_TYPES = ['InSession', 'OffSession'] as const;
export type PsuInteractionType = (typeof PSU_INTERACTION_TYPES)[number];

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
  readonly VRPType: readonly VrpType[];
  readonly PSUAuthenticationMethods: readonly PsuAuthenticationMethod[];
  /** Absent: any interaction type. */
  readonly PSUInteractionTypes?: readonly PsuInteractionType[];
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (value === undefined) throw ObieError.badRequest('UK.OBIE.Field.Missing', `${path} is required.`, path);
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw ObieError.badRequest('UK.OBIE.Field.Invalid', `${path} must be one of ${allowed.join(', ')}.`, path);
  }
  return value as T;
}

function codeList<T extends string>(
  parent: Json,
  key: string,
  path: string,
  allowed: readonly T[],
  required: boolean,
): T[] | undefined {
  const value = parent[key];
  if (value === undefined && !required) return undefined;
  if (!Array.isArray(value) || (required && value.length === 0)) {
    throw ObieError.badRequest(
      value === undefined ? 'UK.OBIE.Field.Missing' : 'UK.OBIE.Field.Invalid',
      `${path} must be a ${required ? 'non-empty ' : ''}list of codes.`,
      path,
    );
  }
  return value.map((item, index) => oneOf(item, allowed, `${path}[${index}]`));
}

/** SupplementaryData the sandbox cannot process: the standard has the bank refuse it. */
export function refuseSupplementaryData(parent: Json, path: string): void {
  const value = parent['SupplementaryData'];
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length > 0) {
    throw ObieError.badRequest('UK.OBIE.Field.Unexpected', `The bank cannot process ${path}.`, path);
  }
}

/** OBDomesticVRPControlParameters, checked and typed. */
export function controlParameters(data: Json): ControlParameters {
  const path = 'Data.ControlParameters';
  const control = objectAt(data, 'ControlParameters', path);
  const vrpTypes = codeList(control, 'VRPType', `${path}.VRPType`, VRP_TYPES, true) ?? [];
  const methods =
    codeList(
      control,
      'PSUAuthenticationMethods',
      `${path}.PSUAuthenticationMethods`,
      PSU_AUTHENTICATION_METHODS,
      true,
    ) ?? [];
  const interactions = codeList(
    control,
    'PSUInteractionTypes',
    `${path}.PSUInteractionTypes`,
    PSU_INTERACTION_TYPES,
    false,
  );
  refuseSupplementaryData(control, `${path}.SupplementaryData`);
  const limits = control['PeriodicLimits'];
  if (!Array.isArray(limits) || limits.length === 0)
    throw ObieError.badRequest(
      limits === undefined ? 'UK.OBIE.Field.Missing' : 'UK.OBIE.Field.Invalid',
      `${path}.PeriodicLimits must list at least one limit.`,
      `${path}.PeriodicLimits`,
    );
  const from = optionalDateTimeAt(control, 'ValidFromDateTime', `${path}.ValidFromDateTime`);
  const to = optionalDateTimeAt(control, 'ValidToDateTime', `${path}.ValidToDateTime`);
  if (from !== undefined && to !== undefined && to <= from)
    throw ObieError.badRequest(
      'UK.OBIE.Field.InvalidDate',
      `${path}.ValidToDateTime must be after ValidFromDateTime.`,
      `${path}.ValidToDateTime`,
    );
  return {
    ...(from === undefined ? {} : { ValidFromDateTime: from }),
    ...(to === undefined ? {} : { ValidToDateTime: to }),
    MaximumIndividualAmount: amountAt(control, 'MaximumIndividualAmount', `${path}.MaximumIndividualAmount`),
    PeriodicLimits: (limits as unknown[]).map((limit, index) => {
      const limitPath = `${path}.PeriodicLimits[${index}]`;
      if (typeof limit !== 'object' || limit === null || Array.isArray(limit))
        throw ObieError.badRequest('UK.OBIE.Field.Invalid', `${limitPath} must be an object.`, limitPath);
      const entry = limit as Json;
      const { Amount, Currency } = amountAt({ value: entry }, 'value', limitPath);
      const type = oneOf(entry['PeriodType'], PERIOD_TYPES, `${limitPath}.PeriodType`);
      const alignment = oneOf(entry['PeriodAlignment'], PERIOD_ALIGNMENTS, `${limitPath}.PeriodAlignment`);
      // No calendar says when a fortnight starts: the standard has it aligned to the consent.
      if (type === 'Fortnight' && alignment === 'Calendar')
        throw ObieError.badRequest(
          'UK.OBIE.Field.Invalid',
          `${limitPath}.PeriodAlignment must be Consent for a Fortnight.`,
          `${limitPath}.PeriodAlignment`,
        );
      return { PeriodType: type, PeriodAlignment: alignment, Amount, Currency };
    }),
    VRPType: vrpTypes,
    PSUAuthenticationMethods: methods,
    ...(interactions === undefined ? {} : { PSUInteractionTypes: interactions }),
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
  const control = controlParameters(data);
  // Only a non-sweeping VRP may leave the creditor to each payment (deferred CreditorAccount).
  if (initiation['CreditorAccount'] === undefined && control.VRPType.includes('UK.OBIE.VRPType.Sweeping'))
    throw ObieError.badRequest(
      'UK.OBIE.Field.Missing',
      'A sweeping VRP consent names its Data.Initiation.CreditorAccount.',
      'Data.Initiation.CreditorAccount',
    );
  return control;
}
