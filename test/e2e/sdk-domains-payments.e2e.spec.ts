import { collect, ok, pagesByPageInfo, pagesByPaging, type GatewayClient } from 'open-banking-gateway-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import {
  FINAL_PAYMENT_STATUSES,
  MERCHANT,
  approveAtBank,
  completedPayment,
  eventually,
  present,
  refId,
  sdkClient,
} from '../support/sdk-client.js';

/**
 * Refunds, variable recurring payments and payment links driven through the SDK only, against
 * the real gateway, worker and sandbox bank; the bank's pages are answered as a user's browser
 * would. Lists are walked with the SDK's iterators a page of one at a time.
 */

let gateway: TestGateway;
let member: TestMember;
let client: GatewayClient;

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  client = sdkClient(gateway, member);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('refunds through the SDK', () => {
  it('registers for refunds, refunds a completed payment in two parts, reads them and pages through them', async () => {
    // The merchant's agreement with its bank (the sandbox bank's admin API): a credential for refunds.
    const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
      `${gateway.sandboxUrl}/sandbox/registered-credentials/ob-sandbox-gb`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { clientId: 'gateway-sandbox', username: 'refund-merchant' },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { identification, name } = issued.body.account;
    const { registration } = await ok(
      client.POST('/refund/registrations', {
        body: {
          bankId: 'ob-sandbox-gb',
          debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name },
          credentials: { grant: issued.body.credential },
        },
      }),
    );
    const registrationId = present(registration?.id, 'registration.id');
    const read = await ok(
      client.GET('/refund/registrations/{registrationId}', { params: { path: { registrationId } } }),
    );
    expect(read.registration).toMatchObject({ id: registrationId, product: 'REFUND' });
    expect(JSON.stringify(read)).not.toContain(issued.body.credential);

    const payment = await completedPayment(client, '10.00');
    const refundIds: string[] = [];
    for (const value of ['4.00', '2.50']) {
      const { refund } = await ok(
        client.POST('/refunds', {
          body: {
            initiation: {
              refId: refId('rf'),
              amount: { value, currency: 'GBP' },
              originalPaymentId: payment.id,
              registrationId,
              localInstrument: 'FASTER_PAYMENTS',
            },
          },
        }),
      );
      expect(refund?.status).toBe('INITIATION_PENDING');
      expect(refund?.initiation?.amount).toEqual({ value, currency: 'GBP' });
      refundIds.push(present(refund?.id, 'refund.id'));
    }
    for (const id of refundIds) {
      const done = await eventually(
        () => ok(client.GET('/refunds/{id}', { params: { path: { id } } })),
        ({ refund }) => !['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(refund.status ?? ''),
        `refund ${id}`,
      );
      expect(done.refund).toMatchObject({ id, status: 'INITIATION_COMPLETED' });
    }
    const original = await ok(client.GET('/v2/payments/{paymentId}', { params: { path: { paymentId: payment.id } } }));
    expect(original.payment.refundDetails).toMatchObject({
      paymentRefundStatus: 'PARTIAL',
      remainingRefundAmount: { value: '3.5', currency: 'GBP' },
    });

    // The payment's refunds, a page of one at a time (`paging.offset`), and the member's.
    const ofPayment = await collect(
      pagesByPaging(
        (offset) =>
          ok(
            client.GET('/transfers/{id}/refunds', {
              params: { path: { id: payment.id }, query: { limit: 1, ...(offset === undefined ? {} : { offset }) } },
            }),
          ),
        (page) => page.refunds,
      ),
    );
    expect(ofPayment.map((refund) => refund.id).sort()).toEqual([...refundIds].sort());
    const firstPage = await ok(client.GET('/refunds', { params: { query: { limit: 1 } } }));
    expect(firstPage.refunds).toHaveLength(1);
    expect(firstPage.paging?.offset).toEqual(expect.any(String));
    const mine = await collect(
      pagesByPaging(
        (offset) =>
          ok(client.GET('/refunds', { params: { query: { limit: 1, ...(offset === undefined ? {} : { offset }) } } })),
        (page) => page.refunds,
      ),
    );
    expect(mine.map((refund) => refund.id).sort()).toEqual([...refundIds].sort());
  });
});

