import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { VrpConsentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderVrpConsent, type VrpConsentResource } from './vrp-consent-view.js';

export interface GetVrpConsentCommand {
  readonly memberId: MemberId;
  readonly vrpConsentId: string;
}

/** GET /vrp-consents/{id}: the member's consent as stored (404 for any other id). */
@Injectable()
export class GetVrpConsentUseCase {
  constructor(private readonly consents: VrpConsentRepository) {}

  async execute({ memberId, vrpConsentId }: GetVrpConsentCommand): Promise<VrpConsentResource> {
    const consent = await this.consents.findViewForMember(memberId, vrpConsentId);
    if (consent === null)
      throw GatewayError.notFound(vrpConsentId, `VRP consent ${vrpConsentId} not found.`, { vrpConsentId });
    return renderVrpConsent(consent);
  }
}
