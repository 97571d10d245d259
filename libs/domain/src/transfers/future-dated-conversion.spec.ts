import { describe, expect, it } from 'vitest';
import type { TokenRequestPayloadInput } from '../tokens/token-request-payload.js';
import { futureDatedConversion, type ConversionBank } from './future-dated-conversion.js';

const BANK: ConversionBank = {
  features: { supports_scheduled_payment: true },
  operationalTime: 'MON to FRI, 06:00 to 22:00 CET',
};
const SATURDAY = new Date('2026-11-28T12:00:00Z');
const WEDNESDAY = new Date('2026-11-25T12:00:00Z');
const TRANSFER = {
  transferBody: {
    currency: 'EUR',
    lifetimeAmount: '10.00',
    instructions: { transferDestinations: [] },
  },
} as unknown as TokenRequestPayloadInput;

describe('futureDatedConversion', () => {
  it('an immediate transfer at a closed bank that takes scheduled payments: its next opening', () => {
    expect(futureDatedConversion(TRANSFER, BANK, SATURDAY)).toEqual({
      date: '2026-11-30',
      at: '2026-11-30T06:00:00+01:00',
    });
  });

  it('no conversion in hours', () => {
    expect(futureDatedConversion(TRANSFER, BANK, WEDNESDAY)).toBeNull();
  });

  it('no conversion when the request disables it or is already future-dated', () => {
    expect(
      futureDatedConversion({ ...TRANSFER, disableFutureDatedPaymentConversion: true }, BANK, SATURDAY),
    ).toBeNull();
    expect(
      futureDatedConversion({ ...TRANSFER, disableFutureDatedPaymentConversion: false }, BANK, SATURDAY),
    ).not.toBeNull();
    const dated = { transferBody: { ...TRANSFER.transferBody, executionDate: '2026-12-01' } };
    expect(futureDatedConversion(dated as TokenRequestPayloadInput, BANK, SATURDAY)).toBeNull();
  });

  it('no conversion at a bank without scheduled payments, or whose hours do not read', () => {
    expect(futureDatedConversion(TRANSFER, { ...BANK, features: {} }, SATURDAY)).toBeNull();
    expect(futureDatedConversion(TRANSFER, { ...BANK, operationalTime: null }, SATURDAY)).toBeNull();
    expect(futureDatedConversion(TRANSFER, { ...BANK, operationalTime: 'weekdays' }, SATURDAY)).toBeNull();
  });

  it('only for transfer requests', () => {
    expect(futureDatedConversion({}, BANK, SATURDAY)).toBeNull();
  });
});
