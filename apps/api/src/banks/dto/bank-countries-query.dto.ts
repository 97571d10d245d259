import { LOCAL_INSTRUMENTS, type LocalInstrument } from '#libs/application';
import { BankFilterQuery } from './bank-filter-query.dto.js';
import { FlagParam, ListParam } from './bank-query-params.js';

/**
 * GET /bank/countries: the common filters, providers, payment networks and the v1 feature filters
 * `bank_features.<feature>.value`. Those names contain dots, so they are declared as quoted
 * properties: the validation pipe then knows them (anything else is refused) and names them whole.
 */
export class BankCountriesQuery extends BankFilterQuery {
  @ListParam({ description: 'Providers through which the bank is reached (case-insensitive).' })
  providers?: string[];

  @ListParam({ description: 'Banks supporting any of these payment networks.', allowed: LOCAL_INSTRUMENTS })
  supportedPaymentNetworks?: LocalInstrument[];

  @FlagParam('Banks that support (true) or do not support (false) payment initiation.')
  'bank_features.supports_send_payment.value'?: boolean;

  @FlagParam('Banks that support receiving payments.')
  'bank_features.supports_receive_payment.value'?: boolean;

  @FlagParam('Banks that support retrieving balances.')
  'bank_features.supports_balance.value'?: boolean;

  @FlagParam('Banks that support future-dated payments.')
  'bank_features.supports_scheduled_payment.value'?: boolean;

  @FlagParam('Banks that support standing orders.')
  'bank_features.supports_standing_order.value'?: boolean;

  @FlagParam('Banks that only support immediate redemption of transfers.')
  'bank_features.requires_one_step_payment.value'?: boolean;

  @FlagParam('Banks that support confirmation of available funds.')
  'bank_features.supports_funds_confirmation.value'?: boolean;

  @FlagParam('Banks that return the refund account.')
  'bank_features.supports_return_refund_account.value'?: boolean;

  @FlagParam('Banks that filter transactions by date.')
  'bank_features.supports_transactions_date_filter.value'?: boolean;

  @FlagParam('Banks that support account information (AIS).')
  'bank_features.supports_account_information.value'?: boolean;

  @FlagParam('Banks that support single immediate payments.')
  'bank_features.supports_single_payment.value'?: boolean;

  @FlagParam('Banks that support variable recurring payments.')
  'bank_features.supports_variable_recurring_payment.value'?: boolean;
}
