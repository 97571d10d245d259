import { describe, expect, it } from 'vitest';
import { GatewayError, errorBody } from '#libs/common';
import {
  checkInitiationContext,
  type InitiationBank,
  type InitiationContext,
  type PaymentInitiationInput,
} from '#libs/domain';
import { checkInitiationAgainstContext } from './initiation-error.js';

const TODAY = '2026-11-22';

const UK_BANK: InitiationBank = {
  id: 'ob-sandbox-gb',
  supportedLocalInstruments: ['FASTER_PAYMENTS'],
  features: {
    supports_scheduled_payment: true,
    supports_funds_confirmation: true,
    supports_return_refund_account: true,
  },
  countries: ['GB'],
};
const PLAIN_UK_BANK: InitiationBank = {
  id: 'ob-sandbox-gb-payments',
  supportedLocalInstruments: ['FASTER_PAYMENTS'],
  features: { supports_send_payment: true },
  countries: ['GB'],
};
const EU_BANK: InitiationBank = {
  id: 'ob-sandbox-eu',
  supportedLocalInstruments: ['SEPA', 'SEPA_INSTANT'],
  features: {},
  countries: ['DE'],
};
const SEPA_ONLY: InitiationBank = {
  id: 'ob-sandbox-de-blz',
  supportedLocalInstruments: ['SEPA'],
  features: {},
  countries: ['DE'],
};
const SE_BANK: InitiationBank = {
  id: 'ob-sandbox-se',
  supportedLocalInstruments: ['BANKGIRO', 'PLUSGIRO', 'EU_DOMESTIC_NON_EURO'],
  features: {},
  countries: ['SE'],
};

function context(bank: InitiationBank | undefined, overrides: Partial<InitiationContext> = {}): InitiationContext {
  return {
    bank,
    member: { regulated: true },
    ownHosts: ['api.gateway.example'],
    today: TODAY,
    ...overrides,
  };
}

const UK_INPUT: PaymentInitiationInput = {
  bankId: 'ob-sandbox-gb',
  refId: 'ref-1',
  remittanceInformationPrimary: 'INV-1',
  amount: { value: '10.50', currency: 'GBP' },
  localInstrument: 'FASTER_PAYMENTS',
  creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
  callbackUrl: 'https://tpp.example/cb',
};

