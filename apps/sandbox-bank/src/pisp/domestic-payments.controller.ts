import { Get, Param } from '@nestjs/common';
import { Call, type ObieCall } from '../http/obie-call.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { PaymentOrderRoutes } from './payment-order-routes.js';

/** Domestic payments: consents, funds confirmation, payment orders and their details. */
@ObieApiController('pisp')
export class DomesticPaymentsController extends PaymentOrderRoutes('domestic-payment') {
  @Get('domestic-payment-consents/:consentId/funds-confirmation')
  confirmFunds(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<object> {
    return this.consents.fundsConfirmation(call, consentId);
  }
}
