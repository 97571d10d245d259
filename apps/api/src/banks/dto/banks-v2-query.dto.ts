import { LOCAL_INSTRUMENTS, type LocalInstrument } from '#libs/application';
import { BankFilterQuery } from './bank-filter-query.dto.js';
import { withBankListing } from './bank-listing-query.js';
import { ChoiceParam, FlagParam, ListParam } from './bank-query-params.js';

export const V2_SORTS = ['NAME', 'STANDARD', 'RANK', 'COUNTRY'] as const;
export type V2Sort = (typeof V2_SORTS)[number];

/**
 * The standards the v2 filter names (the reference's query enum). The response enum spells two of
 * them differently (PolishApi, NextGenPsd2), so entries are compared ignoring case.
 */
export const V2_STANDARD_FILTERS = [
  'UK_Open_Banking_Standard',
  'Starling_Bank_API',
  'PolishAPI',
  'STET_PSD2_API',
  'Citi_Handlowy_PSD2_API',
  'NextGenPSD2',
  'Slovak_Banking_API_Standard',
  'Czech_Open_Banking_Standard',
  'American_Express_PSD2_API',
  'Budapest_Bank_API',
  'Token',
] as const;
export type V2StandardFilter = (typeof V2_STANDARD_FILTERS)[number];

/** GET /v2/banks. */
export class BanksV2Query extends withBankListing(BankFilterQuery) {
  @ChoiceParam('The order of the list.', V2_SORTS, 'NAME')
  sort?: V2Sort;

  @ListParam({
    description: 'Banks reached through any of these standards.',
    allowed: V2_STANDARD_FILTERS,
    ignoreCase: true,
  })
  openBankingStandards?: V2StandardFilter[];

  @ListParam({ description: 'Banks supporting any of these local instruments.', allowed: LOCAL_INSTRUMENTS })
  supportedLocalInstruments?: LocalInstrument[];

  @FlagParam('Banks that support fetching accounts.')
  supportsAccountList?: boolean;

  @FlagParam('Banks that support fetching account details.')
  supportsAccountDetails?: boolean;

  @FlagParam('Banks that support fetching balances.')
  supportsAccountBalance?: boolean;

  @FlagParam('Banks that support fetching transactions.')
  supportsTransactionList?: boolean;

  @FlagParam('Banks that support fetching transaction details.')
  supportsTransactionDetails?: boolean;

  @FlagParam('Banks that support fetching standing orders.')
  supportsStandingOrderList?: boolean;

  @FlagParam('Banks that filter transactions by date.')
  supportsTransactionsDateFilter?: boolean;

  @FlagParam('Banks that only support immediate redemption of transfers.')
  requiresOneStepPayment?: boolean;

  @FlagParam('Banks that support single immediate payments.')
  supportsSinglePayment?: boolean;

  @FlagParam('Banks that support future-dated payments.')
  supportsScheduledPayment?: boolean;

  @FlagParam('Banks that support standing orders.')
  supportsStandingOrder?: boolean;

  @FlagParam('Banks that return the refund account.')
  supportsReturnRefundAccount?: boolean;

  @FlagParam('Banks that return the refund account holder name.')
  supportsReturnRefundAccountHolderName?: boolean;

  @FlagParam('Banks that support confirmation of available funds.')
  supportsFundsConfirmation?: boolean;

  @FlagParam('Banks that support variable recurring payments.')
  supportsVariableRecurringPayment?: boolean;
}
