import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { loadBankCatalogue } from '#libs/application';
import { BankCatalogueError } from '#libs/connectors';
import { BankRepository } from '#libs/db';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const SANDBOX_BANK_URL = 'http://sandbox-bank.test:8090';
const PUBLIC_BASE_URL = 'https://gateway.test';

type Json = Record<string, unknown>;
interface BankList {
  banks: Json[];
  paging: { page: number; pageCount: number; perPage: number; totalCount: number };
}
interface ErrorBody {
  error: { errorCode?: string; message: string; paths?: string[]; tokenTraceId: string };
}

/** Every bank of config/banks/sandbox.yaml. */
const ALL = [
  'ob-sandbox-de-blz',
  'ob-sandbox-eu',
  'ob-sandbox-eu-decoupled',
  'ob-sandbox-eu-redirect',
  'ob-sandbox-fr-accounts',
  'ob-sandbox-gb',
  'ob-sandbox-gb-decoupled',
  'ob-sandbox-gb-payments',
  'ob-sandbox-nl-instant',
  'ob-sandbox-pl',
  'ob-sandbox-se',
];

/** Property names of the reference's schemas (tokenio-openapi.yml): responses may use only these. */
const REFERENCE = {
  GetBanksResponse: ['banks', 'paging', 'rank', 'bankSubGroup'],
  GetBanksV2Response: ['banks', 'paging', 'rank', 'bankSubGroup'],
  Paging: ['page', 'pageCount', 'perPage', 'totalCount'],
  BankV1: [
    'bankGroup',
    'bic',
    'countries',
    'credentialFields',
    'fieldsFormatInformation',
    'fullLogoUri',
    'id',
    'identifier',
    'logoUri',
    'mandatoryFields',
    'maintenanceWindow',
    'name',
    'openBankingStandard',
    'operationalTime',
    'provider',
    'requiresExternalAuth',
    'requiresOneStepPayment',
    'scaMethods',
    'supportedTransferDestinationTypes',
    'supportsBalance',
    'supportsFundsConfirmation',
    'supportsAccountInformation',
    'supportsReceivePayment',
    'supportsReturnRefundAccount',
    'supportsScheduledPayment',
    'supportsSendPayment',
    'supportsStandingOrder',
    'supportsTransactionsDateFilter',
    'supportsSinglePayment',
    'supportsVariableRecurringPayment',
    'transactionHistoryLimit',
  ],
  BankV2: [
    'id',
    'bic',
    'name',
    'logoUri',
    'bankGroup',
    'bankSubGroup',
    'countries',
    'openBankingStandard',
    'initialEmbeddedAuthFields',
    'mandatoryFields',
    'maintenanceWindow',
    'scaMethods',
    'fieldsFormatInformation',
    'supportedLocalInstruments',
    'operationalTime',
    'transactionHistoryLimit',
    'supportsAccountList',
    'supportsAccountDetails',
    'supportsAccountBalance',
    'supportsTransactionList',
    'supportsTransactionDetails',
    'supportsStandingOrderList',
    'supportsTransactionsDateFilter',
    'requiresOneStepPayment',
    'supportsSinglePayment',
    'supportsScheduledPayment',
    'supportsSendPayment',
    'supportsReceivePayment',
    'supportsStandingOrder',
    'supportsReturnRefundAccount',
    'supportsFundsConfirmation',
    'supportsVariableRecurringPayment',
  ],
  OpenBankingStandard: [
    'Invalid_Standard',
    'UK_Open_Banking_Standard',
    'Starling_Bank_API',
    'PolishApi',
    'STET_PSD2_API',
    'Citi_Handlowy_PSD2_API',
    'NextGenPsd2',
    'Slovak_Banking_API_Standard',
    'Czech_Open_Banking_Standard',
    'American_Express_PSD2_API',
    'Budapest_Bank_API',
  ],
  scaMethods: [
    'INVALID_SCA_METHOD',
    'REDIRECT',
    'DECOUPLED',
    'CONFIRMATION_PAGE',
    'MULTI_REDIRECT',
    'EMBEDDED_SINGLE_STEP',
    'EMBEDDED_MULTI_STEP',
  ],
};

