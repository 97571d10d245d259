import { Injectable } from '@nestjs/common';
import type { VrpConsent } from '#libs/db';
import { SecretBox } from '#libs/secrets';

/** The sealing purpose of a VRP consent's bank grant. */
export const VRP_CONSENT_GRANT_PURPOSE = 'vrp-consent-grant';

/** The sealing context of a consent's grant: bound to its row, so a sealed grant copied to another consent does not open. */
export function vrpConsentGrantContext(vrpConsentId: string): { readonly purpose: string; readonly recordId: string } {
  return { purpose: VRP_CONSENT_GRANT_PURPOSE, recordId: vrpConsentId };
}

/**
 * The bank's grant of an authorised VRP consent (the access token VRPs under it are made with):
 * sealed with the SecretBox before it is stored, opened only to call the bank. Never logged or
 * returned.
 */
@Injectable()
export class VrpConsentGrants {
  constructor(private readonly box: SecretBox) {}

  seal(vrpConsentId: string, grant: string): Promise<string> {
    return this.box.seal(vrpConsentGrantContext(vrpConsentId), grant);
  }

  /** The consent's grant, or undefined when it has none (not authorised, or revoked). */
  async open(consent: Pick<VrpConsent, 'id' | 'sealedGrant'>): Promise<string | undefined> {
    if (consent.sealedGrant === null) return undefined;
    return this.box.openText(vrpConsentGrantContext(consent.id), consent.sealedGrant);
  }
}
