import { applyDecorators } from '@nestjs/common';
import { checkPayeeAccount, PAYEE_NAME_MAX_LENGTH, type PayeeAccount } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ApiField } from '../../shared/dto/field-decorators.js';

type PayeeField = keyof PayeeAccount;

/**
 * One field of the payee: a string when given, and what the payee account rule (checkPayeeAccount:
 * name, then IBAN with BIC or sort code with account number) says about this field.
 */
function PayeeField(description: string, maxLength: number, example?: string): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    applyDecorators(
      ApiField({
        type: String,
        required: false,
        description,
        maxLength,
        ...(example === undefined ? {} : { example }),
      }),
      FieldCheck((value, args) => {
        if (!isAbsent(value) && typeof value !== 'string') return 'must be a string';
        const payee = Object.fromEntries(
          Object.entries(args.object).filter(([, given]) => typeof given === 'string'),
        ) as PayeeAccount;
        return checkPayeeAccount(payee).find((problem) => problem.path === (property as PayeeField))?.message;
      }),
    )(target, property);
  };
}

/** The reference's Creditor as the rule's payee account. */
export class PayeeAccountDetailsDto {
  static readonly fieldPath = 'payeeAccountDetails';

  @PayeeField('The account holder name.', PAYEE_NAME_MAX_LENGTH, 'Merchant GmbH')
  name?: string;

  @PayeeField('The ultimate creditor name.', PAYEE_NAME_MAX_LENGTH)
  ultimateCreditorName?: string;

  @PayeeField("The payee's bank name.", PAYEE_NAME_MAX_LENGTH)
  bankName?: string;

  @PayeeField('The IBAN (with bic), for SEPA payees.', 42, 'DE89370400440532013000')
  iban?: string;

  @PayeeField('The BIC of 8 or 11 characters, with iban.', 14, 'COBADEFFXXX')
  bic?: string;

  @PayeeField('The UK sort code (6 digits), with accountNumber.', 8, '040004')
  sortCode?: string;

  @PayeeField('The UK account number (8 digits), with sortCode.', 10, '12345678')
  accountNumber?: string;
}
