import { collect, ok, pagesByOffset, type GatewayClient, type components } from 'open-banking-gateway-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { approveAtBank, eventually, present, refId, sdkClient, setAutoRedeem } from '../support/sdk-client.js';

/**
 * Payments v1 and account information driven through the SDK only, against the real gateway,
 * worker and UK sandbox bank: token requests authorised at the bank's page (as a user's browser
 * does), their results, explicit transfers, tokens listed, read and cancelled, and the account
 * reads a token grants. `page.limit`/`page.offset` lists are walked with `pagesByOffset`.
 */

const REDIRECT = 'https://tpp.example/token-requests/done';
/** A user present at the TPP: account reads carry the user's IP. */
const USER_IP = '203.0.113.7';

let gateway: TestGateway;
let member: TestMember;
let client: GatewayClient;

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  // Transfers made by POST /transfers rather than as the user authorises (an operator's switch).
  await setAutoRedeem(gateway, member, false);
  client = sdkClient(gateway, member);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

/**
 * A token request stored through the SDK, authorised at ob-sandbox-gb and approved on the bank's
 * page; the TPP's landing carries the token, which the request's result names too.
 */
async function authorisedToken(
  requestPayload: TokenRequestPayload,
): Promise<{ readonly requestId: string; readonly tokenId: string; readonly transferId: string | undefined }> {
  const { tokenRequest } = await ok(client.POST('/token-requests', { body: { requestPayload } }));
  const requestId = present(tokenRequest?.id, 'tokenRequest.id');
  expect(tokenRequest?.requestPayload).toMatchObject({ refId: requestPayload.refId, id: requestId });
  const pending = await ok(
    client.GET('/token-requests/{tokenRequestId}/result', { params: { path: { tokenRequestId: requestId } } }),
  );
  expect(pending.status).toBe('PENDING');
  const authorization = await ok(
    client.POST('/token-requests/{tokenRequestId}/authorization', {
      params: { path: { tokenRequestId: requestId } },
      body: { bankId: 'ob-sandbox-gb' },
    }),
  );
  const landing = await approveAtBank(present(authorization.redirectUrl, 'redirectUrl'));
  expect(`${landing.origin}${landing.pathname}`).toBe(REDIRECT);
  expect(landing.searchParams.get('requestId')).toBe(requestId);
  const tokenId = landing.searchParams.get('tokenId') ?? '';
  expect(tokenId).toMatch(/^tt:/);
  const result = await ok(
    client.GET('/token-requests/{tokenRequestId}/result', { params: { path: { tokenRequestId: requestId } } }),
  );
  expect(result).toMatchObject({ status: 'PROCESSED', tokenId });
  return { requestId, tokenId, transferId: result.transferId };
}

type TokenRequestPayload = components['schemas']['TokenRequestPayloadDto'];

function transferPayload(amount: string): TokenRequestPayload {
  return {
    refId: refId('tr'),
    to: { id: 'm:tpp' },
    redirectUrl: REDIRECT,
    callbackState: refId('state'),
    description: 'Order 4711',
    transferBody: {
      currency: 'GBP',
      lifetimeAmount: amount,
      instructions: {
        transferDestinations: [
          {
            fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
            customerData: { legalNames: ['Merchant Ltd'] },
          },
        ],
      },
    },
  };
}

