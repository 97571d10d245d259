import { BankLogoController } from './banks/bank-logo.controller.js';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  Clock,
  HealthController,
  MetricsController,
  PlatformModule,
  READINESS_CHECKS,
  type PlatformObjects,
} from '#libs/common';
import { FaultsController } from './admin/faults.controller.js';
import { ExecutedPaymentsController } from './admin/executed-payments.controller.js';
import { SettlementCreditsAdminController } from './admin/settlement-credits.controller.js';
import { SETTLEMENT_CONTROLLERS, SETTLEMENT_PROVIDERS } from './settlement/settlement-provider.providers.js';
import { RegisteredCredentialsController } from './registered/registered-credentials.controller.js';
import { AccountAccessConsentsService } from './aisp/account-access-consents.service.js';
import { AccountsController } from './aisp/accounts.controller.js';
import { AccountsService } from './aisp/accounts.service.js';
import { AisReadsController } from './aisp/ais-reads.controller.js';
import { TppInitiatedAccess } from './aisp/tpp-initiated-access.js';
import { SANDBOX_BANKS, type SandboxBankDefinition } from './banks/sandbox-bank-definition.js';
import { BerlinGroupAccountsController } from './berlin-group/accounts.controller.js';
import { BerlinGroupAccountsService } from './berlin-group/accounts.service.js';
import { AuthorisationStore } from './berlin-group/authorisation.store.js';
import { AuthorisationsService } from './berlin-group/authorisations.service.js';
import { BerlinGroupConsentsController } from './berlin-group/consents.controller.js';
import { ConsentsService } from './berlin-group/consents.service.js';
import { PaymentInitiationsService } from './berlin-group/payment-initiations.service.js';
import { BerlinGroupPaymentsController } from './berlin-group/payments.controller.js';
import { BerlinGroupPeriodicPaymentsController } from './berlin-group/periodic-payments.controller.js';
import { PeriodicPaymentsService } from './berlin-group/periodic-payments.service.js';
import { ScaOutcomes } from './berlin-group/sca-outcomes.service.js';
import { BerlinGroupScaPageController } from './berlin-group/sca-page.controller.js';
import { AuthorisationEndpoints } from './berlin-group/xs2a-endpoints.js';
import { Xs2aErrorFilter } from './berlin-group/xs2a-error.filter.js';
import { Xs2aResourceStore } from './berlin-group/xs2a-resource.store.js';
import { SANDBOX_BANK_DEFINITIONS, SandboxBankRegistry } from './banks/sandbox-bank-registry.js';
import { FapiHeadersGuard } from './http/fapi-headers.guard.js';
import { FaultInjectionGuard } from './http/fault-injection.guard.js';
import { FaultSubjects } from './http/fault-subjects.js';
import { LostAnswerInterceptor } from './http/lost-answer.interceptor.js';
import { SandboxErrorFilter } from './http/sandbox-error.filter.js';
import { AccessTokens } from './oauth/access-tokens.js';
import { AuthorisationService } from './oauth/authorisation.service.js';
import { AuthorizeController } from './oauth/authorize.controller.js';
import { AuthorizeService } from './oauth/authorize.service.js';
import { CibaService } from './oauth/ciba.service.js';
import { TokenController } from './oauth/token.controller.js';
import { TokenService } from './oauth/token.service.js';
import { ObieResourceAccess } from './http/obie-resource-access.js';
import { PaymentEngine } from './payments/payment-engine.js';
import { DomesticPaymentsController } from './pisp/domestic-payments.controller.js';
import { DomesticScheduledPaymentsController } from './pisp/domestic-scheduled-payments.controller.js';
import { DomesticStandingOrdersController } from './pisp/domestic-standing-orders.controller.js';
import { StandingOrderConsentsService } from './pisp/standing-order-consents.service.js';
import { StandingOrdersService } from './pisp/standing-orders.service.js';
import { StandingOrderEngine } from './payments/standing-order-engine.js';
import { PaymentConsentsService } from './pisp/payment-consents.service.js';
import { PaymentOrdersService } from './pisp/payment-orders.service.js';
import { AccountStore } from './store/account.store.js';
import { ConsentStore } from './store/consent.store.js';
import { FaultStore } from './store/fault.store.js';
import { GrantStore } from './store/grant.store.js';
import { PaymentStore } from './store/payment.store.js';
import { SandboxDb } from './store/sandbox-db.js';
import { sandboxReadinessChecks, type SandboxStores } from './store/sandbox-stores.js';
import { DomesticVrpsController } from './vrp/domestic-vrps.controller.js';
import { VrpConsentsService } from './vrp/vrp-consents.service.js';
import { VrpPaymentsService } from './vrp/vrp-payments.service.js';
import { VrpLedger } from './vrp/vrp-ledger.js';

