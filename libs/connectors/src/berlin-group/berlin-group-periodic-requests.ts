import type { StandingOrderInitiation } from '../capabilities/standing-orders.js';
import type { JsonObject } from '../http/bank-json.js';
import { berlinGroupFrequency } from './berlin-group-periodic-frequency.js';
import {
  MAX_CREDITOR_NAME,
  MAX_END_TO_END,
  accountReference,
  creditorAccount,
  isoDate,
  remittance,
} from './berlin-group-requests.mappers.js';

/**
 * periodicPaymentInitiation_json: the single payment's fields (the amount is each payment's)
 * with startDate, endDate (absent: until cancelled), frequency, dayOfExecution, and
 * executionRule `following` (a date on a bank holiday moves to the next business day).
 */
export function periodicPaymentBody(initiation: StandingOrderInitiation): JsonObject {
  const { creditor } = initiation;
  const bic = creditor.identifier.type === 'iban' ? creditor.identifier.bic : undefined;
  const { frequency, dayOfExecution } = berlinGroupFrequency(initiation.frequency, initiation.startDate);
  return {
    endToEndIdentification: initiation.refId.slice(0, MAX_END_TO_END),
    ...(initiation.debtor === undefined ? {} : { debtorAccount: accountReference(initiation.debtor, 'debtor') }),
    instructedAmount: { currency: initiation.amount.currency, amount: initiation.amount.value },
    creditorAccount: creditorAccount(initiation),
    ...(bic === undefined || bic === '' ? {} : { creditorAgent: bic }),
    creditorName: creditor.name.slice(0, MAX_CREDITOR_NAME),
    remittanceInformationUnstructured: remittance(initiation.remittanceReference ?? initiation.refId, undefined),
    startDate: isoDate(initiation.startDate),
    ...(initiation.endDate === undefined ? {} : { endDate: isoDate(initiation.endDate) }),
    executionRule: 'following',
    frequency,
    ...(dayOfExecution === undefined ? {} : { dayOfExecution }),
  };
}
