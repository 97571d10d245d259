import { describe, expect, it } from 'vitest';
import type { PaymentInitiation } from '../capabilities/payment-initiation.js';
import { BankOperationUnsupportedError } from '../bank-errors.js';
import { LOCAL_INSTRUMENTS } from '../bank-types.js';
import { DEFAULT_PAYMENT_PRODUCTS, paymentProductFor } from './berlin-group-products.js';
import {
  accountReference,
  consentBody,
  initiationHeaders,
  paymentInitiationBody,
  tppRedirectUris,
} from './berlin-group-requests.mappers.js';
import { parseBerlinGroupSettings } from './berlin-group-settings.js';

function initiation(overrides: Partial<PaymentInitiation> = {}): PaymentInitiation {
  return {
    paymentId: 'p-1',
    refId: 'ref-0123456789-0123456789-0123456789-extra',
    amount: { value: '10.50', currency: 'EUR' },
    localInstrument: 'SEPA',
    creditor: {
      name: 'Merchant GmbH',
      identifier: { type: 'iban', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
    },
    remittanceInformationPrimary: 'INV-42',
    redirectUri: 'https://gateway.example/callback',
    state: 'st-1',
    nonce: 'n-1',
    ...overrides,
  };
}

describe('paymentInitiationBody', () => {
  it('builds paymentInitiation_json field for field', () => {
    expect(
      paymentInitiationBody(
        initiation({
          remittanceInformationSecondary: 'order 7',
          debtor: { name: 'Me', identifier: { type: 'iban', iban: 'AT611904300234573201' } },
        }),
      ),
    ).toEqual({
      endToEndIdentification: 'ref-0123456789-0123456789-012345678',
      debtorAccount: { iban: 'AT611904300234573201' },
      instructedAmount: { currency: 'EUR', amount: '10.50' },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorAgent: 'COBADEFFXXX',
      creditorName: 'Merchant GmbH',
      remittanceInformationUnstructured: 'INV-42 order 7',
    });
  });

  it('adds requestedExecutionDate (an ISO date) for a future-dated payment', () => {
    expect(paymentInitiationBody(initiation({ executionDate: '2026-12-01T00:00:00Z' }))).toMatchObject({
      requestedExecutionDate: '2026-12-01',
    });
    expect(paymentInitiationBody(initiation())).not.toHaveProperty('requestedExecutionDate');
  });

  it('cuts the creditor name and remittance to the standard lengths', () => {
    const body = paymentInitiationBody(
      initiation({
        creditor: { name: 'N'.repeat(90), identifier: { type: 'iban', iban: 'DE89370400440532013000' } },
        remittanceInformationPrimary: 'R'.repeat(200),
      }),
    );
    expect((body['creditorName'] as string).length).toBe(70);
    expect((body['remittanceInformationUnstructured'] as string).length).toBe(140);
    expect(body).not.toHaveProperty('creditorAgent');
  });

  it('pays giro numbers as the BBAN of their products and refuses accounts a rail cannot pay', () => {
    expect(
      paymentInitiationBody(
        initiation({
          localInstrument: 'BANKGIRO',
          creditor: { name: 'AB', identifier: { type: 'bankgiro', bankgiroNumber: '5050-1055' } },
        }),
      ),
    ).toMatchObject({
      creditorAccount: { bban: '50501055' },
    });
    expect(
      paymentInitiationBody(
        initiation({
          localInstrument: 'PLUSGIRO',
          creditor: { name: 'AB', identifier: { type: 'plusgiro', plusgiroNumber: '44 54 99-2' } },
        }),
      ),
    ).toMatchObject({
      creditorAccount: { bban: '4454992' },
    });
    expect(() =>
      paymentInitiationBody(
        initiation({ creditor: { name: 'AB', identifier: { type: 'bankgiro', bankgiroNumber: '5050-1055' } } }),
      ),
    ).toThrow(/SEPA payment cannot be made to a bankgiro/);
    expect(() =>
      paymentInitiationBody(
        initiation({
          localInstrument: 'ELIXIR',
          creditor: { name: 'UK', identifier: { type: 'gbDomestic', sortCode: '040004', accountNumber: '12345678' } },
        }),
      ),
    ).toThrow(/cannot be made to a gbDomestic/);
  });

  it('refuses a UK sort code as any account reference', () => {
    expect(() =>
      accountReference(
        { name: 'x', identifier: { type: 'gbDomestic', sortCode: '040004', accountNumber: '12345678' } },
        'debtor',
      ),
    ).toThrow(/use an IBAN/);
    expect(accountReference({ name: 'x', identifier: { type: 'bban', bban: '0532 0130 00' } }, 'debtor')).toEqual({
      bban: '0532013000',
    });
  });
});

describe('payment products', () => {
  it('maps every rail but Faster Payments to a product', () => {
    for (const instrument of LOCAL_INSTRUMENTS) {
      if (instrument === 'FASTER_PAYMENTS')
        expect(() => paymentProductFor('b', DEFAULT_PAYMENT_PRODUCTS, instrument)).toThrow(
          BankOperationUnsupportedError,
        );
      else expect(paymentProductFor('b', DEFAULT_PAYMENT_PRODUCTS, instrument)).toMatch(/^[a-z0-9-]+$/);
    }
    expect(DEFAULT_PAYMENT_PRODUCTS).toMatchObject({
      SEPA: 'sepa-credit-transfers',
      SEPA_INSTANT: 'instant-sepa-credit-transfers',
    });
  });
});

describe('consentBody', () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it('asks for all PSD2 accounts when no permissions are named, valid 89 days, 4 reads a day', () => {
    expect(consentBody({ permissions: [], redirectUri: 'https://x', state: 's', nonce: 'n' }, now)).toEqual({
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2027-02-19',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    });
  });

  it('turns permissions into a bank-offered consent with the lists they name', () => {
    expect(
      consentBody(
        {
          permissions: ['ReadAccountsBasic', 'ReadBalances'],
          redirectUri: 'https://x',
          state: 's',
          nonce: 'n',
          expiresAt: '2026-12-31T23:00:00Z',
        },
        now,
      ),
    ).toMatchObject({
      access: { accounts: [], balances: [] },
      validUntil: '2026-12-31',
    });
    expect(
      consentBody({ permissions: ['ReadTransactionsDetail'], redirectUri: 'https://x', state: 's', nonce: 'n' }, now)[
        'access'
      ],
    ).toEqual({ accounts: [], transactions: [] });
  });
});

describe('tppRedirectUris', () => {
  it('carries the state, and marks the NOK one as a refusal', () => {
    const uris = tppRedirectUris('https://gateway.example/callback?x=1', 'st ate');
    expect(uris.ok).toBe('https://gateway.example/callback?x=1&state=st+ate');
    expect(Object.fromEntries(new URL(uris.nok).searchParams)).toEqual({
      x: '1',
      state: 'st ate',
      error: 'access_denied',
    });
  });
});

describe('initiationHeaders', () => {
  const settings = (raw: Record<string, unknown>) =>
    parseBerlinGroupSettings('b', { baseUrl: 'https://bank.example', ...raw });

  it('redirect: the redirect URIs with the state, redirect preferred, implicit start', () => {
    expect(initiationHeaders(settings({ scaApproach: 'redirect' }), 'https://gw.example/cb', 's1', 'user-1')).toEqual({
      'PSU-ID': 'user-1',
      'TPP-Redirect-Preferred': 'true',
      'TPP-Redirect-URI': 'https://gw.example/cb?state=s1',
      'TPP-Nok-Redirect-URI': 'https://gw.example/cb?state=s1&error=access_denied',
      'TPP-Explicit-Authorisation-Preferred': 'false',
    });
    expect(
      initiationHeaders(
        settings({ tppRedirect: { nokRedirect: false, explicitAuthorisation: true } }),
        'https://gw.example/cb',
        's1',
        undefined,
      ),
    ).toEqual({
      'TPP-Redirect-Preferred': 'true',
      'TPP-Redirect-URI': 'https://gw.example/cb?state=s1',
      'TPP-Explicit-Authorisation-Preferred': 'true',
    });
  });

  it('decoupled and embedded: no redirect; decoupled preferred, or an explicit start', () => {
    expect(initiationHeaders(settings({ scaApproach: 'decoupled' }), 'https://gw.example/cb', 's', 'u')).toEqual({
      'PSU-ID': 'u',
      'TPP-Redirect-Preferred': 'false',
      'TPP-Decoupled-Preferred': 'true',
      'TPP-Explicit-Authorisation-Preferred': 'false',
    });
    expect(initiationHeaders(settings({ scaApproach: 'embedded' }), 'https://gw.example/cb', 's', undefined)).toEqual({
      'TPP-Redirect-Preferred': 'false',
      'TPP-Explicit-Authorisation-Preferred': 'true',
    });
  });
});
