import { describe, expect, it } from 'vitest';
import { validPeriodicPaymentBody } from './periodic-payment-body.js';

const BODY = {
  endToEndIdentification: 'so-1',
  instructedAmount: { currency: 'EUR', amount: '75.00' },
  creditorAccount: { iban: 'DE89370400440532013000' },
  creditorName: 'Landlord GmbH',
  remittanceInformationUnstructured: 'RENT',
  startDate: '2026-12-01',
  endDate: '2027-12-01',
  frequency: 'Monthly',
  executionRule: 'following',
  dayOfExecution: '01',
};
const TODAY = '2026-11-22';

const refusal = (change: Record<string, unknown>): unknown => {
  try {
    validPeriodicPaymentBody({ ...BODY, ...change }, 'sepa-credit-transfers', TODAY);
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('validPeriodicPaymentBody', () => {
  it('takes a monthly SEPA standing order', () => {
    expect(validPeriodicPaymentBody(BODY, 'sepa-credit-transfers', TODAY)).toMatchObject({
      amount: '75.00',
      currency: 'EUR',
      startDate: '2026-12-01',
      endDate: '2027-12-01',
      frequency: 'Monthly',
    });
    const { endDate: _endDate, executionRule: _rule, dayOfExecution: _day, ...open } = BODY;
    expect(validPeriodicPaymentBody(open, 'sepa-credit-transfers', TODAY).endDate).toBeUndefined();
  });

  it.each([
    [{ startDate: undefined }, 'FORMAT_ERROR'],
    [{ startDate: '2026-11-21' }, 'EXECUTION_DATE_INVALID'],
    [{ endDate: '2026-11-30' }, 'EXECUTION_DATE_INVALID'],
    [{ endDate: '2027-13-01' }, 'FORMAT_ERROR'],
    [{ frequency: 'Fortnightly' }, 'FORMAT_ERROR'],
    [{ frequency: undefined }, 'FORMAT_ERROR'],
    [{ executionRule: 'nearest' }, 'FORMAT_ERROR'],
    [{ dayOfExecution: '32' }, 'FORMAT_ERROR'],
    [{ requestedExecutionDate: '2026-12-01' }, 'FORMAT_ERROR'],
    [{ instructedAmount: { currency: 'USD', amount: '75.00' } }, 'FORMAT_ERROR'],
  ])('refuses %j with %s', (change, code) => {
    expect(refusal(change)).toMatchObject({ code });
  });
});
