import type { Clock } from '#libs/common';
import { VrpConsentRepository, type Transactions } from '#libs/db';
import { recordVrpConsentChange } from '../vrp-consents/record-vrp-consent-change.js';

/**
 * The bank refused a VRP because it no longer honours the consent (the user revoked it at the
 * bank): the consent becomes REVOKED here too, with its event, its grant dropped. One
 * transaction; a consent already final stays as it is.
 */
export async function revokeVrpConsentAfterBankRefusal(
  transactions: Transactions,
  clock: Clock,
  vrpConsentId: string,
  bankReason: string,
): Promise<void> {
  await transactions.run(async (tx) => {
    const current = await new VrpConsentRepository(tx).lock(vrpConsentId);
    if (current === null) return;
    await recordVrpConsentChange(tx, current, {
      status: 'REVOKED',
      updatedAt: clock.now(),
      statusReasonInformation: `Revoked at the bank: ${bankReason}`.slice(0, 256),
      authentication: null,
      sealedGrant: null,
    });
  });
}
