/** The answer of GET /vrp-consents/{id}/payments: the payments made under the consent. */
export const VRP_CONSENT_PAYMENTS_ANSWER_EXAMPLE = {
  vrps: [
    {
      id: 'pm2:w7Diq8UiCy1ZLf7gEmSgj9aF',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      initiation: {
        consentId: 'vc:ahasbxK3RbzqEPSHKSXdt1vr',
        refId: 'sweep-2026-12-03',
        remittanceInformationPrimary: 'Sweep to savings',
        amount: { value: '1.00', currency: 'GBP' },
      },
      createdDateTime: '2026-12-03T11:56:39.739Z',
      updatedDateTime: '2026-12-03T11:56:39.768Z',
      status: 'INITIATION_COMPLETED',
      bankVrpId: 'DVRP-43765856c918969cbc848f59',
      bankVrpStatus: 'AcceptedSettlementCompleted',
    },
  ],
  pageInfo: { limit: 10, haveMore: false },
};

/** The answer of GET /vrps/{id}/confirm-funds. */
export const CONFIRM_FUNDS_ANSWER_EXAMPLE = { fundsAvailable: true };
