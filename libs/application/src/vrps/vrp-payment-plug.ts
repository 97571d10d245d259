import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PaymentExtensions, type VrpPaymentEvents } from '../payments/payment-extensions.js';
import { InitiateVrpUseCase } from './initiate-vrp.usecase.js';
import { VrpPaymentBank } from './vrp-payment-bank.js';
import { vrpEventPayload } from './vrp-view.js';

/** VRPs' events beside a payment's own (payments' extension port). */
export const VRP_PAYMENT_EVENTS: VrpPaymentEvents = { vrpEventPayload };

/**
 * Plugs variable recurring payments into payments (their extension port) when the application
 * starts: a payment initiation naming a VRP consent is made by InitiateVrpUseCase, and the
 * payment progression asks the bank about such payments through VrpPaymentBank.
 */
@Injectable()
export class VrpPaymentPlug implements OnModuleInit {
  constructor(
    private readonly extensions: PaymentExtensions,
    private readonly initiation: InitiateVrpUseCase,
    private readonly bank: VrpPaymentBank,
  ) {}

  onModuleInit(): void {
    this.extensions.plugVrps({ initiate: (command) => this.initiation.execute(command), bank: this.bank });
  }
}
