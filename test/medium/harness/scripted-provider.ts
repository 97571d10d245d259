import type {
  InitiationProgress,
  OpenSettlementAccountRequest,
  PayoutRequest,
  ProviderSettlementAccount,
  ProviderCallContext,
  SettlementCreditPage,
  SettlementProviderConnector,
} from '#libs/connectors';
import { ScriptedFailure } from './scripted-bank.js';

type PayoutCall = 'sendPayout' | 'getPayoutStatus';

/**
 * A settlement provider answering payouts from a script, as ScriptedBank answers bank calls: each
 * call answers its queued answers in order (the last one again), a failure (`bankFails`) is
 * thrown as the connector would throw it, and every call is recorded. Opening an account and
 * listing credits answer their own scripts (`scriptAccounts`); its other operations (reading an
 * account or one credit, verification) are not scripted and fail the test.
 */
export class ScriptedProvider implements SettlementProviderConnector {
  private readonly queues = new Map<PayoutCall, (InitiationProgress | ScriptedFailure)[]>();
  readonly sent: PayoutRequest[] = [];
  readonly statusReads: string[] = [];
  readonly opened: OpenSettlementAccountRequest[] = [];
  private readonly openings: (
    ((request: OpenSettlementAccountRequest) => ProviderSettlementAccount) | ScriptedFailure
  )[] = [];
  private readonly creditPages: SettlementCreditPage[] = [];

  constructor(readonly providerId: string) {}

  script(call: PayoutCall, ...answers: (InitiationProgress | ScriptedFailure)[]): this {
    this.queues.set(call, [...(this.queues.get(call) ?? []), ...answers]);
    return this;
  }

  /** Queues answers to opening accounts (in order, the last one again) and pages of credits (each once, then none). */
  scriptAccounts(
    openings: readonly (((request: OpenSettlementAccountRequest) => ProviderSettlementAccount) | ScriptedFailure)[],
    creditPages: readonly SettlementCreditPage[] = [],
  ): this {
    this.openings.push(...openings);
    this.creditPages.push(...creditPages);
    return this;
  }

  reset(): void {
    this.opened.length = 0;
    this.openings.length = 0;
    this.creditPages.length = 0;
    this.queues.clear();
    this.sent.length = 0;
    this.statusReads.length = 0;
  }

  sendPayout(ctx: ProviderCallContext, request: PayoutRequest): Promise<InitiationProgress> {
    this.sent.push(request);
    return this.answer('sendPayout', ctx);
  }

  getPayoutStatus(ctx: ProviderCallContext, bankPaymentId: string): Promise<InitiationProgress> {
    this.statusReads.push(bankPaymentId);
    return this.answer('getPayoutStatus', ctx);
  }

  openAccount(ctx: ProviderCallContext, request: OpenSettlementAccountRequest): Promise<ProviderSettlementAccount> {
    this.opened.push(request);
    const next = this.openings.length > 1 ? this.openings.shift() : this.openings[0];
    if (next === undefined) return this.unscripted('openAccount');
    if (next instanceof ScriptedFailure) return Promise.reject(next.error(ctx.providerId));
    return Promise.resolve(next(request));
  }

  getAccount(): Promise<never> {
    return this.unscripted('getAccount');
  }

  listCredits(): Promise<SettlementCreditPage> {
    return Promise.resolve(this.creditPages.shift() ?? { credits: [] });
  }

  getCredit(): Promise<never> {
    return this.unscripted('getCredit');
  }

  verifyAccount(): Promise<never> {
    return this.unscripted('verifyAccount');
  }

  private answer(call: PayoutCall, ctx: ProviderCallContext): Promise<InitiationProgress> {
    const queue = this.queues.get(call) ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next === undefined) return this.unscripted(call);
    if (next instanceof ScriptedFailure) return Promise.reject(next.error(ctx.providerId));
    return Promise.resolve(next);
  }

  private unscripted(call: string): Promise<never> {
    return Promise.reject(new Error(`the scripted provider ${this.providerId} has no answer for ${call}`));
  }
}
