import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthorizeTokenRequestUseCase,
  CancelTokenUseCase,
  CreateTokenRequestUseCase,
  GetTokenRequestResultUseCase,
  GetTokenRequestUseCase,
  StandingOrderOutcomeAsker,
  TokenRequestCallback,
  TokenRequestTimer,
  tokenRequestLifecycle,
  tokenRequestTimerId,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import { TokenRequestRepository } from '#libs/db';
import type { MemberId, TokenRequestPayloadInput } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';

/**
 * Token requests in-process: POST /token-requests (CreateTokenRequestUseCase), the authorisation
 * at the scripted bank (AuthorizeTokenRequestUseCase), the user's way back (TokenRequestCallback),
 * the request's timer (TokenRequestTimer.onTimer) by the movable clock, the result
 * (GetTokenRequestResultUseCase), a token cancelled (CancelTokenUseCase), and standing orders
 * created at the bank, one whose submission got no answer asked again (StandingOrderOutcomeAsker).
 */
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('token-requests');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

const refId = () => `ref-${randomBytes(4).toString('hex')}`;

function transferPayload(): TokenRequestPayloadInput {
  return {
    refId: refId(),
    to: { id: 'm:merchant' },
    redirectUrl: 'https://tpp.example/token-requests/callback',
    transferBody: {
      currency: 'GBP',
      lifetimeAmount: '25.00',
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

/** A monthly standing order of 450.00 GBP from tomorrow for a year (by the gateway's clock). */
function standingOrderPayload(): TokenRequestPayloadInput {
  const day = (offsetDays: number) =>
    new Date(gateway.clock.nowMs() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return {
    refId: refId(),
    to: { id: 'm:tpp' },
    redirectUrl: 'https://tpp.example/token-requests/callback',
    description: 'Rent',
    standingOrderBody: {
      amount: '450.00',
      currency: 'GBP',
      frequency: 'MNTH',
      startDate: day(1),
      endDate: day(365),
      remittanceReference: 'RENT-FLAT-3',
      instructions: {
        transferDestinations: [
          {
            fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
            customerData: { legalNames: ['Landlord Ltd'] },
          },
        ],
      },
    },
  };
}

const create = async (requestPayload: TokenRequestPayloadInput, bankId = 'ob-sandbox-gb', memberId = member) =>
  (
    await gateway.get(CreateTokenRequestUseCase).execute({
      memberId,
      regulated: true,
      requestOptions: { bankId },
      requestPayload,
    })
  ).tokenRequest;

const authorize = (tokenRequestId: string, memberId = member) =>
  gateway.get(AuthorizeTokenRequestUseCase).execute({ memberId, tokenRequestId });

const resultOf = (tokenRequestId: string, memberId = member) =>
  gateway.get(GetTokenRequestResultUseCase).execute({ memberId, tokenRequestId });

const cancelToken = (tokenId: string, memberId = member) =>
  gateway.get(CancelTokenUseCase).execute({ memberId, tokenId });

const requestRow = (id: string) => gateway.stores.prisma.tokenRequest.findUniqueOrThrow({ where: { id } });

/** The user comes back from the bank to the gateway's callback (the state names the request). */
async function userReturns(tokenRequestId: string, params: Record<string, string> = { code: 'auth-code' }) {
  const { callbackToken } = await requestRow(tokenRequestId);
  return gateway.get(TokenRequestCallback).complete(callbackToken, params, {});
}

/** Moves the clock to the request's timer and fires it as the worker would. */
async function fireTimer(tokenRequestId: string) {
  const timer = await gateway.timer(tokenRequestTimerId(tokenRequestId));
  expect(timer, `token request ${tokenRequestId} has a timer`).not.toBeNull();
  const wait = (timer!.dueAt.getTime() - gateway.clock.nowMs()) / 1000;
  if (wait > 0) gateway.clock.advance(wait);
  return gateway.get(TokenRequestTimer).onTimer(tokenRequestId);
}

/** A transfer request the user was sent to the bank for. */
async function transferAtBank(): Promise<string> {
  gateway.bank.script('initiatePayment', bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-r' }));
  const request = await create(transferPayload());
  await authorize(request.id);
  return request.id;
}

describe('creating a token request', () => {
  it('stores it PENDING with its timer due at the end of its authorisation window, asking no bank', async () => {
    const before = gateway.clock.nowMs();
    const request = await create(transferPayload());
    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: 'PENDING', kind: 'TRANSFER', memberId: member, bankId: 'ob-sandbox-gb' });
    const lifetimeMs = gateway.config.tokens.requestLifetimeMinutes * 60_000;
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + lifetimeMs);
    const timer = await gateway.timer(tokenRequestTimerId(request.id));
    expect(timer).toMatchObject({ jobName: 'token-requests.timer' });
    expect(timer!.dueAt.getTime()).toBe(row.expiresAt.getTime());
    expect(gateway.bank.calls()).toEqual([]);
    expect(await resultOf(request.id)).toMatchObject({ status: 'PENDING' });
  });

  it('stores every column as the answer shows it, and the timer its lifecycle declares, for creations arriving together', async () => {
    const before = gateway.clock.nowMs();
    const payloads = [transferPayload(), standingOrderPayload(), transferPayload()];
    const answers = await Promise.all(payloads.map((payload) => create(payload)));
    const after = gateway.clock.nowMs();
    for (const [i, answer] of answers.entries()) {
      const row = await requestRow(answer.id);
      const now = row.createdAt;
      expect(now.getTime()).toBeGreaterThanOrEqual(before);
      expect(now.getTime()).toBeLessThanOrEqual(after);
      expect(answer).toEqual(
        await gateway.get(GetTokenRequestUseCase).execute({ memberId: member, tokenRequestId: answer.id }),
      );
      expect(row).toEqual({
        id: answer.id,
        memberId: member,
        kind: i === 1 ? 'STANDING_ORDER' : 'TRANSFER',
        refId: payloads[i]?.refId,
        requestOptions: { bankId: 'ob-sandbox-gb' },
        requestPayload: JSON.parse(JSON.stringify(payloads[i])) as unknown,
        settlementCreditor: null,
        bankId: 'ob-sandbox-gb',
        status: 'PENDING',
        statusReasonInformation: null,
        authorization: null,
        bankConsentId: null,
        bankContinuation: null,
        callbackToken: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32}$/) as unknown,
        nonce: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{24}$/) as unknown,
        tokenId: null,
        transferId: null,
        standingOrderSubmissionId: null,
        signature: null,
        convertedExecutionDate: null,
        expiresAt: new Date(now.getTime() + gateway.config.tokens.requestLifetimeMinutes * 60_000),
        version: 0,
        createdAt: now,
        updatedAt: now,
      });
      const declared = tokenRequestLifecycle.timer({ ...row, status: 'PENDING' }, now, {
        tokenRequests: gateway.get(TokenRequestRepository),
        timerAt: row.expiresAt,
      });
      const timer = await gateway.stores.prisma.scheduledJob.findUniqueOrThrow({
        where: { id: tokenRequestTimerId(answer.id) },
      });
      expect(declared).not.toBeNull();
      expect(declared).not.toBe('keep');
      const { id, queue, payload, dueAt } = declared as Exclude<typeof declared, null | 'keep'>;
      expect(timer).toMatchObject({ id, queue, jobName: payload.name, payload, dueAt });
    }
  });

  it('refuses a bank that is not in the catalogue, naming requestOptions.bankId, and stores nothing', async () => {
    const payload = transferPayload();
    const error = await create(payload, 'no-such-bank').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toContain('requestOptions.bankId');
    expect(await gateway.stores.prisma.tokenRequest.count({ where: { refId: payload.refId } })).toBe(0);
  });
});

