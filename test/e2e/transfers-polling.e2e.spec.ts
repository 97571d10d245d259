import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferInitiationOf } from '#libs/application';
import { BankConnectors, type PaymentProgress } from '#libs/connectors';
import type { Bank, DataStores, Transfer } from '#libs/db';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  advanceClock,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import {
  expectReferenceTransfer,
  storeToken,
  storeProcessedTokenRequest,
  storeTransfer,
  type TransferFixture,
} from '../support/transfer-fixtures.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

type Json = Record<string, unknown>;
interface TransferBody extends Json {
  readonly id: string;
  readonly status: string;
}

const BANK_ID = 'ob-sandbox-gb';
const DAY_S = 86_400;

let gateway: TestGateway;
let stores: DataStores;
let member: TestMember;
const receiver = new WebhookReceiver();

async function getTransfer(id: string, skipTransferUpdate: boolean): Promise<TransferBody> {
  const answer = await call<{ transfer: TransferBody }>(
    `${gateway.apiUrl}/transfers/${encodeURIComponent(id)}${skipTransferUpdate ? '?skipTransferUpdate=true' : ''}`,
    'GET',
    member.auth,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceTransfer(answer.body.transfer, 'GET /transfers/{transferId}');
  return answer.body.transfer;
}

/** Waits (without asking the bank itself) until the worker has moved the transfer to `status`. */
async function waitForTransfer(id: string, status: string, timeoutMs = 20_000): Promise<TransferBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const transfer = await getTransfer(id, true);
    if (transfer.status === status) return transfer;
    if (Date.now() > deadline) throw new Error(`transfer ${id} stayed ${transfer.status}, expected ${status}`);
    await sleep(50);
  }
}

/** The TRANSFER_STATUS_CHANGED bodies delivered for a transfer, in order. */
function deliveredFor(transferId: string): Json[] {
  return receiver.requests
    .map((request) => JSON.parse(request.body) as Json)
    .filter((body) => (body['transferStatusChanged'] as Json | undefined)?.['transferId'] === transferId);
}

