import { describe, expect, it } from 'vitest';
import { validPaymentBody } from './payment-body.js';

const BODY = {
  endToEndIdentification: 'e2e-1',
  instructedAmount: { currency: 'EUR', amount: '12.30' },
  creditorAccount: { iban: 'DE89370400440532013000' },
  creditorName: 'Merchant GmbH',
  remittanceInformationUnstructured: 'INV-1',
};

describe('validPaymentBody', () => {
  it('takes a SEPA payment and a future date', () => {
    expect(validPaymentBody(BODY, 'sepa-credit-transfers', '2026-11-22')).toMatchObject({
      amount: '12.30',
      currency: 'EUR',
      creditorName: 'Merchant GmbH',
      creditorAccount: 'DE89370400440532013000',
    });
    expect(
      validPaymentBody({ ...BODY, requestedExecutionDate: '2026-11-23' }, 'sepa-credit-transfers', '2026-11-22')
        .executeAt,
    ).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(
      validPaymentBody({ ...BODY, requestedExecutionDate: '2026-11-22' }, 'sepa-credit-transfers', '2026-11-22')
        .executeAt,
    ).toBeUndefined();
  });

  it.each([
    [
      { ...BODY, instructedAmount: { currency: 'EUR', amount: '1.234' } },
      'sepa-credit-transfers',
      'FORMAT_ERROR',
      'instructedAmount.amount',
    ],
    [
      { ...BODY, instructedAmount: { currency: 'SEK', amount: '1' } },
      'sepa-credit-transfers',
      'FORMAT_ERROR',
      'instructedAmount.currency',
    ],
    [
      { ...BODY, creditorAccount: { iban: 'DE89370400440532013001' } },
      'sepa-credit-transfers',
      'FORMAT_ERROR',
      'creditorAccount.iban',
    ],
    [{ ...BODY, creditorName: undefined }, 'sepa-credit-transfers', 'FORMAT_ERROR', 'creditorName'],
    [
      { ...BODY, requestedExecutionDate: '2026-11-21' },
      'sepa-credit-transfers',
      'EXECUTION_DATE_INVALID',
      'requestedExecutionDate',
    ],
    [
      { ...BODY, instructedAmount: { currency: 'SEK', amount: '1' } },
      'swedish-domestic-private-bankgiros',
      'FORMAT_ERROR',
      'creditorAccount.bban',
    ],
  ])('refuses a field at fault (%#)', (body, product, code, path) => {
    expect(() => validPaymentBody(body, product, '2026-11-22')).toThrow(
      expect.objectContaining({ status: 400, code, path }),
    );
  });

  it('takes a giro number as the BBAN of the giro products', () => {
    const giro = {
      ...BODY,
      instructedAmount: { currency: 'SEK', amount: '100' },
      creditorAccount: { bban: '50501055' },
    };
    expect(validPaymentBody(giro, 'swedish-domestic-private-bankgiros', '2026-11-22').creditorAccount).toBe('50501055');
  });
});
