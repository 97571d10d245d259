import type { BankFeature, BankFilter, BankOrder, ListBanksCommand } from '#libs/application';
import type { BankCountriesQuery } from './dto/bank-countries-query.dto.js';
import type { BankFilterQuery } from './dto/bank-filter-query.dto.js';
import { BANK_LIST_DEFAULTS, type BankListingParams } from './dto/bank-listing-query.js';
import type { BanksV1Query, V1Sort } from './dto/banks-v1-query.dto.js';
import type { BanksV2Query } from './dto/banks-v2-query.dto.js';

/** The features the v1 endpoints filter by, as `bank_features.<feature>.value`. */
const V1_FILTER_FEATURES = [
  'supports_send_payment',
  'supports_receive_payment',
  'supports_balance',
  'supports_scheduled_payment',
  'supports_standing_order',
  'requires_one_step_payment',
  'supports_funds_confirmation',
  'supports_return_refund_account',
  'supports_transactions_date_filter',
  'supports_account_information',
  'supports_single_payment',
  'supports_variable_recurring_payment',
] as const satisfies readonly BankFeature[];

/** The v2 boolean parameters and the feature each filters by. */
const V2_FILTER_FLAGS = {
  supportsAccountList: 'supports_account_list',
  supportsAccountDetails: 'supports_account_details',
  supportsAccountBalance: 'supports_balance',
  supportsTransactionList: 'supports_transaction_list',
  supportsTransactionDetails: 'supports_transaction_details',
  supportsStandingOrderList: 'supports_standing_order_list',
  supportsTransactionsDateFilter: 'supports_transactions_date_filter',
  requiresOneStepPayment: 'requires_one_step_payment',
  supportsSinglePayment: 'supports_single_payment',
  supportsScheduledPayment: 'supports_scheduled_payment',
  supportsStandingOrder: 'supports_standing_order',
  supportsReturnRefundAccount: 'supports_return_refund_account',
  supportsReturnRefundAccountHolderName: 'supports_return_refund_account_holder_name',
  supportsFundsConfirmation: 'supports_funds_confirmation',
  supportsVariableRecurringPayment: 'supports_variable_recurring_payment',
} as const satisfies Partial<Record<keyof BanksV2Query, BankFeature>>;

const V1_ORDER: Record<V1Sort, BankOrder> = { name: 'NAME', provider: 'PROVIDER', country: 'COUNTRY' };

/** memberId and tppId are accepted but filter nothing: the sandbox catalogue is the same for every TPP. */
function commonFilter(query: BankFilterQuery): BankFilter {
  return { ids: query.ids, search: query.search, bankCode: query.bankCode, countries: query.countries };
}

export function bankCountriesFilter(query: BankCountriesQuery): BankFilter {
  const features: Partial<Record<BankFeature, boolean>> = {};
  for (const feature of V1_FILTER_FEATURES) features[feature] = query[`bank_features.${feature}.value`];
  return {
    ...commonFilter(query),
    providers: query.providers,
    localInstruments: query.supportedPaymentNetworks,
    features,
  };
}

/** The filters both lists take beyond the common ones. */
function listingFilter(query: BankListingParams): BankFilter {
  return { bics: query.bics, bankGroup: query.bankGroup, bankSubGroup: query.bankSubGroup };
}

function pageOf(query: BankListingParams): Pick<ListBanksCommand, 'page' | 'perPage'> {
  return { page: query.page ?? BANK_LIST_DEFAULTS.page, perPage: query.perPage ?? BANK_LIST_DEFAULTS.perPage };
}

export function listBanksV1Command(query: BanksV1Query): ListBanksCommand {
  return {
    filter: { ...bankCountriesFilter(query), ...listingFilter(query) },
    order: V1_ORDER[query.sort ?? 'name'],
    ...pageOf(query),
  };
}

export function listBanksV2Command(query: BanksV2Query): ListBanksCommand {
  const features: Partial<Record<BankFeature, boolean>> = {};
  for (const [param, feature] of Object.entries(V2_FILTER_FLAGS))
    features[feature] = query[param as keyof typeof V2_FILTER_FLAGS];
  return {
    filter: {
      ...commonFilter(query),
      ...listingFilter(query),
      standards: query.openBankingStandards,
      localInstruments: query.supportedLocalInstruments,
      features,
    },
    order: query.sort ?? 'NAME',
    ...pageOf(query),
  };
}
