import type { PartyAccount, VrpConsentRequest } from '#libs/connectors';
import type { VrpConsent } from '#libs/db';
import { callbackStateOf, randomBase58, type VrpConsentInitiationInput, type VrpParty } from '#libs/domain';

function ukAccount(party: VrpParty): PartyAccount | undefined {
  if (party.sortCode === undefined || party.accountNumber === undefined) return undefined;
  return {
    name: party.name ?? '',
    identifier: { type: 'gbDomestic', sortCode: party.sortCode, accountNumber: party.accountNumber },
  };
}

/** The bank's view of a stored consent: its controls, accounts and references, and where the user comes back. */
export function vrpConsentRequestOf(consent: VrpConsent, redirectUri: string): VrpConsentRequest {
  const initiation = consent.initiation as unknown as VrpConsentInitiationInput;
  const creditor = ukAccount(initiation.creditor);
  if (creditor === undefined) throw new Error(`VRP consent ${consent.id} has no UK creditor account`);
  const debtor = initiation.debtor === undefined ? undefined : ukAccount(initiation.debtor);
  return {
    consentId: consent.id,
    refId: initiation.refId,
    vrpType: initiation.scheme === 'OBL_COMMERCIAL' ? 'OTHER' : 'SWEEPING',
    creditor,
    ...(debtor === undefined ? {} : { debtor }),
    currency: initiation.currency,
    maximumIndividualAmount: initiation.maximumIndividualAmount,
    periodicLimits: initiation.periodicLimits,
    validFrom: consent.startDateTime.toISOString(),
    ...(consent.endDateTime === null ? {} : { validTo: consent.endDateTime.toISOString() }),
    remittanceInformationPrimary: initiation.remittanceInformationPrimary,
    ...(initiation.remittanceInformationSecondary === undefined
      ? {}
      : { remittanceInformationSecondary: initiation.remittanceInformationSecondary }),
    redirectUri,
    state: callbackStateOf('vrp-consent', consent.callbackToken),
    nonce: randomBase58(24),
  };
}