describe('token requests, transfers and tokens through the SDK', () => {
  it('two transfer tokens authorised at the bank, each redeemed by POST /transfers, transfers and tokens paged', async () => {
    const made: { tokenId: string; transferId: string; amount: string }[] = [];
    for (const amount of ['12.34', '5.00']) {
      const { tokenId, transferId } = await authorisedToken(transferPayload(amount));
      expect(transferId, 'auto-redeem is off: no transfer yet').toBeUndefined();
      const { transfer } = await ok(
        client.POST('/transfers', {
          body: { payload: { tokenId, amount: { value: amount, currency: 'GBP' }, description: 'Order 4711' } },
        }),
      );
      expect(transfer.payload).toMatchObject({ tokenId, amount: { value: amount, currency: 'GBP' } });
      const done = await eventually(
        () => ok(client.GET('/transfers/{transferId}', { params: { path: { transferId: transfer.id } } })),
        (read) => read.transfer.status === 'SUCCESS',
        `transfer ${transfer.id}`,
      );
      expect(done.transfer.id).toBe(transfer.id);
      made.push({ tokenId, transferId: transfer.id, amount });
    }

    const transfers = await collect(
      pagesByOffset(
        (offset) =>
          ok(
            client.GET('/transfers', {
              params: { query: { 'page.limit': 1, ...(offset === undefined ? {} : { 'page.offset': offset }) } },
            }),
          ),
        (page) => page.transfers,
      ),
    );
    expect(transfers.map((transfer) => transfer.id).sort()).toEqual(made.map((one) => one.transferId).sort());

    const tokens = await collect(
      pagesByOffset(
        (offset) =>
          ok(
            client.GET('/tokens', {
              params: {
                query: {
                  type: 'TRANSFER',
                  'page.limit': 1,
                  ...(offset === undefined ? {} : { 'page.offset': offset }),
                },
              },
            }),
          ),
        (page) => page.tokens,
      ),
    );
    expect(tokens.map((token) => token.id).sort()).toEqual(made.map((one) => one.tokenId).sort());

    const [first] = made;
    const tokenId = first?.tokenId ?? '';
    const read = await ok(client.GET('/tokens/{tokenId}', { params: { path: { tokenId } } }));
    expect(read.token).toMatchObject({ id: tokenId, payload: { transfer: { lifetimeAmount: '12.34' } } });
    const cancelled = await ok(client.PUT('/tokens/{tokenId}/cancel', { params: { path: { tokenId } } }));
    expect(cancelled.result).toMatchObject({ status: 'SUCCESS', token: { id: tokenId } });
    const again = await ok(client.PUT('/tokens/{tokenId}/cancel', { params: { path: { tokenId } } }));
    expect(again).toEqual(cancelled);
  });
});

describe('account information through the SDK', () => {
  it('an access token authorised at the bank reads accounts, balances, paged transactions and standing orders', async () => {
    const { tokenId } = await authorisedToken({
      refId: refId('ais'),
      to: { id: 'm:tpp' },
      redirectUrl: REDIRECT,
      callbackState: refId('state'),
      accessBody: { resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES', 'TRANSACTIONS', 'STANDING_ORDERS'] } },
    });
    const header = { 'on-behalf-of': tokenId, 'token-customer-ip-address': USER_IP };
    const { accounts } = await ok(client.GET('/accounts', { params: { header } }));
    expect(accounts?.[0]).toMatchObject({ bankId: 'ob-sandbox-gb', name: 'Current' });
    const accountId = present(accounts?.[0]?.id, 'accounts[0].id');
    const one = await ok(client.GET('/accounts/{accountId}', { params: { path: { accountId }, header } }));
    expect(one.account?.id).toBe(accountId);

    const { balance } = await ok(
      client.GET('/accounts/{accountId}/balance', { params: { path: { accountId }, header } }),
    );
    expect(balance).toMatchObject({ accountId, current: { currency: 'GBP' } });

    const transactions = await collect(
      pagesByOffset(
        (offset) =>
          ok(
            client.GET('/accounts/{accountId}/transactions', {
              params: {
                path: { accountId },
                header,
                query: { 'page.limit': 100, ...(offset === undefined ? {} : { 'page.offset': offset }) },
              },
            }),
          ),
        (page) => page.transactions,
      ),
    );
    expect(transactions.length).toBeGreaterThan(200);
    expect(new Set(transactions.map((entry) => entry.id)).size).toBe(transactions.length);
    const some = present(transactions[20]?.id, 'a transaction id');
    const single = await ok(
      client.GET('/accounts/{accountId}/transaction/{transactionId}', {
        params: { path: { accountId, transactionId: some }, header },
      }),
    );
    expect(single.transaction).toEqual(transactions[20]);

    const { standingOrders } = await ok(
      client.GET('/accounts/{accountId}/standing-orders', {
        params: { path: { accountId }, header, query: { 'page.limit': 10 } },
      }),
    );
    expect(standingOrders?.map((order) => [order.frequency, order.status])).toEqual([
      ['MNTH', 'ACTIVE'],
      ['MNTH', 'ACTIVE'],
      ['WEEK', 'INACTIVE'],
    ]);
    const standingOrderId = present(standingOrders?.[0]?.id, 'standingOrders[0].id');
    const order = await ok(
      client.GET('/accounts/{accountId}/standing-orders/{standingOrderId}', {
        params: { path: { accountId, standingOrderId }, header },
      }),
    );
    expect(order.standingOrder).toEqual(standingOrders?.[0]);
  });
});
