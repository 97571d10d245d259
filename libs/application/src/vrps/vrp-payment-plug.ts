import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PaymentExtensions } from '../payments/payment-extensions.js';
import { InitiateVrpUseCase } from './initiate-vrp.usecase.js';
import { VrpPaymentBank } from './vrp-payment-bank.js';
import { vrpEventPayload } from './vrp-view.js';

/**
 * Plugs variable recurring payments into payments (their extension port) when the application
 * starts: a payment initiation naming a VRP consent is made by InitiateVrpUseCase, the payment
 * progression asks the bank about such payments through VrpPaymentBank, and their moves write
 * VRP_STATUS_CHANGED beside PAYMENT_STATUS_CHANGED.
 */
@Injectable()
export class VrpPaymentPlug implements OnModuleInit {
  constructor(
    private readonly extensions: PaymentExtensions,
    private readonly initiation: InitiateVrpUseCase,
    private readonly bank: VrpPaymentBank,
  ) {}

  onModuleInit(): void {
    this.extensions.plugVrps({
      initiate: (command) => this.initiation.execute(command),
      bank: this.bank,
      vrpEventPayload,
    });
  }
}
