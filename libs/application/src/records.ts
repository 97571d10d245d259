/**
 * The records and bank vocabulary the use cases answer and take, as the apps name them: an app
 * imports neither #libs/db nor #libs/connectors (LAYERS in eslint.config.js), so what a page
 * renders or a DTO checks against is named here. Types and constant lists only: the repositories
 * and connectors themselves stay behind the use cases.
 */
export type {
  Bank,
  OutcomeCheck,
  Payment,
  PaymentLink,
  SettlementAccountListFilter,
  SettlementTransactionListFilter,
  TokenRequest,
  VrpConsent,
} from '#libs/db';
export {
  LOCAL_INSTRUMENTS,
  type BankCatalogueEntry,
  type BankFeature,
  type EmbeddedAuthField,
  type EmbeddedAuthStep,
  type LocalInstrument,
  type ScaApproach,
} from '#libs/connectors';
