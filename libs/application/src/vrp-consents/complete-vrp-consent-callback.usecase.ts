import { Injectable } from '@nestjs/common';
import { VrpConsentRepository, type VrpConsent } from '#libs/db';
import { VrpConsentProgression } from './vrp-consent-progression.js';

/** The bank callback as the consent's handler received it. */
export interface CompleteVrpConsentCallbackCommand {
  /** The callback state's token, which names the consent. */
  readonly token: string;
  readonly params: Readonly<Record<string, string>>;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * The VRP consent's end of the bank callback: the state's token names the consent; while it
 * awaits the user at the bank, the bank's answer is verified and recorded (see
 * VrpConsentProgression.completeRedirect). Answers the consent as it then stands (its callbackUrl
 * is where the user goes next), or null for an unknown token. A repeated callback (a reload) does
 * not repeat the bank calls.
 */
@Injectable()
export class CompleteVrpConsentCallbackUseCase {
  constructor(
    private readonly consents: VrpConsentRepository,
    private readonly progression: VrpConsentProgression,
  ) {}

  async execute(command: CompleteVrpConsentCallbackCommand): Promise<VrpConsent | null> {
    const { token, params, ...context } = command;
    const consent = await this.consents.findByCallbackToken(token);
    if (consent === null) return null;
    if (consent.status === 'PENDING_REDIRECT_AUTH' && consent.bankId !== null)
      await this.progression.completeRedirect(
        consent,
        params,
        this.progression.callContext(consent.bankId, context.traceId, context.psuIpAddress),
      );
    return (await this.consents.findById(consent.id)) ?? consent;
  }
}
