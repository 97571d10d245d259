import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  CREDENTIAL_VALUE_MAX,
  REGISTRATION_BANK_ID_MAX,
  REGISTRATION_CREDENTIALS_MAX,
  type RefundRegistrationInput,
} from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { toRefundParty } from './initiate-refund.request.js';
import { RegistrationDebtorDto } from './refund-party.dto.js';

/** credentials: an object of 1 to REGISTRATION_CREDENTIALS_MAX entries (each entry's name and value are the registration's rule). */
function checkCredentials(value: unknown): string | undefined {
  if (isAbsent(value) || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0)
    return 'is required: an object of the credentials the bank issued';
  if (Object.keys(value).length > REGISTRATION_CREDENTIALS_MAX)
    return `must have at most ${REGISTRATION_CREDENTIALS_MAX} entries`;
  return undefined;
}

/** POST /refund/registrations body: the account refunds are paid from, at a bank, and the bank's credentials for it. */
export class RegisterRefundAccountRequest {
  static readonly fieldPath = '';

  @TextField({
    description: 'The bank the registered account is held at.',
    max: REGISTRATION_BANK_ID_MAX,
    required: true,
    example: 'ob-sandbox-gb',
  })
  bankId!: string;

  @NestedField({
    description: 'The account refunds are paid from: an IBAN, or a sort code and account number.',
    required: true,
    type: () => RegistrationDebtorDto,
  })
  debtor!: RegistrationDebtorDto;

  @applyDecorators(
    ApiProperty({
      type: 'object',
      additionalProperties: { type: 'string', minLength: 1, maxLength: CREDENTIAL_VALUE_MAX },
      maxProperties: REGISTRATION_CREDENTIALS_MAX,
      description:
        'The credentials the bank issued for payments from the account without a user (for UK Open Banking banks: `grant`), by name (a letter, then up to 63 letters, digits, _ or -). Kept sealed; never answered.',
    }),
    FieldCheck(checkCredentials),
  )
  credentials!: Record<string, string>;
}

/** The validated body as the use case's registration. */
export function toRefundRegistrationInput(dto: RegisterRefundAccountRequest): RefundRegistrationInput {
  return { bankId: dto.bankId.trim(), debtor: toRefundParty(dto.debtor), credentials: dto.credentials };
}
