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
