import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthorizeTokenRequestUseCase,
  CreateTokenRequestUseCase,
  RedeemTransferUseCase,
  TokenRequestCallback,
  TransferOutcomeAsker,
  TransferPolling,
  transferTimerId,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import type { MemberId, TokenRequestPayloadInput } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';

/**
 * Payments v1 transfers in-process: a TRANSFER token request authorised at the scripted bank, the
 * user's way back (TokenRequestCallback) issuing the token and, where the bank pays as the user
 * authorises, its transfer; POST /transfers (RedeemTransferUseCase) where the bank submits as a
 * second step; the transfer timer (TransferPolling.onTimer) and the submission's outcome check
 * (TransferOutcomeAsker.askAgain), on real repositories.
 */
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('transfers');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

function transferPayload(): TokenRequestPayloadInput {
  return {
    refId: `ref-${randomBytes(4).toString('hex')}`,
    to: { id: 'm:merchant' },
    redirectUrl: 'https://tpp.example/transfers/callback',
    transferBody: {
      currency: 'GBP',
      lifetimeAmount: '10.50',
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

const createRequest = async (memberId = member) =>
  (
    await gateway.get(CreateTokenRequestUseCase).execute({
      memberId,
      regulated: true,
      requestOptions: { bankId: 'ob-sandbox-gb' },
      requestPayload: transferPayload(),
    })
  ).tokenRequest;

const authorize = (tokenRequestId: string, memberId = member) =>
  gateway.get(AuthorizeTokenRequestUseCase).execute({ memberId, tokenRequestId });

const requestRow = (id: string) => gateway.stores.prisma.tokenRequest.findUniqueOrThrow({ where: { id } });
const transferRow = (id: string) => gateway.stores.prisma.transfer.findUniqueOrThrow({ where: { id } });
const tokenOf = (tokenRequestId: string) => gateway.stores.prisma.token.findFirstOrThrow({ where: { tokenRequestId } });

/** The user comes back from the bank to the gateway's callback (the state names the request). */
async function userReturns(tokenRequestId: string, params: Record<string, string> = { code: 'auth-code' }) {
  const { callbackToken } = await requestRow(tokenRequestId);
  return gateway.get(TokenRequestCallback).complete(callbackToken, params, {});
}

/** A request authorised at the bank (its page), the user sent there. */
async function authorisedAtBank(memberId = member): Promise<string> {
  gateway.bank.script('initiatePayment', bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-t' }));
  const request = await createRequest(memberId);
  expect(await authorize(request.id, memberId)).toMatchObject({
    redirectUrl: 'https://bank.example/authorise?consent=1',
  });
  return request.id;
}

/** Fires the transfer's timer as the worker would once it is due (the clock moved to it). */
async function fireTimer(transferId: string): Promise<void> {
  const timer = await gateway.timer(transferTimerId(transferId));
  expect(timer, `transfer ${transferId} has a timer`).not.toBeNull();
  const wait = (timer!.dueAt.getTime() - gateway.clock.nowMs()) / 1000;
  if (wait > 0) gateway.clock.advance(wait);
  await gateway.get(TransferPolling).onTimer(transferId);
}

describe('a transfer at a bank that pays as the user authorises', () => {
  it('the user’s return issues the token with its transfer (auto-redeemed), which follows the bank by poll to SUCCESS', async () => {
    const requestId = await authorisedAtBank();
    const [started] = gateway.bank.calls('initiatePayment');
    expect(started?.args[0]).toMatchObject({ amount: { value: '10.50', currency: 'GBP' } });
    expect((await requestRow(requestId)).status).toBe('PENDING');

    gateway.bank.script(
      'completeRedirect',
      bankSays.payment('PROCESSING', { consentId: 'consent-t', paymentId: 'p-1' }),
    );
    const next = await userReturns(requestId);
    expect(next).toContain('https://tpp.example/transfers/callback');

    const request = await requestRow(requestId);
    expect(request.status).toBe('PROCESSED');
    expect(request.transferId).not.toBeNull();
    const transferId = request.transferId!;
    const token = await tokenOf(requestId);
    expect(token).toMatchObject({ kind: 'TRANSFER', status: 'ACTIVE', memberId: member });
    expect(token.redeemedAmount.toFixed(2)).toBe('10.50');
    expect(await transferRow(transferId)).toMatchObject({
      status: 'PROCESSING',
      tokenId: token.id,
      bankPaymentId: 'p-1',
      memberId: member,
    });
    expect((await transferRow(transferId)).amount.toFixed(2)).toBe('10.50');
    expect(await gateway.statusesOf(transferId)).toEqual(['PROCESSING']);
    expect(await gateway.outcomeCheck('transfer', transferId)).toBeNull();

    gateway.bank.script(
      'getPaymentStatus',
      bankSays.payment('PROCESSING', { consentId: 'consent-t', paymentId: 'p-1' }),
    );
    await fireTimer(transferId);
    expect((await transferRow(transferId)).status).toBe('PROCESSING');

    gateway.bank.reset();
    gateway.bank.script(
      'getPaymentStatus',
      bankSays.payment('COMPLETED', { consentId: 'consent-t', paymentId: 'p-1' }),
    );
    await fireTimer(transferId);
    expect((await transferRow(transferId)).status).toBe('SUCCESS');
    expect(await gateway.statusesOf(transferId)).toEqual(['PROCESSING', 'SUCCESS']);
    expect((await gateway.eventsOf(transferId)).map((event) => event.eventType)).toContain('TRANSFER_STATUS_CHANGED');
    expect(await gateway.timer(transferTimerId(transferId))).toBeNull();
  });

  it('a bank refusal of the payment ends the transfer FAILURE_DECLINED, and no poll asks again', async () => {
    const requestId = await authorisedAtBank();
    gateway.bank.script('completeRedirect', bankFails.rejected('debtor account blocked'));
    await userReturns(requestId);

    const transferId = (await requestRow(requestId)).transferId;
    expect(transferId).not.toBeNull();
    const transfer = await transferRow(transferId!);
    expect(transfer.status).toBe('FAILURE_DECLINED');
    expect(transfer.statusReasonInformation).toContain('debtor account blocked');
    expect(await gateway.statusesOf(transfer.id)).toEqual(['PROCESSING', 'FAILURE_DECLINED']);
    expect(await gateway.timer(transferTimerId(transfer.id))).toBeNull();
    expect(await gateway.outcomeCheck('transfer', transfer.id)).toBeNull();
  });

  it('refuses POST /transfers for its token, naming payload.tokenId: it was redeemed as the user authorised', async () => {
    const requestId = await authorisedAtBank();
    gateway.bank.script(
      'completeRedirect',
      bankSays.payment('PROCESSING', { consentId: 'consent-t', paymentId: 'p-2' }),
    );
    await userReturns(requestId);
    const token = await tokenOf(requestId);
    const error = await redeem(token.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toContain('payload.tokenId');
    expect(await gateway.stores.prisma.transfer.count({ where: { tokenId: token.id } })).toBe(1);
  });
});

const redeem = (tokenId: string, memberId = member) =>
  gateway.get(RedeemTransferUseCase).execute({ memberId, tokenId });

describe('a transfer at a bank that submits as a second step', () => {
  it('without auto-redeem the token keeps the grant; POST /transfers submits it; an unknown outcome stays PROCESSING and its check submits again under the same key', async () => {
    const owner = await gateway.member('transfers-explicit');
    await gateway.stores.prisma.member.update({ where: { id: owner }, data: { autoRedeem: false } });
    gateway.bank.asTwoStep();
    const requestId = await authorisedAtBank(owner);
    gateway.bank.script('authoriseRedirect', { kind: 'authorised', grant: 'grant-1' });
    await userReturns(requestId);
    const request = await requestRow(requestId);
    expect(request).toMatchObject({ status: 'PROCESSED', transferId: null });
    const token = await tokenOf(requestId);
    expect(token.sealedGrant).not.toBeNull();
    expect(token.sealedGrant).not.toContain('grant-1');
    expect(gateway.bank.calls('submitAuthorised')).toEqual([]);

    gateway.bank.script(
      'submitAuthorised',
      bankFails.timeout(),
      bankSays.payment('COMPLETED', { consentId: 'consent-t', paymentId: 'p-3' }),
    );
    const answer = await redeem(token.id, owner);
    const transferId = answer.transfer.id;
    expect((await transferRow(transferId)).status).toBe('PROCESSING');
    const check = await gateway.outcomeCheck('transfer', transferId);
    expect(check).toMatchObject({ operation: 'transfer-order' });
    expect(check?.sealedGrant).not.toBeNull();

    // Nothing ends the transfer while its outcome is unknown: the timer waits for the check.
    gateway.clock.advance(3600);
    await gateway.get(TransferPolling).onTimer(transferId);
    expect((await transferRow(transferId)).status).toBe('PROCESSING');
    expect(gateway.bank.calls('getPaymentStatus')).toEqual([]);

    expect(await gateway.get(TransferOutcomeAsker).askAgain(check!)).toBe('answered');
    expect(await transferRow(transferId)).toMatchObject({ status: 'SUCCESS', bankPaymentId: 'p-3' });
    expect(await gateway.outcomeCheck('transfer', transferId)).toBeNull();
    expect(await gateway.statusesOf(transferId)).toEqual(['PROCESSING', 'SUCCESS']);

    const [first, again] = gateway.bank.calls('submitAuthorised');
    expect(again?.args).toEqual(first?.args);
    expect(first?.args[2]).toBe('grant-1');
  });

  it('a clear refusal of the submission ends the transfer FAILURE_DECLINED and closes its check', async () => {
    const owner = await gateway.member('transfers-refused');
    await gateway.stores.prisma.member.update({ where: { id: owner }, data: { autoRedeem: false } });
    gateway.bank.asTwoStep();
    const requestId = await authorisedAtBank(owner);
    gateway.bank.script('authoriseRedirect', { kind: 'authorised', grant: 'grant-2' });
    await userReturns(requestId);
    const token = await tokenOf(requestId);

    gateway.bank.script('submitAuthorised', bankFails.rejected('insufficient funds', 400));
    const answer = await redeem(token.id, owner);
    const transfer = await transferRow(answer.transfer.id);
    expect(transfer.status).toBe('FAILURE_DECLINED');
    expect(await gateway.statusesOf(transfer.id)).toEqual(['PROCESSING', 'FAILURE_DECLINED']);
    expect(await gateway.outcomeCheck('transfer', transfer.id)).toBeNull();
  });

  it('with auto-redeem the user’s return submits the transfer at once with the grant', async () => {
    gateway.bank.asTwoStep();
    const requestId = await authorisedAtBank();
    gateway.bank.script('authoriseRedirect', { kind: 'authorised', grant: 'grant-3' });
    gateway.bank.script(
      'submitAuthorised',
      bankSays.payment('COMPLETED', { consentId: 'consent-t', paymentId: 'p-4' }),
    );
    await userReturns(requestId);

    const transferId = (await requestRow(requestId)).transferId;
    expect(transferId).not.toBeNull();
    expect(await transferRow(transferId!)).toMatchObject({ status: 'SUCCESS', bankPaymentId: 'p-4' });
    expect(gateway.bank.calls('submitAuthorised')[0]?.args[2]).toBe('grant-3');
  });
});

describe('reading across members', () => {
  it('another member cannot authorise the request nor redeem its token', async () => {
    const requestId = await authorisedAtBank();
    const other = await gateway.member('transfers-other');
    await expect(authorize(requestId, other)).rejects.toMatchObject({ status: 404 });
    gateway.bank.script(
      'completeRedirect',
      bankSays.payment('PROCESSING', { consentId: 'consent-t', paymentId: 'p-5' }),
    );
    await userReturns(requestId);
    await expect(redeem((await tokenOf(requestId)).id, other)).rejects.toMatchObject({ status: 404 });
  });
});