async function waitForEvent(transferId: string, status: string): Promise<Json> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = deliveredFor(transferId).find((body) => (body['transferStatusChanged'] as Json)['status'] === status);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${status} event for ${transferId}`);
    await sleep(50);
  }
}

/**
 * A transfer token request's payment made at the sandbox bank through the UK Open Banking
 * connector (consent, the user's decision on the bank's page, the way back), and the token and
 * transfer rows stored with the bank's ids, as the authorisation would have left them.
 */
async function paidTransfer(
  username: string,
  fixture: TransferFixture = {},
  scheduleSeconds: readonly number[] = [1],
): Promise<{ transfer: Transfer; progress: PaymentProgress }> {
  const now = stores.clock.now();
  const request = await storeProcessedTokenRequest(stores.repositories, member.id, { now });
  const bank = (await stores.repositories.banks.find(BANK_ID)) as Bank;
  const payments = gateway.api.api.get(BankConnectors, { strict: false }).capability(bank, 'payments');
  const ctx = { bankId: BANK_ID, deadlineMs: Date.now() + 10_000 };
  const initiation = transferInitiationOf(request, { redirectUri: `${gateway.apiUrl}/bank-callback` });
  const started = await payments.initiatePayment(ctx, initiation);
  if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
  const back = await decideOnConsentPage(started.next.redirectUrl, username, 'approve');
  const progress = await payments.completeRedirect(ctx, {
    handle: started.handle,
    params: Object.fromEntries(back.searchParams),
    redirectUri: initiation.redirectUri,
    initiation,
  });
  const token = await storeToken(stores.repositories, request, {
    now,
    bankConsentId: progress.handle.bankConsentId,
  });
  const transfer = await storeTransfer(
    stores,
    token,
    request,
    {
      createdAt: now,
      bankConsentId: progress.handle.bankConsentId,
      bankPaymentId: progress.handle.bankPaymentId ?? null,
      ...fixture,
    },
    scheduleSeconds,
  );
  return { transfer, progress };
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  stores = gateway.api.stores;
  member = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['TRANSFER_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await receiver.stop();
});

describe('a transfer the bank holds', () => {
  it('is polled by the worker until SUCCESS; each change is a signed TRANSFER_STATUS_CHANGED', async () => {
    const { transfer, progress } = await paidTransfer('sandbox-slow');
    expect(progress.outcome).not.toBe('COMPLETED');
    const done = await waitForTransfer(transfer.id, 'SUCCESS', 30_000);
    expect(done['providerDetails']).toMatchObject({
      id: progress.handle.bankPaymentId,
      status: 'AcceptedSettlementCompleted',
    });
    expect((await stores.repositories.transfers.findById(transfer.id))?.pollCount).toBeGreaterThanOrEqual(3);

    const success = await waitForEvent(transfer.id, 'SUCCESS');
    expect(success['transferStatusChanged']).toEqual({
      refId: transfer.refId,
      bankPaymentStatus: 'AcceptedSettlementCompleted',
      status: 'SUCCESS',
      tokenRequestId: transfer.tokenRequestId,
      transferId: transfer.id,
    });
    expect(Object.keys(success).sort()).toEqual(['createdAtMs', 'id', 'transferStatusChanged']);
    expect(deliveredFor(transfer.id).map((body) => (body['transferStatusChanged'] as Json)['status'])).toEqual([
      'PROCESSING',
      'SUCCESS',
    ]);
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    for (const request of receiver.requests.filter((r) => r.body.includes(transfer.id))) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('TRANSFER_STATUS_CHANGED');
      expect(request.headers['token-event']).toBe('TRANSFER_STATUS_CHANGED');
    }
  });

  it('is brought up to date by GET /transfers/{id}, unless skipTransferUpdate=true', async () => {
    // No timer fires during the test: only the GET asks the bank.
    const { transfer } = await paidTransfer('sandbox-success', {}, [3600]);
    expect((await getTransfer(transfer.id, true)).status).toBe('PROCESSING');
    const read = await getTransfer(transfer.id, false);
    expect(read.status).toBe('SUCCESS');
    expect((await stores.repositories.transfers.findById(transfer.id))?.pollCount).toBe(0);
    const event = await waitForEvent(transfer.id, 'SUCCESS');
    expect(event['transferStatusChanged']).toMatchObject({ transferId: transfer.id, status: 'SUCCESS' });
    expect(await stores.prisma.scheduledJob.count({ where: { id: `transfers.poll:${transfer.id}` } })).toBe(0);
  });
});

describe('transfer timers under the service clock', () => {
  it('PENDING_EXTERNAL_AUTHORIZATION past its authorisation window -> FAILURE_EXPIRED', async () => {
    const now = stores.clock.now();
    const { transfer } = await paidTransfer('sandbox-no-final-status', {
      status: 'PENDING_EXTERNAL_AUTHORIZATION',
      authorization: { authorizationUrl: `${gateway.sandboxUrl}/authorize` },
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    });
    await sleep(1500);
    expect((await getTransfer(transfer.id, true)).status).toBe('PENDING_EXTERNAL_AUTHORIZATION');
    await advanceClock(gateway, 15 * 60 + 1);
    const expired = await waitForTransfer(transfer.id, 'FAILURE_EXPIRED');
    expect(expired['statusReasonInformation']).toBe('The user did not authorise the payment in time.');
    const event = await waitForEvent(transfer.id, 'FAILURE_EXPIRED');
    expect(event['transferStatusChanged']).toMatchObject({
      status: 'FAILURE_EXPIRED',
      statusReasonInformation: 'The user did not authorise the payment in time.',
    });
  });

  it('PROCESSING without a final bank status for the polling period (30 days) -> INITIATED, polling stops', async () => {
    const { transfer } = await paidTransfer('sandbox-no-final-status');
    await sleep(2500);
    const polled = await stores.repositories.transfers.findById(transfer.id);
    expect(polled?.status).toBe('PROCESSING');
    expect(polled?.pollCount).toBeGreaterThanOrEqual(1);
    await advanceClock(gateway, 30 * DAY_S + 5);
    const ended = await waitForTransfer(transfer.id, 'INITIATED');
    expect(ended['statusReasonInformation']).toContain('polling period');
    await waitForEvent(transfer.id, 'INITIATED');
    const after = (await stores.repositories.transfers.findById(transfer.id))?.pollCount;
    await sleep(2500);
    expect((await stores.repositories.transfers.findById(transfer.id))?.pollCount).toBe(after);
    expect(await stores.prisma.scheduledJob.count({ where: { id: `transfers.poll:${transfer.id}` } })).toBe(0);
  });
});
