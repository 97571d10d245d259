import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { CompleteVrpConsentCallbackUseCase } from './complete-vrp-consent-callback.usecase.js';
import { CreateVrpConsentUseCase } from './create-vrp-consent.usecase.js';
import { ExpireVrpConsentUseCase } from './expire-vrp-consent.usecase.js';
import { GetVrpConsentUseCase } from './get-vrp-consent.usecase.js';
import { HostedVrpConsents } from './hosted-vrp-consents.js';
import { ListVrpConsentsUseCase } from './list-vrp-consents.usecase.js';
import { RevokeVrpConsentUseCase } from './revoke-vrp-consent.usecase.js';
import { VrpConsentGrants } from './vrp-consent-grants.js';
import { VrpConsentProgression } from './vrp-consent-progression.js';

const PROVIDERS = [
  VrpConsentGrants,
  VrpConsentProgression,
  CreateVrpConsentUseCase,
  ListVrpConsentsUseCase,
  GetVrpConsentUseCase,
  RevokeVrpConsentUseCase,
  ExpireVrpConsentUseCase,
  HostedVrpConsents,
  CompleteVrpConsentCallbackUseCase,
];

/** The VRP consent use cases, the consent progression and the sealed grants (api routes, hosted pages, callback; worker timers). */
@Module({ imports: [PaymentsApplicationModule, SecretsModule], providers: PROVIDERS, exports: PROVIDERS })
export class VrpConsentsApplicationModule {}
