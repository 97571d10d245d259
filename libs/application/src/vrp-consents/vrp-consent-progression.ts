import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { BankConnectors, type BankCallContext, type VrpCapability, type VrpConsentProgress } from '#libs/connectors';
import {
  BankRepository,
  Transactions,
  VrpConsentRepository,
  type Bank,
  type Prisma,
  type VrpConsent,
  type VrpConsentChange,
} from '#libs/db';
import { vrpBankTimeZone, vrpConsentStatusFor, type VrpConsentStatus } from '#libs/domain';
import { bankCallContext } from '../bank-calls/bank-call-context.js';
import { BANK_CALLBACK_PATH } from '../browser-paths/browser-paths.js';
import { paymentRules } from '../payments/payment-rules.js';
import { recordVrpConsentChange, type VrpConsentChangeResult } from './record-vrp-consent-change.js';
import { vrpConsentFailureChange } from './vrp-consent-bank-failure.js';
import { vrpConsentRequestOf } from './vrp-consent-bank-request.js';
import { VrpConsentGrants } from './vrp-consent-grants.js';

const REASONS: Partial<Record<VrpConsentStatus, string>> = {
  REJECTED: 'The bank rejected the consent.',
  FAILED: 'The consent was not authorised at the bank.',
  REVOKED: 'The bank reports the consent as revoked.',
};

/** The row's change for a bank reading; `verified` once the callback's code was exchanged. */
function changeFromProgress(progress: VrpConsentProgress, now: Date, verified: boolean): VrpConsentChange {
  const status = vrpConsentStatusFor(progress.outcome, progress.next.kind, verified);
  const redirect = status === 'PENDING_REDIRECT_AUTH' && progress.next.kind === 'redirect' ? progress.next : undefined;
  return {
    status,
    updatedAt: now,
    bankConsentId: progress.bankConsentId,
    bankConsentStatus: progress.bankStatus,
    authentication: redirect === undefined ? null : { redirectUrl: redirect.redirectUrl },
    statusReasonInformation: REASONS[status] ?? null,
  };
}

/** The bank a consent is (about to be) set up at, on the row and in the stored initiation. */
function bankFields(consent: VrpConsent, bank: Bank): Pick<VrpConsentChange, 'bankId' | 'bankTimeZone' | 'initiation'> {
  return {
    bankId: bank.id,
    bankTimeZone: vrpBankTimeZone(bank.countries),
    initiation: { ...(consent.initiation as Prisma.JsonObject), bankId: bank.id },
  };
}

/**
 * Moves VRP consents on from what banks say: the answer to the consent's creation, the user's
 * return through the bank callback, a revocation, a failure. Each move is one transaction (the
 * row locked, checked against the status machine, with its VRP_CONSENT_STATUS_CHANGED event and
 * timer); bank calls are made outside transactions.
 */
@Injectable()
export class VrpConsentProgression {
  private readonly bankDeadlineMs: number;

  constructor(
    private readonly transactions: Transactions,
    readonly consents: VrpConsentRepository,
    private readonly banks: BankRepository,
    private readonly connectors: BankConnectors,
    private readonly grants: VrpConsentGrants,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.bankDeadlineMs = paymentRules(config).bankDeadlineMs;
  }

  /** Where the bank sends the user back (the gateway's one redirect URI). */
  get redirectUri(): string {
    return `${this.config.http.publicBaseUrl}${BANK_CALLBACK_PATH}`;
  }

  /** The bank's VRP implementation; BankCapabilityUnsupportedError (501) when its connector has none. */
  capabilityOf(bank: Bank): VrpCapability {
    return this.connectors.capability(bank, 'vrp');
  }

  callContext(bankId: string, traceId?: string, psuIpAddress?: string): BankCallContext {
    return bankCallContext(bankId, this.bankDeadlineMs, traceId, psuIpAddress);
  }