describe('authorising a token request', () => {
  it('sends the user to the bank, and the return issues the token: PROCESSED with its token, read only by its member', async () => {
    const requestId = await transferAtBank();
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'PENDING', bankConsentId: 'consent-r' });

    gateway.bank.script(
      'completeRedirect',
      bankSays.payment('PROCESSING', { consentId: 'consent-r', paymentId: 'p-r' }),
    );
    const next = await userReturns(requestId);
    expect(next).toContain('https://tpp.example/token-requests/callback');

    const result = await resultOf(requestId);
    expect(result).toMatchObject({ status: 'PROCESSED', bankId: 'ob-sandbox-gb' });
    expect(result.tokenId).toBeDefined();
    expect(result.transferId).toBeDefined();
    const token = await gateway.stores.prisma.token.findUniqueOrThrow({ where: { id: result.tokenId! } });
    expect(token).toMatchObject({ status: 'ACTIVE', tokenRequestId: requestId, memberId: member });

    // A second return (a reload) calls no bank and changes nothing.
    await userReturns(requestId);
    expect(gateway.bank.calls('completeRedirect')).toHaveLength(1);

    const other = await gateway.member('token-requests-other');
    await expect(resultOf(requestId, other)).rejects.toMatchObject({ status: 404 });
    await expect(authorize(requestId, other)).rejects.toMatchObject({ status: 404 });
  });

  it('the user refusing at the bank ends the request REJECTED without a token', async () => {
    const requestId = await transferAtBank();
    gateway.bank.script('completeRedirect', bankSays.payment('REJECTED', { consentId: 'consent-r' }));
    await userReturns(requestId, { error: 'access_denied', error_description: 'The user cancelled' });
    const row = await requestRow(requestId);
    expect(row.status).toBe('REJECTED');
    expect(await gateway.stores.prisma.token.count({ where: { tokenRequestId: requestId } })).toBe(0);
    await expect(authorize(requestId)).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('a token request’s window', () => {
  it('one never taken to a bank expires when its timer fires at the end of the window, without a bank call', async () => {
    const request = await create(transferPayload());
    expect(await gateway.get(TokenRequestTimer).onTimer(request.id)).toBe('PENDING');
    expect(await fireTimer(request.id)).toBe('EXPIRED');
    expect((await requestRow(request.id)).status).toBe('EXPIRED');
    expect(gateway.bank.calls()).toEqual([]);
    await expect(authorize(request.id)).rejects.toBeInstanceOf(GatewayError);
  });

  it('one at the bank is expired only once the bank says the user did not authorise it', async () => {
    const requestId = await transferAtBank();
    gateway.bank.script('getPaymentStatus', bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-r' }));
    expect(await fireTimer(requestId)).toBe('EXPIRED');
    expect(gateway.bank.calls('getPaymentStatus')).toHaveLength(1);
    expect(await resultOf(requestId)).toMatchObject({ status: 'EXPIRED' });
  });

  it('one the user paid at the bank without coming back is completed with its token and transfer, not expired', async () => {
    const requestId = await transferAtBank();
    gateway.bank.script(
      'getPaymentStatus',
      bankSays.payment('PROCESSING', { consentId: 'consent-r', paymentId: 'p-x' }),
    );
    expect(await fireTimer(requestId)).toBe('PROCESSED');
    const row = await requestRow(requestId);
    expect(row.transferId).not.toBeNull();
    expect(await gateway.stores.prisma.transfer.findUniqueOrThrow({ where: { id: row.transferId! } })).toMatchObject({
      status: 'PROCESSING',
      bankPaymentId: 'p-x',
    });
  });

  it('a bank that cannot be asked at the end of the window is asked again a minute later', async () => {
    const requestId = await transferAtBank();
    gateway.bank.script(
      'getPaymentStatus',
      bankFails.unavailable(),
      bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-r' }),
    );
    expect(await fireTimer(requestId)).toBe('PENDING');
    const timer = await gateway.timer(tokenRequestTimerId(requestId));
    expect(timer!.dueAt.getTime()).toBeGreaterThan(gateway.clock.nowMs() + 50_000);
    expect(await fireTimer(requestId)).toBe('EXPIRED');
    expect(gateway.bank.calls('getPaymentStatus')).toHaveLength(2);
  });
});

describe('cancelling a token', () => {
  it('ends the member’s active token CANCELLED; again is a no-op; another member gets a 404', async () => {
    const requestId = await transferAtBank();
    gateway.bank.script(
      'completeRedirect',
      bankSays.payment('PROCESSING', { consentId: 'consent-r', paymentId: 'p-c' }),
    );
    await userReturns(requestId);
    const { tokenId } = await resultOf(requestId);

    const other = await gateway.member('token-requests-cancel-other');
    await expect(cancelToken(tokenId!, other)).rejects.toMatchObject({ status: 404 });
    const cancelled = await cancelToken(tokenId!);
    expect(cancelled.status).toBe('SUCCESS');
    const row = await gateway.stores.prisma.token.findUniqueOrThrow({ where: { id: tokenId! } });
    expect(row.status).toBe('CANCELLED');
    expect((await cancelToken(tokenId!)).status).toBe('SUCCESS');
    expect((await gateway.stores.prisma.token.findUniqueOrThrow({ where: { id: tokenId! } })).updatedAt).toEqual(
      row.updatedAt,
    );
  });
});

describe('standing orders', () => {
  it('is created at the bank and the user’s return issues its token with the bank’s id of the standing order', async () => {
    gateway.bank.script(
      'createStandingOrder',
      bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'so-consent-1' }),
    );
    const request = await create(standingOrderPayload());
    expect((await requestRow(request.id)).kind).toBe('STANDING_ORDER');
    await authorize(request.id);
    const [created] = gateway.bank.calls('createStandingOrder');
    expect(created?.args[0]).toMatchObject({
      standingOrderId: request.id,
      amount: { value: '450.00', currency: 'GBP' },
      frequency: 'MNTH',
    });

    gateway.bank.script(
      'completeStandingOrderRedirect',
      bankSays.payment('PROCESSING', { consentId: 'so-consent-1', paymentId: 'so-1' }),
    );
    await userReturns(request.id);
    expect(await resultOf(request.id)).toMatchObject({ status: 'PROCESSED', standingOrderSubmissionId: 'so-1' });
  });

  it('a submission without an answer keeps the request PENDING past its window; its check submits again under the same key', async () => {
    gateway.bank.asTwoStep();
    gateway.bank.script(
      'createStandingOrder',
      bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'so-consent-2' }),
    );
    const request = await create(standingOrderPayload());
    await authorize(request.id);
    gateway.bank.script('authoriseStandingOrderRedirect', { kind: 'authorised', grant: 'so-grant' });
    gateway.bank.script(
      'submitAuthorisedStandingOrder',
      bankFails.timeout(),
      bankSays.payment('PROCESSING', { consentId: 'so-consent-2', paymentId: 'so-2' }),
    );
    await userReturns(request.id);

    expect((await requestRow(request.id)).status).toBe('PENDING');
    const check = await gateway.outcomeCheck('standing-order', request.id);
    expect(check).toMatchObject({ operation: 'standing-order-submission' });
    expect(check?.sealedGrant).not.toBeNull();
    expect(check?.sealedGrant).not.toContain('so-grant');

    // Its window passes: nothing expires a standing order whose outcome is unknown.
    expect(await fireTimer(request.id)).toBe('PENDING');

    expect(await gateway.get(StandingOrderOutcomeAsker).askAgain(check!)).toBe('answered');
    expect(await resultOf(request.id)).toMatchObject({ status: 'PROCESSED', standingOrderSubmissionId: 'so-2' });
    expect(await gateway.outcomeCheck('standing-order', request.id)).toBeNull();
    const [first, again] = gateway.bank.calls('submitAuthorisedStandingOrder');
    expect(again?.args).toEqual(first?.args);
    expect(first?.args[2]).toBe('so-grant');
  });
});
