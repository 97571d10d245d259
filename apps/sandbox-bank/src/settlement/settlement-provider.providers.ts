import { AccountVerificationsController } from './account-verifications.controller.js';
import { PaymentCredits } from './payment-credits.js';
import { SettlementAccountStore } from './settlement-account.store.js';
import { SettlementAccountsController } from './settlement-accounts.controller.js';
import { SettlementApiGuard } from './settlement-api.guard.js';
import { SettlementCreditStore } from './settlement-credit.store.js';
import { SettlementErrorFilter } from './settlement-error.filter.js';
import { SettlementPayoutsController } from './settlement-payouts.controller.js';
import { SettlementPayoutsService } from './settlement-payouts.service.js';

/** The sandbox bank's settlement provider: its API's controllers and what they run on. */
export const SETTLEMENT_CONTROLLERS = [
  SettlementAccountsController,
  SettlementPayoutsController,
  AccountVerificationsController,
];

export const SETTLEMENT_PROVIDERS = [
  SettlementAccountStore,
  SettlementCreditStore,
  SettlementPayoutsService,
  PaymentCredits,
  SettlementApiGuard,
  SettlementErrorFilter,
];
