import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { ConfirmVrpFundsUseCase } from './confirm-vrp-funds.usecase.js';
import { InitiateVrpUseCase } from './initiate-vrp.usecase.js';
import { ListVrpsUseCase } from './list-vrps.usecase.js';
import { VrpPaymentBank } from './vrp-payment-bank.js';
import { VrpPaymentPlug } from './vrp-payment-plug.js';

const USE_CASES = [ListVrpsUseCase, ConfirmVrpFundsUseCase];

/**
 * The VRP reads: payments under a consent and funds confirmation. Making a VRP is a payment
 * (POST /v2/payments with vrpConsentId): this module plugs InitiateVrpUseCase and the VRP bank
 * calls into payments' extension port (VrpPaymentPlug), so every process that makes or
 * progresses VRP payments imports it.
 */
@Module({
  imports: [PaymentsApplicationModule, SecretsModule],
  providers: [...USE_CASES, InitiateVrpUseCase, VrpPaymentBank, VrpPaymentPlug],
  exports: [...USE_CASES, InitiateVrpUseCase],
})
export class VrpsApplicationModule {}
