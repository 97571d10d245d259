import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /vrp-consents in the OpenAPI document. */
export const CREATE_VRP_CONSENT_EXAMPLES: Record<string, ExampleObject> = {
  sweepingAtBank: {
    summary:
      'Sweeping to the user’s savings at a named bank: at most 250.00 GBP a payment, 1000.00 GBP a calendar month',
    value: {
      initiation: {
        bankId: 'ob-sandbox-gb',
        refId: 'sweep-4711',
        remittanceInformationPrimary: 'Sweep to savings',
        scheme: 'OBL_SWEEPING',
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
        currency: 'GBP',
        minimumIndividualAmount: '1.00',
        maximumIndividualAmount: '250.00',
        periodicLimits: [
          { maximumAmount: '1000.00', periodType: 'MONTH', periodAlignment: 'CALENDAR' },
          { maximumAmount: '300.00', periodType: 'DAY' },
        ],
        maximumOccurrences: 0,
        endDateTime: '2030-12-31T23:59:59Z',
        callbackUrl: 'https://tpp.example/vrp/callback',
        callbackState: '6242e45e-3063-4c42-8376',
      },
    },
  },
  hostedBankSelection: {
    summary: 'No bankId: the user picks the bank on the hosted pages (PENDING_MORE_INFO), then authorises there',
    value: {
      initiation: {
        refId: 'sweep-4712',
        remittanceInformationPrimary: 'Sweep',
        scheme: 'OBL_SWEEPING',
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'J Smith Savings', sortCode: '04-00-04', accountNumber: '12345678' },
        currency: 'GBP',
        maximumIndividualAmount: '100.00',
        periodicLimits: [{ maximumAmount: '400.00', periodType: 'WEEK' }],
        callbackUrl: 'https://tpp.example/vrp/callback',
        callbackState: 'hosted-1',
      },
    },
  },
  commercialOnBehalfOfSubTpp: {
    summary: 'Commercial VRP (the gateway’s OBL_COMMERCIAL) for a sub-TPP, 12 payments at most, from a given start',
    value: {
      initiation: {
        bankId: 'ob-sandbox-gb',
        refId: 'subscr-88',
        remittanceInformationPrimary: 'Gym membership',
        scheme: 'OBL_COMMERCIAL',
        localInstrument: 'FASTER_PAYMENTS',
        onBehalfOfId: 'c5a863bc-86f2-4418-a26f-25b24c7983c7',
        debtor: { name: 'John Smith', sortCode: '040004', accountNumber: '87654321' },
        creditor: { name: 'Gym Ltd', sortCode: '040004', accountNumber: '12345678' },
        currency: 'GBP',
        maximumIndividualAmount: '49.99',
        periodicLimits: [{ maximumAmount: '49.99', periodType: 'MONTH', periodAlignment: 'CONSENT' }],
        maximumOccurrences: 12,
        startDateTime: '2030-01-01T00:00:00Z',
        callbackUrl: 'https://gym.example/vrp/done',
        callbackState: 'member-88',
      },
    },
  },
};

/** The answer of POST /vrp-consents: the user authorises at authentication.redirectUrl. */
export const CREATE_VRP_CONSENT_ANSWER_EXAMPLE = {
  vrpConsent: {
    id: 'vc:ahasbxK3RbzqEPSHKSXdt1vr',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    initiation: {
      refId: 'sweep-2026-12',
      bankId: 'ob-sandbox-gb',
      scheme: 'OBL_SWEEPING',
      creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
      currency: 'GBP',
      callbackUrl: 'https://tpp.example/payments/callback',
      callbackState: 'order-4711',
      startDateTime: '2026-12-03T11:56:39.601Z',
      periodicLimits: [{ periodType: 'MONTH', maximumAmount: '1000.00', periodAlignment: 'CALENDAR' }],
      localInstrument: 'FASTER_PAYMENTS',
      maximumIndividualAmount: '250.00',
      remittanceInformationPrimary: 'Sweep to savings',
    },
    createdDateTime: '2026-12-03T11:56:39.601Z',
    updatedDateTime: '2026-12-03T11:56:39.624Z',
    status: 'PENDING_REDIRECT_AUTH',
    bankVrpConsentId: 'VRC-3cde7414dee854862c0a3596',
    bankVrpConsentStatus: 'AwaitingAuthorisation',
    authentication: {
      redirectUrl:
        'https://sandbox-bank.gateway.example/banks/ob-sandbox-gb/as/authorize?client_id=gateway-sandbox&response_type=code&redirect_uri=https%3A%2F%2Fapi.gateway.example%2Fbank-callback&scope=openid+payments&state=vc.ywC2dxyESRF5TaAHrxC2XjE11axskYN2&nonce=nPDzXMJrLEC7Em1iigjUvxL9',
    },
  },
};

