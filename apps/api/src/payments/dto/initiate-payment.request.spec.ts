import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createValidationPipe, GatewayError } from '#libs/common';
import type { PaymentInitiationInput } from '#libs/domain';
import {
  BAD_INITIATIONS,
  CALLBACK,
  DE_IBAN,
  NRB,
  PL_IBAN,
  SE_IBAN,
  UK_CREDITOR,
  body,
  sepa,
  uk,
  type Json,
} from '../../../../../test/support/payment-initiation-cases.js';
import { InitiatePaymentRequest, toPaymentInitiationInput } from './initiate-payment.request.js';

const pipe = createValidationPipe();

async function validate(body: unknown): Promise<InitiatePaymentRequest> {
  return (await pipe.transform(body, { type: 'body', metatype: InitiatePaymentRequest })) as InitiatePaymentRequest;
}

async function accept(body: unknown): Promise<PaymentInitiationInput> {
  return toPaymentInitiationInput((await validate(body)).initiation);
}

async function reject(body: unknown): Promise<GatewayError> {
  const error = await validate(body).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof GatewayError)) throw new Error(`expected a GatewayError, got ${String(error)}`);
  expect(error.status).toBe(400);
  return error;
}

describe('InitiatePaymentRequest: one valid request per rail', () => {
  it.each<[string, Json, Partial<PaymentInitiationInput>]>([
    [
      'FASTER_PAYMENTS',
      uk({ creditor: { ...UK_CREDITOR, sortCode: '04-00-04' } }),
      { localInstrument: 'FASTER_PAYMENTS', creditor: UK_CREDITOR },
    ],
    ['SEPA', sepa(), { localInstrument: 'SEPA', creditor: { name: 'Haendler GmbH', iban: DE_IBAN } }],
    [
      'SEPA_INSTANT',
      sepa({
        localInstrument: 'SEPA_INSTANT',
        creditor: { name: 'Boutique SA', iban: 'fr14 2004 1010 0505 0001 3m02 606', bic: 'psstfrppxxx' },
      }),
      {
        localInstrument: 'SEPA_INSTANT',
        creditor: { name: 'Boutique SA', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' },
      },
    ],
    [
      'ELIXIR (Polish account number)',
      uk({
        amount: { value: '120.00', currency: 'PLN' },
        localInstrument: 'ELIXIR',
        creditor: { name: 'Sklep', accountNumber: '61 1090 1014 0000 0712 1981 2874' },
      }),
      { localInstrument: 'ELIXIR', creditor: { name: 'Sklep', accountNumber: NRB } },
    ],
    [
      'ELIXIR (IBAN)',
      uk({
        amount: { value: '120', currency: 'PLN' },
        localInstrument: 'ELIXIR',
        creditor: { name: 'Sklep', iban: PL_IBAN },
      }),
      { creditor: { name: 'Sklep', iban: PL_IBAN } },
    ],
    [
      'EU_DOMESTIC_NON_EURO (bban + clearing number)',
      uk({
        amount: { value: '99.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO',
        creditor: { name: 'Butik AB', bban: '583 982 574 66', clearingNumber: '8327-9' },
      }),
      { creditor: { name: 'Butik AB', bban: '58398257466', clearingNumber: '83279' } },
    ],
    [
      'EU_DOMESTIC_NON_EURO_INSTANT (IBAN)',
      uk({
        amount: { value: '99.00', currency: 'DKK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO_INSTANT',
        creditor: { name: 'Butik ApS', iban: 'DK5000400440116243' },
      }),
      { localInstrument: 'EU_DOMESTIC_NON_EURO_INSTANT' },
    ],
    [
      'BANKGIRO',
      uk({
        amount: { value: '99.00', currency: 'SEK' },
        localInstrument: 'BANKGIRO',
        creditor: { name: 'Butik AB', bankgiroNumber: '5050-1055' },
      }),
      { creditor: { name: 'Butik AB', bankgiroNumber: '50501055' } },
    ],
    [
      'PLUSGIRO',
      uk({
        amount: { value: '99.00', currency: 'SEK' },
        localInstrument: 'PLUSGIRO',
        creditor: { name: 'Butik AB', plusgiroNumber: '28 65 43-4' },
      }),
      { creditor: { name: 'Butik AB', plusgiroNumber: '2865434' } },
    ],
    ['AUTO_SELECT', sepa({ localInstrument: 'AUTO_SELECT' }), { localInstrument: 'AUTO_SELECT' }],
    [
      'EU_DOMESTIC_NON_EURO iban + bban (SEK through the hosted pages without a bank)',
      uk({
        bankId: undefined,
        flowType: 'FULL_HOSTED_PAGES',
        amount: { value: '99.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO',
        creditor: { name: 'Butik AB', iban: SE_IBAN, bban: '50000000058398257466' },
      }),
      { flowType: 'FULL_HOSTED_PAGES' },
    ],
  ])('%s', async (_name, initiation, expected) => {
    expect(await accept(body(initiation))).toMatchObject(expected);
  });

  it('a request with every optional field: trimmed, normalized, nothing absent invented', async () => {
    const input = await accept(
      body(
        sepa({
          refId: '  ref-0002 ',
          remittanceInformationPrimary: ' Order 4711 ',
          remittanceInformationSecondary: 'Thank you',
          onBehalfOfId: 'sub-tpp-1',
          creditor: {
            name: ' Haendler GmbH ',
            iban: 'de89 3704 0044 0532 0130 00',
            bic: 'cobadeff xxx',
            ultimateCreditorName: 'Mall',
            bankName: 'Commerzbank',
            accountVerificationId: 'av-1',
            address: { country: 'DE', townName: ' Berlin ', addressLine: [' Strasse 1 '] },
          },
          debtor: { name: 'Payer', iban: 'AT611904300234573201', address: { country: 'AT' } },
          executionDate: '2030-01-01',
          confirmFunds: true,
          returnRefundAccount: false,
          disableFutureDatedPaymentConversion: true,
          returnTokenizedAccount: true,
          callbackState: 'state-1',
          chargeBearer: 'SLEV',
          risk: {
            psuId: 'psu-1',
            paymentContextCode: 'ECOMMERCE_MERCHANT_INITIATED_PAYMENT',
            paymentPurposeCode: 'DVPM',
            merchantCategoryCode: '5411',
            beneficiaryAccountType: 'BUSINESS',
            contractPresentIndicator: true,
            beneficiaryPrepopulatedIndicator: false,
            deliveryAddress: {
              addressLine: ['Flat 2'],
              addressType: 'DELIVERYTO',
              country: 'DE',
              countrySubDivision: ['Berlin'],
              townName: 'Berlin',
              postCode: '10115',
            },
          },
          flowType: 'API_ONLY',
          externalPsuReference: 'psu-ref',
          vrpConsentId: undefined,
        }),
      ),
    );
    expect(input).toEqual({
      bankId: 'ob-sandbox-eu',
      refId: 'ref-0002',
      remittanceInformationPrimary: 'Order 4711',
      remittanceInformationSecondary: 'Thank you',
      onBehalfOfId: 'sub-tpp-1',
      amount: { value: '25.00', currency: 'EUR' },
      localInstrument: 'SEPA',
      creditor: {
        name: 'Haendler GmbH',
        iban: DE_IBAN,
        bic: 'COBADEFFXXX',
        ultimateCreditorName: 'Mall',
        bankName: 'Commerzbank',
        accountVerificationId: 'av-1',
        address: { country: 'DE', townName: 'Berlin', addressLine: ['Strasse 1'] },
      },
      debtor: { name: 'Payer', iban: 'AT611904300234573201', address: { country: 'AT' } },
      executionDate: '2030-01-01',
      confirmFunds: true,
      returnRefundAccount: false,
      disableFutureDatedPaymentConversion: true,
      returnTokenizedAccount: true,
      callbackUrl: CALLBACK,
      callbackState: 'state-1',
      chargeBearer: 'SLEV',
      risk: {
        psuId: 'psu-1',
        paymentContextCode: 'ECOMMERCE_MERCHANT_INITIATED_PAYMENT',
        paymentPurposeCode: 'DVPM',
        merchantCategoryCode: '5411',
        beneficiaryAccountType: 'BUSINESS',
        contractPresentIndicator: true,
        beneficiaryPrepopulatedIndicator: false,
        deliveryAddress: {
          addressLine: ['Flat 2'],
          addressType: 'DELIVERYTO',
          country: 'DE',
          countrySubDivision: ['Berlin'],
          townName: 'Berlin',
          postCode: '10115',
        },
      },
      flowType: 'API_ONLY',
      externalPsuReference: 'psu-ref',
    });
  });

  it('null optionals count as absent and are omitted', async () => {
    const input = await accept(
      body(
        uk({ debtor: null, risk: null, callbackState: null, confirmFunds: null, remittanceInformationSecondary: null }),
      ),
    );
    expect(Object.keys(input).sort()).toEqual([
      'amount',
      'bankId',
      'callbackUrl',
      'creditor',
      'localInstrument',
      'refId',
      'remittanceInformationPrimary',
    ]);
  });

  it('an Account on File debtor is kept as the reference alone', async () => {
    const input = await accept(body(uk({ debtor: { tokenizedAccountId: ' tai:abc ' } })));
    expect(input.debtor).toEqual({ tokenizedAccountId: 'tai:abc' });
  });

  it('the hidden rail context never shows in the validated objects', async () => {
    const dto = await validate(body(uk()));
    expect(Object.keys(dto.initiation.creditor).sort()).toEqual(['accountNumber', 'name', 'sortCode']);
    expect(JSON.parse(JSON.stringify(dto.initiation.creditor))).toEqual(UK_CREDITOR);
  });
});

describe('InitiatePaymentRequest: every rule answers 400 naming the field', () => {
  it.each(BAD_INITIATIONS)('%s', async (_rule, request, path, message) => {
    const error = await reject(request);
    expect(error.paths?.[0]).toBe(path);
    expect(error.message).toBe(message);
    expect(error.message.startsWith(path)).toBe(true);
    if (!message.includes('. initiation.')) expect(error.paths).toEqual([path]);
  });

  it('names every field at fault at once', async () => {
    const error = await reject(
      body(
        uk({
          refId: 'r'.repeat(19),
          amount: { value: '1.001', currency: 'GBP' },
          creditor: { name: 'M', sortCode: '1', accountNumber: '12345678' },
          callbackUrl: 'http://x.example',
        }),
      ),
    );
    expect(error.code).toBe('Field.Invalid');
    expect(error.paths).toEqual([
      'initiation.refId',
      'initiation.amount.value',
      'initiation.creditor.sortCode',
      'initiation.callbackUrl',
    ]);
  });

  it('unknown fields alone answer Field.Unknown', async () => {
    expect((await reject({ initiation: uk(), extra: 1 })).code).toBe('Field.Unknown');
  });
});
