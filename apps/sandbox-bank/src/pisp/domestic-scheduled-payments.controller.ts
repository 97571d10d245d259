import { ObieApiController } from '../http/obie-api.decorator.js';
import { PaymentOrderRoutes } from './payment-order-routes.js';

/** Domestic scheduled payments: consents, payment orders (executed on RequestedExecutionDateTime) and their details. */
@ObieApiController('pisp')
export class DomesticScheduledPaymentsController extends PaymentOrderRoutes('domestic-scheduled-payment') {}