/** The answer of GET /vrp-consents. */
export const VRP_CONSENTS_ANSWER_EXAMPLE = {
  vrpConsents: [
    {
      id: 'vc:ahasbxK3RbzqEPSHKSXdt1vr',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      initiation: {
        refId: 'sweep-2026-12',
        bankId: 'ob-sandbox-gb',
        scheme: 'OBL_SWEEPING',
        creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
        currency: 'GBP',
        callbackUrl: 'https://tpp.example/payments/callback',
        callbackState: 'order-4711',
        startDateTime: '2026-12-03T11:56:39.601Z',
        periodicLimits: [{ periodType: 'MONTH', maximumAmount: '1000.00', periodAlignment: 'CALENDAR' }],
        localInstrument: 'FASTER_PAYMENTS',
        maximumIndividualAmount: '250.00',
        remittanceInformationPrimary: 'Sweep to savings',
      },
      createdDateTime: '2026-12-03T11:56:39.601Z',
      updatedDateTime: '2026-12-03T11:56:39.708Z',
      status: 'AUTHORIZED',
      bankVrpConsentId: 'VRC-3cde7414dee854862c0a3596',
      bankVrpConsentStatus: 'Authorised',
    },
  ],
  pageInfo: { limit: 10, haveMore: false },
};

/** The answer of GET /vrp-consents/{id}: the consent, authorised. */
export const VRP_CONSENT_ANSWER_EXAMPLE = {
  vrpConsent: {
    id: 'vc:ahasbxK3RbzqEPSHKSXdt1vr',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    initiation: {
      refId: 'sweep-2026-12',
      bankId: 'ob-sandbox-gb',
      scheme: 'OBL_SWEEPING',
      creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
      currency: 'GBP',
      callbackUrl: 'https://tpp.example/payments/callback',
      callbackState: 'order-4711',
      startDateTime: '2026-12-03T11:56:39.601Z',
      periodicLimits: [{ periodType: 'MONTH', maximumAmount: '1000.00', periodAlignment: 'CALENDAR' }],
      localInstrument: 'FASTER_PAYMENTS',
      maximumIndividualAmount: '250.00',
      remittanceInformationPrimary: 'Sweep to savings',
    },
    createdDateTime: '2026-12-03T11:56:39.601Z',
    updatedDateTime: '2026-12-03T11:56:39.708Z',
    status: 'AUTHORIZED',
    bankVrpConsentId: 'VRC-3cde7414dee854862c0a3596',
    bankVrpConsentStatus: 'Authorised',
  },
};

/** The answer of DELETE /vrp-consents/{id}: the consent, revoked. */
export const REVOKE_VRP_CONSENT_ANSWER_EXAMPLE = {
  vrpConsent: {
    id: 'vc:ahasbxK3RbzqEPSHKSXdt1vr',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    initiation: {
      refId: 'sweep-2026-12',
      bankId: 'ob-sandbox-gb',
      scheme: 'OBL_SWEEPING',
      creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
      currency: 'GBP',
      callbackUrl: 'https://tpp.example/payments/callback',
      callbackState: 'order-4711',
      startDateTime: '2026-12-03T11:56:39.601Z',
      periodicLimits: [{ periodType: 'MONTH', maximumAmount: '1000.00', periodAlignment: 'CALENDAR' }],
      localInstrument: 'FASTER_PAYMENTS',
      maximumIndividualAmount: '250.00',
      remittanceInformationPrimary: 'Sweep to savings',
    },
    createdDateTime: '2026-12-03T11:56:39.601Z',
    updatedDateTime: '2026-12-03T11:56:39.805Z',
    status: 'REVOKED',
    bankVrpConsentId: 'VRC-3cde7414dee854862c0a3596',
    bankVrpConsentStatus: 'Authorised',
    statusReasonInformation: 'The consent was revoked by the TPP.',
  },
};
