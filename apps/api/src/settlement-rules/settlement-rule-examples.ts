import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /virtual-accounts/{accountId}/settlement-rule in the OpenAPI document. */
export const CREATE_SETTLEMENT_RULE_EXAMPLES: Record<string, ExampleObject> = {
  dailyFixedToIban: {
    summary: 'Every day, 10.00 to a SEPA account, for the year 2027',
    value: {
      accountId: 'pa:8DbPteGnytmMbKXdnWTReeRB6cYWKXZ84JgLTBC7fKL4:5zKcENpV',
      payeeAccountDetails: { name: 'Merchant GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      amountType: 'FIXED_VALUE',
      amountValue: '10.00',
      timeInterval: 'DAILY',
      intradayIntervalHours: 0,
      effectiveFrom: '2027-01-01T00:00:00Z',
      effectiveTo: '2027-12-31T23:59:59Z',
      description: 'Daily payout',
    },
  },
  intradaySweepToUkAccount: {
    summary: 'Every 2 hours 30 minutes, everything above 100.00 to a UK account',
    value: {
      accountId: 'pa:8DbPteGnytmMbKXdnWTReeRB6cYWKXZ84JgLTBC7fKL4:5zKcENpV',
      payeeAccountDetails: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      amountType: 'BALANCE_TO_RETAIN',
      amountValue: '100.00',
      timeInterval: 'INTRADAY',
      intradayIntervalHours: 2,
      intradayIntervalMinutes: 30,
      description: 'Intraday sweep',
    },
  },
};

/** The answer of POST /virtual-accounts/{accountId}/settlement-rule: the new rule’s id. */
export const CREATE_SETTLEMENT_RULE_ANSWER_EXAMPLE = { settlementRuleId: '21ef4b51-beb9-4cff-a813-fe72ce870649' };

/** The answer of GET /virtual-accounts/{accountId}/settlement-rules. */
export const SETTLEMENT_RULES_ANSWER_EXAMPLE = {
  settlementRule: [
    {
      settlementRuleId: '21ef4b51-beb9-4cff-a813-fe72ce870649',
      payerAccountId: 'pa:ZBDKyPeHtX3xiDEDcyuPCJi4',
      payeeAccountDetails: { bic: 'SOGEDEFFXXX', iban: 'DE75512108001245126199', name: 'Merchant GmbH' },
      amountType: 'FIXED_VALUE',
      amountValue: '10.00',
      timeInterval: 'DAILY',
      description: 'Daily payout',
      status: 'ACTIVE',
    },
  ],
};

/** The answer of GET /virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}. */
export const SETTLEMENT_RULE_ANSWER_EXAMPLE = {
  settlementRule: {
    settlementRuleId: '21ef4b51-beb9-4cff-a813-fe72ce870649',
    payerAccountId: 'pa:ZBDKyPeHtX3xiDEDcyuPCJi4',
    payeeAccountDetails: { bic: 'SOGEDEFFXXX', iban: 'DE75512108001245126199', name: 'Merchant GmbH' },
    amountType: 'FIXED_VALUE',
    amountValue: '10.00',
    timeInterval: 'DAILY',
    description: 'Daily payout',
    status: 'ACTIVE',
  },
};

/** The answer of DELETE /virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}: empty. */
export const DELETE_SETTLEMENT_RULE_ANSWER_EXAMPLE = {};

/** The answer of GET /virtual-accounts/{accountId}/settlement-rule-payouts: a run that found the account empty. */
export const SETTLEMENT_RULE_PAYOUTS_ANSWER_EXAMPLE = {
  payouts: [
    {
      id: 'srp:21ef4b51-beb9-4cff-a813-fe72ce870649:1796385462509',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      createdDateTime: '2026-12-04T11:58:42.694Z',
      updatedDateTime: '2026-12-04T11:58:42.694Z',
      status: 'INITIATION_FAILED',
      statusReasonInformation: 'INSUFFICIENT_FUNDS: the available balance is zero',
      initiation: {
        paymentType: 'PAYOUT',
        description: 'Daily payout',
        refId: 'SR06FBD5B7A64BE500',
        amount: { value: '10.00', currency: 'EUR' },
        debtor: { accountId: 'pa:ZBDKyPeHtX3xiDEDcyuPCJi4' },
        creditor: { bic: 'SOGEDEFFXXX', iban: 'DE75512108001245126199', name: 'Merchant GmbH' },
      },
      reference: 'SR06FBD5B7A64BE500',
      description: 'Daily payout',
      settlementRuleId: '21ef4b51-beb9-4cff-a813-fe72ce870649',
    },
  ],
  pageInfo: { limit: 200, haveMore: false },
};
