import { GatewayError } from '#libs/common';
import type { VrpConsent, VrpConsentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** The member's VRP consent, the whole row, or a 404 (also for another member's consent). */
export async function requireMemberVrpConsent(
  consents: VrpConsentRepository,
  memberId: MemberId,
  vrpConsentId: string,
): Promise<VrpConsent> {
  const consent = await consents.findForMember(memberId, vrpConsentId);
  if (consent === null)
    throw GatewayError.notFound(vrpConsentId, `VRP consent ${vrpConsentId} not found.`, { vrpConsentId });
  return consent;
}
