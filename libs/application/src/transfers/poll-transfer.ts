import { Injectable } from '@nestjs/common';
import type { PaymentProgress } from '#libs/connectors';
import {
  BankRepository,
  TokenRequestRepository,
  TransferRepository,
  Transactions,
  type Bank,
  type Transfer,
} from '#libs/db';
import { transferTimerAction, type TransferStatus } from '#libs/domain';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { bankHandleOf } from '../payments/bank-initiation.js';
import { transferInitiationOf } from './token-request-initiation.js';
import { isDecoupledStep, scheduleTransferTimer, type TransferChangeResult } from './record-transfer-change.js';
import { TransferProgression } from './transfer-progression.js';
import { transferCheckRef } from './transfer-redemption.js';

/**
 * A transfer's timer fired (the worker's transfers.poll) or a member asked for its latest status
 * (GET /transfers/{id}): ask the bank, or apply the expiry, lost-submission and 30-day rules.
 * A submission whose answer is unknown (an open outcome check) is the check's to ask again:
 * nothing ends the transfer meanwhile, the polling period included. Safe to run twice: every move
 * is checked against the current, locked row.
 */
@Injectable()
export class TransferPolling {
  constructor(
    private readonly transfers: TransferRepository,
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly transactions: Transactions,
    private readonly progression: TransferProgression,
    private readonly checks: OutcomeChecks,
  ) {}

  /** The timer's rule for the transfer as it stands; undefined when nothing changed. */
  async onTimer(transferId: string): Promise<TransferChangeResult | undefined> {
    const transfer = await this.transfers.findById(transferId);
    if (transfer === null) return undefined;
    const now = this.progression.clock.now();
    const action = transferTimerAction({
      status: transfer.status,
      now,
      expiresAt: transfer.expiresAt,
      pollUntil: transfer.pollUntil,
      atBank: transfer.bankPaymentId !== null || transfer.bankConsentId !== null,
      decoupled: isDecoupledStep(transfer),
      outcomeUnknown: (await this.checks.find(transferCheckRef(transfer.id))) !== null,
    });
    switch (action.kind) {
      case 'give-up':
        return this.end(transfer, 'INITIATED', 'No final status was received from the bank within the polling period.');
      case 'expire':
        return this.end(transfer, 'FAILURE_EXPIRED', 'The user did not authorise the payment in time.');
      case 'submission-lost':
        return this.end(transfer, 'INITIATED', 'The bank did not confirm the payment.');
      case 'wait':
        return undefined;
      case 'poll':
        return this.pollBank(transfer, { countPoll: true });
    }
  }

  /** Asks the bank now (GET /transfers/{id} without skipTransferUpdate); undefined when the bank could not say. */
  async refresh(transfer: Transfer): Promise<TransferChangeResult | undefined> {
    if (transfer.bankPaymentId === null && transfer.bankConsentId === null) return undefined;
    return this.pollBank(transfer, { countPoll: false });
  }

  private async end(transfer: Transfer, status: TransferStatus, reason: string): Promise<TransferChangeResult> {
    const bank = await this.banks.find(transfer.bankId);
    return this.progression.change(
      transfer.id,
      (_current, now) => ({
        status,
        updatedAt: now,
        statusReasonInformation: reason,
        authorization: null,
        expiresAt: null,
      }),
      bank,
    );
  }

  private async pollBank(
    transfer: Transfer,
    options: { readonly countPoll: boolean },
  ): Promise<TransferChangeResult | undefined> {
    const bank = await this.banks.find(transfer.bankId);
    const request = await this.tokenRequests.findById(transfer.tokenRequestId);
    if (bank === null || request === null) return undefined;
    if (options.countPoll) await this.countPoll(transfer, bank);
    let progress: PaymentProgress;
    try {
      progress = await this.progression.connectors
        .capability(bank, 'payments')
        .getPaymentStatus(
          this.progression.callContext(bank.id),
          bankHandleOf(transfer),
          transferInitiationOf(request, { redirectUri: this.progression.redirectUri }),
        );
    } catch (error) {
      this.progression.logger.warn(
        { transferId: transfer.id, bankId: bank.id, err: error },
        'transfer status poll failed; polling again later',
      );
      return undefined;
    }
    return this.progression.applyProgress(transfer.id, progress, bank);
  }

  /** Safety net first: the next poll is due even if this one never returns. */
  private async countPoll(transfer: Transfer, bank: Bank): Promise<void> {
    const now = this.progression.clock.now();
    await this.transactions.run(async (tx) => {
      const counted = await this.transfers.in(tx).countPoll(transfer);
      if (counted !== null) await scheduleTransferTimer(tx, counted, now, this.progression.scheduleOf(bank));
    });
  }
}
