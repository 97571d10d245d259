import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformObjects } from '#libs/common';
import { AuthModule } from '#libs/auth';
import { DbModule, type DataStores } from '#libs/db';
import { BankCallbackModule } from './shared/callbacks/bank-callback.module.js';
import { BanksModule } from './banks/banks.module.js';
import { HealthModule } from './health/health.module.js';
import { HostedPagesModule } from './payments/hosted-pages/hosted-pages.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { HostedTokenRequestsModule } from './token-requests/hosted-pages/hosted-token-requests.module.js';
import { KeysModule } from './keys/keys.module.js';
import { LogosModule } from './logos/logos.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { QrCodeModule } from './payments/qr-code.module.js';
import { RefundsModule } from './refunds/refunds.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { VirtualAccountsModule } from './virtual-accounts/virtual-accounts.module.js';
import { SettlementRulesModule } from './settlement-rules/settlement-rules.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { SubTppsModule } from './sub-tpps/sub-tpps.module.js';
import { TokenAuthorizationModule } from './token-authorization/token-authorization.module.js';
import { TokenRequestsModule } from './token-requests/token-requests.module.js';
import { TokensModule } from './tokens/tokens.module.js';
import { TokenizedAccountsModule } from './tokenized-accounts/tokenized-accounts.module.js';
import { TransfersModule } from './transfers/transfers.module.js';
import { PaymentLinksModule } from './payment-links/payment-links.module.js';
import { VrpConsentsModule } from './vrp-consents/vrp-consents.module.js';
import { VrpsModule } from './vrps/vrps.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The public API (PORT): one module per domain of the interface. */
@Module({})
export class ApiAppModule {
  static register(platform: PlatformObjects, stores: DataStores): DynamicModule {
    return {
      module: ApiAppModule,
      imports: [
        PlatformModule.forRoot(platform),
        DbModule.forRoot(stores),
        AuthModule,
        HealthModule,
        KeysModule,
        BanksModule,
        WebhooksModule,
        ReportsModule,
        PaymentsModule,
        TransfersModule,
        SubTppsModule,
        TokenizedAccountsModule,
        PaymentLinksModule,
        VrpConsentsModule,
        VrpsModule,
        RefundsModule,
        PayoutsModule,
        VirtualAccountsModule,
        SettlementRulesModule,
        HostedPagesModule,
        HostedTokenRequestsModule,
        LogosModule,
        QrCodeModule,
        TokenAuthorizationModule,
        TokenRequestsModule,
        TokensModule,
        AccountsModule,
        BankCallbackModule,
      ],
    };
  }
}
