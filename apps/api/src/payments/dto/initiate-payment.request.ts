import { NestedField } from '../../shared/dto/field-decorators.js';
import { PaymentInitiationDto } from './payment-initiation.dto.js';

export { toPaymentInitiationInput } from './to-payment-initiation-input.js';

/** POST /v2/payments body. */
export class InitiatePaymentRequest {
  static readonly fieldPath = '';

  @NestedField({ description: 'The payment to initiate.', required: true, type: () => PaymentInitiationDto })
  initiation!: PaymentInitiationDto;
}
