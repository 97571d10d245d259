import { objectAt, sameJson, type Json } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import type { Consent } from '../store/consent.store.js';

/** The answer to a call that needs the consent Authorised while it is not. */
export function consentNotAuthorised(consent: Consent): ObieError {
  return ObieError.badRequest(
    'UK.OBIE.Resource.InvalidConsentStatus',
    `The consent is ${consent.status}, not Authorised.`,
  );
}

/** A payment submitted under a consent repeats the consent's Data.Initiation and Risk. */
export function assertSameAsConsent(request: Json, data: Json, consent: Consent): void {
  const stored = consent.request as { Data: Record<string, unknown>; Risk: unknown };
  if (!sameJson(objectAt(data, 'Initiation', 'Data.Initiation'), stored.Data['Initiation'])) {
    throw ObieError.badRequest(
      'UK.OBIE.Resource.ConsentMismatch',
      'Data.Initiation differs from the consent.',
      'Data.Initiation',
    );
  }
  if (!sameJson(request['Risk'], stored.Risk))
    throw ObieError.badRequest('UK.OBIE.Resource.ConsentMismatch', 'Risk differs from the consent.', 'Risk');
}

/** Data.ReadRefundAccount of a payment or VRP consent request, when given: Yes or No. */
export function checkReadRefundAccount(data: Json): void {
  const refund = data['ReadRefundAccount'];
  if (refund !== undefined && refund !== 'Yes' && refund !== 'No')
    throw ObieError.badRequest(
      'UK.OBIE.Field.Invalid',
      'Data.ReadRefundAccount must be Yes or No.',
      'Data.ReadRefundAccount',
    );
}
