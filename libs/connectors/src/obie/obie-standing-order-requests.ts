import type { StandingOrderInitiation } from '../capabilities/standing-orders.js';
import type { JsonObject } from '../http/bank-json.js';
import { executionDateTime, localInstrument, obAccountAt } from './obie-requests.mappers.js';
import { obieFrequency } from './obie-standing-order-frequency.js';

/** OBDomesticStandingOrder3: the same Initiation for the consent and the standing order. */
export function obStandingOrderInitiation(bankId: string, initiation: StandingOrderInitiation): JsonObject {
  // The rail must be one a UK bank pays by, though the standing order does not name it.
  localInstrument(bankId, initiation.localInstrument);
  const amount = { Amount: initiation.amount.value, Currency: initiation.amount.currency };
  const reference = initiation.remittanceReference ?? initiation.refId;
  return {
    Frequency: obieFrequency(initiation.frequency, initiation.startDate),
    Reference: reference.slice(0, 35),
    FirstPaymentDateTime: executionDateTime(initiation.startDate),
    ...(initiation.endDate === undefined ? {} : { FinalPaymentDateTime: executionDateTime(initiation.endDate) }),
    FirstPaymentAmount: amount,
    RecurringPaymentAmount: amount,
    ...(initiation.debtor === undefined ? {} : { DebtorAccount: obAccountAt(initiation.debtor, 'debtor') }),
    CreditorAccount: obAccountAt(initiation.creditor, 'creditor'),
  };
}

/** OBWriteDomesticStandingOrderConsent5. */
export function standingOrderConsentRequest(bankId: string, initiation: StandingOrderInitiation): JsonObject {
  return {
    Data: { Permission: 'Create', Initiation: obStandingOrderInitiation(bankId, initiation) },
    Risk: {},
  };
}

/** OBWriteDomesticStandingOrder3: the consent's Initiation and Risk, repeated exactly. */
export function standingOrderRequest(
  bankId: string,
  consentId: string,
  initiation: StandingOrderInitiation,
): JsonObject {
  return { Data: { ConsentId: consentId, Initiation: obStandingOrderInitiation(bankId, initiation) }, Risk: {} };
}
