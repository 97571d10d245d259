import { describe, expect, it } from 'vitest';
import type { PaymentProgress } from '#libs/connectors';
import { Prisma, type Transfer } from '#libs/db';
import type { PaymentRules } from '../payments/payment-rules.js';
import { transferChangeFromProgress } from './transfer-progression.js';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const RULES: PaymentRules = {
  authorisationWindowMs: 900_000,
  bankDeadlineMs: 30_000,
  pollingMs: 30 * 86_400_000,
  defaultScheduleSeconds: [5],
};

const transfer: Transfer = {
  id: 't:1',
  memberId: 'm:1',
  tokenId: 'tt:1',
  tokenRequestId: 'rq:1',
  bankId: 'ob-sandbox-gb',
  status: 'PROCESSING',
  refId: 'ref-1',
  actingAsRefId: null,
  amount: new Prisma.Decimal('10.00'),
  currency: 'GBP',
  localInstrument: 'FASTER_PAYMENTS',
  payload: {},
  bankConsentId: 'c-1',
  bankPaymentId: null,
  bankContinuation: null,
  bankPaymentStatus: null,
  statusReasonInformation: null,
  authorization: null,
  source: null,
  executionDate: null,
  convertedToFutureDatedPayment: false,
  transactionId: null,
  refundStatus: 'NONE',
  refundedAmount: new Prisma.Decimal(0),
  settledRefundAmount: new Prisma.Decimal(0),
  pollCount: 0,
  expiresAt: null,
  pollUntil: new Date(NOW.getTime() + RULES.pollingMs),
  virtualAccountId: null,
  settlementRefId: null,
  version: 0,
  createdAt: NOW,
  updatedAt: NOW,
};

const accepted: PaymentProgress = {
  handle: { bankConsentId: 'c-1', bankPaymentId: 'p-1' },
  outcome: 'PENDING',
  bankStatus: 'AcceptedSettlementInProcess',
  next: { kind: 'none' },
};

describe('the change a bank reading makes to a transfer', () => {
  it('records the status, the bank ids and the raw status', () => {
    expect(transferChangeFromProgress(transfer, accepted, NOW, RULES)).toMatchObject({
      status: 'PROCESSING',
      bankConsentId: 'c-1',
      bankPaymentId: 'p-1',
      bankPaymentStatus: 'AcceptedSettlementInProcess',
      authorization: null,
      expiresAt: null,
    });
  });

  it('keeps the user step and gives it the authorisation window', () => {
    const change = transferChangeFromProgress(
      transfer,
      { ...accepted, outcome: 'AWAITING_AUTHORISATION', next: { kind: 'redirect', redirectUrl: 'https://bank/x' } },
      NOW,
      RULES,
    );
    expect(change).toMatchObject({
      status: 'PENDING_EXTERNAL_AUTHORIZATION',
      authorization: { authorizationUrl: 'https://bank/x' },
      expiresAt: new Date(NOW.getTime() + 900_000),
    });
  });
});
