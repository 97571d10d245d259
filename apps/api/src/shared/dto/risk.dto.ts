import { DeliveryAddressDto } from './address.dto.js';
import { ChoiceField, FlagField, NestedField, TextField } from './field-decorators.js';

export const PAYMENT_CONTEXT_CODES = [
  'INVALID_PAYMENT_CONTEXT_CODE',
  'BILLING_GOODS_AND_SERVICES_IN_ADVANCE',
  'BILLING_GOODS_AND_SERVICES_IN_ARREARS',
  'PISP_PAYEE',
  'ECOMMERCE_MERCHANT_INITIATED_PAYMENT',
  'FACE_TO_FACE_POINT_OF_SALE',
  'TRANSFER_TO_SELF',
  'TRANSFER_TO_THIRD_PARTY',
] as const;

export const PAYMENT_PURPOSE_CODES = ['CASH', 'CORT', 'DVPM', 'INTC', 'TREA', 'SUPP'] as const;

export const BENEFICIARY_ACCOUNT_TYPES = [
  'PERSONAL',
  'JOINT_PERSONAL',
  'PERSONAL_SAVINGS_ACCOUNT',
  'BUSINESS',
  'BUSINESS_SAVINGS_ACCOUNT',
  'CHARITY',
  'COLLECTION',
  'CORPORATE',
  'GOVERNMENT',
  'EWALLET',
  'INVESTMENT',
  'ISA',
  'PREMIER',
  'WEALTH',
  'PENSION',
] as const;

/** ISO 18245 merchant category codes have four digits. */
const MERCHANT_CATEGORY_CODE = /^\d{4}$/;

/** initiation.risk: details for the bank's risk scoring. */
export class RiskDto {
  static readonly fieldPath = 'initiation.risk';

  @TextField({ description: "The merchant's identifier of the user.", max: 128, example: '0000789123' })
  psuId?: string;

  @ChoiceField({
    description: 'The context of the payment (recommended).',
    values: PAYMENT_CONTEXT_CODES,
    example: 'PISP_PAYEE',
  })
  paymentContextCode?: (typeof PAYMENT_CONTEXT_CODES)[number];

  @ChoiceField({
    description: 'ISO 20022 purpose code (UK recommended list).',
    values: PAYMENT_PURPOSE_CODES,
    example: 'DVPM',
  })
  paymentPurposeCode?: (typeof PAYMENT_PURPOSE_CODES)[number];

  @TextField({
    description: 'ISO 18245 merchant category code: 4 digits.',
    max: 64,
    rule: (value) =>
      MERCHANT_CATEGORY_CODE.test(value.trim()) ? undefined : 'must be an ISO 18245 merchant category code of 4 digits',
    example: '4812',
  })
  merchantCategoryCode?: string;

  @ChoiceField({
    description: 'The kind of beneficiary account, if known.',
    values: BENEFICIARY_ACCOUNT_TYPES,
    example: 'BUSINESS',
  })
  beneficiaryAccountType?: (typeof BENEFICIARY_ACCOUNT_TYPES)[number];

  @FlagField({ description: 'Whether the payee has a contract with the PISP.', example: true })
  contractPresentIndicator?: boolean;

  @FlagField({ description: 'Whether the PISP prepopulated the payment details immutably.', example: true })
  beneficiaryPrepopulatedIndicator?: boolean;

  @NestedField({ description: 'Delivery address.', type: () => DeliveryAddressDto })
  deliveryAddress?: DeliveryAddressDto;
}
