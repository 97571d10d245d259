import type { VrpControlParameters } from '../capabilities/vrp.js';
import { arrayAt, asObject, optionalText, type JsonObject } from '../http/bank-json.js';

/** OBDomesticVRPControlParameters as the bank holds them, in the capability's words. */
export function controlParametersOf(data: JsonObject): VrpControlParameters | undefined {
  const control = asObject(data['ControlParameters']);
  const maximum = asObject(control?.['MaximumIndividualAmount']);
  const currency = optionalText(maximum, 'Currency');
  const amount = optionalText(maximum, 'Amount');
  if (control === undefined || currency === undefined || amount === undefined) return undefined;
  const validFrom = optionalText(control, 'ValidFromDateTime');
  const validTo = optionalText(control, 'ValidToDateTime');
  return {
    vrpTypes: arrayAt(control, 'VRPType', 'Data.ControlParameters.VRPType').filter(
      (type): type is string => typeof type === 'string',
    ),
    currency,
    maximumIndividualAmount: amount,
    periodicLimits: arrayAt(control, 'PeriodicLimits', 'Data.ControlParameters.PeriodicLimits').map((entry) => {
      const limit = asObject(entry);
      return {
        maximumAmount: optionalText(limit, 'Amount') ?? '',
        periodType: optionalText(limit, 'PeriodType') ?? '',
        periodAlignment: optionalText(limit, 'PeriodAlignment') ?? '',
      };
    }),
    ...(validFrom === undefined ? {} : { validFrom }),
    ...(validTo === undefined ? {} : { validTo }),
  };
}
