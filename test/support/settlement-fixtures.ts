import { settlementWindowTimerId } from '#libs/application';
import { JOB_QUEUE } from '#libs/common';
import { paymentFromNew, type DataStores, type Payment, type SettlementTransaction } from '#libs/db';
import { newId, type PaymentStatus } from '#libs/domain';

/** Rows for reconciliation tests, stored through the repositories as the gateway stores them. */

/** An ACTIVE settlement account of `memberId` (EUR, DE, an IBAN) at a test provider; its id. */
export async function storeSettlementAccount(
  stores: DataStores,
  memberId: string,
  options: { readonly currency?: string; readonly providerId?: string } = {},
): Promise<string> {
  const id = newId('pa:');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId,
    providerId: options.providerId ?? 'reconciliation-test',
    providerAccountId: id,
    status: 'ACTIVE',
    currency: options.currency ?? 'EUR',
    country: 'DE',
    iban: 'DE89370400440532013000',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export interface SettlementPaymentSpec {
  readonly memberId: string;
  readonly accountId: string;
  readonly refId: string;
  readonly amount?: string;
  readonly status?: PaymentStatus;
  readonly localInstrument?: string;
}

/** An EUR payment to the account (SETTLEMENT_IN_PROGRESS unless told), with its window timer a day on. */
export async function storeSettlementPayment(stores: DataStores, spec: SettlementPaymentSpec): Promise<Payment> {
  const now = stores.clock.now();
  const amount = spec.amount ?? '10.00';
  const payment = paymentFromNew({
    id: newId('pm2'),
    memberId: spec.memberId,
    refId: spec.refId,
    status: spec.status ?? 'SETTLEMENT_IN_PROGRESS',
    initiation: {
      refId: spec.refId,
      remittanceInformationPrimary: 'Order',
      amount: { value: amount, currency: 'EUR' },
      localInstrument: spec.localInstrument ?? 'SEPA',
      creditor: { name: 'Merchant', virtualAccountId: spec.accountId },
      callbackUrl: 'https://tpp.example/cb',
    },
    amount,
    currency: 'EUR',
    localInstrument: spec.localInstrument ?? 'SEPA',
    virtualAccountId: spec.accountId,
    callbackToken: newId('cb'),
    nonce: 'n',
    pollUntil: now,
    createdAt: now,
    updatedAt: now,
  });
  await stores.repositories.transactions.run(async (tx) => {
    await stores.repositories.payments.in(tx).insert(payment);
    await stores.repositories.scheduledJobs
      .in(tx)
      .schedule(
        settlementWindowTimerId(payment.id),
        { name: 'settlement.window-end', paymentId: payment.id },
        new Date(now.getTime() + 86_400_000),
        JOB_QUEUE['settlement.window-end'],
      );
  });
  return payment;
}

export interface SettlementCreditSpec {
  readonly memberId: string;
  readonly accountId: string;
  readonly refId: string | null;
  readonly amount?: string;
  readonly description?: string;
}

/** An EUR SEPA credit booked on the account, as the intake books one (without its ledger entry). */
export async function storeSettlementCredit(
  stores: DataStores,
  spec: SettlementCreditSpec,
): Promise<SettlementTransaction> {
  const credit = await stores.repositories.settlementTransactions.insertOnce({
    id: newId('st'),
    accountId: spec.accountId,
    memberId: spec.memberId,
    transactionType: 'CREDIT',
    providerPaymentId: newId('pp'),
    amount: spec.amount ?? '10.00',
    currency: 'EUR',
    localInstrument: 'SEPA',
    refId: spec.refId,
    description: spec.description ?? null,
    createdDateTime: new Date(),
    receivedAt: new Date(),
  });
  if (credit === null) throw new Error('credit not stored');
  return credit;
}
