import { GatewayApiError, collect, ok, pagesByOffset, type GatewayClient } from 'open-banking-gateway-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { present, sdkClient } from '../support/sdk-client.js';
import { newReseller } from '../support/sub-tpps.js';

/**
 * The member's own resources and the bank directory driven through the SDK only, against the
 * real gateway and sandbox bank: sub-TPPs (the member made a reseller on the admin API),
 * tokenized accounts, the webhook configuration and its secret, the banks, their countries and
 * their status reports.
 */

let gateway: TestGateway;
let member: TestMember;
let client: GatewayClient;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newReseller(gateway);
  client = sdkClient(gateway, member);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

/** The status of the error a call is refused with. */
async function refusal(call: Promise<unknown>): Promise<number | undefined> {
  const caught = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(GatewayApiError);
  return caught instanceof GatewayApiError ? caught.status : undefined;
}

const merchant = {
  merchantJurisdiction: 'GB',
  legalEntityName: 'Acme Retail Ltd',
  companyRegistrationNumber: '01234567',
  primaryUseCase: 'PIS: eCommerce merchant payment',
  iban: 'GB33BUKB20201555555555',
  bic: 'BUKBGB22',
} as const;

describe('sub-TPPs through the SDK', () => {
  it('creates a parent and two children, pages through them, reads the children and deletes one', async () => {
    const create = async (name: string, parentSubTppId?: string): Promise<string> => {
      const created = await ok(
        client.POST('/member/sub-tpps', {
          body: {
            name,
            domain: 'shop.acme.example',
            mccCode: '5411',
            merchant,
            ...(parentSubTppId === undefined ? {} : { parentSubTppId }),
          },
        }),
      );
      return present(created.subTppId, 'subTppId');
    };
    const root = await create('Acme Group');
    const shop = await create('Acme Shop', root);
    const outlet = await create('Acme Outlet', root);

    const all = await collect(
      pagesByOffset(
        (offset) =>
          ok(
            client.GET('/member/sub-tpps', {
              params: { query: { 'page.limit': 1, ...(offset === undefined ? {} : { 'page.offset': offset }) } },
            }),
          ),
        (page) => page.subTpps,
      ),
    );
    expect(all.map((subTpp) => subTpp.id).sort()).toEqual([root, shop, outlet].sort());

    const read = await ok(client.GET('/member/sub-tpps/{subTppId}', { params: { path: { subTppId: shop } } }));
    expect(read.subTpp).toMatchObject({ id: shop, name: 'Acme Shop', parentSubTppId: root, memberId: member.id });
    const children = await ok(
      client.GET('/member/sub-tpps/{subTppId}/children', { params: { path: { subTppId: root } } }),
    );
    expect(children.subTpps?.map((subTpp) => subTpp.id)).toEqual([shop, outlet]);

    expect(await ok(client.DELETE('/member/sub-tpps/{subTppId}', { params: { path: { subTppId: outlet } } }))).toEqual(
      {},
    );
    expect(await refusal(client.GET('/member/sub-tpps/{subTppId}', { params: { path: { subTppId: outlet } } }))).toBe(
      404,
    );
    const after = await ok(
      client.GET('/member/sub-tpps/{subTppId}/children', { params: { path: { subTppId: root } } }),
    );
    expect(after.subTpps?.map((subTpp) => subTpp.id)).toEqual([shop]);
  });
});

describe('tokenized accounts through the SDK', () => {
  it('stores the details, answers them normalised and forgets them on DELETE', async () => {
    const stored = await ok(
      client.POST('/tokenized-accounts', {
        body: {
          bankId: 'ob-sandbox-gb',
          accountDetails: { iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', name: ' Erika Mustermann ' },
        },
      }),
    );
    const tokenizedAccountId = present(stored.tokenizedAccountId, 'tokenizedAccountId');
    expect(tokenizedAccountId).toMatch(/^ta:/);
    const read = await ok(
      client.GET('/tokenized-accounts/{tokenizedAccountId}', { params: { path: { tokenizedAccountId } } }),
    );
    expect(read).toEqual({
      accountDetails: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', name: 'Erika Mustermann' },
    });
    expect(
      await ok(client.DELETE('/tokenized-accounts/{tokenizedAccountId}', { params: { path: { tokenizedAccountId } } })),
    ).toEqual({});
    expect(
      await refusal(
        client.GET('/tokenized-accounts/{tokenizedAccountId}', { params: { path: { tokenizedAccountId } } }),
      ),
    ).toBe(404);
  });
});

describe('the webhook configuration through the SDK', () => {
  it('sets, reads, rotates the secret of and deletes the configuration', async () => {
    // An address that resolves (the gateway checks the host when it is set); nothing is delivered here.
    const url = 'http://127.0.0.1:9999/hooks';
    const set = await ok(
      client.PUT('/webhook/config', {
        body: { config: { type: ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'], url } },
      }),
    );
    const first = present(set.secret, 'secret');
    expect(first).toMatch(/^whsec_/);
    expect(await ok(client.GET('/webhook/config'))).toEqual({
      config: { type: ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'], url },
    });
    const before = Date.now();
    const rotated = await ok(client.POST('/webhook/config/secret/rotate', { body: { overlapSeconds: 3600 } }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(first);
    expect(Date.parse(present(rotated.previousSecretsExpireAt, 'previousSecretsExpireAt'))).toBeGreaterThanOrEqual(
      before + 3600_000 - 5_000,
    );
    expect(await ok(client.DELETE('/webhook/config'))).toEqual({});
    expect(await refusal(client.GET('/webhook/config'))).toBe(404);
  });
});

describe('banks through the SDK', () => {
  it('lists the banks (both versions, page after page), their countries and their status reports', async () => {
    const v2 = await ok(client.GET('/v2/banks', { params: { query: { ids: ['ob-sandbox-gb'] } } }));
    expect(v2.banks).toEqual([
      expect.objectContaining({ id: 'ob-sandbox-gb', countries: ['GB'], supportsSinglePayment: true }),
    ]);
    // The bank directory pages by `page`/`perPage` (answering `paging.pageCount`), a form the
    // SDK has no iterator for: its pages are walked by number.
    const whole = await ok(client.GET('/banks', { params: { query: { perPage: 200 } } }));
    expect(whole.paging.totalCount).toBeGreaterThanOrEqual(2);
    const paged: string[] = [];
    for (let page = 1; page <= whole.paging.totalCount; page += 1) {
      const one = await ok(client.GET('/banks', { params: { query: { page, perPage: 1 } } }));
      expect(one.paging).toMatchObject({ page, perPage: 1, pageCount: whole.paging.totalCount });
      paged.push(...one.banks.map((bank) => bank.id));
    }
    expect(paged).toEqual(whole.banks.map((bank) => bank.id));
    expect(paged).toContain('ob-sandbox-gb');

    const { countries } = await ok(client.GET('/bank/countries'));
    expect(countries).toEqual(expect.arrayContaining(['DE', 'GB']));
    expect(countries).toEqual([...countries].sort());

    const one = await ok(
      client.GET('/reports/banks/{bankId}/status', { params: { path: { bankId: 'ob-sandbox-gb' } } }),
    );
    expect(one.bankStatus).toMatchObject({ aisStatus: 'LIVE', pisStatus: 'LIVE' });
    const reports = await ok(
      client.GET('/reports/banks/status', { params: { query: { bankIds: ['ob-sandbox-gb'] } } }),
    );
    expect(reports.banksStatus).toEqual([expect.objectContaining({ bankId: 'ob-sandbox-gb', aisStatus: 'LIVE' })]);
  });
});