export interface SandboxBankOptions {
  /** The banks to host; the built-in list when absent. */
  readonly banks?: readonly SandboxBankDefinition[];
}

const STORES = [
  AccountStore,
  ConsentStore,
  FaultStore,
  GrantStore,
  PaymentStore,
  Xs2aResourceStore,
  AuthorisationStore,
];
const SERVICES = [
  AccessTokens,
  AuthorisationService,
  AuthorizeService,
  CibaService,
  TokenService,
  PaymentEngine,
  StandingOrderEngine,
  ObieResourceAccess,
  PaymentConsentsService,
  PaymentOrdersService,
  StandingOrderConsentsService,
  StandingOrdersService,
  VrpConsentsService,
  VrpPaymentsService,
  VrpLedger,
  AccountAccessConsentsService,
  AccountsService,
  TppInitiatedAccess,
  ScaOutcomes,
  AuthorisationsService,
  AuthorisationEndpoints,
  PaymentInitiationsService,
  PeriodicPaymentsService,
  ConsentsService,
  BerlinGroupAccountsService,
];

/**
 * The simulated banks (ASPSPs) used in sandbox and tests: each hosted under `/banks/{bankId}`
 * with an OAuth2/OIDC authorisation server, a consent page and the UK Open Banking v3.1 API, or
 * (Berlin Group banks) the NextGenPSD2 XS2A v1.3 interface under `/v1` and an SCA page; and a
 * settlement provider under `/settlement/v1` (docs/settlement-provider.md).
 */
@Module({})
export class SandboxBankModule {
  static register(platform: PlatformObjects, stores: SandboxStores, options: SandboxBankOptions = {}): DynamicModule {
    return {
      module: SandboxBankModule,
      imports: [PlatformModule.forRoot(platform)],
      controllers: [
        HealthController,
        MetricsController,
        TokenController,
        AuthorizeController,
        DomesticPaymentsController,
        DomesticScheduledPaymentsController,
        DomesticStandingOrdersController,
        DomesticVrpsController,
        AccountsController,
        FaultsController,
        ExecutedPaymentsController,
        RegisteredCredentialsController,
        AisReadsController,
        BerlinGroupPaymentsController,
        BerlinGroupPeriodicPaymentsController,
        BerlinGroupConsentsController,
        BerlinGroupAccountsController,
        BerlinGroupScaPageController,
        BankLogoController,
        ...SETTLEMENT_CONTROLLERS,
        SettlementCreditsAdminController,
      ],
      providers: [
        { provide: SandboxDb, useValue: stores.db },
        { provide: Clock, useValue: stores.clock },
        { provide: READINESS_CHECKS, useValue: sandboxReadinessChecks(stores) },
        { provide: SANDBOX_BANK_DEFINITIONS, useValue: options.banks ?? SANDBOX_BANKS },
        SandboxBankRegistry,
        SandboxErrorFilter,
        Xs2aErrorFilter,
        FaultSubjects,
        FaultInjectionGuard,
        LostAnswerInterceptor,
        FapiHeadersGuard,
        ...STORES,
        ...SERVICES,
        ...SETTLEMENT_PROVIDERS,
      ],
    };
  }
}
