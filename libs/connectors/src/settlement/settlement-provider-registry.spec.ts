import { describe, expect, it } from 'vitest';
import { errorBody } from '#libs/common';
import { SettlementProviderUnsupportedError } from '../bank-errors.js';
import type { InitiationProgress } from '../capabilities/initiation-progress.js';
import type {
  AccountVerificationOutcome,
  OpenSettlementAccountRequest,
  PayoutRequest,
  ProviderSettlementAccount,
  SettlementCredit,
  SettlementCreditPage,
  SettlementCreditQuery,
  SettlementProviderConnector,
} from './settlement-provider-connector.js';
import { SettlementProviderRegistry } from './settlement-provider-registry.js';

/** An in-memory provider: accounts, credits it is told about, and payouts that complete at once. */
class InMemoryProvider implements SettlementProviderConnector {
  readonly accounts = new Map<string, ProviderSettlementAccount>();
  readonly credits: SettlementCredit[] = [];
  private readonly payouts = new Map<string, InitiationProgress>();

  constructor(readonly providerId: string) {}

  openAccount(_ctx: unknown, request: OpenSettlementAccountRequest): Promise<ProviderSettlementAccount> {
    const account: ProviderSettlementAccount = {
      providerAccountId: `${this.providerId}:${request.accountId}`,
      status: 'ACTIVE',
      currency: request.currency,
      country: request.country,
      iban: 'GB29NWBK60161331926819',
      availableBalance: '0.00',
    };
    this.accounts.set(account.providerAccountId, account);
    return Promise.resolve(account);
  }

  getAccount(_ctx: unknown, providerAccountId: string): Promise<ProviderSettlementAccount> {
    const account = this.accounts.get(providerAccountId);
    return account === undefined ? Promise.reject(new Error('unknown account')) : Promise.resolve(account);
  }

  listCredits(_ctx: unknown, _providerAccountId: string, query: SettlementCreditQuery): Promise<SettlementCreditPage> {
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const fresh = this.credits.slice(start).filter((credit) => credit.createdDateTime >= query.since);
    return Promise.resolve({ credits: fresh, cursor: String(this.credits.length) });
  }

  getCredit(_ctx: unknown, _providerAccountId: string, providerPaymentId: string): Promise<SettlementCredit> {
    const credit = this.credits.find((one) => one.providerPaymentId === providerPaymentId);
    return credit === undefined ? Promise.reject(new Error('unknown credit')) : Promise.resolve(credit);
  }

  sendPayout(_ctx: unknown, request: PayoutRequest): Promise<InitiationProgress> {
    const progress: InitiationProgress = {
      bankPaymentId: `po-${request.payoutId}`,
      outcome: 'COMPLETED',
      bankStatus: 'ACSC',
    };
    this.payouts.set(progress.bankPaymentId, progress);
    return Promise.resolve(this.payouts.get(progress.bankPaymentId) ?? progress);
  }

  getPayoutStatus(_ctx: unknown, bankPaymentId: string): Promise<InitiationProgress> {
    const progress = this.payouts.get(bankPaymentId);
    return progress === undefined ? Promise.reject(new Error('unknown payout')) : Promise.resolve(progress);
  }

  verifyAccount(): Promise<AccountVerificationOutcome> {
    return Promise.resolve({ status: 'VERIFICATION_NOT_POSSIBLE', reasons: ['UNKNOWN'], details: 'Not checked.' });
  }
}

const ctx = { providerId: 'provider-a', deadlineMs: Date.now() + 1000 };

describe('SettlementProviderRegistry', () => {
  it('answers a provider with its connector, built once', async () => {
    let builds = 0;
    const registry = new SettlementProviderRegistry({
      'provider-a': () => {
        builds += 1;
        return new InMemoryProvider('provider-a');
      },
    });
    const provider = registry.forProvider('provider-a');
    expect(registry.forProvider('provider-a')).toBe(provider);
    expect(builds).toBe(1);

    const account = await provider.openAccount(ctx, { accountId: 'va-1', currency: 'GBP', country: 'GB' });
    expect(await provider.getAccount(ctx, account.providerAccountId)).toEqual(account);
    const payout = await provider.sendPayout(ctx, {
      payoutId: 'p1',
      refId: 'ref-1',
      amount: { value: '12.30', currency: 'GBP' },
      description: 'Payout 123456',
      providerAccountId: account.providerAccountId,
      creditor: { name: 'Payee', accountNumber: '12345678', sortCode: '040004' },
    });
    expect(await provider.getPayoutStatus(ctx, payout.bankPaymentId)).toEqual(payout);
  });

  it('lists credits received since a time, then since the cursor it handed back', async () => {
    const provider = new InMemoryProvider('provider-a');
    const credit: SettlementCredit = {
      providerPaymentId: '83KiRJuXm',
      amount: { value: '10.00', currency: 'EUR' },
      createdDateTime: '2025-01-02T10:00:00.000Z',
      localInstrument: 'SEPA_INSTANT',
      refId: 'ref-9',
    };
    provider.credits.push(credit);
    const first = await provider.listCredits(ctx, 'acc', { since: '2025-01-01T00:00:00.000Z' });
    expect(first.credits).toEqual([credit]);
    expect(first.cursor).toBe('1');
    const next = await provider.listCredits(ctx, 'acc', { since: '2025-01-01T00:00:00.000Z', cursor: '1' });
    expect(next.credits).toEqual([]);
  });

  it('raises SettlementProviderUnsupportedError for a provider without a connector: 501 UNIMPLEMENTED', () => {
    const registry = new SettlementProviderRegistry({ 'provider-a': () => new InMemoryProvider('provider-a') });
    expect(registry.has('provider-b')).toBe(false);
    expect(registry.has('toString')).toBe(false);
    let error: unknown;
    try {
      registry.forProvider('provider-b');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettlementProviderUnsupportedError);
    expect(errorBody(error as SettlementProviderUnsupportedError, 't')).toEqual({
      error: {
        errorCode: 'UNIMPLEMENTED',
        message: 'Settlement provider provider-b is not supported.',
        paymentId: 'Not implemented.',
        tokenTraceId: 't',
      },
    });
    expect(() => registry.forProvider('toString')).toThrow(SettlementProviderUnsupportedError);
  });

  it('refuses a connector built for another provider', () => {
    const registry = new SettlementProviderRegistry({ 'provider-a': () => new InMemoryProvider('provider-z') });
    expect(() => registry.forProvider('provider-a')).toThrow(/names provider-z/);
  });
});
