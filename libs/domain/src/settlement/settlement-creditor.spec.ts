import { describe, expect, it } from 'vitest';
import { settlementCreditorFor, type SettlementAccountAsCreditor } from './settlement-creditor.js';

const eur: SettlementAccountAsCreditor = {
  id: 'pa:1',
  status: 'ACTIVE',
  currency: 'EUR',
  accountName: 'Merchant Settlement',
  accountNickName: 'main',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  sortCode: null,
  accountNumber: null,
};
const gbp: SettlementAccountAsCreditor = {
  ...eur,
  id: 'pa:2',
  currency: 'GBP',
  iban: null,
  bic: null,
  sortCode: '040004',
  accountNumber: '12345678',
};

describe('settlementCreditorFor', () => {
  it('names the account and its IBAN for SEPA and SEPA_INSTANT', () => {
    for (const localInstrument of ['SEPA', 'SEPA_INSTANT'] as const)
      expect(settlementCreditorFor(eur, { currency: 'EUR', localInstrument })).toEqual({
        ok: true,
        name: 'Merchant Settlement',
        account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      });
  });

  it('names the sort code and account number for FASTER_PAYMENTS', () => {
    expect(settlementCreditorFor(gbp, { currency: 'GBP', localInstrument: 'FASTER_PAYMENTS' })).toEqual({
      ok: true,
      name: 'Merchant Settlement',
      account: { sortCode: '040004', accountNumber: '12345678' },
    });
  });

  it('hands every identifier to AUTO_SELECT', () => {
    expect(settlementCreditorFor(gbp, { currency: 'GBP', localInstrument: 'AUTO_SELECT' })).toMatchObject({
      ok: true,
      account: { sortCode: '040004', accountNumber: '12345678' },
    });
  });

  it('falls back to the nickname when the account has no name', () => {
    expect(
      settlementCreditorFor({ ...eur, accountName: null }, { currency: 'EUR', localInstrument: 'SEPA' }),
    ).toMatchObject({ ok: true, name: 'main' });
  });

  it('refuses another currency, missing identifiers, other rails and accounts not ACTIVE', () => {
    const refusals = [
      settlementCreditorFor(eur, { currency: 'GBP', localInstrument: 'FASTER_PAYMENTS' }),
      settlementCreditorFor(gbp, { currency: 'GBP', localInstrument: 'SEPA' }),
      settlementCreditorFor(eur, { currency: 'EUR', localInstrument: 'FASTER_PAYMENTS' }),
      settlementCreditorFor(eur, { currency: 'EUR', localInstrument: 'ELIXIR' }),
      settlementCreditorFor({ ...eur, status: 'CLOSED' }, { currency: 'EUR', localInstrument: 'SEPA' }),
    ];
    expect(refusals.map((r) => r.ok)).toEqual([false, false, false, false, false]);
    expect(refusals[0]).toEqual({ ok: false, message: 'settlement account pa:1 holds EUR, not GBP' });
  });
});
