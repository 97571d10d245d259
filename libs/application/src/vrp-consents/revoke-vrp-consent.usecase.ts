import { Injectable } from '@nestjs/common';
import { VrpConsentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { vrpConsentStatusMachine } from '#libs/domain';
import { requireMemberVrpConsent } from './require-member-vrp-consent.js';
import { VrpConsentProgression } from './vrp-consent-progression.js';
import { renderVrpConsent, type VrpConsentResource } from './vrp-consent-view.js';

const REVOKED_REASON = 'The consent was revoked by the TPP.';

export interface RevokeVrpConsentCommand {
  readonly memberId: MemberId;
  readonly vrpConsentId: string;
  readonly traceId?: string;
}

/**
 * DELETE /vrp-consents/{id}: revokes the consent at the bank (when the bank holds one), then here:
 * REVOKED with its event, the grant dropped and the timer removed. A consent already final is
 * answered as it is; a bank that cannot revoke now is the answer, and the consent stays as it was.
 */
@Injectable()
export class RevokeVrpConsentUseCase {
  constructor(
    private readonly consents: VrpConsentRepository,
    private readonly progression: VrpConsentProgression,
  ) {}

  async execute(command: RevokeVrpConsentCommand): Promise<VrpConsentResource> {
    const { memberId, vrpConsentId, traceId } = command;
    const consent = await requireMemberVrpConsent(this.consents, memberId, vrpConsentId);
    if (vrpConsentStatusMachine.isFinal(consent.status)) return renderVrpConsent(consent);
    if (consent.bankId !== null && consent.bankConsentId !== null) {
      const bank = await this.progression.bankOf(consent.bankId);
      await this.progression
        .capabilityOf(bank)
        .revokeVrpConsent(this.progression.callContext(bank.id, traceId), consent.bankConsentId);
    }
    const result = await this.progression.change(consent.id, (_current, now) => ({
      status: 'REVOKED',
      updatedAt: now,
      statusReasonInformation: REVOKED_REASON,
      authentication: null,
      sealedGrant: null,
    }));
    return renderVrpConsent(await this.progression.latest(consent.id, result, consent));
  }
}
