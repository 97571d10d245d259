import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { hasConnector, type BankCallContext } from '#libs/connectors';
import { BankRepository, VrpConsentRepository, type Bank, type VrpConsent } from '#libs/db';
import { vrpBankProblems, vrpConsentDeadline, type VrpConsentInitiationInput } from '#libs/domain';
import { initiationBankOf } from '../payments/initiation-bank.js';
import { VrpConsentProgression } from './vrp-consent-progression.js';

/** Callback tokens are base58; anything else (or anything longer) cannot name a consent. */
const TOKEN_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{1,64}$/;

export type VrpBankChoiceOutcome =
  | { readonly kind: 'unknown-token' }
  /** The consent has left bank selection (a bank was chosen, or it ended). */
  | { readonly kind: 'not-choosable'; readonly consent: VrpConsent }
  | { readonly kind: 'not-offered'; readonly consent: VrpConsent; readonly banks: readonly Bank[] }
  | { readonly kind: 'chosen'; readonly consent: VrpConsent }
  | { readonly kind: 'bank-failed'; readonly consent: VrpConsent };

/**
 * The hosted pages' side of a VRP consent created without a bank: the consent its token names,
 * the banks that can take it (listed, with a connector, the VRP feature and the rail), and the
 * user's choice, which asks that bank to create the consent.
 */
@Injectable()
export class HostedVrpConsents {
  constructor(
    private readonly consents: VrpConsentRepository,
    private readonly banks: BankRepository,
    private readonly progression: VrpConsentProgression,
    private readonly clock: Clock,
  ) {}

  byToken(token: string): Promise<VrpConsent | null> {
    return TOKEN_SHAPE.test(token) ? this.consents.findByCallbackToken(token) : Promise.resolve(null);
  }

  /** Whether the user may still pick a bank: waiting for one, within the consent's 30 minutes. */
  isChoosable(consent: VrpConsent): boolean {
    return (
      consent.status === 'PENDING_MORE_INFO' &&
      this.clock.now().getTime() < vrpConsentDeadline(consent.createdAt).getTime()
    );
  }

  async selectableFor(consent: VrpConsent): Promise<Bank[]> {
    const initiation = consent.initiation as unknown as VrpConsentInitiationInput;
    return (await this.banks.listListed()).filter(
      (bank) => hasConnector(bank.connectorType) && vrpBankProblems(initiation, initiationBankOf(bank)).length === 0,
    );
  }

  async choose(
    token: string,
    bankId: string,
    context: Omit<BankCallContext, 'bankId' | 'deadlineMs'>,
  ): Promise<VrpBankChoiceOutcome> {
    const consent = await this.byToken(token);
    if (consent === null) return { kind: 'unknown-token' };
    if (!this.isChoosable(consent)) return { kind: 'not-choosable', consent };
    const banks = await this.selectableFor(consent);
    const bank = banks.find((candidate) => candidate.id === bankId);
    if (bank === undefined) return { kind: 'not-offered', consent, banks };
    try {
      const started = await this.progression.startAtBank(
        consent,
        bank,
        this.progression.callContext(bank.id, context.traceId, context.psuIpAddress),
      );
      return { kind: 'chosen', consent: started };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { kind: 'bank-failed', consent: (await this.consents.findById(consent.id)) ?? consent };
    }
  }
}
