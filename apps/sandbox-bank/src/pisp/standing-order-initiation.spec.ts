import { describe, expect, it } from 'vitest';
import { checkStandingOrderPermission, validStandingOrderInitiation } from './standing-order-initiation.js';

const INITIATION = {
  Frequency: 'IntrvlMnthDay:01:15',
  Reference: 'RENT',
  FirstPaymentDateTime: '2030-01-15T00:00:00+00:00',
  FinalPaymentDateTime: '2031-01-15T00:00:00+00:00',
  FirstPaymentAmount: { Amount: '75.00', Currency: 'GBP' },
  RecurringPaymentAmount: { Amount: '75.00', Currency: 'GBP' },
  CreditorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '04000487654321', Name: 'L' },
};

const errorOf = (initiation: Record<string, unknown>): unknown => {
  try {
    validStandingOrderInitiation({ Initiation: initiation });
  } catch (error) {
    return (error as { toResponse(): unknown }).toResponse();
  }
  throw new Error('expected a refusal');
};

describe('validStandingOrderInitiation', () => {
  it('takes an OBDomesticStandingOrder3 and reads its first payment', () => {
    expect(validStandingOrderInitiation({ Initiation: INITIATION })).toMatchObject({
      frequency: 'IntrvlMnthDay:01:15',
      amount: '75.00',
      currency: 'GBP',
      firstPaymentAt: new Date('2030-01-15T00:00:00Z'),
      finalPaymentAt: new Date('2031-01-15T00:00:00Z'),
    });
    for (const frequency of ['EvryDay', 'EvryWorkgDay', 'IntrvlDay:14', 'IntrvlWkDay:02:05', 'QtrDay:ENGLISH'])
      expect(validStandingOrderInitiation({ Initiation: { ...INITIATION, Frequency: frequency } }).frequency).toBe(
        frequency,
      );
  });

  it.each([
    [{ Frequency: 'Monthly' }, 'UK.OBIE.Field.InvalidFormat', 'Data.Initiation.Frequency'],
    [{ Frequency: 'IntrvlMnthDay:07:15' }, 'UK.OBIE.Field.InvalidFormat', 'Data.Initiation.Frequency'],
    [{ FirstPaymentDateTime: undefined }, 'UK.OBIE.Field.Missing', 'Data.Initiation.FirstPaymentDateTime'],
    [
      { FinalPaymentDateTime: '2029-01-01T00:00:00Z' },
      'UK.OBIE.Field.InvalidDate',
      'Data.Initiation.FinalPaymentDateTime',
    ],
    [{ NumberOfPayments: '12' }, 'UK.OBIE.Field.Unexpected', 'Data.Initiation.FinalPaymentDateTime'],
    [
      { NumberOfPayments: '0', FinalPaymentDateTime: undefined },
      'UK.OBIE.Field.InvalidFormat',
      'Data.Initiation.NumberOfPayments',
    ],
    [
      { FirstPaymentAmount: { Amount: '-1', Currency: 'GBP' } },
      'UK.OBIE.Field.Invalid',
      'Data.Initiation.FirstPaymentAmount.Amount',
    ],
    [
      { RecurringPaymentAmount: { Amount: '5', Currency: 'EUR' } },
      'UK.OBIE.Field.Invalid',
      'Data.Initiation.RecurringPaymentAmount.Currency',
    ],
    [{ Reference: 'x'.repeat(36) }, 'UK.OBIE.Field.Invalid', 'Data.Initiation.Reference'],
    [{ CreditorAccount: undefined }, 'UK.OBIE.Field.Missing', 'Data.Initiation.CreditorAccount'],
  ])('refuses %j with %s at %s', (change, code, path) => {
    expect(errorOf({ ...INITIATION, ...change })).toMatchObject({
      Code: '400 BadRequest',
      Errors: [{ ErrorCode: code, Path: path }],
    });
  });

  it('a consent asks for Permission Create', () => {
    expect(() => checkStandingOrderPermission({ Permission: 'Create' })).not.toThrow();
    expect(() => checkStandingOrderPermission({ Permission: 'Update' })).toThrow(/Create/);
  });
});
