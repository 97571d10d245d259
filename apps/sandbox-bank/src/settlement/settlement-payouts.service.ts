import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from '../store/sandbox-db.js';
import { newResourceId } from '../store/secret-hash.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import { nextPayoutStatus, payoutScenarioOf, type PayoutReasonCode } from './payout-scenarios.js';
import { SettlementAccountStore } from './settlement-account.store.js';
import { SettlementApiError } from './settlement-api-error.js';

export type SettlementPayout = Prisma.SbSettlementPayoutModel;

export interface PayoutCreditorFields {
  readonly name: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
}

export interface NewPayout {
  readonly payoutId: string;
  readonly accountId: string;
  readonly amount: string;
  readonly currency: string;
  readonly refId: string;
  readonly description: string;
  readonly creditor: PayoutCreditorFields;
}

function hashOf(payout: NewPayout): string {
  return createHash('sha256').update(JSON.stringify(payout)).digest('hex');
}

/**
 * Payouts from settlement accounts, idempotent on the client's payout id. A payout is checked
 * against the available balance under a lock on the account, so two payouts cannot both spend
 * the same money.
 */
@Injectable()
export class SettlementPayoutsService {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly accounts: SettlementAccountStore,
    private readonly clock: Clock,
  ) {}

  async send(payout: NewPayout): Promise<{ payout: SettlementPayout; created: boolean }> {
    const requestHash = hashOf(payout);
    const existing = await this.existing(payout.payoutId, requestHash);
    if (existing !== null) return { payout: existing, created: false };
    const account = await this.accounts.get(payout.accountId);
    if (account.status !== 'ACTIVE') throw new SettlementApiError(403, `Account ${account.id} is ${account.status}.`);
    if (payout.currency !== account.currency)
      throw SettlementApiError.invalid(`amount.currency must be the account's currency, ${account.currency}.`);
    try {
      const created = await this.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM sandbox_bank.sb_settlement_account WHERE id = ${account.id} FOR UPDATE`;
        const rejection = await this.rejectionOf(payout, tx);
        const now = this.clock.now();
        return tx.sbSettlementPayout.create({
          data: {
            id: newResourceId('PO'),
            payoutId: payout.payoutId,
            accountId: account.id,
            amount: payout.amount,
            currency: payout.currency,
            refId: payout.refId,
            description: payout.description,
            creditor: { ...payout.creditor },
            requestHash,
            status: rejection === undefined ? 'PROCESSING' : 'REJECTED',
            reasonCode: rejection ?? null,
            createdAt: now,
            statusUpdatedAt: now,
          },
        });
      });
      return { payout: created, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.existing(payout.payoutId, requestHash);
      if (winner === null) throw error;
      return { payout: winner, created: false };
    }
  }

  /** The payout; a read moves a processing payout along its scenario. */
  async read(id: string): Promise<SettlementPayout> {
    const payout = await this.prisma.sbSettlementPayout.findUnique({ where: { id } });
    if (payout === null) throw SettlementApiError.notFound('Payout', id);
    if (payout.status !== 'PROCESSING') return payout;
    const creditor = payout.creditor as { readonly name?: unknown };
    const next = nextPayoutStatus(payoutScenarioOf(typeof creditor.name === 'string' ? creditor.name : ''));
    if (next === undefined) return payout;
    await this.prisma.sbSettlementPayout.updateMany({
      where: { id, status: 'PROCESSING' },
      data: { status: next.status, reasonCode: next.reasonCode ?? null, statusUpdatedAt: this.clock.now() },
    });
    return this.prisma.sbSettlementPayout.findUniqueOrThrow({ where: { id } });
  }

  private async rejectionOf(payout: NewPayout, tx: Prisma.TransactionClient): Promise<PayoutReasonCode | undefined> {
    if (payoutScenarioOf(payout.creditor.name) === 'rejected') return 'AC04';
    const { available } = await this.accounts.balances(payout.accountId, tx);
    return new Decimal(payout.amount).greaterThan(available) ? 'AM04' : undefined;
  }

  private async existing(payoutId: string, requestHash: string): Promise<SettlementPayout | null> {
    const existing = await this.prisma.sbSettlementPayout.findUnique({ where: { payoutId } });
    if (existing !== null && existing.requestHash !== requestHash)
      throw new SettlementApiError(409, `payoutId ${payoutId} was already used for a different payout.`);
    return existing;
  }
}