/** v1 feature filter -> the v1 response field showing it. */
const V1_FEATURES: Record<string, string> = {
  supports_send_payment: 'supportsSendPayment',
  supports_receive_payment: 'supportsReceivePayment',
  supports_balance: 'supportsBalance',
  supports_scheduled_payment: 'supportsScheduledPayment',
  supports_standing_order: 'supportsStandingOrder',
  requires_one_step_payment: 'requiresOneStepPayment',
  supports_funds_confirmation: 'supportsFundsConfirmation',
  supports_return_refund_account: 'supportsReturnRefundAccount',
  supports_transactions_date_filter: 'supportsTransactionsDateFilter',
  supports_account_information: 'supportsAccountInformation',
  supports_single_payment: 'supportsSinglePayment',
  supports_variable_recurring_payment: 'supportsVariableRecurringPayment',
};

const V2_FLAGS = [
  'supportsAccountList',
  'supportsAccountDetails',
  'supportsAccountBalance',
  'supportsTransactionList',
  'supportsTransactionDetails',
  'supportsStandingOrderList',
  'supportsTransactionsDateFilter',
  'requiresOneStepPayment',
  'supportsSinglePayment',
  'supportsScheduledPayment',
  'supportsStandingOrder',
  'supportsReturnRefundAccount',
  'supportsFundsConfirmation',
  'supportsVariableRecurringPayment',
];

const ids = (list: BankList): string[] => list.banks.map((bank) => String(bank['id']));
const sorted = (values: readonly string[]): string[] => [...values].sort();
const byName = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base' });

