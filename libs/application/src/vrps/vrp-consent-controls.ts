import type { VrpConsent } from '#libs/db';
import type { VrpControls, VrpConsentInitiationInput, VrpPeriodicLimit } from '#libs/domain';

/** What the limit engine checks a VRP against: the consent's stored controls. */
export function vrpControlsOf(consent: VrpConsent): VrpControls {
  return {
    currency: consent.currency,
    ...(consent.minimumIndividualAmount === null
      ? {}
      : { minimumIndividualAmount: consent.minimumIndividualAmount.toFixed() }),
    maximumIndividualAmount: consent.maximumIndividualAmount.toFixed(),
    periodicLimits: consent.periodicLimits as unknown as readonly VrpPeriodicLimit[],
    maximumOccurrences: consent.maximumOccurrences,
    startDateTime: consent.startDateTime,
    ...(consent.endDateTime === null ? {} : { endDateTime: consent.endDateTime }),
    timeZone: consent.bankTimeZone,
  };
}

/** The creditor the consent pays (sort code and account number), as the consent was accepted. */
export function vrpConsentCreditor(consent: VrpConsent): VrpConsentInitiationInput['creditor'] {
  return (consent.initiation as unknown as VrpConsentInitiationInput).creditor;
}
