import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { AccountInformationConsent } from './account-information-consent.js';
import { AccountInformationReads } from './account-information-reads.js';
import { AccountReadCache } from './account-read-cache.js';
import { TppInitiatedAllowance } from './tpp-initiated-allowance.js';

/** Account information (GET /accounts ...): reads at the bank under the user's access token. */
@Module({
  imports: [PaymentsApplicationModule, SecretsModule],
  providers: [AccountInformationConsent, TppInitiatedAllowance, AccountReadCache, AccountInformationReads],
  exports: [AccountInformationReads],
})
export class AccountInformationApplicationModule {}
