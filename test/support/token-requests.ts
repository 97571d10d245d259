import { randomBytes } from 'node:crypto';
import { JOB_QUEUE } from '#libs/common';
import { newId, randomBase58, tokenRequestKindOf, type TokenRequestPayloadInput } from '#libs/domain';
import { tokenRequestTimerId } from '#libs/application';
import type { TestGateway, TestMember } from './payments-gateway.js';

/** Where the TPP wants the user back after the bank (https, not the gateway's host). */
export const TPP_REDIRECT = 'https://tpp.example/token-requests/done';

type Json = Record<string, unknown>;

/**
 * A PENDING token request of `member`, stored as POST /token-requests stores one (its row and its
 * timer at the end of the window, in one transaction), for tests of what follows the POST.
 */
export async function storeTokenRequest(
  gateway: TestGateway,
  member: TestMember,
  requestPayload: Json,
  requestOptions: Json = {},
  lifetimeMinutes = 15,
): Promise<{ readonly id: string; readonly callbackToken: string }> {
  const now = gateway.api.stores.clock.now();
  const id = newId('rq');
  const callbackToken = randomBase58(32);
  const expiresAt = new Date(now.getTime() + lifetimeMinutes * 60_000);
  const payload = requestPayload as unknown as TokenRequestPayloadInput;
  await gateway.api.stores.prisma.$transaction(async (tx) => {
    await tx.tokenRequest.create({
      data: {
        id,
        memberId: member.id,
        kind: tokenRequestKindOf(payload),
        refId: payload.refId,
        requestOptions: requestOptions as never,
        requestPayload: requestPayload as never,
        status: 'PENDING',
        callbackToken,
        nonce: randomBase58(24),
        expiresAt,
        createdAt: now,
        updatedAt: now,
      },
    });
    await tx.scheduledJob.create({
      data: {
        id: tokenRequestTimerId(id),
        queue: JOB_QUEUE['token-requests.timer'],
        jobName: 'token-requests.timer',
        payload: { name: 'token-requests.timer', tokenRequestId: id },
        dueAt: expiresAt,
      },
    });
  });
  return { id, callbackToken };
}

const refId = (): string => `ref-${randomBytes(4).toString('hex')}`;

/** An account-information request for the given resource types. */
export function accessPayload(resources: readonly string[], overrides: Json = {}): Json {
  return {
    refId: refId(),
    to: { id: 'm:tpp' },
    redirectUrl: TPP_REDIRECT,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
    accessBody: { resourceTypeList: { resources } },
    ...overrides,
  };
}

/** A UK Faster Payments transfer request for `amount` GBP. */
export function ukTransferPayload(amount = '10.50', overrides: Json = {}): Json {
  return {
    refId: refId(),
    to: { id: 'm:tpp' },
    redirectUrl: TPP_REDIRECT,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
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
    ...overrides,
  };
}

/** A SEPA transfer request for `amount` EUR. */
export function sepaTransferPayload(amount = '25.00', overrides: Json = {}): Json {
  return {
    refId: refId(),
    to: { id: 'm:tpp' },
    redirectUrl: TPP_REDIRECT,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
    transferBody: {
      currency: 'EUR',
      lifetimeAmount: amount,
      instructions: {
        transferDestinations: [
          { sepa: { iban: 'DE89370400440532013000' }, customerData: { legalNames: ['Haendler GmbH'] } },
        ],
      },
    },
    ...overrides,
  };
}

/** A monthly standing order of 450 GBP (UK Faster Payments) from `startDate` to `endDate`. */
export function ukStandingOrderPayload(startDate: string, endDate: string, overrides: Json = {}): Json {
  return {
    refId: refId(),
    to: { id: 'm:tpp' },
    redirectUrl: TPP_REDIRECT,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
    description: 'Rent',
    standingOrderBody: {
      amount: '450.00',
      currency: 'GBP',
      frequency: 'MNTH',
      startDate,
      endDate,
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
    ...overrides,
  };
}

/** A weekly SEPA standing order of 20 EUR. */
export function sepaStandingOrderPayload(startDate: string, endDate: string, overrides: Json = {}): Json {
  return {
    refId: refId(),
    to: { id: 'm:tpp' },
    redirectUrl: TPP_REDIRECT,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
    standingOrderBody: {
      amount: '20.00',
      currency: 'EUR',
      frequency: 'WEEK',
      startDate,
      endDate,
      instructions: {
        transferDestinations: [
          { sepa: { iban: 'DE89370400440532013000' }, customerData: { legalNames: ['Verein e.V.'] } },
        ],
      },
    },
    ...overrides,
  };
}
