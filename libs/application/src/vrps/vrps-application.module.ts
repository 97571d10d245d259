import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { ConfirmVrpFundsUseCase } from './confirm-vrp-funds.usecase.js';
import { ListVrpsUseCase } from './list-vrps.usecase.js';

const USE_CASES = [ListVrpsUseCase, ConfirmVrpFundsUseCase];

/**
 * The VRP reads: payments under a consent and funds confirmation. Making a VRP is a payment
 * (POST /v2/payments with vrpConsentId: InitiateVrpUseCase, in the payments module).
 */
@Module({ imports: [PaymentsApplicationModule, SecretsModule], providers: USE_CASES, exports: USE_CASES })
export class VrpsApplicationModule {}