describe('variable recurring payments through the SDK', () => {
  it('a sweeping consent approved at the bank, two VRPs under it, funds confirmed, its payments paged', async () => {
    const { vrpConsent } = await ok(
      client.POST('/vrp-consents', {
        body: {
          initiation: {
            bankId: 'ob-sandbox-gb',
            refId: refId('vrp'),
            remittanceInformationPrimary: 'Sweep to savings',
            scheme: 'OBL_SWEEPING',
            localInstrument: 'FASTER_PAYMENTS',
            creditor: MERCHANT,
            currency: 'GBP',
            maximumIndividualAmount: '250.00',
            periodicLimits: [{ maximumAmount: '10000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
            callbackUrl: 'https://tpp.example/vrp/callback',
            callbackState: 'state-1',
          },
        },
      }),
    );
    expect(vrpConsent.status).toBe('PENDING_REDIRECT_AUTH');
    await approveAtBank(vrpConsent.authentication?.redirectUrl ?? '');
    const authorized = await ok(client.GET('/vrp-consents/{id}', { params: { path: { id: vrpConsent.id } } }));
    expect(authorized.vrpConsent).toMatchObject({ id: vrpConsent.id, status: 'AUTHORIZED' });

    const paid: string[] = [];
    for (const value of ['12.00', '7.25']) {
      const { payment } = await ok(
        client.POST('/v2/payments', {
          body: {
            initiation: {
              vrpConsentId: vrpConsent.id,
              refId: refId('vrp'),
              remittanceInformationPrimary: 'Sweep to savings',
              amount: { value, currency: 'GBP' },
              localInstrument: 'FASTER_PAYMENTS',
              creditor: MERCHANT,
              callbackUrl: 'https://tpp.example/vrp/callback',
            },
          },
        }),
      );
      const done = await eventually(
        () => ok(client.GET('/v2/payments/{paymentId}', { params: { path: { paymentId: payment.id } } })),
        (read) => FINAL_PAYMENT_STATUSES.includes(read.payment.status),
        `VRP ${payment.id}`,
      );
      expect(done.payment).toMatchObject({ status: 'INITIATION_COMPLETED', initiation: { amount: { value } } });
      paid.push(payment.id);
    }

    const funds = await ok(
      client.GET('/vrps/{id}/confirm-funds', { params: { path: { id: vrpConsent.id }, query: { amount: '10.00' } } }),
    );
    expect(funds).toEqual({ fundsAvailable: true });

    const vrps = await collect(
      pagesByPageInfo(
        (offset) =>
          ok(
            client.GET('/vrp-consents/{id}/payments', {
              params: { path: { id: vrpConsent.id }, query: { limit: 1, ...(offset === undefined ? {} : { offset }) } },
            }),
          ),
        (page) => page.vrps,
      ),
    );
    expect(vrps.map((vrp) => vrp.id).sort()).toEqual([...paid].sort());
    expect(vrps.every((vrp) => vrp.status === 'INITIATION_COMPLETED')).toBe(true);
  });
});

describe('payment links through the SDK', () => {
  it('creates two links, pages through them, reads one and cancels it', async () => {
    const created: string[] = [];
    for (const value of ['10.50', '20.00']) {
      const { paymentLink } = await ok(
        client.POST('/v2/payment-links', {
          body: {
            paymentTemplate: {
              amount: { value, currency: 'GBP' },
              localInstrument: 'FASTER_PAYMENTS',
              creditor: MERCHANT,
              refId: refId('link'),
              remittanceInformationPrimary: 'ORDER 4711',
              callbackUrl: 'https://tpp.example/payments/callback',
            },
            linkConfig: { maxUsageCount: 2, totalAmountLimit: '100.00', expiresAt: '2030-01-01T00:00:00Z' },
          },
        }),
      );
      expect(paymentLink).toMatchObject({ status: 'LINK_ACTIVE', memberId: member.id });
      created.push(paymentLink.id);
    }
    const links = await collect(
      pagesByPageInfo(
        (offset) =>
          ok(
            client.GET('/v2/payment-links', {
              params: { query: { limit: 1, ...(offset === undefined ? {} : { offset }) } },
            }),
          ),
        (page) => page.paymentLinks,
      ),
    );
    expect(links.map((link) => link.id).sort()).toEqual([...created].sort());

    const [first = ''] = created;
    const read = await ok(
      client.GET('/v2/payment-links/{paymentLinkId}', { params: { path: { paymentLinkId: first } } }),
    );
    expect(read.paymentLink).toMatchObject({ id: first, paymentTemplate: { amount: { value: '10.50' } } });
    const deleted = await ok(
      client.DELETE('/v2/payment-links/{paymentLinkId}', { params: { path: { paymentLinkId: first } } }),
    );
    expect(deleted.paymentLink.status).toBe('LINK_CANCELED');
    const after = await ok(
      client.GET('/v2/payment-links/{paymentLinkId}', { params: { path: { paymentLinkId: first } } }),
    );
    expect(after.paymentLink.status).toBe('LINK_CANCELED');
  });
});
