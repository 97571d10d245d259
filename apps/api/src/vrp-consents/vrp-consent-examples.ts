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