  /** Applies a change computed from the locked, current row (null: nothing to do); retried once if the row moved meanwhile. */
  async change(
    vrpConsentId: string,
    compute: (current: VrpConsent, now: Date) => VrpConsentChange | null,
  ): Promise<VrpConsentChangeResult> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await this.transactions.run(async (tx) => {
        const current = await this.consents.in(tx).lock(vrpConsentId);
        if (current === null) return { kind: 'stale' } as const;
        const change = compute(current, this.clock.now());
        if (change === null) return { kind: 'refused', consent: current } as const;
        return recordVrpConsentChange(tx, current, change);
      });
      if (result.kind !== 'stale') return result;
    }
    return { kind: 'stale' };
  }

  /** The consent as it now stands after a change (read again if the change did not apply). */
  async latest(vrpConsentId: string, result: VrpConsentChangeResult, fallback: VrpConsent): Promise<VrpConsent> {
    if (result.kind !== 'stale') return result.consent;
    return (await this.consents.findById(vrpConsentId)) ?? fallback;
  }

  /**
   * Asks the bank to create the consent (stored PENDING, or PENDING_MORE_INFO when the user has
   * just picked `bank` on the hosted pages) and records its answer: the user's redirect to the
   * bank, or the end. A bank error ends the consent (REJECTED or FAILED) and is thrown on.
   */
  async startAtBank(consent: VrpConsent, bank: Bank, context: BankCallContext): Promise<VrpConsent> {
    const capability = this.capabilityOf(bank);
    const from = consent.status;
    const atBank = { ...consent, bankId: bank.id };
    const chosen = from === 'PENDING_MORE_INFO' ? bankFields(consent, bank) : {};
    let progress: VrpConsentProgress;
    try {
      progress = await capability.createVrpConsent(context, vrpConsentRequestOf(atBank, this.redirectUri));
    } catch (error) {
      await this.change(consent.id, (current, now) =>
        current.status === from ? { ...vrpConsentFailureChange(error, now), ...chosen } : null,
      );
      throw error;
    }
    const result = await this.change(consent.id, (current, now) =>
      current.status === from ? { ...changeFromProgress(progress, now, false), ...chosen } : null,
    );
    return this.latest(consent.id, result, consent);
  }

  /**
   * The user is back from the bank: PENDING_REDIRECT_AUTH moves to PENDING_REDIRECT_AUTH_VERIFICATION
   * (so a reload does not repeat the bank calls), the connector exchanges the callback's code for
   * the grant and reads the consent, and the consent ends AUTHORIZED (its grant sealed), REJECTED
   * or FAILED.
   */
  async completeRedirect(
    consent: VrpConsent,
    params: Readonly<Record<string, string>>,
    context: BankCallContext,
  ): Promise<void> {
    const verifying = await this.change(consent.id, (current, now) =>
      current.status === 'PENDING_REDIRECT_AUTH'
        ? { status: 'PENDING_REDIRECT_AUTH_VERIFICATION', updatedAt: now, authentication: null }
        : null,
    );
    if (verifying.kind !== 'changed' || consent.bankId === null || consent.bankConsentId === null) return;
    const bankConsentId = consent.bankConsentId;
    let progress: VrpConsentProgress;
    let sealedGrant: string | null = null;
    try {
      const bank = await this.bankOf(consent.bankId);
      progress = await this.capabilityOf(bank).completeVrpConsentRedirect(
        context,
        bankConsentId,
        params,
        this.redirectUri,
      );
      if (progress.grant !== undefined) sealedGrant = await this.grants.seal(consent.id, progress.grant);
    } catch (error) {
      this.logger.warn(
        { vrpConsentId: consent.id, bankId: consent.bankId, err: error },
        'completing the VRP consent redirect failed',
      );
      await this.change(consent.id, (current, now) =>
        current.status === 'PENDING_REDIRECT_AUTH_VERIFICATION' ? vrpConsentFailureChange(error, now) : null,
      );
      return;
    }
    const answered = progress;
    await this.change(consent.id, (current, now) => {
      if (current.status !== 'PENDING_REDIRECT_AUTH_VERIFICATION') return null;
      const change = changeFromProgress(answered, now, true);
      return change.status === 'AUTHORIZED' && sealedGrant !== null ? { ...change, sealedGrant } : change;
    });
  }

  async bankOf(bankId: string): Promise<Bank> {
    const bank = await this.banks.find(bankId);
    if (bank === null) throw new Error(`VRP consent names unknown bank ${bankId}`);
    return bank;
  }
}
