import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { PaymentEngine } from '../payments/payment-engine.js';
import { PAYMENT_VOCABULARY } from '../payments/payment-vocabulary.js';
import { StandingOrderEngine } from '../payments/standing-order-engine.js';
import { AccountStore } from '../store/account.store.js';
import { PaymentStore, type PaymentKind } from '../store/payment.store.js';
import { accountProfileFor } from './iban.js';
import { storedPayment } from './xs2a-representations.js';
import { Xs2aResourceStore, type Xs2aResource } from './xs2a-resource.store.js';

/** The status a resource waits in for its authorisation. */
export const AWAITING_SCA: Readonly<Record<string, string>> = {
  'bg-payment-initiation': 'RCVD',
  'bg-periodic-payment': 'RCVD',
  'bg-ais-consent': 'received',
};

/**
 * What the end of an authorisation does to its resource. A finalised payment becomes a payment
 * order on the user's account (the account they named, or their current account) and runs its
 * scenario (a periodic payment: a standing order, set up or not by the scenario); a finalised consent becomes valid. A failed one rejects the resource.
 */
@Injectable()
export class ScaOutcomes {
  constructor(
    private readonly resources: Xs2aResourceStore,
    private readonly accounts: AccountStore,
    private readonly payments: PaymentStore,
    private readonly engine: PaymentEngine,
    private readonly standingOrders: StandingOrderEngine,
  ) {}

  async finalised(bank: SandboxBankDefinition, resource: Xs2aResource, psuId: string): Promise<void> {
    const profile = bank.berlinGroup;
    if (profile === undefined) throw new Error(`${bank.id} is not a Berlin Group bank`);
    const held = await this.accounts.ensureAccounts(bank.id, psuId, accountProfileFor(profile));
    if (resource.kind === 'bg-ais-consent') {
      await this.resources.transition(resource.id, ['received'], 'valid', { username: psuId });
      return;
    }
    const stored = storedPayment(resource);
    const debtor =
      stored.debtorIban === undefined ? held[0] : held.find((account) => account.identification === stored.debtorIban);
    if (debtor === undefined) {
      // The account the TPP named is not the user's: the bank rejects the payment.
      await this.resources.transition(resource.id, ['RCVD'], 'RJCT', { username: psuId });
      return;
    }
    if (
      !(await this.resources.transition(resource.id, ['RCVD'], 'ACTC', { username: psuId, debtorAccountId: debtor.id }))
    )
      return;
    const kind: PaymentKind =
      resource.kind === 'bg-periodic-payment'
        ? 'berlin-group-periodic-payment'
        : stored.executeAt === undefined
          ? 'berlin-group-payment'
          : 'berlin-group-future-payment';
    const { payment } = await this.payments.create({
      bankId: bank.id,
      kind,
      consentId: resource.id,
      status: PAYMENT_VOCABULARY[kind].pending,
      username: psuId,
      debtorAccountId: debtor.id,
      amount: stored.amount,
      currency: stored.currency,
      request: stored.payment as Prisma.InputJsonObject,
      idempotencyKey: resource.id,
      ...(stored.executeAt === undefined ? {} : { executeAt: new Date(stored.executeAt) }),
    });
    if (kind === 'berlin-group-periodic-payment') await this.standingOrders.afterSubmission(payment);
    else await this.engine.afterSubmission(payment);
  }

  async failed(resource: Xs2aResource): Promise<void> {
    await this.resources.transition(
      resource.id,
      [AWAITING_SCA[resource.kind] ?? ''],
      resource.kind === 'bg-ais-consent' ? 'rejected' : 'RJCT',
    );
  }
}
