/**
 * Payments v2 initiation requests for validation tests: valid ones per rail and one bad request
 * per input rule, with the field the 400 must name and its whole message. Used by the DTO spec
 * (the validation pipe alone) and the e2e spec (the running API).
 */

export type Json = Record<string, unknown>;

/** The fields with `undefined` entries removed (to drop a field from a valid request). */
export function merge(base: Json, overrides: Json): Json {
  return Object.fromEntries(Object.entries({ ...base, ...overrides }).filter(([, value]) => value !== undefined));
}

export const CALLBACK = 'https://tpp.example/payments/callback';
export const UK_CREDITOR = { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' };
export const DE_IBAN = 'DE89370400440532013000';
export const PL_IBAN = 'PL61109010140000071219812874';
export const NRB = '61109010140000071219812874';
export const SE_IBAN = 'SE4550000000058398257466';

export function uk(overrides: Json = {}): Json {
  return merge(
    {
      bankId: 'ob-sandbox-gb',
      refId: 'ref-0001',
      remittanceInformationPrimary: 'INV-2026-001',
      amount: { value: '10.50', currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: UK_CREDITOR,
      callbackUrl: CALLBACK,
    },
    overrides,
  );
}

export function sepa(overrides: Json = {}): Json {
  return uk({
    bankId: 'ob-sandbox-eu',
    amount: { value: '25.00', currency: 'EUR' },
    localInstrument: 'SEPA',
    creditor: { name: 'Haendler GmbH', iban: DE_IBAN },
    ...overrides,
  });
}

export function body(initiation: Json): Json {
  return { initiation };
}

const NEVER_BOTH =
  'must not be given with tokenizedAccountId: the debtor is an Account on File reference or account details, never both';
const SHAPE =
  'must be a decimal string such as 10.50: digits with an optional decimal point, without sign, exponent, spaces or separators';

/** [rule, request body, the one path named first, the whole message of the 400]. */
export const BAD_INITIATIONS: readonly (readonly [string, unknown, string, string])[] = [
  ['body: initiation required', {}, 'initiation', 'initiation is required'],
  ['body: initiation an object', { initiation: 'pay me' }, 'initiation', 'initiation must be an object'],
  ['body: initiation not an array', { initiation: [uk()] }, 'initiation', 'initiation must be an object'],
  ['body: unknown field', { initiation: uk(), extra: 1 }, 'extra', 'extra: property extra should not exist'],
  [
    'initiation: unknown field',
    body(uk({ amountValue: '1' })),
    'initiation.amountValue',
    'initiation.amountValue: property amountValue should not exist',
  ],
  // bankId
  ['bankId: a string', body(uk({ bankId: 42 })), 'initiation.bankId', 'initiation.bankId must be a string'],
  [
    'bankId: at most 128 characters',
    body(uk({ bankId: 'b'.repeat(129) })),
    'initiation.bankId',
    'initiation.bankId must be at most 128 characters (it has 129)',
  ],
  [
    'bankId: required with EMBEDDED_HOSTED_PAGES',
    body(uk({ bankId: undefined, flowType: 'EMBEDDED_HOSTED_PAGES' })),
    'initiation.bankId',
    'initiation.bankId is required when flowType is EMBEDDED_HOSTED_PAGES',
  ],
  // refId
  ['refId: required', body(uk({ refId: undefined })), 'initiation.refId', 'initiation.refId is required'],
  [
    'refId: at most 18 characters',
    body(uk({ refId: '1234567890123456789' })),
    'initiation.refId',
    'initiation.refId must be at most 18 characters (it has 19)',
  ],
  ['refId: not blank', body(uk({ refId: '   ' })), 'initiation.refId', 'initiation.refId must not be empty'],
  [
    'refId: no control characters',
    body(uk({ refId: 'ref\n1' })),
    'initiation.refId',
    'initiation.refId must not contain control characters (line breaks, tabs and the like)',
  ],
  ['refId: a string', body(uk({ refId: 12345 })), 'initiation.refId', 'initiation.refId must be a string'],
  // remittance information
  [
    'remittanceInformationPrimary: required',
    body(uk({ remittanceInformationPrimary: undefined })),
    'initiation.remittanceInformationPrimary',
    'initiation.remittanceInformationPrimary is required',
  ],
  [
    'remittanceInformationPrimary: at most 35',
    body(sepa({ remittanceInformationPrimary: 'r'.repeat(36) })),
    'initiation.remittanceInformationPrimary',
    'initiation.remittanceInformationPrimary must be at most 35 characters (it has 36)',
  ],
  [
    'remittanceInformationPrimary: at most 18 for FASTER_PAYMENTS',
    body(uk({ remittanceInformationPrimary: 'r'.repeat(19) })),
    'initiation.remittanceInformationPrimary',
    'initiation.remittanceInformationPrimary must be at most 18 characters (it has 19) for FASTER_PAYMENTS',
  ],
  [
    'remittanceInformationSecondary: at most 140',
    body(uk({ remittanceInformationSecondary: 's'.repeat(141) })),
    'initiation.remittanceInformationSecondary',
    'initiation.remittanceInformationSecondary must be at most 140 characters (it has 141)',
  ],
  [
    'onBehalfOfId: at most 128',
    body(uk({ onBehalfOfId: 'o'.repeat(129) })),
    'initiation.onBehalfOfId',
    'initiation.onBehalfOfId must be at most 128 characters (it has 129)',
  ],
  [
    'vrpConsentId: at most 128',
    body(uk({ vrpConsentId: 'v'.repeat(129) })),
    'initiation.vrpConsentId',
    'initiation.vrpConsentId must be at most 128 characters (it has 129)',
  ],
  // amount
  ['amount: required', body(uk({ amount: undefined })), 'initiation.amount', 'initiation.amount is required'],
  ['amount: an object', body(uk({ amount: '10.50 GBP' })), 'initiation.amount', 'initiation.amount must be an object'],
  [
    'amount: null is not an amount',
    body(uk({ amount: null })),
    'initiation.amount',
    'initiation.amount must be an object',
  ],
  [
    'amount: unknown field',
    body(uk({ amount: { value: '1', currency: 'GBP', scale: 2 } })),
    'initiation.amount.scale',
    'initiation.amount.scale: property scale should not exist',
  ],
  [
    'amount.value: required',
    body(uk({ amount: { currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value is required',
  ],
  [
    'amount.value: a string',
    body(uk({ amount: { value: 10.5, currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value must be a string such as "10.50" (amounts are decimal strings, not JSON numbers)',
  ],
  [
    'amount.value: no exponent',
    body(uk({ amount: { value: '1e2', currency: 'GBP' } })),
    'initiation.amount.value',
    `initiation.amount.value ${SHAPE}`,
  ],
  [
    'amount.value: no sign',
    body(uk({ amount: { value: '-10.00', currency: 'GBP' } })),
    'initiation.amount.value',
    `initiation.amount.value ${SHAPE}`,
  ],
  [
    'amount.value: above 0',
    body(uk({ amount: { value: '0.00', currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value must be greater than 0',
  ],
  [
    'amount.value: no leading zeros',
    body(uk({ amount: { value: '010.00', currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value must not have leading zeros',
  ],
  [
    'amount.value: at most 4 fraction digits',
    body(uk({ amount: { value: '1.23456', currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value must have at most 4 digits after the decimal point',
  ],
  [
    'amount.value: the currency minor unit (GBP 2)',
    body(uk({ amount: { value: '10.505', currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value must have at most 2 digits after the decimal point for GBP',
  ],
  [
    'amount.value: the currency minor unit (JPY 0)',
    body(uk({ localInstrument: 'AUTO_SELECT', amount: { value: '100.5', currency: 'JPY' } })),
    'initiation.amount.value',
    'initiation.amount.value must be a whole number for JPY. initiation.localInstrument cannot be AUTO_SELECT for this payment: no rail carries JPY to this creditor account. AUTO_SELECT routes GBP to sortCode and accountNumber, EUR to an IBAN of a SEPA country, PLN to a Polish accountNumber or IBAN, SEK to a bankgiroNumber or plusgiroNumber, and CHF, CZK, DKK, HUF, ISK, NOK, PLN, RON and SEK to an iban or bban',
  ],
  [
    'amount.value: at most 14 integer digits',
    body(uk({ amount: { value: '123456789012345', currency: 'GBP' } })),
    'initiation.amount.value',
    'initiation.amount.value must have at most 14 digits before the decimal point',
  ],
  [
    'amount.currency: required',
    body(uk({ amount: { value: '1.00' } })),
    'initiation.amount.currency',
    'initiation.amount.currency is required',
  ],
  [
    'amount.currency: upper case',
    body(uk({ amount: { value: '1.00', currency: 'gbp' } })),
    'initiation.amount.currency',
    'initiation.amount.currency must be an ISO 4217 currency code: three upper-case letters such as EUR',
  ],
  [
    'amount.currency: ISO 4217',
    body(uk({ amount: { value: '1.00', currency: 'ABC' } })),
    'initiation.amount.currency',
    'initiation.amount.currency must be an ISO 4217 currency code; ABC is not one',
  ],
  [
    'amount.currency: money',
    body(uk({ amount: { value: '1', currency: 'XAU' } })),
    'initiation.amount.currency',
    'initiation.amount.currency must be a currency; XAU (Gold) is not one payments can use',
  ],
  // localInstrument
  [
    'localInstrument: required',
    body(uk({ localInstrument: undefined })),
    'initiation.localInstrument',
    'initiation.localInstrument is required',
  ],
  [
    'localInstrument: one of the rails',
    body(uk({ localInstrument: 'SWIFT' })),
    'initiation.localInstrument',
    'initiation.localInstrument must be one of SEPA, SEPA_INSTANT, FASTER_PAYMENTS, ELIXIR, EU_DOMESTIC_NON_EURO, EU_DOMESTIC_NON_EURO_INSTANT, BANKGIRO, PLUSGIRO, AUTO_SELECT',
  ],
  [
    'localInstrument: carries the currency',
    body(sepa({ amount: { value: '1.00', currency: 'GBP' } })),
    'initiation.localInstrument',
    'initiation.localInstrument does not carry GBP: SEPA is for EUR payments only',
  ],
  [
    'localInstrument: AUTO_SELECT needs a route',
    body(uk({ localInstrument: 'AUTO_SELECT', amount: { value: '1.00', currency: 'USD' } })),
    'initiation.localInstrument',
    'initiation.localInstrument cannot be AUTO_SELECT for this payment: no rail carries USD to this creditor account. AUTO_SELECT routes GBP to sortCode and accountNumber, EUR to an IBAN of a SEPA country, PLN to a Polish accountNumber or IBAN, SEK to a bankgiroNumber or plusgiroNumber, and CHF, CZK, DKK, HUF, ISK, NOK, PLN, RON and SEK to an iban or bban',
  ],
  // creditor
  ['creditor: required', body(uk({ creditor: undefined })), 'initiation.creditor', 'initiation.creditor is required'],
  [
    'creditor: an object',
    body(uk({ creditor: ['040004', '12345678'] })),
    'initiation.creditor',
    'initiation.creditor must be an object',
  ],
  [
    'creditor: unknown field',
    body(uk({ creditor: { ...UK_CREDITOR, accountNickName: 'pa:1' } })),
    'initiation.creditor.accountNickName',
    'initiation.creditor.accountNickName: property accountNickName should not exist',
  ],
  [
    'creditor.virtualAccountId: with account identifiers',
    body(uk({ creditor: { ...UK_CREDITOR, virtualAccountId: 'pa:1' } })),
    'initiation.creditor.virtualAccountId',
    'initiation.creditor.virtualAccountId must not be given with account identifiers (sortCode, accountNumber)',
  ],
  [
    'creditor.name: required',
    body(uk({ creditor: { sortCode: '040004', accountNumber: '12345678' } })),
    'initiation.creditor.name',
    'initiation.creditor.name is required',
  ],
  [
    'creditor.name: at most 140',
    body(uk({ creditor: { ...UK_CREDITOR, name: 'n'.repeat(141) } })),
    'initiation.creditor.name',
    'initiation.creditor.name must be at most 140 characters (it has 141)',
  ],
  [
    'creditor.ultimateCreditorName: at most 140',
    body(uk({ creditor: { ...UK_CREDITOR, ultimateCreditorName: 'n'.repeat(141) } })),
    'initiation.creditor.ultimateCreditorName',
    'initiation.creditor.ultimateCreditorName must be at most 140 characters (it has 141)',
  ],
  [
    'creditor.bankName: at most 140',
    body(uk({ creditor: { ...UK_CREDITOR, bankName: 'n'.repeat(141) } })),
    'initiation.creditor.bankName',
    'initiation.creditor.bankName must be at most 140 characters (it has 141)',
  ],
  [
    'creditor.accountVerificationId: at most 128',
    body(uk({ creditor: { ...UK_CREDITOR, accountVerificationId: 'a'.repeat(129) } })),
    'initiation.creditor.accountVerificationId',
    'initiation.creditor.accountVerificationId must be at most 128 characters (it has 129)',
  ],
  [
    'creditor.sortCode: required for FASTER_PAYMENTS',
    body(uk({ creditor: { name: 'M', accountNumber: '12345678' } })),
    'initiation.creditor.sortCode',
    'initiation.creditor.sortCode is required for FASTER_PAYMENTS',
  ],
  [
    'creditor.sortCode: 6 digits',
    body(uk({ creditor: { ...UK_CREDITOR, sortCode: '04 00 04' } })),
    'initiation.creditor.sortCode',
    'initiation.creditor.sortCode must be 6 digits, written 123456 or 12-34-56',
  ],
  [
    'creditor.accountNumber: required for FASTER_PAYMENTS',
    body(uk({ creditor: { name: 'M', sortCode: '040004' } })),
    'initiation.creditor.accountNumber',
    'initiation.creditor.accountNumber is required for FASTER_PAYMENTS',
  ],
  [
    'creditor.accountNumber: 8 digits (FASTER_PAYMENTS)',
    body(uk({ creditor: { ...UK_CREDITOR, accountNumber: '1234567' } })),
    'initiation.creditor.accountNumber',
    'initiation.creditor.accountNumber must be 8 digits for a UK account',
  ],
  [
    'creditor.accountNumber: a string',
    body(uk({ creditor: { ...UK_CREDITOR, accountNumber: 12345678 } })),
    'initiation.creditor.accountNumber',
    'initiation.creditor.accountNumber must be a string',
  ],
  [
    'creditor.iban: not used by FASTER_PAYMENTS',
    body(uk({ creditor: { ...UK_CREDITOR, iban: 'GB29NWBK60161331926819' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban is not used by FASTER_PAYMENTS, which takes sortCode and accountNumber',
  ],
  [
    'creditor.iban: required for SEPA',
    body(sepa({ creditor: { name: 'H', bic: 'COBADEFFXXX' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban is required for SEPA',
  ],
  [
    'creditor.iban: mod-97 check digits',
    body(sepa({ creditor: { name: 'H', iban: 'DE89370400440532013001' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban has an invalid check digit',
  ],
  [
    'creditor.iban: country length',
    body(sepa({ creditor: { name: 'H', iban: 'DE8937040044053201300' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban must have 22 characters for DE (it has 21)',
  ],
  [
    'creditor.iban: a SEPA country for SEPA',
    body(sepa({ creditor: { name: 'H', iban: 'TR330006100519786457841326' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban must be an IBAN of a SEPA country for SEPA; TR is not one',
  ],
  [
    'creditor.bic: 8 or 11 characters',
    body(sepa({ creditor: { name: 'H', iban: DE_IBAN, bic: 'COBADEFFX' } })),
    'initiation.creditor.bic',
    'initiation.creditor.bic must be a BIC of 8 or 11 characters (it has 9)',
  ],
  [
    'creditor.bic: a known country',
    body(sepa({ creditor: { name: 'H', iban: DE_IBAN, bic: 'COBAZZFF' } })),
    'initiation.creditor.bic',
    'initiation.creditor.bic must be a BIC; ZZ is not a country code',
  ],
  [
    'creditor.iban: required for ELIXIR (or accountNumber)',
    body(uk({ amount: { value: '1.00', currency: 'PLN' }, localInstrument: 'ELIXIR', creditor: { name: 'S' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban is required for ELIXIR, or accountNumber (a 26-digit Polish account number)',
  ],
  [
    'creditor.iban: Polish for ELIXIR',
    body(
      uk({
        amount: { value: '1.00', currency: 'PLN' },
        localInstrument: 'ELIXIR',
        creditor: { name: 'S', iban: DE_IBAN },
      }),
    ),
    'initiation.creditor.iban',
    'initiation.creditor.iban must be a Polish (PL) IBAN for ELIXIR; it is a DE IBAN',
  ],
  [
    'creditor.accountNumber: not with iban for ELIXIR',
    body(
      uk({
        amount: { value: '1.00', currency: 'PLN' },
        localInstrument: 'ELIXIR',
        creditor: { name: 'S', iban: PL_IBAN, accountNumber: NRB },
      }),
    ),
    'initiation.creditor.accountNumber',
    'initiation.creditor.accountNumber must not be given together with iban: ELIXIR takes one of them',
  ],
  [
    'creditor.accountNumber: Polish check digits for ELIXIR',
    body(
      uk({
        amount: { value: '1.00', currency: 'PLN' },
        localInstrument: 'ELIXIR',
        creditor: { name: 'S', accountNumber: '62109010140000071219812874' },
      }),
    ),
    'initiation.creditor.accountNumber',
    'initiation.creditor.accountNumber has an invalid check digit',
  ],
  [
    'creditor.iban: required for EU_DOMESTIC_NON_EURO (or bban)',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO',
        creditor: { name: 'B', bic: 'ESSESESS' },
      }),
    ),
    'initiation.creditor.iban',
    'initiation.creditor.iban is required for EU_DOMESTIC_NON_EURO, or bban',
  ],
  [
    'creditor.bban: not with iban outside the hosted pages',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO',
        creditor: { name: 'B', iban: SE_IBAN, bban: '50000000058398257466' },
      }),
    ),
    'initiation.creditor.bban',
    'initiation.creditor.bban must not be given together with iban (both only for a SEK or NOK creditor through the hosted pages without a bankId)',
  ],
  [
    'creditor.bban: 4-30 letters and digits',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO',
        creditor: { name: 'B', bban: '12' },
      }),
    ),
    'initiation.creditor.bban',
    'initiation.creditor.bban must be an account number of 4 to 30 letters and digits',
  ],
  [
    'creditor.clearingNumber: with a bban',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO_INSTANT',
        creditor: { name: 'B', iban: SE_IBAN, clearingNumber: '8327' },
      }),
    ),
    'initiation.creditor.clearingNumber',
    'initiation.creditor.clearingNumber needs bban: a clearing number qualifies a domestic account number',
  ],
  [
    'creditor.clearingNumber: 3-8 digits',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'EU_DOMESTIC_NON_EURO',
        creditor: { name: 'B', bban: '58398257466', clearingNumber: '83A7' },
      }),
    ),
    'initiation.creditor.clearingNumber',
    'initiation.creditor.clearingNumber must be a clearing number of 3 to 8 digits',
  ],
  [
    'creditor.bankgiroNumber: required for BANKGIRO',
    body(uk({ amount: { value: '1.00', currency: 'SEK' }, localInstrument: 'BANKGIRO', creditor: { name: 'B' } })),
    'initiation.creditor.bankgiroNumber',
    'initiation.creditor.bankgiroNumber is required for BANKGIRO',
  ],
  [
    'creditor.bankgiroNumber: mod-10 check digit',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'BANKGIRO',
        creditor: { name: 'B', bankgiroNumber: '5050-1056' },
      }),
    ),
    'initiation.creditor.bankgiroNumber',
    'initiation.creditor.bankgiroNumber has an invalid check digit',
  ],
  [
    'creditor.bankgiroNumber: 7-8 digits',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'BANKGIRO',
        creditor: { name: 'B', bankgiroNumber: '123456' },
      }),
    ),
    'initiation.creditor.bankgiroNumber',
    'initiation.creditor.bankgiroNumber must be a bankgiro number of 7 to 8 digits',
  ],
  [
    'creditor.plusgiroNumber: required for PLUSGIRO',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'PLUSGIRO',
        creditor: { name: 'B', bic: 'NDEASESS' },
      }),
    ),
    'initiation.creditor.plusgiroNumber',
    'initiation.creditor.plusgiroNumber is required for PLUSGIRO',
  ],
  [
    'creditor.plusgiroNumber: mod-10 check digit',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'PLUSGIRO',
        creditor: { name: 'B', plusgiroNumber: '4711-4' },
      }),
    ),
    'initiation.creditor.plusgiroNumber',
    'initiation.creditor.plusgiroNumber has an invalid check digit',
  ],
  [
    'creditor.plusgiroNumber: 2-8 digits',
    body(
      uk({
        amount: { value: '1.00', currency: 'SEK' },
        localInstrument: 'PLUSGIRO',
        creditor: { name: 'B', plusgiroNumber: '123456789' },
      }),
    ),
    'initiation.creditor.plusgiroNumber',
    'initiation.creditor.plusgiroNumber must be a PlusGiro number of 2 to 8 digits',
  ],
  [
    'creditor: AUTO_SELECT needs an account identifier',
    body(sepa({ localInstrument: 'AUTO_SELECT', creditor: { name: 'H', bic: 'COBADEFFXXX' } })),
    'initiation.creditor',
    'initiation.creditor must have account details: iban, sortCode and accountNumber, bban, bankgiroNumber or plusgiroNumber',
  ],
  [
    'creditor.iban: checked with AUTO_SELECT too',
    body(sepa({ localInstrument: 'AUTO_SELECT', creditor: { name: 'H', iban: 'DE88370400440532013000' } })),
    'initiation.creditor.iban',
    'initiation.creditor.iban has an invalid check digit',
  ],
  [
    'creditor.address: an object',
    body(uk({ creditor: { ...UK_CREDITOR, address: 'London' } })),
    'initiation.creditor.address',
    'initiation.creditor.address must be an object',
  ],
  [
    'creditor.address.country: alpha-2',
    body(uk({ creditor: { ...UK_CREDITOR, address: { country: 'gb' } } })),
    'initiation.creditor.address.country',
    'initiation.creditor.address.country must be a two-letter ISO 3166-1 country code in upper case, such as GB',
  ],
  [
    'creditor.address.addressLine: at most 70 each',
    body(uk({ creditor: { ...UK_CREDITOR, address: { addressLine: ['ok', 'l'.repeat(71)] } } })),
    'initiation.creditor.address.addressLine',
    'initiation.creditor.address.addressLine entry 1 must be at most 70 characters (it has 71)',
  ],
  [
    'creditor.address.addressLine: at most 7 lines',
    body(uk({ creditor: { ...UK_CREDITOR, address: { addressLine: Array.from({ length: 8 }, () => 'line') } } })),
    'initiation.creditor.address.addressLine',
    'initiation.creditor.address.addressLine must have at most 7 entries',
  ],
  [
    'creditor.address.townName: at most 35',
    body(uk({ creditor: { ...UK_CREDITOR, address: { townName: 't'.repeat(36) } } })),
    'initiation.creditor.address.townName',
    'initiation.creditor.address.townName must be at most 35 characters (it has 36)',
  ],
  [
    'creditor.address.postCode: at most 16',
    body(uk({ creditor: { ...UK_CREDITOR, address: { postCode: 'p'.repeat(17) } } })),
    'initiation.creditor.address.postCode',
    'initiation.creditor.address.postCode must be at most 16 characters (it has 17)',
  ],
  [
    'creditor.address: unknown field',
    body(uk({ creditor: { ...UK_CREDITOR, address: { city: 'London' } } })),
    'initiation.creditor.address.city',
    'initiation.creditor.address.city: property city should not exist',
  ],
  // debtor
  ['debtor: an object', body(uk({ debtor: 'me' })), 'initiation.debtor', 'initiation.debtor must be an object'],
  [
    'debtor.iban: not with tokenizedAccountId',
    body(sepa({ debtor: { tokenizedAccountId: 'tai:1', iban: DE_IBAN } })),
    'initiation.debtor.iban',
    `initiation.debtor.iban ${NEVER_BOTH}`,
  ],
  [
    'debtor.name: not with tokenizedAccountId',
    body(uk({ debtor: { tokenizedAccountId: 'tai:1', name: 'Payer' } })),
    'initiation.debtor.name',
    `initiation.debtor.name ${NEVER_BOTH}`,
  ],
  [
    'debtor.address: not with tokenizedAccountId',
    body(uk({ debtor: { tokenizedAccountId: 'tai:1', address: { country: 'GB' } } })),
    'initiation.debtor.address',
    `initiation.debtor.address ${NEVER_BOTH}`,
  ],
  [
    'debtor.tokenizedAccountId: not blank',
    body(uk({ debtor: { tokenizedAccountId: '' } })),
    'initiation.debtor.tokenizedAccountId',
    'initiation.debtor.tokenizedAccountId must not be empty',
  ],
  [
    'debtor.iban: required for SEPA with account details',
    body(sepa({ debtor: { name: 'Payer' } })),
    'initiation.debtor.iban',
    'initiation.debtor.iban is required for SEPA',
  ],
  [
    'debtor.iban: mod-97 check digits',
    body(sepa({ debtor: { iban: 'AT611904300234573202' } })),
    'initiation.debtor.iban',
    'initiation.debtor.iban has an invalid check digit',
  ],
  [
    'debtor.sortCode: not used by SEPA',
    body(sepa({ debtor: { iban: DE_IBAN, sortCode: '040004' } })),
    'initiation.debtor.sortCode',
    'initiation.debtor.sortCode is not used by SEPA, which takes iban and an optional bic',
  ],
  [
    'debtor.accountNumber: an ELIXIR debtor gives an IBAN',
    body(
      uk({
        amount: { value: '1.00', currency: 'PLN' },
        localInstrument: 'ELIXIR',
        creditor: { name: 'S', iban: PL_IBAN },
        debtor: { iban: PL_IBAN, accountNumber: NRB },
      }),
    ),
    'initiation.debtor.accountNumber',
    'initiation.debtor.accountNumber is not used by ELIXIR, which takes iban and an optional bic',
  ],
  [
    'debtor: AUTO_SELECT needs an account identifier',
    body(sepa({ localInstrument: 'AUTO_SELECT', debtor: { name: 'Payer' } })),
    'initiation.debtor',
    'initiation.debtor must have account details: iban, sortCode and accountNumber, bban, bankgiroNumber or plusgiroNumber',
  ],
  [
    'debtor: unknown field',
    body(uk({ debtor: { tokenizedAccountId: 'tai:1', accountId: 'x' } })),
    'initiation.debtor.accountId',
    'initiation.debtor.accountId: property accountId should not exist',
  ],
  [
    'debtor.address.country: alpha-2',
    body(sepa({ debtor: { iban: DE_IBAN, address: { country: 'DEU' } } })),
    'initiation.debtor.address.country',
    'initiation.debtor.address.country must be a two-letter ISO 3166-1 country code in upper case, such as GB',
  ],
  // executionDate
  [
    'executionDate: YYYY-MM-DD',
    body(uk({ executionDate: '2026-12-01T10:00:00Z' })),
    'initiation.executionDate',
    'initiation.executionDate must be a date in the form YYYY-MM-DD',
  ],
  [
    'executionDate: a calendar date',
    body(uk({ executionDate: '2027-02-29' })),
    'initiation.executionDate',
    'initiation.executionDate must be a calendar date; 2027-02-29 does not exist',
  ],
  // booleans
  [
    'confirmFunds: a boolean',
    body(uk({ confirmFunds: 'true' })),
    'initiation.confirmFunds',
    'initiation.confirmFunds must be true or false',
  ],
  [
    'returnRefundAccount: a boolean',
    body(uk({ returnRefundAccount: 1 })),
    'initiation.returnRefundAccount',
    'initiation.returnRefundAccount must be true or false',
  ],
  [
    'disableFutureDatedPaymentConversion: a boolean',
    body(uk({ disableFutureDatedPaymentConversion: 'no' })),
    'initiation.disableFutureDatedPaymentConversion',
    'initiation.disableFutureDatedPaymentConversion must be true or false',
  ],
  [
    'returnTokenizedAccount: a boolean',
    body(uk({ returnTokenizedAccount: [] })),
    'initiation.returnTokenizedAccount',
    'initiation.returnTokenizedAccount must be true or false',
  ],
  // callback
  [
    'callbackUrl: required',
    body(uk({ callbackUrl: undefined })),
    'initiation.callbackUrl',
    'initiation.callbackUrl is required',
  ],
  [
    'callbackUrl: https',
    body(uk({ callbackUrl: 'http://tpp.example/cb' })),
    'initiation.callbackUrl',
    'initiation.callbackUrl must use https (it uses http)',
  ],
  [
    'callbackUrl: absolute URL',
    body(uk({ callbackUrl: 'tpp.example/cb' })),
    'initiation.callbackUrl',
    'initiation.callbackUrl must be an absolute URL such as https://tpp.example/callback',
  ],
  [
    'callbackUrl: no credentials',
    body(uk({ callbackUrl: 'https://u:p@tpp.example/cb' })),
    'initiation.callbackUrl',
    'initiation.callbackUrl must not contain user credentials',
  ],
  [
    'callbackUrl: at most 2048',
    body(uk({ callbackUrl: `https://tpp.example/${'x'.repeat(2030)}` })),
    'initiation.callbackUrl',
    'initiation.callbackUrl must be at most 2048 characters (it has 2050)',
  ],
  [
    'callbackState: at most 256',
    body(uk({ callbackState: 's'.repeat(257) })),
    'initiation.callbackState',
    'initiation.callbackState must be at most 256 characters (it has 257)',
  ],
  // enums
  [
    'chargeBearer: one of the reference values',
    body(uk({ chargeBearer: 'OUR' })),
    'initiation.chargeBearer',
    'initiation.chargeBearer must be one of INVALID_CHARGE_BEARER, CRED, DEBT, SHAR, SLEV',
  ],
  [
    'flowType: one of the reference values',
    body(uk({ flowType: 'HOSTED' })),
    'initiation.flowType',
    'initiation.flowType must be one of API_ONLY, FULL_HOSTED_PAGES, EMBEDDED_HOSTED_PAGES',
  ],
  [
    'externalPsuReference: at most 64',
    body(uk({ externalPsuReference: 'e'.repeat(65) })),
    'initiation.externalPsuReference',
    'initiation.externalPsuReference must be at most 64 characters (it has 65)',
  ],
  // risk
  ['risk: an object', body(uk({ risk: 'low' })), 'initiation.risk', 'initiation.risk must be an object'],
  [
    'risk.psuId: at most 128',
    body(uk({ risk: { psuId: 'p'.repeat(129) } })),
    'initiation.risk.psuId',
    'initiation.risk.psuId must be at most 128 characters (it has 129)',
  ],
  [
    'risk.paymentContextCode: one of the reference values',
    body(uk({ risk: { paymentContextCode: 'ECOMMERCE' } })),
    'initiation.risk.paymentContextCode',
    'initiation.risk.paymentContextCode must be one of INVALID_PAYMENT_CONTEXT_CODE, BILLING_GOODS_AND_SERVICES_IN_ADVANCE, BILLING_GOODS_AND_SERVICES_IN_ARREARS, PISP_PAYEE, ECOMMERCE_MERCHANT_INITIATED_PAYMENT, FACE_TO_FACE_POINT_OF_SALE, TRANSFER_TO_SELF, TRANSFER_TO_THIRD_PARTY',
  ],
  [
    'risk.paymentPurposeCode: one of the reference values',
    body(uk({ risk: { paymentPurposeCode: 'GDSV' } })),
    'initiation.risk.paymentPurposeCode',
    'initiation.risk.paymentPurposeCode must be one of CASH, CORT, DVPM, INTC, TREA, SUPP',
  ],
  [
    'risk.merchantCategoryCode: 4 digits',
    body(uk({ risk: { merchantCategoryCode: '5699-V' } })),
    'initiation.risk.merchantCategoryCode',
    'initiation.risk.merchantCategoryCode must be an ISO 18245 merchant category code of 4 digits',
  ],
  [
    'risk.beneficiaryAccountType: one of the reference values',
    body(uk({ risk: { beneficiaryAccountType: 'SAVINGS' } })),
    'initiation.risk.beneficiaryAccountType',
    'initiation.risk.beneficiaryAccountType must be one of PERSONAL, JOINT_PERSONAL, PERSONAL_SAVINGS_ACCOUNT, BUSINESS, BUSINESS_SAVINGS_ACCOUNT, CHARITY, COLLECTION, CORPORATE, GOVERNMENT, EWALLET, INVESTMENT, ISA, PREMIER, WEALTH, PENSION',
  ],
  [
    'risk.contractPresentIndicator: a boolean',
    body(uk({ risk: { contractPresentIndicator: 'yes' } })),
    'initiation.risk.contractPresentIndicator',
    'initiation.risk.contractPresentIndicator must be true or false',
  ],
  [
    'risk.beneficiaryPrepopulatedIndicator: a boolean',
    body(uk({ risk: { beneficiaryPrepopulatedIndicator: 0 } })),
    'initiation.risk.beneficiaryPrepopulatedIndicator',
    'initiation.risk.beneficiaryPrepopulatedIndicator must be true or false',
  ],
  [
    'risk: unknown field',
    body(uk({ risk: { score: 1 } })),
    'initiation.risk.score',
    'initiation.risk.score: property score should not exist',
  ],
  [
    'risk.deliveryAddress: an object',
    body(uk({ risk: { deliveryAddress: ['x'] } })),
    'initiation.risk.deliveryAddress',
    'initiation.risk.deliveryAddress must be an object',
  ],
  [
    'risk.deliveryAddress.addressType: one of the reference values',
    body(uk({ risk: { deliveryAddress: { addressType: 'HOME' } } })),
    'initiation.risk.deliveryAddress.addressType',
    'initiation.risk.deliveryAddress.addressType must be one of INVALID_ADDRESS_TYPE, BUSINESS, CORRESPONDENCE, DELIVERYTO, MAILTO, POBOX, POSTAL, RESIDENTIAL, STATEMENT',
  ],
  [
    'risk.deliveryAddress.country: alpha-2',
    body(uk({ risk: { deliveryAddress: { country: 'United Kingdom' } } })),
    'initiation.risk.deliveryAddress.country',
    'initiation.risk.deliveryAddress.country must be a two-letter ISO 3166-1 country code in upper case, such as GB',
  ],
  [
    'risk.deliveryAddress.countrySubDivision: strings',
    body(uk({ risk: { deliveryAddress: { countrySubDivision: 'Yorkshire' } } })),
    'initiation.risk.deliveryAddress.countrySubDivision',
    'initiation.risk.deliveryAddress.countrySubDivision must be an array of strings',
  ],
  [
    'risk.deliveryAddress.streetName: at most 70',
    body(uk({ risk: { deliveryAddress: { streetName: 's'.repeat(71) } } })),
    'initiation.risk.deliveryAddress.streetName',
    'initiation.risk.deliveryAddress.streetName must be at most 70 characters (it has 71)',
  ],
];
