import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { Money, PaymentProgress } from '#libs/connectors';
import {
  TokenRepository,
  TokenRequestRepository,
  TransferRepository,
  Transactions,
  type Bank,
  type Prisma,
  type Token,
  type Transfer,
} from '#libs/db';
import { newId } from '#libs/domain';
import { LOST_INITIATION_GRACE_MS } from '../payments/payment-rules.js';
import { storeNewTransfer } from './record-transfer-change.js';
import { TransferProgression } from './transfer-progression.js';

/** One redemption of a transfer token: what the transfer pays, and how it is shown. */
export interface Redemption {
  /** The transfer token being redeemed (the caller has checked it is the member's and of kind TRANSFER). */
  readonly token: Token;
  readonly bank: Bank;
  readonly amount: Money;
  /** The interface's TransferPayload as the transfer shows it (refId, tokenId, amount, description, destinations, ...). */
  readonly payload: Prisma.InputJsonObject;
  readonly refId: string;
  readonly localInstrument: string;
  readonly executionDate?: string;
  /** The gateway made the immediate payment asked for as a future-dated one (executionDate is its date). */
  readonly convertedToFutureDatedPayment?: boolean;
  readonly actingAsRefId?: string;
  /** A transfer to a settlement account: the account and the reference its credit carries (transferSettlementOf). */
  readonly virtualAccountId?: string;
  readonly settlementRefId?: string;
  readonly traceId?: string;
}

/**
 * Redeems a transfer token: the transfer is stored before the bank is asked, then the bank call
 * (`atBank`: submit the authorised payment, or complete the user's authorisation, which
 * submits it) and its answer recorded as a status change.
 *
 * One transaction adds the amount to what the token has paid (refused when the token is not
 * active, has expired, or would pay more than its lifetime amount: concurrent redemptions can
 * never together exceed it), stores the transfer PROCESSING with its TRANSFER_STATUS_CHANGED
 * event and a timer, and names the transfer on the token request. A process that dies before the
 * answer is recorded leaves the transfer and its timer, which ends it INITIATED (the user
 * authorised, the bank never confirmed the payment) at the bank deadline plus a grace.
 */
@Injectable()
export class TransferRedemption {
  constructor(
    private readonly transactions: Transactions,
    private readonly tokens: TokenRepository,
    private readonly tokenRequests: TokenRequestRepository,
    private readonly transfers: TransferRepository,
    private readonly progression: TransferProgression,
  ) {}

  async redeem(redemption: Redemption, atBank: () => Promise<PaymentProgress>): Promise<Transfer> {
    const stored = await this.store(redemption);
    const bank = redemption.bank;
    try {
      await this.progression.applyProgress(stored.id, await atBank(), bank);
    } catch (error) {
      this.progression.logger.warn(
        { transferId: stored.id, bankId: bank.id, err: error },
        'submitting the transfer to the bank failed',
      );
      await this.progression.applyFailure(stored.id, error, bank);
    }
    return (await this.transfers.findById(stored.id)) ?? stored;
  }

  private store(redemption: Redemption): Promise<Transfer> {
    const { token, bank, amount } = redemption;
    const now = this.progression.clock.now();
    const rules = this.progression.rules;
    return this.transactions.run(async (tx) => {
      if (!(await this.tokens.in(tx).redeem(token.id, amount.value, now)))
        throw GatewayError.invalidField(
          'payload.amount.value',
          'The token cannot pay this amount: it is not active, has expired, or would pay more than its lifetime amount.',
        );
      const transfer = await storeNewTransfer(
        tx,
        {
          id: newId('t'),
          memberId: token.memberId,
          tokenId: token.id,
          tokenRequestId: token.tokenRequestId,
          bankId: bank.id,
          status: 'PROCESSING',
          refId: redemption.refId,
          actingAsRefId: redemption.actingAsRefId ?? null,
          amount: amount.value,
          currency: amount.currency,
          localInstrument: redemption.localInstrument,
          payload: redemption.payload,
          executionDate: redemption.executionDate ?? null,
          convertedToFutureDatedPayment: redemption.convertedToFutureDatedPayment === true,
          expiresAt: new Date(now.getTime() + rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
          pollUntil: new Date(now.getTime() + rules.pollingMs),
          virtualAccountId: redemption.virtualAccountId ?? null,
          settlementRefId: redemption.settlementRefId ?? null,
          createdAt: now,
          updatedAt: now,
        },
        now,
        this.progression.scheduleOf(bank),
      );
      await this.tokenRequests.in(tx).attachTransfer(token.tokenRequestId, transfer.id, now);
      return transfer;
    });
  }
}
