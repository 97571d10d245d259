import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bank } from '#libs/db';
import type { PaymentInitiationInput, RequestedLocalInstrument } from '#libs/domain';
import {
  bankSearchOf,
  countriesOf,
  narrowBanks,
  selectableBanks,
  type SelectableBank,
  type SelectionContext,
} from './selectable-banks.js';

function bank(id: string, overrides: Partial<Bank> = {}): Bank {
  return {
    id,
    name: id,
    countries: ['GB'],
    bics: [],
    bankCodes: [],
    logoUri: 'https://example.test/logo.png',
    fullLogoUri: null,
    provider: 'P',
    bankGroup: null,
    bankSubGroup: null,
    openBankingStandard: 'UK_OPEN_BANKING_STANDARD',
    supportedLocalInstruments: ['FASTER_PAYMENTS'],
    scaApproaches: ['REDIRECT'],
    features: { supports_send_payment: true },
    rank: null,
    operationalTime: null,
    transactionHistoryLimit: -1,
    tppInitiatedDailyLimit: 4,
    pollingScheduleSeconds: [],
    connectorType: 'obie',
    connectorSettings: {},
    listed: true,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

const CREDITORS: Readonly<Record<string, PaymentInitiationInput['creditor']>> = {
  GBP: { name: 'Payee', sortCode: '040004', accountNumber: '12345678' },
  EUR: { name: 'Payee', iban: 'DE89370400440532013000' },
  SEK: { name: 'Payee', iban: 'SE4550000000058398257466' },
};

function initiation(
  currency: string,
  localInstrument: RequestedLocalInstrument,
  overrides: Partial<PaymentInitiationInput> = {},
): PaymentInitiationInput {
  return {
    refId: 'r',
    remittanceInformationPrimary: 'INV-1',
    amount: { value: '1.00', currency },
    localInstrument,
    creditor: CREDITORS[currency] ?? { name: 'Payee' },
    callbackUrl: 'https://tpp.example/cb',
    ...overrides,
  };
}

const CONTEXT: SelectionContext = { member: { regulated: true }, ownHosts: ['gateway.example'], today: '2030-01-01' };
const obieOnly = (type: string): boolean => type === 'obie';
const ids = (banks: readonly { readonly bank: Bank }[]): string[] => banks.map((choice) => choice.bank.id);
const rails = (banks: readonly SelectableBank[]): string[][] =>
  banks.map((choice) => [choice.bank.id, choice.initiation.localInstrument]);

describe('selectableBanks', () => {
  const catalogue = [
    bank('gb-fps', { rank: 2 }),
    bank('gb-top', {
      rank: 1,
      features: { supports_send_payment: true, supports_scheduled_payment: true, supports_funds_confirmation: true },
    }),
    bank('gb-no-send', { features: { supports_balance: true } }),
    bank('gb-unlisted', { listed: false }),
    bank('eu-sepa', {
      countries: ['DE'],
      supportedLocalInstruments: ['SEPA', 'SEPA_INSTANT'],
      connectorType: 'berlin-group',
    }),
    bank('eu-obie-sepa', { countries: ['FR'], supportedLocalInstruments: ['SEPA'] }),
    bank('se', { countries: ['SE'], supportedLocalInstruments: ['BANKGIRO', 'EU_DOMESTIC_NON_EURO'] }),
  ];
  const offer = (input: PaymentInitiationInput, connectors: (type: string) => boolean = obieOnly): SelectableBank[] =>
    selectableBanks(catalogue, input, CONTEXT, connectors);

  it('offers listed banks with a connector that send payments on the payment rail, best ranked first', () => {
    const offered = offer(initiation('GBP', 'FASTER_PAYMENTS'));
    expect(rails(offered)).toEqual([
      ['gb-top', 'FASTER_PAYMENTS'],
      ['gb-fps', 'FASTER_PAYMENTS'],
    ]);
    expect(offered.every((choice) => choice.initiation.bankId === choice.bank.id)).toBe(true);
  });

  it('leaves out banks whose protocol has no connector', () => {
    expect(ids(offer(initiation('EUR', 'SEPA')))).toEqual(['eu-obie-sepa']);
    expect(ids(offer(initiation('EUR', 'SEPA'), () => true))).toEqual(['eu-obie-sepa', 'eu-sepa']);
  });

  it('applies the bank rules of an initiation that names its bank (scheduled payments, funds confirmation)', () => {
    expect(ids(offer(initiation('GBP', 'FASTER_PAYMENTS', { executionDate: '2030-01-02' })))).toEqual(['gb-top']);
    expect(ids(offer(initiation('GBP', 'FASTER_PAYMENTS', { confirmFunds: true })))).toEqual(['gb-top']);
    expect(ids(offer(initiation('GBP', 'FASTER_PAYMENTS', { executionDate: '2029-12-31' })))).toEqual([]);
  });

  it('AUTO_SELECT resolves to the rail each bank would use (instant SEPA first) and keeps it in the initiation', () => {
    expect(rails(offer(initiation('EUR', 'AUTO_SELECT'), () => true))).toEqual([
      ['eu-obie-sepa', 'SEPA'],
      ['eu-sepa', 'SEPA_INSTANT'],
    ]);
    expect(rails(offer(initiation('SEK', 'AUTO_SELECT'), () => true))).toEqual([['se', 'EU_DOMESTIC_NON_EURO']]);
    expect(rails(offer(initiation('GBP', 'AUTO_SELECT')))).toEqual([
      ['gb-top', 'FASTER_PAYMENTS'],
      ['gb-fps', 'FASTER_PAYMENTS'],
    ]);
  });

  it('narrows by country and search, and lists the countries on offer', () => {
    const offered = offer(initiation('EUR', 'AUTO_SELECT'), () => true);
    expect(countriesOf(offered)).toEqual(['DE', 'FR']);
    expect(ids(narrowBanks(offered, { country: 'DE' }))).toEqual(['eu-sepa']);
    expect(ids(narrowBanks(offered, { search: 'OBIE' }))).toEqual(['eu-obie-sepa']);
    expect(ids(narrowBanks(offered, {}))).toEqual(['eu-obie-sepa', 'eu-sepa']);
  });

  it('whatever the catalogue, every bank offered supports the rail it is offered on', () => {
    const allRails = [
      'SEPA',
      'SEPA_INSTANT',
      'FASTER_PAYMENTS',
      'ELIXIR',
      'EU_DOMESTIC_NON_EURO',
      'EU_DOMESTIC_NON_EURO_INSTANT',
      'BANKGIRO',
      'PLUSGIRO',
    ] as const;
    fc.assert(
      fc.property(
        fc.array(fc.subarray([...allRails]), { maxLength: 6 }),
        fc.constantFrom('GBP', 'EUR', 'SEK'),
        fc.constantFrom<RequestedLocalInstrument>('AUTO_SELECT', ...allRails),
        (bankRails, currency, requested) => {
          const banks = bankRails.map((supported, i) => bank(`b${i}`, { supportedLocalInstruments: supported }));
          for (const choice of selectableBanks(banks, initiation(currency, requested), CONTEXT, () => true)) {
            expect(choice.bank.supportedLocalInstruments).toContain(choice.initiation.localInstrument);
            if (requested !== 'AUTO_SELECT') expect(choice.initiation.localInstrument).toBe(requested);
          }
        },
      ),
    );
  });
});

describe('bankSearchOf', () => {
  it('keeps a two-letter country (upper-cased) and a trimmed search; ignores the rest', () => {
    expect(bankSearchOf({ country: 'gb', search: '  Sandbox ' })).toEqual({ country: 'GB', search: 'Sandbox' });
    expect(bankSearchOf({ country: 'GBR', search: '' })).toEqual({});
    expect(bankSearchOf({ country: '<x>' })).toEqual({});
  });
});
