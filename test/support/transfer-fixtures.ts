import { randomBytes } from 'node:crypto';
import { storeNewTransfer, transferPayloadOf } from '#libs/application';
import {
  TOKEN_STATUS,
  TRANSFER_STATUS,
  type DataStores,
  type Repositories,
  type Token,
  type TokenRequest,
  type Transfer,
} from '#libs/db';
import { newId, randomBase58, type TokenRequestStatus, type TransferStatus } from '#libs/domain';
import { expectReferenceSchema } from './reference-schema.js';

type Json = Record<string, unknown>;

/** A UK Faster Payments transfer token request's payload (to the sandbox's merchant account). */
export function transferRequestPayload(overrides: Json = {}, body: Json = {}): Json {
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
      ...body,
    },
    ...overrides,
  };
}

/** A PROCESSED transfer token request row of the member's (as the authorisation leaves one). */
export async function storeProcessedTokenRequest(
  repositories: Repositories,
  memberId: string,
  options: {
    readonly payload?: Json;
    readonly bankId?: string;
    readonly status?: TokenRequestStatus;
    readonly now?: Date;
  } = {},
): Promise<TokenRequest> {
  const now = options.now ?? new Date();
  const payload = options.payload ?? transferRequestPayload();
  return repositories.tokenRequests.insert({
    id: newId('rq'),
    memberId,
    kind: payload['transferBody'] === undefined ? 'ACCESS' : 'TRANSFER',
    refId: payload['refId'] as string,
    requestOptions: { bankId: options.bankId ?? 'ob-sandbox-gb' },
    requestPayload: payload as never,
    bankId: options.bankId ?? 'ob-sandbox-gb',
    status: options.status ?? 'PROCESSED',
    callbackToken: randomBase58(32),
    nonce: randomBase58(24),
    expiresAt: new Date(now.getTime() + 15 * 60_000),
    createdAt: now,
    updatedAt: now,
  });
}

/** The member's ACTIVE token for a stored request (the request's kind, lifetime amount and currency). */
export async function storeToken(
  repositories: Repositories,
  request: TokenRequest,
  options: {
    readonly status?: string;
    readonly expiresAt?: Date | null;
    readonly sealedGrant?: string | null;
    readonly bankConsentId?: string | null;
    readonly actingAsRefId?: string;
    readonly now?: Date;
  } = {},
): Promise<Token> {
  const now = options.now ?? new Date();
  const id = newId('tt');
  const body = (request.requestPayload as { transferBody?: { lifetimeAmount: string; currency: string } }).transferBody;
  const token = await repositories.tokens.insert({
    id,
    memberId: request.memberId,
    tokenRequestId: request.id,
    kind: request.kind,
    status: TOKEN_STATUS.parse(options.status ?? 'ACTIVE'),
    bankId: request.bankId ?? 'ob-sandbox-gb',
    payload: { version: '1.0', refId: request.refId, tokenRequestId: request.id },
    actingAsRefId: options.actingAsRefId ?? null,
    bankConsentId: options.bankConsentId === undefined ? null : options.bankConsentId,
    sealedGrant: options.sealedGrant === undefined ? null : options.sealedGrant,
    lifetimeAmount: body?.lifetimeAmount ?? null,
    currency: body?.currency ?? null,
    expiresAt: options.expiresAt ?? null,
    ...(options.status === 'CANCELLED' ? { cancelledAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  });
  await repositories.tokenRequests.update(request, { updatedAt: now, tokenId: token.id });
  return token;
}

export interface TransferFixture {
  readonly status?: TransferStatus;
  readonly createdAt?: Date;
  readonly refId?: string;
  readonly actingAsRefId?: string;
  readonly refundStatus?: string;
  readonly bankConsentId?: string | null;
  readonly bankPaymentId?: string | null;
  readonly expiresAt?: Date | null;
  readonly pollUntil?: Date;
  readonly authorization?: Json | null;
}

/**
 * A transfer of the token stored as the redemption stores one (storeNewTransfer: the row, its
 * TRANSFER_STATUS_CHANGED creation event and its timer), then given the fixture's columns.
 */
export async function storeTransfer(
  stores: DataStores,
  token: Token,
  request: TokenRequest,
  fixture: TransferFixture = {},
  scheduleSeconds: readonly number[] = [1],
): Promise<Transfer> {
  const now = fixture.createdAt ?? new Date();
  const refId = fixture.refId ?? request.refId;
  const amount = { value: token.lifetimeAmount?.toString() ?? '1.00', currency: token.currency ?? 'GBP' };
  const stored = await stores.repositories.transactions.run((tx) =>
    storeNewTransfer(
      tx,
      {
        id: newId('t'),
        memberId: token.memberId,
        tokenId: token.id,
        tokenRequestId: request.id,
        bankId: token.bankId,
        status: fixture.status ?? 'PROCESSING',
        refId,
        actingAsRefId: fixture.actingAsRefId ?? null,
        amount: amount.value,
        currency: amount.currency,
        localInstrument: 'FASTER_PAYMENTS',
        payload: transferPayloadOf(request, { tokenId: token.id, refId, amount, description: refId }),
        bankConsentId: fixture.bankConsentId ?? null,
        bankPaymentId: fixture.bankPaymentId ?? null,
        expiresAt: fixture.expiresAt === undefined ? new Date(now.getTime() + 86_400_000) : fixture.expiresAt,
        pollUntil: fixture.pollUntil ?? new Date(now.getTime() + 30 * 86_400_000),
        ...(fixture.authorization === undefined || fixture.authorization === null
          ? {}
          : { authorization: fixture.authorization as never }),
        createdAt: now,
        updatedAt: now,
      },
      now,
      scheduleSeconds,
    ),
  );
  if (fixture.refundStatus === undefined) return stored;
  return stores.prisma.transfer
    .update({ where: { id: stored.id }, data: { refundStatus: fixture.refundStatus } })
    .then(TRANSFER_STATUS.row);
}

/** Asserts that a transfer the gateway answered validates against the reference's Transfer schema. */
export function expectReferenceTransfer(transfer: unknown, where: string): void {
  expectReferenceSchema('Transfer', transfer, where);
}
