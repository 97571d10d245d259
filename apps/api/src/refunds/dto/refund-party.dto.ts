import { REFUND_ACCOUNT_FIELD_MAX, REFUND_NAME_MAX } from '#libs/domain';
import { KeptObjectField, TextField } from '../../shared/dto/field-decorators.js';

/**
 * The account identifiers, names and address of a refund's debtor or creditor. Which identifiers
 * the refund's rail needs is the refund's rule (checkRefundInitiation), checked once the shape is.
 */
abstract class RefundPartyDto {
  @TextField({
    description: 'IBAN (SEPA, SEPA_INSTANT): spaces allowed, stored upper case without them.',
    max: REFUND_ACCOUNT_FIELD_MAX,
    example: 'DE89370400440532013000',
  })
  iban?: string;

  @TextField({
    description: 'BIC of 8 or 11 characters (optional with an IBAN).',
    max: REFUND_ACCOUNT_FIELD_MAX,
    example: 'COBADEFFXXX',
  })
  bic?: string;

  @TextField({
    description: 'UK sort code (FASTER_PAYMENTS): 6 digits, 123456 or 12-34-56.',
    max: REFUND_ACCOUNT_FIELD_MAX,
    example: '040004',
  })
  sortCode?: string;

  @TextField({
    description: 'UK account number of 8 digits (FASTER_PAYMENTS).',
    max: REFUND_ACCOUNT_FIELD_MAX,
    example: '12345678',
  })
  accountNumber?: string;

  @TextField({ description: 'Domestic account number (not taken by the refund rails).', max: REFUND_ACCOUNT_FIELD_MAX })
  bban?: string;

  @TextField({ description: 'Clearing number (not taken by the refund rails).', max: REFUND_ACCOUNT_FIELD_MAX })
  clearingNumber?: string;

  @TextField({ description: 'Bankgiro number (not taken by the refund rails).', max: REFUND_ACCOUNT_FIELD_MAX })
  bankgiroNumber?: string;

  @TextField({ description: 'PlusGiro number (not taken by the refund rails).', max: REFUND_ACCOUNT_FIELD_MAX })
  plusgiroNumber?: string;

  @TextField({ description: 'The ultimate debtor’s name.', max: REFUND_NAME_MAX })
  ultimateDebtorName?: string;

  @TextField({ description: 'The ultimate creditor’s name.', max: REFUND_NAME_MAX })
  ultimateCreditorName?: string;

  @TextField({ description: 'The account’s bank name.', max: REFUND_NAME_MAX })
  bankName?: string;

  @KeptObjectField({ description: 'The owner’s address (the reference’s Address), kept as sent.' })
  address?: Record<string, unknown>;
}

/** initiation.debtor: the member’s account the refund is paid from (else the registration’s). */
export class RefundDebtorDto extends RefundPartyDto {
  static readonly fieldPath = 'initiation.debtor';

  @TextField({ description: 'The debtor account owner’s name.', max: REFUND_NAME_MAX, example: 'Merchant Ltd' })
  name?: string;
}

/** initiation.creditor: the payer’s account the money goes back to (else the original payment’s refund account). */
export class RefundCreditorDto extends RefundPartyDto {
  static readonly fieldPath = 'initiation.creditor';

  @TextField({
    description: 'The creditor account owner’s name.',
    max: REFUND_NAME_MAX,
    required: true,
    example: 'Jean Dupont',
  })
  name!: string;
}

/** debtor of a registration: the member’s account refunds are paid from, an IBAN or a sort code and account number. */
export class RegistrationDebtorDto extends RefundPartyDto {
  static readonly fieldPath = 'debtor';

  @TextField({ description: 'The account owner’s name.', max: REFUND_NAME_MAX, example: 'Merchant Ltd' })
  name?: string;
}
