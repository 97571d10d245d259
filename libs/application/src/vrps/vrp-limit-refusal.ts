import { GatewayError } from '#libs/common';
import type { VrpLimitRefusal } from '#libs/domain';

/** The VrpConsentViolation error of a payment the consent's controls do not allow, saying which rule. */
export function vrpViolation(vrpConsentId: string, message: string, path?: string): GatewayError {
  return new GatewayError('Rules.VrpConsentViolation', {
    message,
    details: { vrpConsentId },
    ...(path === undefined ? {} : { paths: [path] }),
  });
}

/** Why the limit engine refused a VRP, in words a TPP can act on. */
export function vrpLimitMessage(refusal: VrpLimitRefusal): string {
  switch (refusal.reason) {
    case 'before-start':
      return `The VRP consent allows payments from ${refusal.startDateTime.toISOString()}.`;
    case 'after-end':
      return `The VRP consent allowed payments until ${refusal.endDateTime.toISOString()}.`;
    case 'below-minimum':
      return `The amount is below the consent's minimumIndividualAmount ${refusal.minimumIndividualAmount}.`;
    case 'above-maximum':
      return `The amount is above the consent's maximumIndividualAmount ${refusal.maximumIndividualAmount}.`;
    case 'periodic-limit': {
      const period = refusal.period;
      return (
        `The amount exceeds the consent's ${period.periodAlignment} ${period.periodType} limit of ` +
        `${period.maximumAmount} for ${period.firstDate} to ${period.lastDate}: ${period.remaining} remains.`
      );
    }
    case 'occurrences-exhausted':
      return `The consent's maximumOccurrences (${refusal.maximumOccurrences}) are used.`;
  }
}