const EU_INPUT: PaymentInitiationInput = {
  ...UK_INPUT,
  bankId: 'ob-sandbox-eu',
  amount: { value: '25.00', currency: 'EUR' },
  localInstrument: 'AUTO_SELECT',
  creditor: { name: 'Haendler GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};

function failure(input: PaymentInitiationInput, ctx: InitiationContext): GatewayError {
  try {
    checkInitiationAgainstContext(input, ctx);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the initiation to be refused');
}

describe('checkInitiationAgainstContext: accepted', () => {
  it('returns a valid input unchanged', () => {
    expect(checkInitiationAgainstContext(UK_INPUT, context(UK_BANK))).toEqual(UK_INPUT);
  });

  it('unregulated members may initiate on behalf of a client', () => {
    expect(
      checkInitiationAgainstContext(
        { ...UK_INPUT, onBehalfOfId: 'sub-1' },
        context(UK_BANK, { member: { regulated: false } }),
      ),
    ).toMatchObject({ onBehalfOfId: 'sub-1' });
  });

  it('features the bank has may be used', () => {
    const input = { ...UK_INPUT, executionDate: '2027-01-15', confirmFunds: true, returnRefundAccount: true };
    expect(checkInitiationAgainstContext(input, context(UK_BANK))).toEqual(input);
  });

  it('false flags need no feature', () => {
    const input = { ...UK_INPUT, confirmFunds: false, returnRefundAccount: false };
    expect(checkInitiationAgainstContext(input, context(PLAIN_UK_BANK))).toEqual(input);
  });

  it('without a bank (hosted bank selection) the bank rules wait and AUTO_SELECT stays', () => {
    const input = {
      ...EU_INPUT,
      bankId: undefined,
      confirmFunds: true,
      executionDate: '2027-01-15',
    } as PaymentInitiationInput;
    expect(checkInitiationAgainstContext(input, context(undefined))).toEqual(input);
  });
});

/** An AUTO_SELECT payment of 99 SEK to the given creditor. */
const sekTo = (creditor: PaymentInitiationInput['creditor']): PaymentInitiationInput => ({
  ...UK_INPUT,
  amount: { value: '99', currency: 'SEK' },
  localInstrument: 'AUTO_SELECT',
  creditor,
});

describe('checkInitiationAgainstContext: AUTO_SELECT', () => {
  it.each<[string, PaymentInitiationInput, InitiationBank, string]>([
    ['EUR at an instant bank', EU_INPUT, EU_BANK, 'SEPA_INSTANT'],
    ['EUR above the SCT Inst cap', { ...EU_INPUT, amount: { value: '150000.00', currency: 'EUR' } }, EU_BANK, 'SEPA'],
    ['EUR at a SEPA-only bank', EU_INPUT, SEPA_ONLY, 'SEPA'],
    ['GBP to a sort code', { ...UK_INPUT, localInstrument: 'AUTO_SELECT' }, UK_BANK, 'FASTER_PAYMENTS'],
    ['SEK to a bankgiro number', sekTo({ name: 'Butik', bankgiroNumber: '50501055' }), SE_BANK, 'BANKGIRO'],
    ['SEK to an IBAN', sekTo({ name: 'Butik', iban: 'SE4550000000058398257466' }), SE_BANK, 'EU_DOMESTIC_NON_EURO'],
  ])('%s -> %s', (_name, input, bank, rail) => {
    expect(checkInitiationAgainstContext(input, context(bank)).localInstrument).toBe(rail);
  });

  it('keeps only the chosen rail identifiers of creditor and debtor', () => {
    const input: PaymentInitiationInput = {
      ...UK_INPUT,
      localInstrument: 'AUTO_SELECT',
      creditor: { ...UK_INPUT.creditor, iban: 'GB29NWBK60161331926819' },
      debtor: { name: 'Payer', sortCode: '112233', accountNumber: '87654321', iban: 'GB82WEST12345698765432' },
    };
    expect(checkInitiationAgainstContext(input, context(UK_BANK))).toEqual({
      ...UK_INPUT,
      creditor: UK_INPUT.creditor,
      debtor: { name: 'Payer', sortCode: '112233', accountNumber: '87654321' },
    });
  });

  it('no rail of the bank fits', () => {
    const error = failure(EU_INPUT, context(UK_BANK));
    expect(error.paths).toEqual(['initiation.localInstrument']);
    expect(error.message).toBe(
      'initiation.localInstrument cannot be AUTO_SELECT for this payment: it would go over SEPA_INSTANT or SEPA, and the bank supports none of them (it supports FASTER_PAYMENTS)',
    );
  });

  it('the chosen rail rules apply: 18 characters of reference for FASTER_PAYMENTS', () => {
    const error = failure(
      { ...UK_INPUT, localInstrument: 'AUTO_SELECT', remittanceInformationPrimary: 'r'.repeat(20) },
      context(UK_BANK),
    );
    expect(error.paths).toEqual(['initiation.remittanceInformationPrimary']);
    expect(error.message).toBe(
      'initiation.remittanceInformationPrimary must be at most 18 characters (it has 20) for FASTER_PAYMENTS (FASTER_PAYMENTS is the rail AUTO_SELECT chose)',
    );
  });

  it('the chosen rail rules apply: the debtor needs the rail identifier', () => {
    const error = failure(
      { ...EU_INPUT, debtor: { name: 'Payer', sortCode: '112233', accountNumber: '87654321' } },
      context(EU_BANK),
    );
    expect(error.paths).toEqual(['initiation.debtor.iban']);
    expect(error.message).toBe(
      'initiation.debtor.iban is required for SEPA_INSTANT (SEPA_INSTANT is the rail AUTO_SELECT chose)',
    );
    expect(error.code).toBe('Field.Expected');
  });
});

describe('checkInitiationAgainstContext: refused, naming the field', () => {
  it.each<[string, PaymentInitiationInput, InitiationContext, string, string, string]>([
    [
      'onBehalfOfId for unregulated members',
      UK_INPUT,
      context(UK_BANK, { member: { regulated: false } }),
      'initiation.onBehalfOfId',
      'initiation.onBehalfOfId is required for unregulated members: the sub-TPP referenceId or the id of the ultimate client',
      'Field.Expected',
    ],
    [
      'bankId with EMBEDDED_HOSTED_PAGES',
      { ...UK_INPUT, bankId: undefined, flowType: 'EMBEDDED_HOSTED_PAGES' },
      context(undefined),
      'initiation.bankId',
      'initiation.bankId is required when flowType is EMBEDDED_HOSTED_PAGES',
      'Field.Expected',
    ],
    [
      'callbackUrl under our host',
      { ...UK_INPUT, callbackUrl: 'https://api.gateway.example/hosted-pages/x' },
      context(UK_BANK),
      'initiation.callbackUrl',
      "initiation.callbackUrl must not be under the gateway's own host (api.gateway.example)",
      'Field.Invalid',
    ],
    [
      'executionDate in the past',
      { ...UK_INPUT, executionDate: '2026-11-21' },
      context(UK_BANK),
      'initiation.executionDate',
      'initiation.executionDate must not be in the past (today is 2026-11-22)',
      'Field.Invalid',
    ],
    [
      'executionDate beyond a year',
      { ...UK_INPUT, executionDate: '2027-11-23' },
      context(UK_BANK),
      'initiation.executionDate',
      'initiation.executionDate must be at most 1 year ahead (on or before 2027-11-22)',
      'Field.Invalid',
    ],
    [
      'executionDate where the bank has no scheduled payments',
      { ...UK_INPUT, bankId: 'ob-sandbox-gb-payments', executionDate: '2026-12-01' },
      context(PLAIN_UK_BANK),
      'initiation.executionDate',
      'initiation.executionDate cannot be used: bank ob-sandbox-gb-payments does not support scheduled (future-dated) payments',
      'Field.Invalid',
    ],
    [
      'localInstrument the bank does not support',
      { ...EU_INPUT, localInstrument: 'SEPA' },
      context(UK_BANK),
      'initiation.localInstrument',
      'initiation.localInstrument must be a rail bank ob-sandbox-gb supports; it supports FASTER_PAYMENTS',
      'Field.Invalid',
    ],
    [
      'confirmFunds where the bank cannot',
      { ...UK_INPUT, confirmFunds: true },
      context(PLAIN_UK_BANK),
      'initiation.confirmFunds',
      'initiation.confirmFunds cannot be true: bank ob-sandbox-gb-payments does not support funds confirmation',
      'Field.Invalid',
    ],
    [
      'returnRefundAccount where the bank cannot',
      { ...UK_INPUT, returnRefundAccount: true },
      context(PLAIN_UK_BANK),
      'initiation.returnRefundAccount',
      'initiation.returnRefundAccount cannot be true: bank ob-sandbox-gb-payments does not return the refund account',
      'Field.Invalid',
    ],
    [
      'debtor where the bank requires it',
      UK_INPUT,
      context({ ...UK_BANK, features: { requires_debtor_account: true } }),
      'initiation.debtor',
      "initiation.debtor is required by bank ob-sandbox-gb, with the payer's account fields (not an Account on File reference)",
      'Field.Expected',
    ],
    [
      'debtor account fields where the bank requires them',
      { ...UK_INPUT, debtor: { tokenizedAccountId: 'tai:1' } },
      context({ ...UK_BANK, features: { requires_debtor_account: true } }),
      'initiation.debtor',
      "initiation.debtor is required by bank ob-sandbox-gb, with the payer's account fields (not an Account on File reference)",
      'Field.Expected',
    ],
    [
      'creditor per rail (explicit rail, defensive)',
      { ...UK_INPUT, creditor: { name: 'M', sortCode: '040004' } },
      context(UK_BANK),
      'initiation.creditor.accountNumber',
      'initiation.creditor.accountNumber is required for FASTER_PAYMENTS',
      'Field.Expected',
    ],
    [
      'FASTER_PAYMENTS remittance (explicit rail, defensive)',
      { ...UK_INPUT, remittanceInformationPrimary: 'r'.repeat(19) },
      context(UK_BANK),
      'initiation.remittanceInformationPrimary',
      'initiation.remittanceInformationPrimary must be at most 18 characters (it has 19) for FASTER_PAYMENTS',
      'Field.Invalid',
    ],
  ])('%s', (_name, input, ctx, path, message, code) => {
    const error = failure(input, ctx);
    expect(error.status).toBe(400);
    expect(error.code).toBe(code);
    expect(error.paths).toEqual([path]);
    expect(error.message).toBe(message);
  });

  it('names every field at fault, in the 400 body shape', () => {
    const error = failure(
      { ...UK_INPUT, confirmFunds: true, executionDate: '2020-01-01', callbackUrl: 'https://api.gateway.example/x' },
      context(PLAIN_UK_BANK, { member: { regulated: false } }),
    );
    expect(error.code).toBe('Field.Invalid');
    expect(error.paths).toEqual([
      'initiation.onBehalfOfId',
      'initiation.callbackUrl',
      'initiation.executionDate',
      'initiation.executionDate',
      'initiation.confirmFunds',
    ]);
    const body = errorBody(error, 'trace-1');
    expect(body.error).toMatchObject({ errorCode: 'Field.Invalid', tokenTraceId: 'trace-1', paths: error.paths });
  });

  it('checkInitiationContext reports without throwing', () => {
    const checked = checkInitiationContext({ ...UK_INPUT, confirmFunds: true }, context(PLAIN_UK_BANK));
    expect(checked.problems).toEqual([
      {
        path: 'confirmFunds',
        message: 'cannot be true: bank ob-sandbox-gb-payments does not support funds confirmation',
      },
    ]);
  });
});