describe('bank lists over HTTP', () => {
  let proc: ApiProcess;
  let api: string;
  let apiKey: string;

  beforeAll(async () => {
    proc = await createApiProcess(await testConfig({ ADMIN_TOKEN, SANDBOX_BANK_URL, PUBLIC_BASE_URL }));
    await proc.api.listen(0, '127.0.0.1');
    await proc.admin.listen(0, '127.0.0.1');
    api = baseUrl(proc.api);
    const created = await fetch(`${baseUrl(proc.admin)}/admin/members`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'banks e2e' }),
    });
    expect(created.status).toBe(200);
    apiKey = ((await created.json()) as { apiKey: string }).apiKey;
  });
  afterAll(async () => {
    await proc.close();
  });

  const call = (path: string, query = ''): Promise<Response> =>
    fetch(`${api}${path}${query === '' ? '' : `?${query}`}`, { headers: { authorization: `Basic ${apiKey}` } });

  async function list(path: '/banks' | '/v2/banks', query = ''): Promise<BankList> {
    const response = await call(path, query);
    expect(response.status, `${path}?${query}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as BankList;
  }
  const v1 = async (query = ''): Promise<string[]> => ids(await list('/banks', query));
  const v2 = async (query = ''): Promise<string[]> => ids(await list('/v2/banks', query));

  async function countries(query = ''): Promise<string[]> {
    const response = await call('/bank/countries', query);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { countries: string[] }).countries;
  }

  /** A 400 whose error names `path` (in `paths` and in the message). */
  async function expectInvalid(path: string, query: string, param: string): Promise<void> {
    const response = await call(path, query);
    const body = (await response.json()) as ErrorBody;
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error.paths).toContain(param);
    expect(body.error.message).toContain(param);
    expect(body.error.tokenTraceId).toMatch(/^[0-9a-f]{32}$/);
  }

  it('answers 401 without authentication', async () => {
    for (const path of ['/banks', '/v2/banks', '/bank/countries']) {
      const response = await fetch(`${api}${path}`);
      expect(response.status).toBe(401);
      const body = (await response.json()) as ErrorBody;
      expect(Object.keys(body.error).sort()).toEqual(['message', 'tokenTraceId']);
    }
  });

  describe('response shapes', () => {
    it('v1: only the reference field names, with the required ones and reference enum values', async () => {
      const body = (await (await call('/banks')).json()) as Json;
      expect(Object.keys(body).every((key) => REFERENCE.GetBanksResponse.includes(key))).toBe(true);
      const { banks, paging } = body as unknown as BankList;
      expect(Object.keys(paging).sort()).toEqual(sorted(REFERENCE.Paging));
      expect(sorted(banks.map((bank) => String(bank['id'])))).toEqual(ALL);
      for (const bank of banks) {
        expect(Object.keys(bank).filter((key) => !REFERENCE.BankV1.includes(key))).toEqual([]);
        expect(REFERENCE.OpenBankingStandard).toContain(bank['openBankingStandard']);
        expect((bank['scaMethods'] as string[]).every((method) => REFERENCE.scaMethods.includes(method))).toBe(true);
        for (const flag of Object.values(V1_FEATURES)) expect(typeof bank[flag], flag).toBe('boolean');
      }
      const gb = banks.find((bank) => bank['id'] === 'ob-sandbox-gb');
      expect(gb).toMatchObject({
        id: 'ob-sandbox-gb',
        name: 'Sandbox Bank UK',
        bic: 'SBOXGB2L',
        countries: ['GB'],
        logoUri: `${PUBLIC_BASE_URL}/logos/ob-sandbox-gb.svg`,
        fullLogoUri: `${PUBLIC_BASE_URL}/logos/ob-sandbox-gb.full.svg`,
        provider: 'Gateway Direct',
        bankGroup: 'Sandbox Banking Group',
        openBankingStandard: 'UK_Open_Banking_Standard',
        scaMethods: ['REDIRECT'],
        supportedTransferDestinationTypes: ['FASTER_PAYMENTS'],
        supportsVariableRecurringPayment: true,
        transactionHistoryLimit: 100,
      });
      expect(banks.find((bank) => bank['id'] === 'ob-sandbox-de-blz')).toMatchObject({
        identifier: '10020030',
        transactionHistoryLimit: -1,
      });
      expect(banks.find((bank) => bank['id'] === 'ob-sandbox-eu')).toMatchObject({
        openBankingStandard: 'NextGenPsd2',
        scaMethods: ['EMBEDDED_MULTI_STEP'],
      });
    });

    it('v2: only the reference field names, with the required ones', async () => {
      const body = (await (await call('/v2/banks')).json()) as Json;
      expect(Object.keys(body).every((key) => REFERENCE.GetBanksV2Response.includes(key))).toBe(true);
      const { banks } = body as unknown as BankList;
      for (const bank of banks) {
        expect(Object.keys(bank).filter((key) => !REFERENCE.BankV2.includes(key))).toEqual([]);
        for (const flag of V2_FLAGS) expect(typeof bank[flag], flag).toBe('boolean');
      }
      expect(banks.find((bank) => bank['id'] === 'ob-sandbox-gb-decoupled')).toMatchObject({
        id: 'ob-sandbox-gb-decoupled',
        bic: 'SBOXGB2LDEC',
        name: 'Sandbox Bank UK Decoupled',
        bankGroup: 'Sandbox Banking Group',
        bankSubGroup: 'Sandbox UK',
        countries: ['GB'],
        openBankingStandard: 'UK_Open_Banking_Standard',
        scaMethods: ['DECOUPLED'],
        supportedLocalInstruments: ['FASTER_PAYMENTS'],
        supportsAccountBalance: true,
        supportsVariableRecurringPayment: false,
      });
    });

    it('countries: sorted, distinct, upper case', async () => {
      expect(await countries()).toEqual(['AT', 'DE', 'ES', 'FR', 'GB', 'IT', 'NL', 'PL', 'SE']);
    });
  });

  describe('ids and bics', () => {
    it('match ids whole and case-insensitively, from a comma list and/or repeated parameters', async () => {
      expect(await v1('ids=OB-SANDBOX-GB')).toEqual(['ob-sandbox-gb']);
      expect(await v1('ids=ob-sandbox')).toEqual([]);
      expect(sorted(await v1('ids=ob-sandbox-gb,ob-sandbox-eu&ids=ob-sandbox-pl'))).toEqual([
        'ob-sandbox-eu',
        'ob-sandbox-gb',
        'ob-sandbox-pl',
      ]);
      expect(await v2('ids=Ob-Sandbox-Se')).toEqual(['ob-sandbox-se']);
      expect(await countries('ids=ob-sandbox-pl,ob-sandbox-se')).toEqual(['PL', 'SE']);
    });

    it('match BICs whole and case-insensitively', async () => {
      expect(await v1('bics=sboxdeff')).toEqual(['ob-sandbox-eu']);
      expect(await v1('bics=SBOXGB2L')).toEqual(['ob-sandbox-gb']);
      expect(sorted(await v2('bics=SBOXFRPP&bics=SBOXSESS'))).toEqual(['ob-sandbox-eu', 'ob-sandbox-se']);
    });

    it('accept 1000 entries and refuse 1001, naming the parameter', async () => {
      const many = (count: number): string =>
        ['ob-sandbox-gb', ...Array.from({ length: count - 1 }, (_, i) => `x${i}`)].join(',');
      expect(await v1(`ids=${many(1000)}`)).toEqual(['ob-sandbox-gb']);
      expect(await v2(`ids=${many(1000)}`)).toEqual(['ob-sandbox-gb']);
      expect(await countries(`ids=${many(1000)}`)).toEqual(['GB']);
      await expectInvalid('/banks', `ids=${many(1001)}`, 'ids');
      await expectInvalid('/v2/banks', `ids=${many(1001)}`, 'ids');
      await expectInvalid('/bank/countries', `ids=${many(1001)}`, 'ids');
      // Repeated parameters count the same way.
      const repeated = (count: number): string => Array.from({ length: count }, (_, i) => `ids=y${i}`).join('&');
      expect(await v1(repeated(1000))).toEqual([]);
      await expectInvalid('/banks', repeated(1001), 'ids');

      const bics = (count: number): string =>
        ['SBOXDEFF', ...Array.from({ length: count - 1 }, (_, i) => `B${i}`)].join(',');
      expect(await v1(`bics=${bics(1000)}`)).toEqual(['ob-sandbox-eu']);
      expect(await v2(`bics=${bics(1000)}`)).toEqual(['ob-sandbox-eu']);
      await expectInvalid('/banks', `bics=${bics(1001)}`, 'bics');
      await expectInvalid('/v2/banks', `bics=${bics(1001)}`, 'bics');
    });
  });

  describe('search and bankCode', () => {
    it('search is a case-insensitive substring of the name, id, BICs and bank codes', async () => {
      expect(sorted(await v1('search=sandbox%20bank%20uk'))).toEqual(['ob-sandbox-gb', 'ob-sandbox-gb-decoupled']);
      expect(await v1('search=GB-DEC')).toEqual(['ob-sandbox-gb-decoupled']);
      expect(await v1('search=sboxse')).toEqual(['ob-sandbox-se']);
      expect(await v2('search=1002003')).toEqual(['ob-sandbox-de-blz']);
      expect(await v1('search=no%20such%20bank')).toEqual([]);
      expect(await countries('search=polska')).toEqual(['PL']);
    });

    it('bankCode matches a BIC of 8 or 11 or a BLZ of 8 exactly', async () => {
      expect(await v1('bankCode=SBOXGB2L')).toEqual(['ob-sandbox-gb']);
      expect(await v1('bankCode=SBOXGB2LDEC')).toEqual(['ob-sandbox-gb-decoupled']);
      expect(await v1('bankCode=sboxdebbxxx')).toEqual(['ob-sandbox-de-blz']);
      expect(await v2('bankCode=10020030')).toEqual(['ob-sandbox-de-blz']);
      expect(await v1('bankCode=SBOXDEBB')).toEqual([]);
      expect(await countries('bankCode=10020030')).toEqual(['DE']);
      for (const code of ['SBOXGB2LDE', 'SBOX', '1002003', 'SBOXGB2LDECX', 'SBOX-B2L']) {
        await expectInvalid('/banks', `bankCode=${code}`, 'bankCode');
      }
      await expectInvalid('/v2/banks', 'bankCode=123', 'bankCode');
      await expectInvalid('/bank/countries', 'bankCode=123', 'bankCode');
    });
  });

  describe('countries, providers, networks, groups and standards', () => {
    it('countries: ISO alpha-2 upper case, any of them', async () => {
      expect(sorted(await v1('countries=DE'))).toEqual([
        'ob-sandbox-de-blz',
        'ob-sandbox-eu',
        'ob-sandbox-eu-decoupled',
        'ob-sandbox-eu-redirect',
      ]);
      expect(sorted(await v2('countries=SE,PL'))).toEqual(['ob-sandbox-pl', 'ob-sandbox-se']);
      expect(await countries('countries=DE&countries=AT')).toEqual(['AT', 'DE']);
      for (const value of ['de', 'DEU', 'D1']) await expectInvalid('/banks', `countries=${value}`, 'countries');
      await expectInvalid('/v2/banks', 'countries=gb', 'countries');
      await expectInvalid('/bank/countries', 'countries=G', 'countries');
    });

    it('providers match whole, case-insensitively', async () => {
      expect(sorted(await v1('providers=gateway%20direct'))).toEqual([
        'ob-sandbox-eu',
        'ob-sandbox-eu-decoupled',
        'ob-sandbox-eu-redirect',
        'ob-sandbox-gb',
        'ob-sandbox-gb-decoupled',
      ]);
      expect((await v1('providers=Sandbox%20Hub')).length).toBe(6);
      expect(await v1('providers=Gateway')).toEqual([]);
      expect(await countries('providers=Gateway%20Direct')).toEqual(['AT', 'DE', 'ES', 'FR', 'GB', 'IT', 'NL']);
    });

    it('supportedPaymentNetworks (v1) and supportedLocalInstruments (v2) are enum-checked, any of them', async () => {
      expect(await v1('supportedPaymentNetworks=ELIXIR')).toEqual(['ob-sandbox-pl']);
      expect(await v1('supportedPaymentNetworks=BANKGIRO,PLUSGIRO')).toEqual(['ob-sandbox-se']);
      expect(await countries('supportedPaymentNetworks=FASTER_PAYMENTS')).toEqual(['GB']);
      expect(sorted(await v2('supportedLocalInstruments=FASTER_PAYMENTS'))).toEqual([
        'ob-sandbox-gb',
        'ob-sandbox-gb-decoupled',
        'ob-sandbox-gb-payments',
      ]);
      expect(sorted(await v2('supportedLocalInstruments=SEPA_INSTANT'))).toEqual([
        'ob-sandbox-eu',
        'ob-sandbox-eu-decoupled',
        'ob-sandbox-eu-redirect',
        'ob-sandbox-nl-instant',
      ]);
      await expectInvalid('/banks', 'supportedPaymentNetworks=SWIFT', 'supportedPaymentNetworks');
      await expectInvalid('/bank/countries', 'supportedPaymentNetworks=sepa', 'supportedPaymentNetworks');
      await expectInvalid('/v2/banks', 'supportedLocalInstruments=FASTER_PAYMENTS,WIRE', 'supportedLocalInstruments');
    });

    it('bankGroup and bankSubGroup match whole, case-insensitively', async () => {
      expect(sorted(await v1('bankGroup=Sandbox%20Banking%20Group'))).toEqual([
        'ob-sandbox-eu',
        'ob-sandbox-eu-decoupled',
        'ob-sandbox-eu-redirect',
        'ob-sandbox-fr-accounts',
        'ob-sandbox-gb',
        'ob-sandbox-gb-decoupled',
        'ob-sandbox-gb-payments',
      ]);
      expect(sorted(await v2('bankSubGroup=sandbox%20europe'))).toEqual([
        'ob-sandbox-eu',
        'ob-sandbox-eu-decoupled',
        'ob-sandbox-eu-redirect',
        'ob-sandbox-fr-accounts',
      ]);
      expect(await v1('bankGroup=Sandbox%20Banking%20Group&bankSubGroup=Sandbox%20UK%20Business')).toEqual([
        'ob-sandbox-gb-payments',
      ]);
      expect(await v2('bankGroup=Sandbox')).toEqual([]);
    });

    it('openBankingStandards (v2) takes the reference names, ignoring case', async () => {
      expect(sorted(await v2('openBankingStandards=UK_Open_Banking_Standard'))).toEqual([
        'ob-sandbox-gb',
        'ob-sandbox-gb-decoupled',
        'ob-sandbox-gb-payments',
      ]);
      expect((await v2('openBankingStandards=NextGenPSD2')).length).toBe(8);
      expect((await v2('openBankingStandards=nextgenpsd2,UK_OPEN_BANKING_STANDARD')).length).toBe(11);
      expect(await v2('openBankingStandards=PolishAPI')).toEqual([]);
      await expectInvalid('/v2/banks', 'openBankingStandards=STET', 'openBankingStandards');
    });

    it('memberId and tppId are accepted and filter nothing', async () => {
      expect(sorted(await v1('memberId=m:any&tppId=tpp-1'))).toEqual(ALL);
      expect(sorted(await v2('tppId=tpp-1'))).toEqual(ALL);
      expect((await countries('tppId=tpp-1&memberId=m:any')).length).toBe(9);
    });
  });

  describe('feature filters', () => {
    it.each(Object.entries(V1_FEATURES))(
      'v1 bank_features.%s.value: true and false split the catalogue',
      async (feature, field) => {
        const param = `bank_features.${feature}.value`;
        const yes = await list('/banks', `${param}=true`);
        const no = await list('/banks', `${param}=false`);
        expect(yes.banks.length).toBeGreaterThan(0);
        expect(no.banks.length).toBeGreaterThan(0);
        expect(yes.banks.every((bank) => bank[field] === true)).toBe(true);
        expect(no.banks.every((bank) => bank[field] === false)).toBe(true);
        expect(sorted([...ids(yes), ...ids(no)])).toEqual(ALL);
        expect((await countries(`${param}=true`)).length).toBeGreaterThan(0);
        await expectInvalid('/banks', `${param}=yes`, param);
        await expectInvalid('/bank/countries', `${param}=1`, param);
      },
    );

    it('v1 feature filters combine', async () => {
      expect(
        await v1(
          'bank_features.supports_account_information.value=false&bank_features.requires_one_step_payment.value=true',
        ),
      ).toEqual(['ob-sandbox-nl-instant']);
      expect(await countries('bank_features.supports_variable_recurring_payment.value=true')).toEqual(['GB']);
      await expectInvalid(
        '/banks',
        'bank_features.supports_send_payment.value=true&bank_features.supports_send_payment.value=false',
        'bank_features.supports_send_payment.value',
      );
    });

    it.each(V2_FLAGS)('v2 %s: true and false split the catalogue', async (flag) => {
      const yes = await list('/v2/banks', `${flag}=true`);
      const no = await list('/v2/banks', `${flag}=false`);
      expect(yes.banks.length).toBeGreaterThan(0);
      expect(no.banks.length).toBeGreaterThan(0);
      expect(yes.banks.every((bank) => bank[flag] === true)).toBe(true);
      expect(no.banks.every((bank) => bank[flag] === false)).toBe(true);
      expect(sorted([...ids(yes), ...ids(no)])).toEqual(ALL);
      await expectInvalid('/v2/banks', `${flag}=TRUE`, flag);
    });

    it('v2 supportsReturnRefundAccountHolderName filters though the bank item has no such field', async () => {
      expect(await v2('supportsReturnRefundAccountHolderName=true')).toEqual(['ob-sandbox-gb']);
      expect((await v2('supportsReturnRefundAccountHolderName=false')).length).toBe(10);
      await expectInvalid(
        '/v2/banks',
        'supportsReturnRefundAccountHolderName=maybe',
        'supportsReturnRefundAccountHolderName',
      );
    });
  });

  describe('sort', () => {
    const field = (list: BankList, name: string): string[] => list.banks.map((bank) => String(bank[name]));
    const first = (list: BankList, name: string): string[] =>
      list.banks.map((bank) => (bank[name] as string[])[0] ?? '');
    const isSorted = (values: readonly string[]): boolean =>
      values.every((value, i) => i === 0 || byName(values[i - 1] ?? '', value) <= 0);

    it('v1 sorts by name (default), provider or country', async () => {
      const byDefault = await list('/banks');
      expect(isSorted(field(byDefault, 'name'))).toBe(true);
      expect(ids(byDefault)[0]).toBe('ob-sandbox-eu');
      expect(ids(await list('/banks', 'sort=name'))).toEqual(ids(byDefault));
      expect(isSorted(field(await list('/banks', 'sort=provider'), 'provider'))).toBe(true);
      expect(isSorted(first(await list('/banks', 'sort=country'), 'countries'))).toBe(true);
      for (const bad of ['NAME', 'rank', 'bogus']) await expectInvalid('/banks', `sort=${bad}`, 'sort');
    });

    it('v2 sorts by NAME (default), STANDARD, RANK or COUNTRY', async () => {
      const byDefault = await list('/v2/banks');
      expect(isSorted(field(byDefault, 'name'))).toBe(true);
      expect(ids(await list('/v2/banks', 'sort=NAME'))).toEqual(ids(byDefault));
      const byStandard = await list('/v2/banks', 'sort=STANDARD');
      expect(isSorted(field(byStandard, 'openBankingStandard'))).toBe(true);
      expect(field(byStandard, 'openBankingStandard')[0]).toBe('NextGenPsd2');
      // Ranked banks first by rank, then the unranked by name.
      expect(ids(await list('/v2/banks', 'sort=RANK'))).toEqual([
        'ob-sandbox-gb',
        'ob-sandbox-gb-decoupled',
        'ob-sandbox-eu',
        'ob-sandbox-eu-redirect',
        'ob-sandbox-gb-payments',
        'ob-sandbox-se',
        'ob-sandbox-eu-decoupled',
        'ob-sandbox-pl',
        'ob-sandbox-fr-accounts',
        'ob-sandbox-nl-instant',
        'ob-sandbox-de-blz',
      ]);
      expect(isSorted(first(await list('/v2/banks', 'sort=COUNTRY'), 'countries'))).toBe(true);
      for (const bad of ['name', 'PROVIDER', 'RANK,NAME']) await expectInvalid('/v2/banks', `sort=${bad}`, 'sort');
    });
  });

  describe('paging', () => {
    it('defaults to page 1 of 200', async () => {
      expect((await list('/banks')).paging).toEqual({ page: 1, pageCount: 1, perPage: 200, totalCount: 11 });
      expect((await list('/v2/banks')).paging).toEqual({ page: 1, pageCount: 1, perPage: 200, totalCount: 11 });
    });

    it('splits the ordered result into pages; a page past the end is empty with the totals', async () => {
      for (const path of ['/banks', '/v2/banks'] as const) {
        const all = ids(await list(path));
        const pages = await Promise.all([1, 2, 3, 4].map((page) => list(path, `perPage=3&page=${page}`)));
        expect(pages.map((page) => page.paging)).toEqual(
          [1, 2, 3, 4].map((page) => ({ page, pageCount: 4, perPage: 3, totalCount: 11 })),
        );
        expect(pages.map((page) => page.banks.length)).toEqual([3, 3, 3, 2]);
        expect(pages.flatMap(ids)).toEqual(all);
        expect(await list(path, 'perPage=3&page=5')).toEqual({
          banks: [],
          paging: { page: 5, pageCount: 4, perPage: 3, totalCount: 11 },
        });
        expect((await list(path, 'perPage=5')).paging).toEqual({ page: 1, pageCount: 3, perPage: 5, totalCount: 11 });
        expect((await list(path, 'perPage=1&page=10')).banks.length).toBe(1);
        expect((await list(path, 'perPage=200')).paging.perPage).toBe(200);
      }
      expect(await list('/banks', 'ids=none&perPage=7')).toEqual({
        banks: [],
        paging: { page: 1, pageCount: 0, perPage: 7, totalCount: 0 },
      });
      expect((await list('/v2/banks', 'countries=GB&perPage=2')).paging).toEqual({
        page: 1,
        pageCount: 2,
        perPage: 2,
        totalCount: 3,
      });
    });

    it('refuses page and perPage that are not whole numbers >= 1, or perPage > 200', async () => {
      for (const path of ['/banks', '/v2/banks']) {
        for (const value of ['0', '-1', '1.5', 'abc', '']) {
          await expectInvalid(path, `page=${value}`, 'page');
          await expectInvalid(path, `perPage=${value}`, 'perPage');
        }
        await expectInvalid(path, 'perPage=201', 'perPage');
        await expectInvalid(path, 'page=1&page=2', 'page');
      }
    });
  });

  describe('unknown parameters', () => {
    it('are refused with 400 naming them', async () => {
      await expectInvalid('/banks', 'colour=blue', 'colour');
      await expectInvalid('/banks', 'supportsAccountList=true', 'supportsAccountList');
      await expectInvalid(
        '/banks',
        'bank_features.supports_teleport.value=true',
        'bank_features.supports_teleport.value',
      );
      await expectInvalid(
        '/banks',
        'bank_features.supports_account_list.value=true',
        'bank_features.supports_account_list.value',
      );
      await expectInvalid(
        '/v2/banks',
        'bank_features.supports_send_payment.value=true',
        'bank_features.supports_send_payment.value',
      );
      await expectInvalid('/v2/banks', 'supportedPaymentNetworks=SEPA', 'supportedPaymentNetworks');
      await expectInvalid('/v2/banks', 'providers=Sandbox%20Hub', 'providers');
      await expectInvalid('/bank/countries', 'page=1', 'page');
      await expectInvalid('/bank/countries', 'bics=SBOXDEFF', 'bics');
      await expectInvalid('/bank/countries', 'sort=name', 'sort');
      const response = await call('/banks', 'colour=blue');
      expect(((await response.json()) as ErrorBody).error.errorCode).toBe('Field.Unknown');
    });
  });
});

describe('bank catalogue loading', () => {
  let proc: ApiProcess;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bank-catalogue-'));
    proc = await createApiProcess(await testConfig({ ADMIN_TOKEN, SANDBOX_BANK_URL }));
  });
  afterAll(async () => {
    await proc.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the connector settings with ${SANDBOX_BANK_URL} replaced', async () => {
    const banks = new BankRepository(proc.stores.prisma);
    const gb = await banks.find('ob-sandbox-gb');
    expect(gb).toMatchObject({ listed: true, connectorType: 'obie' });
    expect(gb?.connectorSettings).toMatchObject({
      baseUrl: `${SANDBOX_BANK_URL}/banks/ob-sandbox-gb`,
      clientId: 'gateway-sandbox',
      clientSecretRef: 'literal:sandbox-secret',
      signing: { enabled: false },
      mtls: { enabled: false },
      scaApproach: 'redirect',
    });
    expect(await banks.find('ob-sandbox-eu')).toMatchObject({
      connectorType: 'berlin-group',
      connectorSettings: { scaApproach: 'embedded' },
    });
  });

  it('unlists banks dropped from the file without deleting them, and lists them again when they return', async () => {
    const config = await testConfig({ SANDBOX_BANK_URL });
    const original = await readFile(config.bankCatalogueFile, 'utf8');
    const document = parse(original) as { banks: { id: string; name: string }[] };
    const kept = document.banks
      .filter((bank) => bank.id === 'ob-sandbox-gb')
      .map((bank) => ({ ...bank, name: 'Renamed Bank' }));
    const file = join(dir, 'one-bank.yaml');
    await writeFile(file, stringify({ banks: kept }));

    const result = await loadBankCatalogue(proc.stores.repositories.banks, { ...config, bankCatalogueFile: file });
    expect(result.listed).toBe(1);
    expect(sorted(result.unlisted)).toEqual(ALL.filter((id) => id !== 'ob-sandbox-gb'));
    const banks = new BankRepository(proc.stores.prisma);
    expect((await banks.listListed()).map((bank) => [bank.id, bank.name])).toEqual([['ob-sandbox-gb', 'Renamed Bank']]);
    expect(await banks.find('ob-sandbox-eu')).toMatchObject({ listed: false, name: 'Sandbox Bank Europe' });

    const again = await loadBankCatalogue(proc.stores.repositories.banks, config);
    expect(again).toEqual({ listed: 11, unlisted: [] });
    expect(sorted((await banks.listListed()).map((bank) => bank.id))).toEqual(ALL);
    expect(await banks.find('ob-sandbox-gb')).toMatchObject({ name: 'Sandbox Bank UK', listed: true });
  });

  it('refuses to start on an invalid catalogue, naming the bank and the field', async () => {
    const document = parse(await readFile((await testConfig()).bankCatalogueFile, 'utf8')) as { banks: Json[] };
    const broken = document.banks.map((bank) =>
      bank['id'] === 'ob-sandbox-pl' ? { ...bank, countries: ['PL', 'pl'] } : bank,
    );
    const file = join(dir, 'broken.yaml');
    await writeFile(file, stringify({ banks: broken }));
    const error = await createApiProcess(await testConfig({ BANK_CATALOGUE_FILE: file })).then(
      async (started) => {
        await started.close();
        return undefined;
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BankCatalogueError);
    expect((error as Error).message).toContain('bank "ob-sandbox-pl", field countries[1]');

    const missing = await createApiProcess(await testConfig({ BANK_CATALOGUE_FILE: join(dir, 'absent.yaml') })).then(
      async (started) => {
        await started.close();
        return undefined;
      },
      (caught: unknown) => caught,
    );
    expect((missing as Error).message).toContain('BANK_CATALOGUE_FILE');
  });
});
