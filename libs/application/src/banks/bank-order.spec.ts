import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANK_FEATURES, type BankFeature } from '#libs/connectors';
import { filterBanks } from './bank-filter.js';
import { orderBanks, pageOf } from './bank-order.js';
import type { ListedBank } from './listed-bank.js';

const NO_FEATURES = Object.fromEntries(BANK_FEATURES.map((feature) => [feature, false])) as Record<
  BankFeature,
  boolean
>;

function bank(id: string, overrides: Partial<ListedBank> = {}): ListedBank {
  return {
    id,
    name: id,
    countries: ['GB'],
    bics: [],
    bankCodes: [],
    logoUri: 'https://example.test/logo.png',
    fullLogoUri: undefined,
    provider: 'P',
    bankGroup: undefined,
    bankSubGroup: undefined,
    openBankingStandard: 'UK_OPEN_BANKING_STANDARD',
    supportedLocalInstruments: [],
    scaApproaches: ['REDIRECT'],
    features: NO_FEATURES,
    rank: undefined,
    operationalTime: undefined,
    transactionHistoryLimit: -1,
    ...overrides,
  };
}

describe('pageOf', () => {
  it('pages cover the list exactly once, in order, with ceil(total / perPage) pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 25 }), (total, perPage) => {
        const banks = Array.from({ length: total }, (_, i) => bank(`b${String(i).padStart(3, '0')}`));
        const pageCount = Math.ceil(total / perPage);
        const pages = Array.from({ length: pageCount + 1 }, (_, i) => pageOf(banks, i + 1, perPage));
        expect(pages.flatMap((page) => page.banks)).toEqual(banks);
        for (const page of pages) expect(page.paging).toMatchObject({ pageCount, perPage, totalCount: total });
        expect(pages[pageCount]?.banks).toEqual([]);
      }),
    );
  });
});

describe('orderBanks', () => {
  it('RANK puts ranked banks first by rank, then the rest by name, then id', () => {
    const banks = [
      bank('c', { name: 'Zed' }),
      bank('a', { rank: 2 }),
      bank('b', { name: 'Alpha' }),
      bank('d', { rank: 1 }),
      bank('e', { name: 'Alpha' }),
    ];
    expect(orderBanks(banks, 'RANK').map((b) => b.id)).toEqual(['d', 'a', 'b', 'e', 'c']);
  });

  it('is a total order: the input order never matters', () => {
    const banks = [
      bank('x', { name: 'Same' }),
      bank('y', { name: 'same' }),
      bank('z', { name: 'Other', countries: ['AT'] }),
    ];
    for (const order of ['NAME', 'PROVIDER', 'COUNTRY', 'STANDARD', 'RANK'] as const) {
      expect(orderBanks([...banks].reverse(), order)).toEqual(orderBanks(banks, order));
    }
  });
});

describe('filterBanks', () => {
  const banks = [
    bank('ob-a', { bics: ['AAAADEFF'], bankCodes: ['10020030'], countries: ['DE'], provider: 'Hub' }),
    bank('ob-b', { bics: ['BBBBGB2LXXX'], features: { ...NO_FEATURES, supports_balance: true } }),
  ];
  const ids = (filter: Parameters<typeof filterBanks>[1]): string[] => filterBanks(banks, filter).map((b) => b.id);

  it('matches ids, bics, bank codes and providers whole and case-insensitively', () => {
    expect(ids({ ids: ['OB-A'] })).toEqual(['ob-a']);
    expect(ids({ ids: ['ob'] })).toEqual([]);
    expect(ids({ bics: ['bbbbgb2lxxx'] })).toEqual(['ob-b']);
    expect(ids({ bankCode: '10020030' })).toEqual(['ob-a']);
    expect(ids({ bankCode: 'BBBBGB2L' })).toEqual([]);
    expect(ids({ providers: ['hub'] })).toEqual(['ob-a']);
  });

  it('treats empty lists and absent criteria as no filter, and features as exact values', () => {
    expect(ids({ ids: [], countries: [] })).toEqual(['ob-a', 'ob-b']);
    expect(ids({ features: { supports_balance: true } })).toEqual(['ob-b']);
    expect(ids({ features: { supports_balance: false, supports_send_payment: undefined } })).toEqual(['ob-a']);
    expect(ids({ standards: ['uk_open_banking_standard'] })).toEqual(['ob-a', 'ob-b']);
    expect(ids({ standards: ['NextGenPSD2'] })).toEqual([]);
  });
});
